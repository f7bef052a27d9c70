#pragma once
// What a fight does to one fighter (TABLETOP.md "Combat at the table"): the state a hit, a Soak,
// a Spirit roll or a chip, an Incapacitation roll and a healing leave. Each call names what the
// rules refuse (Refusal) before it changes anything, as Duel::draw does.
// - A hit (damage.h's HitOutcome) Shakes and wounds. A Wild Card has 3 Wound levels (001 L4), a
//   Deadlands beast may have more ("S/W6/I", 000 L165); the wound past the last one
//   Incapacitates, and the wounds stay at the last level. An Extra has none: any wound puts it out.
// - Soaking every wound of a hit also ends the Shaken that hit caused (SWD); a Shaken held before
//   the hit stays.
// - A Spirit roll at the start of the turn or a chip at any time ends Shaken (001 L43).
// - deadlands-1876's Incapacitation roll (incapacitation.h) decides an Incapacitated fighter's fate.
// - A healing's success and each raise take a wound off; the dying (Incapacitated, Bleeding Out,
//   unconscious, an Extra out) healed come back at their last Wound level and each raise takes
//   one more off, Shaken even with none left (002 L36: the house rule, applied in every ruleset
//   until a group asks otherwise; 000 L174 says only that healing wakes the unconscious). A
//   Last Stand healed fights on as before it.
#include <string_view>

#include <optional>

#include "core/chips.h"
#include "core/damage.h"
#include "core/incapacitation.h"
#include "core/table_modifiers.h"

namespace marshal::core {

enum class FighterState {
  fighting,       // in the fight, Shaken or not
  incapacitated,  // past the last Wound level: the Incapacitation roll is owed (the GM's call outside deadlands-1876)
  bleeding_out,   // 000 L173: the Bleeding Out table; a permanent Injury if they live
  unconscious,    // 000 L174: out until a Healing succeeds
  last_stand,     // 000 L175: fights on at the last Wound level with a temporary Injury
  dead,           // 000 L172: no Healing permitted
  out,            // an Extra with a wound (001 L4): out of the fight
};
std::string_view to_string(FighterState state);  // "fighting", "incapacitated", ...

// The most Wound levels a sheet gives ("S/W6/I" is 6; beyond it a typing slip is likelier).
inline constexpr int max_wound_levels = 10;
// A Wild Card's Wound levels (001 L4).
inline constexpr int wild_card_wound_levels = 3;

struct Combatant {
  int wound_levels = wild_card_wound_levels;  // 0: an Extra
  int wounds = 0;                             // 0..wound_levels
  bool shaken = false;
  FighterState state = FighterState::fighting;
  bool operator==(const Combatant&) const = default;
};

// Refused (out_of_range, "wound_levels") outside 0..max_wound_levels.
Combatant new_combatant(int wound_levels);
std::optional<FighterState> fighter_state_from_string(std::string_view text);

// A fighter's sheet as a group's combat.csv gives it (docs/tabletop.md "Combat sheets"): what a
// hit is judged against and what a fight's end gives.
struct CombatSheet {
  int toughness = 5;  // armour included, as a Savage Worlds sheet writes it (SWD): 1..max_toughness
  int armor = 0;      // the part of Toughness that is armour (Armour Piercing takes it off): 0..toughness - 1
  int parry = 2;      // a melee attack's TN (002 L7): 0..max_parry (table_modifiers.h)
  int wound_levels = wild_card_wound_levels;  // 0 an Extra, 3 a Wild Card (001 L4), 6 "S/W6/I" (000 L165)
  Luck luck = Luck::none;                     // the chips after a fight (002 L16-18)
  bool operator==(const CombatSheet&) const = default;
};
// Refused (Refusal, out_of_range, the field named) for a sheet outside the limits above.
void check_combat_sheet(const CombatSheet& sheet);
// A hit: refused (dead or knocked_out) for a fighter out of the fight; a fighter Incapacitated
// takes no more (illegal_move: the Incapacitation roll comes first); (out_of_range) negative wounds.
Combatant after_hit(const Combatant& before, const HitOutcome& hit);
// The hit again with `soaked` of its wounds taken back (0..hit.wounds, "soaked" refused outside).
Combatant after_soak(const Combatant& before_hit, const HitOutcome& hit, int soaked);
// Shaken ended (a Spirit roll's success or a chip: 001 L43); refused (illegal_move) when not Shaken.
Combatant after_unshaken(const Combatant& before);
// The Incapacitation roll's result; refused (illegal_move) unless Incapacitated.
Combatant after_incapacitation(const Combatant& before, Incapacitation result);
// A healing of `healed` wounds (a success and each raise: 1 or more); refused (dead) for the
// dead, (illegal_move) for a fighter with nothing to heal, (out_of_range) for healed < 1.
Combatant after_healing(const Combatant& before, int healed);

}  // namespace marshal::core
