#include "protocol/spent_words.h"

#include <fmt/format.h>

#include "i18n/translate.h"
#include "i18n/venue_time.h"

namespace marshal::protocol {

using i18n::tr;

std::string spent_when_words(const Json& v) {
  if (!v.is_object()) return "";
  auto ms = v.find("spent_ms");
  auto station = v.find("spent_station");
  if (ms == v.end() || !ms->is_number_integer() || station == v.end() || !station->is_string()) return "";
  // TRANSLATORS: when and where a card was spent: {0} the venue's clock (21:14), {1} a station's name.
  return fmt::format(fmt::runtime(tr("at {} at {}")), i18n::clock_text(ms->get<std::int64_t>()),
                     station->get<std::string>());
}

bool played_not_accused(const Json& v) {
  if (!v.is_object()) return false;
  auto text = [&](const char* key) {
    auto it = v.find(key);
    return it != v.end() && it->is_string() ? it->get<std::string>() : std::string();
  };
  auto spent = v.find("spent");
  return text("kind") == "trick" && spent != v.end() && spent->is_boolean() && spent->get<bool>() &&
         text("fate") == "flipped";
}

}  // namespace marshal::protocol
