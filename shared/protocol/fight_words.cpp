#include "protocol/fight_words.h"

#include <cstdint>

#include <fmt/format.h>

#include "i18n/translate.h"

namespace marshal::protocol {

using i18n::tr;
using i18n::trn;

namespace {

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

}  // namespace marshal::protocol
