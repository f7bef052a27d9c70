#pragma once
// Bennies, fate chips and chips of a tabletop game night (TABLETOP.md "Bennies, fate chips,
// chips"; seeds 001 L31-40, 000 L22-28 and L182, 002 L15-23): which colours a ruleset has,
// what a game night starts with, what a spend may buy and what it gives the GM. Pure rules: the
// ledger keeps every pool (db/ledger/apply_chips.cpp).
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/trait_roll.h"
#include "i18n/sentence.h"

namespace marshal::core {

struct ChipRules {
  // The colours a holder may have: savage has plain Bennies ("benny"); the Deadlands rulesets
  // have white, red and blue chips (002 L20-23: 1-3 white, 4-5 red, 6 blue).
  std::vector<std::string> colours;
  // Bennies each player character is dealt when a game night starts (001 L31: three); 0 when
  // the ruleset deals none by itself (the GM awards them).
  int each_at_night_start = 0;
  // The GM's pool at the start: one per player character (001 L36).
  int gm_per_player_at_night_start = 0;
  // Bennies each of the GM's Wild Cards brings (001 L37: two when they appear; the ledger deals
  // them at the night's start, to the GM's characters marked side gm).
  int each_gm_wild_card_at_night_start = 0;
  // What is left is discarded at the night's end (001 L32: "discarded at the end of each session").
  bool discarded_at_night_end = false;
  // A chip awarded with its colour by d6 (002 L20-23).
  bool colour_by_d6 = false;
  // Joker's Wild (001 L35, L39): a Joker drawn in combat gives a Benny to every player character,
  // or, drawn by the villains, one to the GM's pool and one to each of the GM's Wild Cards.
  bool jokers_wild = false;
  // After each fight (002 L15-19): each player character's chips before their Edges and
  // Hindrances (chips_after_fight), and the GM's pool's; each colour by d6 where colour_by_d6.
  int each_after_fight = 0;
  int gm_after_fight = 0;
};

ChipRules chip_rules(Ruleset ruleset);

// What a chip is spent on: a reroll (001 L42, L46), a soak (000 L182), an extra d6! added to a check
// (002 L22-23: red or blue only), cancelling a Critical Failure (002 L22-23: red or blue only),
// ending Shaken (001 L43).
enum class ChipUse { reroll, soak, extra_d6, cancel_crit_fail, unshake, new_card };
std::string_view to_string(ChipUse use);
std::optional<ChipUse> chip_use_from_string(std::string_view text);

// Why a spend of `colour` on `use` is not allowed in `ruleset` (nullopt when it is), unworded
// so that a refusal can carry it to a station in another language.
std::optional<i18n::Sentence> spend_problem(Ruleset ruleset, std::string_view colour, ChipUse use);
// The same in English (empty when the spend is allowed), as a refusal's English reason; a refusal
// that a station should read in its own language carries spend_problem's sentence instead.
std::string spend_refusal(Ruleset ruleset, std::string_view colour, ChipUse use);

// The GM's pool gains a chip when a red chip is used for an extra d6 or to cancel a Critical
// Failure in deadlands-ru (002 L22: "red used so gives the GM's pool one chip, blue does not").
bool gm_gains_from_spend(Ruleset ruleset, std::string_view colour, ChipUse use);

// The colour a d6 (1..6) gives a chip in a ruleset whose colours come by d6.
std::string colour_for_d6(int d6);

// A character's luck as 002 L16-18 names it: the Hindrance Unlucky, the Edges Luck and Great Luck.
enum class Luck { none, unlucky, lucky, great_luck };
std::string_view to_string(Luck luck);  // "none", "unlucky", "lucky", "great_luck"
std::optional<Luck> luck_from_string(std::string_view text);
// Whether the character rolls a d6 after a fight: Unlucky for its one chip (3+, 002 L16), Luck
// for a second (5+, L17), Great Luck for a second (3+, L18).
bool rolls_after_fight(Luck luck);
// The chips a character of `each` (ChipRules::each_after_fight) gets after a fight, `d6` being
// the die rolled_after_fight asks for (ignored, and may be 0, for none). Refused (Refusal,
// out_of_range, "d6") for a d6 outside 1..6 where one is asked for, or `each` outside 0..1.
int chips_after_fight(int each, Luck luck, int d6);

}  // namespace marshal::core
