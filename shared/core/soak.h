#pragma once
// Exact odds of a Soak (TABLETOP.md "Combat at the table"): a chip spent to take wounds back
// from a hit, by the ruleset's option `soak` (trait_roll.h):
// - vigor_roll (savage, deadlands-ru; 001 L44, SWD): a Vigor roll against TN 4; a success soaks a
//   wound and each raise one more;
// - chip_then_tn8 (deadlands-1876, 000 L180-182): the chip soaks one wound at once, then a Vigor
//   roll against TN 8 soaks one more and each raise another.
// A Critical Failure soaks nothing by the roll. Each figure is a trait roll's (trait_roll.h) at a
// ladder of TNs, so it is exact as those are.
#include <vector>

#include "core/trait_dice.h"
#include "core/trait_roll.h"

namespace marshal::core {

// The most wounds one hit's Soak is asked about (a hit of 40 against Toughness 4 is 9).
inline constexpr int max_soak_wounds = 10;
// The Vigor roll's TN by each rule: for the first wound it soaks (vigor_roll), or for the one
// after the chip's (chip_then_tn8).
inline constexpr int soak_tn = 4;
inline constexpr int soak_tn_after_chip = 8;

struct SoakOdds {
  // P(at least k wounds soaked), k = 1..the hit's wounds.
  std::vector<double> soak_at_least;
  int tn = soak_tn;        // the Vigor roll's Target Number
  int automatic = 0;       // wounds soaked by the chip alone, before the roll (chip_then_tn8: 1)
};
// `vigor` is the Vigor roll (its die, Wild Die, modifiers: the Joker's, the wounds'); its TN is
// the rule's, whatever it holds. Refused (Refusal, out_of_range) for hit wounds outside
// 1..max_soak_wounds, and as trait_odds refuses the roll.
SoakOdds soak_odds(const TraitRoll& vigor, int hit_wounds);

// The Vigor roll's TN under `rule`: soak_tn, or soak_tn_after_chip.
int soak_roll_tn(SoakRule rule);
// The wounds a rolled Soak takes back of a hit of `hit_wounds`, as soak_odds counts them:
// vigor_roll one for a success and one a raise; chip_then_tn8 one for the chip, then the same;
// never more than the hit's. `vigor` judged at soak_roll_tn (a Critical Failure is no success).
// Refused (out_of_range, "wounds") for hit wounds outside 1..max_soak_wounds.
int soaked_wounds(SoakRule rule, const RolledTrait& vigor, int hit_wounds);

}  // namespace marshal::core
