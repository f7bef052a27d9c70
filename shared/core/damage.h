#pragma once
// Exact odds of a damage roll against Toughness (TABLETOP.md "Combat at the table"): the
// weapon's dice, each open-ended ("Aces") and rolled without a Wild Die (002 L9: damage is not a
// trait roll), summed with the weapon's modifier after Aces; a raise on the attack adds one more
// d6!, never more (002 L8); a Critical Success starts every damage die at its maximum and Aces on
// from there (deadlands-1876, 000 L20); the Joker adds +2 (000 L54). Against Toughness (SWD):
// reaching it Shakes, each full 4 over it is a wound, and a Shaken target Shaken again takes a
// wound instead. Nothing is sampled: each figure is a sum of exact terms of the exploding die's
// distribution (trait_roll.h), computed in microseconds.
#include <array>
#include <optional>
#include <string_view>
#include <vector>

#include "core/csprng.h"
#include "core/trait_roll.h"

namespace marshal::core {

// The most dice one damage roll sums (a weapon's dice, Strength's die in melee, the raise die).
inline constexpr int max_damage_dice = 6;
// Toughness, after armour, at most this (a steam wagon's hull; no sheet in the seeds comes near).
inline constexpr int max_toughness = 40;
// The most a damage modifier adds or takes off, as a trait roll's (trait_roll.h).
inline constexpr int max_damage_modifier = 20;
// What the Joker's holder adds to every roll of the round, damage included (000 L54; SWD).
inline constexpr int joker_bonus = 2;
// The die a raise on the attack adds (002 L8: one, however many raises).
inline constexpr int raise_die = 6;

struct DamageRoll {
  std::vector<int> dice;      // each die's sides: 4, 6, 8, 10 or 12; 1 to max_damage_dice with the raise die
  int modifier = 0;           // the weapon's, added after Aces
  bool raise = false;         // the attack got a raise: one d6! more
  bool joker = false;         // the attacker holds the Joker this round: +2
  bool crit_success = false;  // the attack was a Critical Success (rules.critical_success only)
  TraitRules rules{};
};

// "2d6", "d8+d6", "2d6+d8" (any case, no spaces) -> the sides of each die; nullopt for anything
// else. The dice are judged (which sides, how many) by damage_odds.
std::optional<std::vector<int>> parse_damage_dice(std::string_view text);

// P(the damage total >= x), exactly. Refused (Refusal, out_of_range, field named) for a roll
// outside the limits above, or a Critical Success where the rules have none.
double damage_reaches(const DamageRoll& roll, int x);

struct DamageOdds {
  double shaken = 0;  // Shaken or worse: the total reaches Toughness
  // P(at least 1 wound), P(at least 2), 3, 4. A target Shaken already takes a wound where another
  // would be Shaken, so its first figure is `shaken`.
  std::array<double, 4> wound_at_least{};
};
// The Toughness a hit is judged against (SWD): `toughness` has the armour in it, and Armour
// Piercing takes off up to the `armor` part, never more. Refused (Refusal, out_of_range, field
// named) for a Toughness outside 1..max_toughness, armour outside 0..toughness - 1, AP outside
// 0..max_toughness.
int toughness_against(int toughness, int armor, int armor_piercing);

// Refused as damage_reaches, and for a Toughness outside 1..max_toughness.
DamageOdds damage_odds(const DamageRoll& roll, int toughness, bool already_shaken = false);

// What one damage total does to a target (SWD): below Toughness nothing; Toughness to Toughness
// + 3 Shaken (a wound when Shaken already); each full 4 over Toughness a wound, and Shaken.
struct HitOutcome {
  bool shaken = false;
  int wounds = 0;
};
HitOutcome judge_hit(int total, int toughness, bool already_shaken);

// One damage roll played out die by die, as trait_dice.h plays a trait roll: every face of every
// Ace chain kept so that a ledger can replay it.
struct RolledDamage {
  // Each of DamageRoll::dice's chains in its order; under a Critical Success each opens on the
  // die's maximum (000 L20) and Aces on from there.
  std::vector<std::vector<int>> dice;
  std::vector<int> raise;  // the raise's d6 chain; empty without a raise
  int total = 0;           // every face, the modifier and the Joker's +2
};
// Rolls `roll` with `rng`: each die's chain in order, then the raise die's. Refused as
// damage_reaches refuses the roll.
RolledDamage roll_damage(const DamageRoll& roll, Csprng& rng);
// Judges physical dice typed by a GM: one chain per die of `roll.dice` ("dice[j]"), the raise
// die's chain ("raise") exactly when roll.raise. Refused as damage_reaches refuses the roll, each
// chain as judge_chain (trait_dice.h) refuses it, and (out_of_range) under a Critical Success a
// chain whose first face is not the die's maximum; (out_of_range, "dice") another number of
// chains than dice; (missing_input or out_of_range, "raise") a raise chain missing or not asked for.
RolledDamage damage_from_dice(const DamageRoll& roll, std::vector<std::vector<int>> dice, std::vector<int> raise);

}  // namespace marshal::core
