#include "core/chips.h"

#include <algorithm>

#include "core/refusal.h"

namespace marshal::core {

ChipRules chip_rules(Ruleset ruleset) {
  switch (ruleset) {
    case Ruleset::savage: return {{"benny"}, 3, 1, 2, true, false, true};
    // Fate chips (000 L22-28): the GM awards them; nothing is dealt or discarded by the ledger.
    case Ruleset::deadlands_1876: return {{"white", "red", "blue"}, 0, 0, 0, false, false};
    // 002 L15-23: one chip after each fight, its colour by d6; the GM's pool grows too.
    case Ruleset::deadlands_ru: return {{"white", "red", "blue"}, 0, 0, 0, false, true, false, 1, 2};
  }
  return {};
}

std::string_view to_string(ChipUse use) {
  switch (use) {
    case ChipUse::reroll: return "reroll";
    case ChipUse::soak: return "soak";
    case ChipUse::extra_d6: return "extra_d6";
    case ChipUse::cancel_crit_fail: return "cancel_crit_fail";
    case ChipUse::unshake: return "unshake";
    case ChipUse::new_card: return "new_card";
  }
  return "";
}

std::optional<ChipUse> chip_use_from_string(std::string_view text) {
  for (ChipUse use : {ChipUse::reroll, ChipUse::soak, ChipUse::extra_d6, ChipUse::cancel_crit_fail, ChipUse::unshake,
                      ChipUse::new_card})
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

std::string_view to_string(Luck luck) {
  switch (luck) {
    case Luck::none: return "none";
    case Luck::unlucky: return "unlucky";
    case Luck::lucky: return "lucky";
    case Luck::great_luck: return "great_luck";
  }
  return "";
}

std::optional<Luck> luck_from_string(std::string_view text) {
  for (Luck luck : {Luck::none, Luck::unlucky, Luck::lucky, Luck::great_luck})
    if (to_string(luck) == text) return luck;
  return std::nullopt;
}

bool rolls_after_fight(Luck luck) { return luck != Luck::none; }

int chips_after_fight(int each, Luck luck, int d6) {
  if (each < 0 || each > 1)
    throw Refusal(RefusalCode::out_of_range, "each", say("a character gets 0 or 1 chip after a fight, not {}", each));
  if (each == 0) return 0;
  if (!rolls_after_fight(luck)) return 1;
  if (d6 < 1 || d6 > 6) throw Refusal(RefusalCode::out_of_range, "d6", say("a d6 shows 1..6, not {}", d6));
  switch (luck) {
    case Luck::unlucky: return d6 >= 3 ? 1 : 0;     // 002 L16
    case Luck::lucky: return d6 >= 5 ? 2 : 1;       // 002 L17
    case Luck::great_luck: return d6 >= 3 ? 2 : 1;  // 002 L18
    case Luck::none: break;
  }
  return 1;
}

}  // namespace marshal::core
