#pragma once
// A trait roll as the GM station's Table screen makes it (issue 17): a character's trait as a
// die type with its bonus (d12+1), a Wild Card or an Extra, or unskilled; dice a GM types from
// the table; and the dice spelled out, Aces included, for a GM to read aloud.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/trait_dice.h"
#include "core/trait_roll.h"

namespace marshal::core {

// A trait on the sheet: d4..d12, and past a d12 a bonus (d12+1 rolls a d12 and adds 1).
struct SheetTrait {
  int die = 6;
  int bonus = 0;
};

// The roll of a trait (its bonus added to the modifier), or of an untrained skill when `trait`
// is empty: d4 and the Wild Die at -2 (001 L25), or in a ruleset with the coin a d2! with no Wild
// Die (000 L40). A Wild Card rolls the ruleset's Wild Die, an Extra none (001 L5).
TraitRoll sheet_roll(const TraitRules& rules, bool wild_card, std::optional<SheetTrait> trait, int modifier, int tn);

constexpr int unskilled_penalty = 2;  // 001 L25: an untrained skill rolls d4 at -2

struct TypedDice {
  std::vector<int> trait;
  std::vector<int> second;  // the Wild Die's chain (a Wild Card) or an Extra's crit-check d6
};
// Dice as a GM types them: the trait die's rolls, a comma, the Wild Die's rolls (or an Extra's
// d6 after a 1): "8 5, 3" is a d8 that Aced into 5 and a Wild Die of 3; faces are separated by
// spaces or '+'. Refused (Refusal out_of_range, field "dice") for anything else, naming it. The
// faces themselves are judged by roll_trait_from_dice.
TypedDice parse_typed_dice(std::string_view text);

// The roll with the dice a GM typed (parse_typed_dice: a Wild Card's second group is the Wild
// Die's chain, an Extra's the d6 that says whether a 1 is critical), or with the station's dice
// when `typed` is blank. Refused as parse_typed_dice and roll_trait_from_dice refuse.
RolledTrait roll_typed_or_random(const TraitRoll& roll, std::string_view typed, Csprng& rng);

// The dice spelled out: "d10: 10 Ace + 4 = 14, Wild Die d6: 3"; "+1" where a modifier applies;
// the coin as "coin: heads". Then the outcome: "= 15 vs TN 4: success, 2 raises",
// "CRITICAL FAILURE", "critical success".
std::string describe_roll(const TraitRoll& roll, const RolledTrait& rolled);

}  // namespace marshal::core
