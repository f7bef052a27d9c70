#include "core/chips.h"

#include <algorithm>

namespace marshal::core {

ChipRules chip_rules(Ruleset ruleset) {
  switch (ruleset) {
    case Ruleset::savage: return {{"benny"}, 3, 1, 2, true, false, true};
    // Fate chips (000 L22-28): the GM awards them; nothing is dealt or discarded by the ledger.
    case Ruleset::deadlands_1876: return {{"white", "red", "blue"}, 0, 0, 0, false, false};
    // 002 L15-23: one chip after each fight, its colour by d6; the GM's pool grows too.
    case Ruleset::deadlands_ru: return {{"white", "red", "blue"}, 0, 0, 0, false, true};
  }
  return {};
}

std::string_view to_string(ChipUse use) {
  switch (use) {
    case ChipUse::reroll: return "reroll";
    case ChipUse::soak: return "soak";
    case ChipUse::extra_d6: return "extra_d6";
    case ChipUse::cancel_crit_fail: return "cancel_crit_fail";
  }
  return "";
}

std::optional<ChipUse> chip_use_from_string(std::string_view text) {
  for (ChipUse use : {ChipUse::reroll, ChipUse::soak, ChipUse::extra_d6, ChipUse::cancel_crit_fail})
    if (to_string(use) == text) return use;
  return std::nullopt;
}

std::optional<i18n::Sentence> spend_problem(Ruleset ruleset, std::string_view colour, ChipUse use) {
  const ChipRules rules = chip_rules(ruleset);
  if (std::find(rules.colours.begin(), rules.colours.end(), colour) == rules.colours.end())
    // TRANSLATORS: {0} is a ruleset's name (savage, deadlands-1876, deadlands-ru), {1} a chip's colour as typed.
    return i18n::say("{} has no '{}' chips", to_string(ruleset), colour);
  const bool red_or_blue = colour == "red" || colour == "blue";
  if ((use == ChipUse::extra_d6 || use == ChipUse::cancel_crit_fail) && !(ruleset == Ruleset::deadlands_ru && red_or_blue))
    return i18n::say("only a red or blue chip in deadlands-ru adds a d6 or cancels a Critical Failure (002 L22-23)");
  return std::nullopt;
}

std::string spend_refusal(Ruleset ruleset, std::string_view colour, ChipUse use) {
  const auto problem = spend_problem(ruleset, colour, use);
  return problem ? problem->english() : "";
}

bool gm_gains_from_spend(Ruleset ruleset, std::string_view colour, ChipUse use) {
  return ruleset == Ruleset::deadlands_ru && colour == "red" &&
         (use == ChipUse::extra_d6 || use == ChipUse::cancel_crit_fail);
}

std::string colour_for_d6(int d6) { return d6 <= 3 ? "white" : d6 <= 5 ? "red" : "blue"; }

}  // namespace marshal::core
