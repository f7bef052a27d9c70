#include "protocol/fight_words.h"

#include <algorithm>
#include <cstdint>
#include <vector>

#include <fmt/format.h>

#include "i18n/translate.h"

namespace marshal::protocol {

using i18n::tr;
using i18n::trn;

namespace {

// A count of chips of one colour: "3 Bennies", "2 white".
std::string chips_of_colour(std::int64_t n, const std::string& colour) {
  const auto count = static_cast<std::uint64_t>(std::max<std::int64_t>(n, 0));
  if (colour == "benny") return fmt::format(fmt::runtime(trn("{} Benny", "{} Bennies", count)), n);
  // TRANSLATORS: a count of chips of one colour: "2 white" (chips).
  if (colour == "white") return fmt::format(fmt::runtime(trn("{} white", "{} white", count)), n);
  // TRANSLATORS: a count of chips of one colour: "2 red" (chips).
  if (colour == "red") return fmt::format(fmt::runtime(trn("{} red", "{} red", count)), n);
  // TRANSLATORS: a count of chips of one colour: "2 blue" (chips).
  if (colour == "blue") return fmt::format(fmt::runtime(trn("{} blue", "{} blue", count)), n);
  return fmt::format("{} {}", n, colour);
}

// A fighter's state (core::FighterState's words, as the ledger keeps them) as the roster shows it.
std::string state_words(const std::string& state) {
  // TRANSLATORS: a fighter's state in the Table screen's list, in capitals like SHAKEN.
  if (state == "incapacitated") return tr("INCAPACITATED");
  if (state == "bleeding_out") return tr("BLEEDING OUT");
  if (state == "unconscious") return tr("UNCONSCIOUS");
  if (state == "last_stand") return tr("LAST STAND");
  if (state == "dead") return tr("DEAD");
  if (state == "out") return tr("OUT");
  return "";  // fighting: nothing to say
}

}  // namespace

bool injury_card_due(const Json& combat) {
  return combat.is_object() && combat.value("injury_owed", Json()).is_string() && combat.value("state", "") != "bleeding_out";
}

std::string injury_words(const Json& injury) {
  const std::string name = injury.value("injury", "");
  // TRANSLATORS: {} is an Injury's name (the group's injuries.csv): one that lasts (000 L173).
  if (injury.value("permanent", false)) return fmt::format(fmt::runtime(tr("{} (permanent)")), name);
  const int days = injury.value("days", 0);
  // TRANSLATORS: {0} is an Injury's name (the group's injuries.csv), {1} how many days it lasts (000 L178).
  return fmt::format(fmt::runtime(trn("{} ({} day)", "{} ({} days)", static_cast<std::uint64_t>(days))), name, days);
}

std::string fight_condition_words(const Json& combat) {
  if (!combat.is_object()) return "";
  std::string words;
  auto add = [&](const std::string& part) {
    if (!part.empty()) words += (words.empty() ? "" : ", ") + part;
  };
  const int wounds = combat.value("wounds", 0);
  if (wounds > 0)
    add(fmt::format(fmt::runtime(trn("{} wound", "{} wounds", static_cast<std::uint64_t>(wounds))), wounds));
  // TRANSLATORS: a fighter's state in the Table screen's list (001 L43), in capitals.
  if (combat.value("shaken", false)) add(tr("SHAKEN"));
  add(state_words(combat.value("state", "fighting")));
  // TRANSLATORS: a fighter's state in the Table screen's list: an Injury card is owed (000 L173-175), in capitals.
  if (injury_card_due(combat)) add(tr("INJURY TO DRAW"));
  for (const Json& injury : combat.value("injuries", Json::array())) add(injury_words(injury));
  return words;
}

std::string chips_words(const Json& chips, const Json& colours) {
  std::vector<std::string> parts;
  for (const auto& colour : colours) {
    const std::int64_t n = chips.value(colour.get<std::string>(), std::int64_t{0});
    if (n != 0) parts.push_back(chips_of_colour(n, colour.get<std::string>()));
  }
  // TRANSLATORS: no chips at all.
  if (parts.empty()) return tr("none");
  return fmt::format("{}", fmt::join(parts, ", "));
}

}  // namespace marshal::protocol
