#pragma once
// The table rules of the Russian house rules (seed 002; TABLETOP.md "Action and table rules of
// 002") that change a trait roll before it is made: wound penalties, several actions in one turn,
// the outnumbering (gang-up) bonus and shooting past allies. Each is a named option of the
// ruleset (TraitRules); a ruleset without the rule refuses it rather than invent one, so a GM at
// a savage or deadlands-1876 table is told the rule is not theirs (an event may switch it on).
//
// Everything here is pure arithmetic on a TraitRoll: its odds are trait_odds() of the roll these
// functions return, exact as ever.
#include "core/trait_dice.h"
#include "core/trait_roll.h"

namespace marshal::core {

// --- Wounds (002 L6; 000 L163) ---
// The modifier `wounds` put on every trait roll: -1 a wound under per_wound, 0 under none.
// No cap: 002 L6 gives none, and a Wild Card is Incapacitated after three (001 L4) anyway.
// Refused (out_of_range, "wounds") outside 0..20.
int wound_modifier(const TraitRules& rules, int wounds);

// --- Several actions in one turn (002 L40-41) ---
struct MultiAction {
  int actions = 1;     // declared this turn, free actions not counted (002 L40)
  int penalty = 0;     // on every skill and attribute check of the turn: 0 or negative
  int agility_tn = 0;  // 3 or more actions: the Agility check's TN, 4 + 2 (n - 2); 0: no check
};
// flat (002 L40): -2 with 2 or more actions; per_extra_action: -2 per action beyond the first.
// With 3 or more actions an Agility check comes first (002 L41: three actions TN 6, four TN 8);
// failing it, none of the declared actions happens as declared. The check's TN holds L41's "+2"
// and the usual multi-action penalty both ("i.e. three actions TN 6"), so the same under either
// option, and the check is not penalised again.
// One action is never penalised, under any ruleset. Refused (out_of_range, "actions") outside
// 1..20; (illegal_move, "multi_action_penalty") for 2 or more actions under a ruleset without a
// multi-action rule (none: savage and deadlands-1876, whose seeds 001 and 000 give none).
MultiAction multi_action(const TraitRules& rules, int actions);
// The Agility check of a turn of `actions` (3 or more) actions: `agility` (its die, Wild Die,
// modifier such as wounds, and rules) at the TN above. Refused as multi_action(), and
// (out_of_range, "actions") under 3 actions, which need no check.
TraitRoll multi_action_agility_check(const TraitRoll& agility, int actions);

// --- Outnumbering the target (002 L42-44) ---
// The attack bonus: the attacker's allies in the 8 cells around the target minus the target's
// allies in those cells, attacker and target not counted, never below 0 (002 L42: 3 - 2 = +1,
// L44). Counted at the moment of the attack (L43). Refused (out_of_range, "attacker_allies" or
// "target_allies") outside 0..8 or more than 8 together (the cells); (illegal_move, "gang_up")
// under a ruleset without the rule.
int gang_up_bonus(const TraitRules& rules, int attacker_allies, int target_allies);

// --- Shooting past allies (002 L51) ---
// The same shot at TN + 1. Refused (illegal_move, "shooting_past_allies") under a ruleset without
// the rule, and as trait_odds() refuses the roll.
TraitRoll past_allies_shot(const TraitRoll& shot);
enum class PastAlliesHit {
  target,  // the shot succeeds at the raised TN
  ally,    // its result is exactly TN - 1 (TN 4 raised to 5: a 4): the ally in front is hit
  miss,    // anything else
};
std::string_view to_string(PastAlliesHit hit);  // "target", "ally", "miss"
// Judges a rolled shot: `shot` as past_allies_shot() returned it (its TN already raised), and the
// dice rolled for it (roll_trait or roll_trait_from_dice). A Critical Failure is a miss whatever
// its result: what it hits is the GM's (001 L20, 002 L46-50), not this rule's. Refused as
// past_allies_shot() refuses the shot's rules.
PastAlliesHit judge_past_allies(const TraitRoll& shot, const RolledTrait& rolled);
// The exact odds of each, as judge_past_allies() judges the dice: `target` is trait_odds'
// success; `ally` the result exactly TN - 1 and no Critical Failure (an Extra's 1 that fails
// whatever its total under 002 L45 still counts when its value is TN - 1); `miss` the rest.
// Refused as judge_past_allies() is.
struct PastAlliesOdds {
  double target = 0, ally = 0, miss = 0;
};
PastAlliesOdds past_allies_odds(const TraitRoll& shot);

// --- Melee and the random victim (002 L7, L46-50) ---
// The highest Parry a sheet may give (2 + d12's half + Edges and a shield, with room to spare).
inline constexpr int max_parry = 20;
// What the full defence adds to Parry (002 L7).
inline constexpr int full_defence_bonus = 2;
// A melee attack's TN: the target's Parry, +2 in full defence (002 L7). Refused (out_of_range,
// "parry") outside 0..max_parry.
int melee_tn(int parry, bool full_defence);
enum class RandomVictim {
  none,      // no one else is hit
  anyone,    // the GM may rule that someone near the line of the attack is hit instead (L46-49)
  no_enemy,  // as anyone, but a Wild Card's snake eyes never hit another enemy (L50)
};
std::string_view to_string(RandomVictim victim);  // "none", "anyone", "no_enemy"
// Whether a missed attack may hit a random victim (002 L46-50): the attack failed and its trait
// die shows 1 (1 or 2 for full-auto fire or a shotgun: `spray`), before modifiers; whether it
// applies at all is the GM's call (L49). Any ruleset: the seeds name no other rule.
RandomVictim random_victim(const RolledTrait& attack, bool spray);

// --- All of them on one roll ---
struct TableSituation {
  int wounds = 0;
  int actions = 1;          // this turn's declared actions
  int attacker_allies = 0;  // an attack: the outnumbering counts (both 0 for anything else)
  int target_allies = 0;
  bool past_allies = false;  // a shot past allies
};
struct SituatedRoll {
  TraitRoll roll;  // the roll with every modifier below added and the TN raised
  int wound_modifier = 0;
  int multi_action_modifier = 0;
  int gang_up_bonus = 0;
  int tn_raise = 0;  // 1 for a shot past allies
};
// `roll` with the table's rules of its ruleset applied: each part asked of a ruleset that has no
// such rule is refused as above (a savage roll with 2 actions, an outnumbering count or a shot
// past allies), while 0 wounds, 1 action and no counts ask nothing of any ruleset. The summed
// modifier is checked by trait_odds() when the roll is used (-20..+20).
SituatedRoll with_table_rules(const TraitRoll& roll, const TableSituation& situation);

}  // namespace marshal::core
