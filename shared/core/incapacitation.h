#pragma once
// Incapacitation in deadlands-1876 (000 L170-176; TABLETOP.md "Combat at the table"): the wound
// past a character's last Wound level calls for a Vigor roll, whose five results replace Savage
// Worlds' own table: a Critical Failure is death; a failure, Bleeding Out (and a permanent Injury
// if they live); a success, unconscious with a temporary Injury; a raise, a Last Stand at W3 with
// a temporary Injury; a Critical Success avoids the killing blow and stays in at W3. The seeds
// give no table for savage and deadlands-ru: there the GM names the state. A temporary Injury
// lasts 14 days minus 1dVigor (000 L178).
#include <optional>
#include <string_view>

#include "core/trait_dice.h"
#include "core/trait_roll.h"

namespace marshal::core {

// The Vigor roll's Target Number (000 L170 names none: Savage Worlds' usual 4).
inline constexpr int incapacitation_tn = 4;
// A temporary Injury lasts this many days minus 1dVigor (000 L178).
inline constexpr int temporary_injury_days = 14;

enum class Incapacitation {
  death,         // a Critical Failure: no Healing permitted
  bleeding_out,  // a failure: the Bleeding Out table; a permanent Injury if they live
  unconscious,   // a success: a temporary Injury, out until a Healing succeeds
  last_stand,    // a raise: fights on at W3 with a temporary Injury
  stays_in,      // a Critical Success: avoids the killing blow, fights on at W3
};
std::string_view to_string(Incapacitation result);  // "death", "bleeding_out", ...
std::optional<Incapacitation> incapacitation_from_string(std::string_view text);

struct IncapacitationOdds {
  double death = 0, bleeding_out = 0, unconscious = 0, last_stand = 0, stays_in = 0;  // they sum to 1
};
// The Vigor roll (its die, Wild Die and modifiers) at incapacitation_tn, whatever TN it holds.
// Refused as trait_odds refuses the roll.
IncapacitationOdds incapacitation_odds(const TraitRoll& vigor);
// What a rolled Vigor roll (at incapacitation_tn) gives.
Incapacitation judge_incapacitation(const RolledTrait& vigor);
// 14 - the face of a plain dVigor (no Aces: "14 - 1d8" days runs 6 to 13). Refused
// (out_of_range, "face") for a face outside 1..vigor_die.
int injury_days(int vigor_die, int face);

}  // namespace marshal::core
