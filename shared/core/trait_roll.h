#pragma once
// Exact odds of one Savage Worlds trait roll (TABLETOP.md "Rulesets" and "Dice"): a trait die
// and, for a Wild Card, a Wild Die, both open-ended ("Aces"), against a Target Number. Every
// number here is a closed form built from the exact tail of an exploding die; nothing is
// sampled and nothing loops over outcomes, so a whole table of odds costs microseconds.
//
// Where the seeds disagree (001 core, 000 Deadlands 1876, 002 the Russian house rules), the
// choice is a named option of TraitRules, never a constant hidden in a formula.
#include <optional>
#include <string_view>

namespace marshal::core {

enum class Ruleset { savage, deadlands_1876, deadlands_ru };
std::string_view to_string(Ruleset ruleset);  // "savage", "deadlands-1876", "deadlands-ru"
std::optional<Ruleset> ruleset_from_string(std::string_view text);

// Which dice a modifier is added to.
enum class ModifierOn {
  total,      // 001 L13: both dice, after Aces
  trait_die,  // 000 L32: the trait die only; the Wild Die is never modified
};
std::string_view to_string(ModifierOn option);  // "total", "trait_die"
std::optional<ModifierOn> modifier_on_from_string(std::string_view text);

// When a roll of several trait dice is a Critical Failure (the Wild Die must show 1 as well).
// A single trait die, all this file computes, is a Critical Failure the same way under both.
enum class CritFailMulti {
  more_than_half,  // 001 L24: more than half the trait dice show 1
  any_and_wild,    // 002 L10: any trait die shows 1
};
std::string_view to_string(CritFailMulti option);  // "more_than_half", "any_and_wild"
std::optional<CritFailMulti> crit_fail_multi_from_string(std::string_view text);

// Whether a Critical Failure may still be rerolled.
enum class CritFailReroll {
  never,      // 001 L42, 000 L26: it ends all rerolls and is the result
  one_benny,  // 001 L21: one Benny buys one last roll; the failure still happens
};
std::string_view to_string(CritFailReroll option);  // "never", "one_benny"
std::optional<CritFailReroll> crit_fail_reroll_from_string(std::string_view text);

// What each wound takes off every trait roll (TABLETOP.md "Action and table rules of 002").
enum class WoundPenalty {
  none,       // 000 L163: deadlands-1876 has none; savage too, 001 gives no figure (docs/tabletop.md)
  per_wound,  // 002 L6: -1 per wound on every skill and attribute roll
};
std::string_view to_string(WoundPenalty option);  // "none", "per_wound"
std::optional<WoundPenalty> wound_penalty_from_string(std::string_view text);

// The penalty for declaring several actions in one turn (table_modifiers.h).
enum class MultiActionPenalty {
  none,              // the ruleset has no multi-action rule (001 and 000 give none)
  flat,              // 002 L40: -2 on every check of a turn with 2 or more actions
  per_extra_action,  // TABLETOP.md's alternative: -2 per action beyond the first
};
std::string_view to_string(MultiActionPenalty option);  // "none", "flat", "per_extra_action"
std::optional<MultiActionPenalty> multi_action_penalty_from_string(std::string_view text);

// What a chip spent on Soak buys (soak.h).
enum class SoakRule {
  vigor_roll,     // 001 L44 (SWD): a Vigor roll against TN 4 soaks a wound on a success, one more a raise
  chip_then_tn8,  // 000 L180-182: one wound at once, then Vigor against TN 8 soaks one more and one a raise
};
std::string_view to_string(SoakRule option);  // "vigor_roll", "chip_then_tn8"
std::optional<SoakRule> soak_rule_from_string(std::string_view text);

struct TraitRules {
  ModifierOn modifier_on = ModifierOn::total;
  // 000 L36: a trait die showing a natural 1 is never raised by a modifier.
  bool natural_one = false;
  CritFailMulti crit_fail_multi = CritFailMulti::more_than_half;
  CritFailReroll crit_fail_reroll = CritFailReroll::never;
  // 002 L45: an Extra's natural 1 fails whatever the modifiers. Otherwise (001 L23) only the
  // 1-in-6 Critical Failure fails for certain, and any other 1 is judged by its total.
  bool extra_one_always_fails = false;
  // 000 L20: boxcars (both dice at their maximum on the first roll) is a Critical Success.
  bool critical_success = false;
  // 000 L40: unskilled, a coin (tails 1, heads 2 and Aces: a d2!), rolled without a Wild Die.
  bool coin_unskilled = false;
  // The Wild Die a Wild Card rolls: 6 (001 L5), 8, or 0 when the setting has none.
  int wild_die = 6;
  // The table rules of 002 (table_modifiers.h); savage and deadlands-1876 have none of them.
  WoundPenalty wound_penalty = WoundPenalty::none;
  MultiActionPenalty multi_action_penalty = MultiActionPenalty::none;
  bool gang_up = false;               // 002 L42-44: the outnumbering bonus
  bool shooting_past_allies = false;  // 002 L51: TN +1, exactly TN - 1 hits the ally in front
  SoakRule soak = SoakRule::vigor_roll;
};
TraitRules rules_for(Ruleset ruleset);

// --- The exploding die dN! ---
// P(dN! >= t), exactly: for t = qN + r with 1 <= r <= N, N^-q (N - r + 1) / N; 1 for t <= 1.
// `sides` >= 2.
double exploding_at_least(int sides, int t);
// P(dN! = v), exactly: 0 for v < 1 and for every multiple of N (a maximum roll always
// explodes, so it is never a final result); N^-(q+1) for v = qN + r with 1 <= r < N.
double exploding_exactly(int sides, int v);

// --- One trait roll ---
struct TraitRoll {
  int trait_die = 6;  // 4, 6, 8, 10, 12; 2 is the unskilled coin where rules.coin_unskilled
  int wild_die = 6;   // 6 or 8; 0: no Wild Die (an Extra, a Connection Marker, the coin)
  int modifier = 0;   // -20..+20, every modifier of the roll summed
  int tn = 4;         // Target Number, 1..99
  TraitRules rules{};
};
// "d8" -> 8 (any number of sides; trait_odds judges which are allowed); nullopt for anything
// else ("8", "d", "dx").
std::optional<int> die_sides(std::string_view text);

// A Wild Card's roll with the ruleset's Wild Die, and an Extra's roll with none.
TraitRoll wild_card_roll(const TraitRules& rules, int trait_die, int modifier = 0, int tn = 4);
TraitRoll extra_roll(const TraitRules& rules, int trait_die, int modifier = 0, int tn = 4);

struct TraitOdds {
  double success = 0;       // the result reaches the TN and nothing fails it anyway (a Critical
                            // Failure; an Extra's 1 under extra_one_always_fails)
  double raise = 0;         // at least one raise: the result reaches TN + 4 (a subset of success)
  double crit_fail = 0;     // a Critical Failure; it is a failure, never a success
  double crit_success = 0;  // boxcars where rules.critical_success; 0 otherwise
  CritFailReroll crit_fail_reroll = CritFailReroll::never;

  // A failure that is not critical: the one a reroll may follow.
  double plain_failure() const { return 1 - success - crit_fail; }
  // P(success) when up to `bennies` (0..100) rerolls may follow a plain failure, keeping the
  // best: the first success ends the rolling, a Critical Failure ends it too, except that under
  // one_benny a Benny buys one last roll after it. Refused (out_of_range) outside 0..100.
  double success_with_bennies(int bennies) const;
};
// Refused (Refusal, out_of_range, field named) for a die, modifier or TN outside the ranges above.
TraitOdds trait_odds(const TraitRoll& roll);

}  // namespace marshal::core
