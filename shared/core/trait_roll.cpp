#include "core/trait_roll.h"

#include <algorithm>
#include <string>

#include "core/refusal.h"

namespace marshal::core {

std::string_view to_string(Ruleset ruleset) {
  switch (ruleset) {
    case Ruleset::savage: return "savage";
    case Ruleset::deadlands_1876: return "deadlands-1876";
    case Ruleset::deadlands_ru: return "deadlands-ru";
  }
  return "unknown";
}

std::optional<int> die_sides(std::string_view text) {
  if (text.size() < 2 || (text[0] != 'd' && text[0] != 'D')) return std::nullopt;
  int sides = 0;
  for (char c : text.substr(1)) {
    if (c < '0' || c > '9' || sides > 1000) return std::nullopt;
    sides = sides * 10 + (c - '0');
  }
  return sides;
}

std::optional<Ruleset> ruleset_from_string(std::string_view text) {
  for (Ruleset r : {Ruleset::savage, Ruleset::deadlands_1876, Ruleset::deadlands_ru})
    if (text == to_string(r)) return r;
  return std::nullopt;
}

std::string_view to_string(ModifierOn option) {
  return option == ModifierOn::trait_die ? "trait_die" : "total";
}

std::optional<ModifierOn> modifier_on_from_string(std::string_view text) {
  if (text == "total") return ModifierOn::total;
  if (text == "trait_die") return ModifierOn::trait_die;
  return std::nullopt;
}

std::string_view to_string(CritFailMulti option) {
  return option == CritFailMulti::any_and_wild ? "any_and_wild" : "more_than_half";
}

std::optional<CritFailMulti> crit_fail_multi_from_string(std::string_view text) {
  if (text == "more_than_half") return CritFailMulti::more_than_half;
  if (text == "any_and_wild") return CritFailMulti::any_and_wild;
  return std::nullopt;
}

std::string_view to_string(CritFailReroll option) {
  return option == CritFailReroll::one_benny ? "one_benny" : "never";
}

std::optional<CritFailReroll> crit_fail_reroll_from_string(std::string_view text) {
  if (text == "never") return CritFailReroll::never;
  if (text == "one_benny") return CritFailReroll::one_benny;
  return std::nullopt;
}

std::string_view to_string(WoundPenalty option) {
  return option == WoundPenalty::per_wound ? "per_wound" : "none";
}

std::optional<WoundPenalty> wound_penalty_from_string(std::string_view text) {
  if (text == "none") return WoundPenalty::none;
  if (text == "per_wound") return WoundPenalty::per_wound;
  return std::nullopt;
}

std::string_view to_string(MultiActionPenalty option) {
  switch (option) {
    case MultiActionPenalty::none: return "none";
    case MultiActionPenalty::flat: return "flat";
    case MultiActionPenalty::per_extra_action: return "per_extra_action";
  }
  return "unknown";
}

std::optional<MultiActionPenalty> multi_action_penalty_from_string(std::string_view text) {
  for (MultiActionPenalty o :
       {MultiActionPenalty::none, MultiActionPenalty::flat, MultiActionPenalty::per_extra_action})
    if (text == to_string(o)) return o;
  return std::nullopt;
}

std::string_view to_string(SoakRule option) {
  return option == SoakRule::chip_then_tn8 ? "chip_then_tn8" : "vigor_roll";
}

std::optional<SoakRule> soak_rule_from_string(std::string_view text) {
  if (text == "vigor_roll") return SoakRule::vigor_roll;
  if (text == "chip_then_tn8") return SoakRule::chip_then_tn8;
  return std::nullopt;
}

TraitRules rules_for(Ruleset ruleset) {
  TraitRules rules;  // the defaults are savage's (001)
  switch (ruleset) {
    case Ruleset::savage:
      // -1 a wound: 001 is silent, so Savage Worlds' core rule stands (the issue, TABLETOP.md's
      // combat section; 000 L136 names it as what Deadlands 1876 discarded).
      rules.wound_penalty = WoundPenalty::per_wound;
      break;
    case Ruleset::deadlands_1876:
      rules.modifier_on = ModifierOn::trait_die;  // 000 L32
      rules.natural_one = true;                   // 000 L36
      rules.critical_success = true;              // 000 L20
      rules.coin_unskilled = true;                // 000 L40
      rules.soak = SoakRule::chip_then_tn8;       // 000 L180-182
      // No crit-fail reroll (000 L26) and no wound penalties (000 L163): the defaults.
      break;
    case Ruleset::deadlands_ru:
      rules.crit_fail_multi = CritFailMulti::any_and_wild;    // 002 L10
      rules.extra_one_always_fails = true;                    // 002 L45
      rules.wound_penalty = WoundPenalty::per_wound;          // 002 L6
      rules.multi_action_penalty = MultiActionPenalty::flat;  // 002 L40
      rules.gang_up = true;                                   // 002 L42-44
      rules.shooting_past_allies = true;                      // 002 L51
      break;
  }
  return rules;
}

namespace {

// Past this many Aces every probability is below the smallest double; stopping here keeps a
// huge target from looping for nothing.
constexpr int aces_beyond_double = 1100;

// A probability as a fraction of whole numbers held in doubles. Every number of a trait roll is
// such a fraction with a denominator of powers of the dice's sides; while a die's target stays
// below 50 (TN 30 with a +-20 modifier) both stay below 2^53, so they are exact and the one
// division at the end rounds correctly: equal odds reached by different formulas are equal
// doubles, and odds that are ordered stay ordered. Beyond (TN 99 on a d4 and a Wild Die) each
// step only multiplies and adds nonnegative terms, so the value holds to a few ulps.
struct Fraction {
  double num = 0;
  double den = 1;
  double value() const { return num / den; }
};

// N^rolls by multiplication in a double: no integer power, so nothing can overflow (a huge
// power becomes infinity, and its inverse 0). Exact while below 2^53.
double power_of(int sides, int rolls) {
  double power = 1;
  for (int i = 0; i < rolls; ++i) power *= sides;
  return power;
}

// P(dN! >= t) = (N - r + 1) / N^(q+1) for t = qN + r, 1 <= r <= N.
Fraction tail(int sides, int t) {
  if (t <= 1) return {1, 1};
  const int q = (t - 1) / sides;  // Aces needed before the last roll
  const int r = t - q * sides;    // 1..sides: what the last roll must reach
  if (q >= aces_beyond_double) return {0, 1};
  return {static_cast<double>(sides - r + 1), power_of(sides, q + 1)};
}

void refuse_sides(int sides) {
  if (sides < 2)
    throw Refusal(RefusalCode::out_of_range, "sides",
                  say("an exploding die has at least 2 sides, not {}", sides));
}

void check_roll(const TraitRoll& roll) {
  const int d = roll.trait_die;
  const bool standard = d == 4 || d == 6 || d == 8 || d == 10 || d == 12;
  const bool coin = d == 2 && roll.rules.coin_unskilled;
  if (!standard && !coin)
    throw Refusal(RefusalCode::out_of_range, "trait_die",
                  say("the trait die is a d4, d6, d8, d10 or d12 (a d2 only as the unskilled coin of "
                      "deadlands-1876, 000 L40), not d{}",
                      d));
  if (roll.wild_die != 0 && roll.wild_die != 6 && roll.wild_die != 8)
    throw Refusal(RefusalCode::out_of_range, "wild_die",
                  say("the Wild Die is a d6, a d8 or none (0), not d{}", roll.wild_die));
  if (coin && roll.wild_die != 0)
    throw Refusal(RefusalCode::out_of_range, "wild_die",
                  say("the unskilled coin is flipped without a Wild Die (000 L40)"));
  if (roll.modifier < -20 || roll.modifier > 20)
    throw Refusal(RefusalCode::out_of_range, "modifier",
                  say("a modifier is -20..+20, not {}", roll.modifier));
  if (roll.tn < 1 || roll.tn > 99)
    throw Refusal(RefusalCode::out_of_range, "tn",
                  say("a Target Number is 1..99, not {}", roll.tn));
}

// What one trait roll reduces to: P(result >= x and no Critical Failure) for any x, plus the
// probability of a Critical Failure. Built once per roll; each x then costs two tails.
struct RollModel {
  int trait_sides = 6;
  int wild_sides = 0;         // 0: no Wild Die
  int trait_modifier = 0;     // added to every trait die value but a natural one's
  int wild_modifier = 0;      // 0 when modifiers go on the trait die only
  int natural_one_value = 1;  // what a trait die showing 1 counts as, after modifiers
  int ones_failing_in_6 = 0;  // an Extra's 1s that fail whatever their value, in sixths
  double crit_fail = 0;

