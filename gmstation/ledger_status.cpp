#include "gmstation/ledger_status.h"

#include <fmt/format.h>

#include "i18n/translate.h"
#include "i18n/venue_time.h"
#include "protocol/enrollment.h"

namespace marshal::gm {

using i18n::tr;

std::string ledger_status_words(const std::string& server_url, const protocol::Json& health) {
  std::string address = protocol::split_pinned_url(server_url).url;
  for (const char* scheme : {"https://", "http://"})
    if (address.starts_with(scheme)) address.erase(0, std::string(scheme).size());
  if (health.is_object() && health.value("role", "") == "standby")
    // TRANSLATORS: the status bar: {} is the standby's address; it answers while the ledger does not.
    return fmt::format(fmt::runtime(tr("standby {} (read only: the ledger is not answering; records wait here)")),
                       address);
  // TRANSLATORS: in the status bar: where this station's ledger is; {} is the server's address.
  const std::string where = fmt::format(fmt::runtime(tr("ledger server {}")), address);
  if (!health.is_object() || !health.contains("standby") || !health["standby"].is_object()) return where;
  const protocol::Json& standby = health["standby"];
  const std::string state = standby.value("state", "");
  if (state == "in_sync") return where + " · " + tr("standby in step");
  if (state == "alone" || state == "going_alone")
    // TRANSLATORS: the status bar, loud: {} is the time (21:14) since when the ledger has no standby.
    return where + " · " +
           fmt::format(fmt::runtime(tr("NO STANDBY since {}: the evening is on one laptop")),
                       i18n::clock_text(standby.value("since_ms", std::int64_t{0})));
  if (state == "behind") return where + " · " + tr("standby catching up");
  return where;
}

}  // namespace marshal::gm
