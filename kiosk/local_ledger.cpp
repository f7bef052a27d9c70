#include "kiosk/local_ledger.h"

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <stdexcept>

#include <fmt/format.h>

#include "i18n/translate.h"
#include "ledger/ledger.h"
#include "ledger/venue_zone.h"
#include "server/stations.h"

namespace marshal::kiosk {

LocalLedger::LocalLedger(const std::string& ledger_path, const std::string& station_name) {
  std::string code;
  {
    db::Ledger ledger(ledger_path);
    // The attract screen's clock in the event's zone; a zone this machine lacks leaves its own.
    if (const std::string why = db::use_event_time_zone(ledger.database()); !why.empty())
      std::fprintf(stderr, "%s\n", why.c_str());
    try {
      db::revoke_station(ledger.database(), station_name, db::unix_time_ms());  // a second start: a fresh token
    } catch (const std::exception&) {
      // not there yet
    }
    code = db::add_station(ledger.database(), station_name, db::Role::kiosk, db::unix_time_ms());
  }
  db::ServerConfig config;
  config.db_path = ledger_path;
  config.host = "127.0.0.1";
  config.port = 0;
  config.log = [](const std::string&) {};  // a kiosk on its own ledger has no one to read a log
  server_ = std::make_unique<db::LedgerServer>(config);
  cache_path_ = (std::filesystem::temp_directory_path() /
                 ("marshal-kiosk-" + std::to_string(::getpid()) + "-" + station_name + ".db"))
                    .string();
  std::filesystem::remove(cache_path_);
  KioskClient enrolling(url(), cache_path_);
  std::string error;
  if (!enrolling.enroll(code, error))
    throw std::runtime_error(
        fmt::format(fmt::runtime(i18n::tr("the kiosk could not enroll with its own ledger: {}")), error));
}

LocalLedger::~LocalLedger() {
  server_.reset();
  std::error_code ignored;
  std::filesystem::remove(cache_path_, ignored);
}

std::unique_ptr<KioskClient> LocalLedger::client() const { return std::make_unique<KioskClient>(url(), cache_path_); }

std::string LocalLedger::url() const { return "http://127.0.0.1:" + std::to_string(server_->port()); }

}  // namespace marshal::kiosk
