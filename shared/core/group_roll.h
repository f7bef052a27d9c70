#pragma once
// A group roll (001 L29; TABLETOP.md "Dice"): a group of Extras with like traits rolls one trait
// die "as usual along with a Wild Die", and that one result is the whole group's. So its odds
// are a Wild Card roll's, exact from trait_odds(); beside them this file gives what rolling
// every Extra alone would have given (the "decent average" L29 speaks of), exact from one
// Extra's odds and the binomial law, and judges a rolled group for all its members at once.
#include <vector>

#include "core/csprng.h"
#include "core/trait_dice.h"
#include "core/trait_roll.h"

namespace marshal::core {

// The group's roll: the trait die and the ruleset's Wild Die (rules.wild_die). It is judged as a
// Wild Card's roll (snake eyes a Critical Failure, 001 L20), not as an Extra's: an Extra's lone 1
// (001 L23, 002 L45) is a rule of the single die that the group does not roll.
TraitRoll group_roll(const TraitRules& rules, int trait_die, int modifier = 0, int tn = 4);

struct GroupOdds {
  int members = 1;
  TraitOdds group;  // the group roll: every member has its result
  // Every member rolling alone instead, its trait die without a Wild Die (an Extra's roll):
  double alone_success = 0;   // one member
  double alone_expected = 0;  // the mean number of members succeeding: members x alone_success
  double alone_at_least_one = 0;
  double alone_majority = 0;  // more than half of the members succeed
};
// `group` as group_roll() makes it (a Wild Die is required), for `members` Extras.
// Refused as trait_odds() refuses the roll; (out_of_range, "wild_die") without a Wild Die (001
// L29 rolls one; the unskilled coin of deadlands-1876 has none, 000 L40); (out_of_range,
// "members") outside 1..100.
GroupOdds group_roll_odds(const TraitRoll& group, int members);

struct RolledGroup {
  int members = 1;
  RolledTrait roll;   // the one roll, each die's faces with its Aces
  int successes = 0;  // members or 0: the group's result is every member's
};
// Rolls the group's one roll with `rng`, as roll_trait() does. Refused as group_roll_odds().
RolledGroup roll_group(const TraitRoll& group, int members, Csprng& rng);
// Judges physical dice typed by a GM for the group, as roll_trait_from_dice() judges them.
RolledGroup group_from_dice(const TraitRoll& group, int members, std::vector<int> trait,
                            std::vector<int> wild);

}  // namespace marshal::core