  // P(the trait die's value reaches x). Only a 1 may ignore the modifier (000 L36) or fail
  // outright (001 L23, 002 L45); every other face counts T + modifier, and is above a 1's value.
  Fraction trait_reaches(int x) const {
    if (natural_one_value < x) return tail(trait_sides, std::max(2, x - trait_modifier));
    if (ones_failing_in_6 == 0) return {1, 1};  // so every face reaches x
    const double sixths = 6.0 * trait_sides;
    return {sixths - ones_failing_in_6, sixths};
  }

  // P(result >= x) with Critical Failures taken out (they fail whatever the total).
  double reaches(int x) const {
    const Fraction a = trait_reaches(x);
    if (wild_sides == 0) return a.value();
    // If snake eyes reach x, one of the dice reaches x whatever it shows (any other face is
    // higher), so only snake eyes fail.
    if (std::max(natural_one_value, 1 + wild_modifier) >= x) {
      const double pairs = static_cast<double>(trait_sides) * wild_sides;
      return (pairs - 1) / pairs;
    }
    // The higher die is the result: P(a or b) = a + b(1 - a) for independent dice, written
    // with nonnegative terms only.
    const Fraction b = tail(wild_sides, x - wild_modifier);
    return (a.num * b.den + b.num * (a.den - a.num)) / (a.den * b.den);
  }
};

RollModel model_of(const TraitRoll& roll) {
  const TraitRules& rules = roll.rules;
  RollModel model;
  model.trait_sides = roll.trait_die;
  model.wild_sides = roll.wild_die;
  model.trait_modifier = roll.modifier;
  model.wild_modifier = rules.modifier_on == ModifierOn::total ? roll.modifier : 0;
  // A natural one "cannot be modified to a higher result" (000 L36): a penalty still applies.
  model.natural_one_value = rules.natural_one ? std::min(1, 1 + roll.modifier) : 1 + roll.modifier;
  if (roll.wild_die != 0) {
    // 001 L20: both dice show a natural 1. Taken out of success in reaches().
    model.crit_fail = 1.0 / (static_cast<double>(roll.trait_die) * roll.wild_die);
  } else {
    // 001 L23: an Extra's 1 is critical when a d6 then shows 1; the other 5 in 6 are judged by
    // their total, unless every 1 of an Extra fails (002 L45).
    model.crit_fail = 1.0 / (6.0 * roll.trait_die);
    model.ones_failing_in_6 = rules.extra_one_always_fails ? 6 : 1;
  }
  return model;
}

}  // namespace

double exploding_at_least(int sides, int t) {
  refuse_sides(sides);
  return tail(sides, t).value();
}

double exploding_exactly(int sides, int v) {
  refuse_sides(sides);
  if (v < 1 || v % sides == 0) return 0.0;
  const int aces = v / sides;  // then one roll of exactly the rest
  if (aces >= aces_beyond_double) return 0.0;
  return 1.0 / power_of(sides, aces + 1);
}

TraitRoll wild_card_roll(const TraitRules& rules, int trait_die, int modifier, int tn) {
  return TraitRoll{trait_die, rules.wild_die, modifier, tn, rules};
}

TraitRoll extra_roll(const TraitRules& rules, int trait_die, int modifier, int tn) {
  return TraitRoll{trait_die, 0, modifier, tn, rules};
}

TraitOdds trait_odds(const TraitRoll& roll) {
  check_roll(roll);
  const RollModel model = model_of(roll);
  TraitOdds odds;
  odds.success = model.reaches(roll.tn);
  // Raises count from the result that succeeded (001 L14): the higher die, after modifiers.
  odds.raise = model.reaches(roll.tn + 4);
  odds.crit_fail = model.crit_fail;
  if (roll.rules.critical_success && roll.wild_die != 0)
    odds.crit_success = 1.0 / (static_cast<double>(roll.trait_die) * roll.wild_die);
  odds.crit_fail_reroll = roll.rules.crit_fail_reroll;
  return odds;
}

double TraitOdds::success_with_bennies(int bennies) const {
  if (bennies < 0 || bennies > 100)
    throw Refusal(RefusalCode::out_of_range, "bennies",
                  say("rerolls are 0..100, not {}", bennies));
  // G(k) = P(success with k rerolls left). G(0) = s. With k >= 1: success now, or a plain
  // failure and G(k-1) after it, or (one_benny) a Critical Failure and one last plain roll.
  const double s = success, f = plain_failure();
  const double after_crit = crit_fail_reroll == CritFailReroll::one_benny ? crit_fail * s : 0.0;
  double g = s;
  for (int k = 1; k <= bennies; ++k) g = s + f * g + after_crit;
  return g;
}

}  // namespace marshal::core
