#pragma once
// One Savage Worlds trait roll played out die by die: rolled by the seeded generator, or typed in
// by a GM from physical dice. Both are judged by the same function, by the rules trait_odds
// computes (TABLETOP.md "Dice"), so over many rolls the frequencies are its odds: success,
// raises, Critical Failure and Critical Success mean here exactly what they mean there.
//
// Every roll of every die is kept, Aces included, so a ledger can replay the table and a GM can
// check what the station rolled against what it judged.
#include <string>
#include <vector>

#include "core/csprng.h"
#include "core/trait_roll.h"

namespace marshal::core {

// An Ace chain ends at its first face below the maximum. The chance of 100 maxima in a row is
// at most 2^-99 (the coin), so stopping there never changes a real roll; it only keeps a broken
// generator from looping forever. The 100th roll then stands as the last, even at the maximum.
inline constexpr int max_ace_rolls = 100;

struct RolledTrait {
  // Every roll of each die in order, Aces included: a d6 showing 6, then 6, then 2 is
  // {6, 6, 2} (a total of 14). For the coin of deadlands-1876, 1 is tails and 2 heads.
  std::vector<int> trait;
  std::vector<int> wild;  // empty when the roll has no Wild Die
  // The d6 an Extra rolls after a natural 1 to see whether it is a Critical Failure (001 L23):
  // one face when the roll has no Wild Die and the trait die shows 1, empty otherwise. It never
  // Aces: only its 1 matters.
  std::vector<int> crit_check;
  // The result after modifiers: the trait die's total plus the modifier (a natural 1 never
  // raised, 000 L36, where rules.natural_one) and, for a Wild Card, the higher of that and the
  // Wild Die's total (plus the modifier only where rules.modifier_on is total).
  int result = 0;
  // The result reaches the TN and nothing fails it anyway: a Critical Failure, or an Extra's
  // natural 1 under rules.extra_one_always_fails (002 L45).
  bool success = false;
  int raises = 0;  // full 4s of the result over the TN (001 L14); 0 unless success
  // A Wild Card's trait die and Wild Die both show 1 (001 L20), or an Extra's 1 then a 1 on
  // crit_check (001 L23). Never a success.
  bool crit_fail = false;
  // Boxcars, both dice at their maximum on their first roll (000 L20), where
  // rules.critical_success and there is a Wild Die. As in trait_odds it says nothing of success:
  // boxcars on a d4 and a d6 (7 or more) can still miss a TN of 10.
  bool crit_success = false;
};

// Rolls `roll` with `rng`: the trait die's Ace chain, then the Wild Die's, then an Extra's
// crit-check d6 if the trait die shows 1. The same seed gives the same dice (a replay depends on
// this order). Refused exactly as trait_odds refuses the roll (Refusal, field named).
RolledTrait roll_trait(const TraitRoll& roll, Csprng& rng);

// Judges physical dice typed by a GM, each die as its chain of rolls in order. Refused (Refusal,
// field named, e.g. "trait[1]") as trait_odds refuses the roll, and then:
// - out_of_range: a face outside 1..N (1..6 for crit_check); a face before the last of a chain
//   that is not the maximum (only a maximum Aces); a chain longer than max_ace_rolls; a Wild Die
//   given for a roll without one; crit_check given when the roll does not call for it, or more
//   than one face.
// - missing_input: no trait die; no Wild Die for a Wild Card; a chain ending on the maximum
//   before max_ace_rolls (the Ace's next roll is missing); no crit_check for an Extra's 1.
RolledTrait roll_trait_from_dice(const TraitRoll& roll, std::vector<int> trait,
                                 std::vector<int> wild, std::vector<int> crit_check = {});

// One open-ended die rolled with `rng`: faces until one below the maximum, or max_ace_rolls.
std::vector<int> roll_ace_chain(Csprng& rng, int sides);

// Which die a typed chain is, for the words of a refusal.
enum class ChainDie { trait, wild, damage };
// One die's chain as a GM typed it (the one judge of typed chains: trait, Wild and damage dice):
// maxima and then one face below the maximum, or max_ace_rolls maxima (where roll_ace_chain
// stops too, so whatever it rolls is accepted). Refused (Refusal, `field` or "field[i]"):
// missing_input for no face or a chain ending on its maximum; out_of_range for a face outside
// 1..sides, a face below the maximum before the last, a chain longer than max_ace_rolls.
void judge_chain(const std::vector<int>& faces, int sides, const std::string& field, ChainDie die);

}  // namespace marshal::core
