// The table rules of seed 002 (TABLETOP.md "Action and table rules of 002"): wound penalties
// (002 L6), several actions in a turn (L40-41: three actions TN 6, four TN 8), outnumbering
// (L42-44: 3 - 2 = +1, never below 0), shooting past allies (L51), each an option of the ruleset
// and refused where the ruleset has no such rule; and the odds of a roll with all of them
// applied, against the exhaustive enumeration in exact rationals (trait_enumeration.h).
#include <catch2/catch.hpp>

#include "core/exact_odds.h"

#include <string>
#include <vector>

#include "core/refusal.h"
#include "core/table_modifiers.h"
#include "core/trait_dice.h"
#include "core/trait_roll.h"
#include "test_helpers.h"
#include "trait_enumeration.h"

using namespace marshal::core;
using marshal::core::testing::refusal;

namespace {

// Named apart from trait_dice_test.cpp's: core_tests compiles its files together in unity batches.
const TraitRules savage_rules = rules_for(Ruleset::savage);
const TraitRules deadlands_rules = rules_for(Ruleset::deadlands_1876);
const TraitRules russian_rules = rules_for(Ruleset::deadlands_ru);

TraitRules with_penalty(MultiActionPenalty penalty) {
  TraitRules rules = russian_rules;
  rules.multi_action_penalty = penalty;
  return rules;
}

}  // namespace

TEST_CASE("the table options of each ruleset", "[table_modifiers]") {
  CHECK(deadlands_rules.wound_penalty == WoundPenalty::none);  // 000 L163
  CHECK(savage_rules.wound_penalty == WoundPenalty::per_wound);   // SWD: 001 is silent
  for (const TraitRules& none : {savage_rules, deadlands_rules}) {
    CHECK(none.multi_action_penalty == MultiActionPenalty::none);
    CHECK_FALSE(none.gang_up);
    CHECK_FALSE(none.shooting_past_allies);
  }
  CHECK(russian_rules.wound_penalty == WoundPenalty::per_wound);          // 002 L6
  CHECK(russian_rules.multi_action_penalty == MultiActionPenalty::flat);  // 002 L40
  CHECK(russian_rules.gang_up);                                           // 002 L42-44
  CHECK(russian_rules.shooting_past_allies);                              // 002 L51
  for (auto o : {WoundPenalty::none, WoundPenalty::per_wound})
    CHECK(wound_penalty_from_string(to_string(o)) == o);
  for (auto o : {MultiActionPenalty::none, MultiActionPenalty::flat,
                 MultiActionPenalty::per_extra_action})
    CHECK(multi_action_penalty_from_string(to_string(o)) == o);
  CHECK(to_string(MultiActionPenalty::per_extra_action) == "per_extra_action");
  CHECK_FALSE(multi_action_penalty_from_string("per-extra-action").has_value());
  CHECK_FALSE(wound_penalty_from_string("per_level").has_value());
}

TEST_CASE("wound penalties: -1 a wound in deadlands-ru (002 L6) and savage (SWD), none in deadlands-1876",
          "[table_modifiers]") {
  CHECK(wound_modifier(russian_rules, 0) == 0);
  CHECK(wound_modifier(russian_rules, 1) == -1);
  CHECK(wound_modifier(russian_rules, 3) == -3);
  CHECK(wound_modifier(russian_rules, 20) == -20);
  CHECK(wound_modifier(deadlands_rules, 3) == 0);  // 000 L163
  CHECK(wound_modifier(savage_rules, 3) == -3);
  CHECK(refusal([] { wound_modifier(russian_rules, -1); }) == "out_of_range@wounds");
  CHECK(refusal([] { wound_modifier(savage_rules, 21); }) == "out_of_range@wounds");
  // Two wounds make a d8 +1 roll a d8 -1 roll, exactly as trait_odds computes it.
  TableSituation hurt;
  hurt.wounds = 2;
  SituatedRoll s = with_table_rules(wild_card_roll(russian_rules, 8, 1, 4), hurt);
  CHECK(s.wound_modifier == -2);
  CHECK(s.roll.modifier == -1);
  CHECK(trait_odds(s.roll).success == exact(trait_odds(wild_card_roll(russian_rules, 8, -1, 4)).success));
  CHECK(with_table_rules(wild_card_roll(savage_rules, 8, 1, 4), hurt).roll.modifier == -1);
  CHECK(with_table_rules(wild_card_roll(deadlands_rules, 8, 1, 4), hurt).roll.modifier == 1);
}

TEST_CASE("several actions: the penalty and the Agility check (002 L40-41)", "[table_modifiers]") {
  SECTION("flat, the default of deadlands-ru: -2 on every check with 2 or more actions") {
    CHECK(multi_action(russian_rules, 1).penalty == 0);
    CHECK(multi_action(russian_rules, 1).agility_tn == 0);
    CHECK(multi_action(russian_rules, 2).penalty == -2);
    CHECK(multi_action(russian_rules, 2).agility_tn == 0);  // "more than 2 actions" (L41)
    CHECK(multi_action(russian_rules, 3).penalty == -2);
    CHECK(multi_action(russian_rules, 3).agility_tn == 6);  // L41: three actions TN 6
    CHECK(multi_action(russian_rules, 4).penalty == -2);
    CHECK(multi_action(russian_rules, 4).agility_tn == 8);  // four TN 8
    CHECK(multi_action(russian_rules, 5).agility_tn == 10);
    CHECK(multi_action(russian_rules, 20).agility_tn == 40);
    CHECK(multi_action(russian_rules, 4).actions == 4);
  }
  SECTION("per_extra_action: -2 per action beyond the first; the same Agility TNs") {
    const TraitRules rules = with_penalty(MultiActionPenalty::per_extra_action);
    CHECK(multi_action(rules, 1).penalty == 0);
    CHECK(multi_action(rules, 2).penalty == -2);
    CHECK(multi_action(rules, 3).penalty == -4);
    CHECK(multi_action(rules, 4).penalty == -6);
    CHECK(multi_action(rules, 3).agility_tn == 6);
    CHECK(multi_action(rules, 4).agility_tn == 8);
  }
  SECTION("no multi-action rule in savage and deadlands-1876: refused, not invented") {
    CHECK(multi_action(savage_rules, 1).penalty == 0);  // one action asks nothing of the rule
    CHECK(refusal([] { multi_action(savage_rules, 2); }) == "illegal_move@multi_action_penalty");
    CHECK(refusal([] { multi_action(deadlands_rules, 3); }) == "illegal_move@multi_action_penalty");
    try {
      multi_action(savage_rules, 2);
    } catch (const Refusal& r) {
      CHECK(std::string(r.reason()).find("deadlands-ru") != std::string::npos);
    }
    CHECK(multi_action(with_penalty(MultiActionPenalty::none), 1).penalty == 0);
    CHECK(refusal([] { multi_action(with_penalty(MultiActionPenalty::none), 2); }) ==
          "illegal_move@multi_action_penalty");
  }
  SECTION("the bounds of a turn") {
    CHECK(refusal([] { multi_action(russian_rules, 0); }) == "out_of_range@actions");
    CHECK(refusal([] { multi_action(russian_rules, 21); }) == "out_of_range@actions");
    CHECK(refusal([] { multi_action(savage_rules, 0); }) == "out_of_range@actions");
  }
  SECTION("the Agility check is a trait roll at that TN, not penalised again") {
    TraitRoll agility = wild_card_roll(russian_rules, 8, -1, 4);  // a wound
    TraitRoll check = multi_action_agility_check(agility, 3);
    CHECK(check.tn == 6);
    CHECK(check.modifier == -1);
    CHECK(multi_action_agility_check(agility, 4).tn == 8);
    // d8 and a d6 Wild Die, -1 on both (the total), TN 6: each die must show 7 or more, so
    // success is 1 - (6/8)(5/6) = 3/8 (snake eyes are among those failures); and by enumeration.
    CHECK(trait_odds(check).success == exact(3.0 / 8));
    enumeration::Enumerated e = enumeration::enumerate_one(russian_rules, 8, 6, -1, 6);
    CHECK(trait_odds(check).success == exact(enumeration::to_double(e.success)));
    CHECK(refusal([&] { multi_action_agility_check(agility, 2); }) == "out_of_range@actions");
    CHECK(refusal([] { multi_action_agility_check(wild_card_roll(savage_rules, 8), 3); }) ==
          "illegal_move@multi_action_penalty");
  }
}

TEST_CASE("outnumbering the target (002 L42-44)", "[table_modifiers]") {
  CHECK(gang_up_bonus(russian_rules, 3, 2) == 1);  // L44's example
  CHECK(gang_up_bonus(russian_rules, 2, 3) == 0);  // never below 0 (L42)
  CHECK(gang_up_bonus(russian_rules, 0, 8) == 0);
  CHECK(gang_up_bonus(russian_rules, 0, 0) == 0);
  CHECK(gang_up_bonus(russian_rules, 1, 0) == 1);
  CHECK(gang_up_bonus(russian_rules, 4, 4) == 0);
  CHECK(gang_up_bonus(russian_rules, 8, 0) == 8);
  CHECK(refusal([] { gang_up_bonus(russian_rules, -1, 0); }) == "out_of_range@attacker_allies");
  CHECK(refusal([] { gang_up_bonus(russian_rules, 9, 0); }) == "out_of_range@attacker_allies");
  CHECK(refusal([] { gang_up_bonus(russian_rules, 0, 9); }) == "out_of_range@target_allies");
  CHECK(refusal([] { gang_up_bonus(russian_rules, 5, 4); }) == "out_of_range@target_allies");  // 9 cells
  CHECK(refusal([] { gang_up_bonus(savage_rules, 3, 2); }) == "illegal_move@gang_up");
  CHECK(refusal([] { gang_up_bonus(deadlands_rules, 0, 0); }) == "illegal_move@gang_up");
}

TEST_CASE("shooting past allies: TN +1, exactly TN - 1 hits the ally (002 L51)", "[table_modifiers]") {
  const TraitRoll shot = past_allies_shot(wild_card_roll(russian_rules, 8, 0, 4));
  CHECK(shot.tn == 5);
  auto hit = [&](std::vector<int> trait, std::vector<int> wild, const TraitRoll& roll) {
    return to_string(judge_past_allies(roll, roll_trait_from_dice(roll, trait, wild)));
  };
  CHECK(hit({4}, {2}, shot) == "ally");    // L51: "the result exactly 4"
  CHECK(hit({2}, {4}, shot) == "ally");    // the Wild Die's 4 is the result as well
  CHECK(hit({5}, {1}, shot) == "target");  // TN 5 reached
  CHECK(hit({8, 3}, {2}, shot) == "target");
  CHECK(hit({3}, {2}, shot) == "miss");  // TN - 2
  CHECK(hit({1}, {3}, shot) == "miss");
  // A Critical Failure is no ally hit by this rule, even where its total is TN - 1.
  TraitRoll plus3 = past_allies_shot(wild_card_roll(russian_rules, 8, 3, 4));
  CHECK(hit({1}, {1}, plus3) == "miss");
  CHECK(hit({1}, {2}, plus3) == "target");  // 2 + 3
  // An Extra: the same rule on its one die.
  TraitRoll extra = past_allies_shot(extra_roll(russian_rules, 6, 0, 4));
  CHECK(hit({4}, {}, extra) == "ally");
  CHECK(hit({6, 1}, {}, extra) == "target");
  CHECK(refusal([] { past_allies_shot(wild_card_roll(savage_rules, 8)); }) ==
        "illegal_move@shooting_past_allies");
  CHECK(refusal([] { past_allies_shot(wild_card_roll(russian_rules, 8, 0, 99)); }) == "out_of_range@tn");
  const TraitRoll savage_shot = wild_card_roll(savage_rules, 8, 0, 5);
  CHECK(refusal([&] {
          judge_past_allies(savage_shot, roll_trait_from_dice(savage_shot, {4}, {2}));
        }) == "illegal_move@shooting_past_allies");
}

TEST_CASE("the odds of hitting the ally when shooting past allies: a worked example and the enumeration",
          "[table_modifiers]") {
  // d8 and a d6 Wild Die at TN 4, raised to 5: the ally is hit when the higher die shows exactly
  // 4: P(both <= 4) - P(both <= 3) = (4/8)(4/6) - (3/8)(3/6) = 7/48.
  const PastAlliesOdds odds = past_allies_odds(past_allies_shot(wild_card_roll(russian_rules, 8, 0, 4)));
  CHECK(odds.ally == Approx(7.0 / 48).epsilon(1e-12));
  CHECK(odds.target == Approx(trait_odds(wild_card_roll(russian_rules, 8, 0, 5)).success).epsilon(1e-12));
  CHECK(odds.target + odds.ally + odds.miss == Approx(1.0).epsilon(1e-12));
  CHECK(refusal([] { past_allies_odds(wild_card_roll(savage_rules, 8, 0, 5)); }) == "illegal_move@shooting_past_allies");
  // Every die, Wild Die or none, modifier -6..+6 and the shot's TN 2..16, with the rule switched
  // on in each ruleset (so natural ones, modifiers on the trait die and an Extra's failing 1
  // are all met), against every outcome enumerated in exact rationals.
  using namespace enumeration;
  for (const auto& r : all_rulesets) {
    TraitRules rules = rules_for(r.ruleset);
    rules.shooting_past_allies = true;
    for (int die : {4, 6, 8, 10, 12})
      for (int wild : {rules.wild_die, 0}) {
        Table table = enumerate(rules, exploding_faces(die), wild == 0 ? no_die() : exploding_faces(wild));
        for (int m = lowest_modifier; m <= highest_modifier; ++m)
          for (int tn = lowest_tn; tn <= highest_tn; ++tn) {
            TraitRoll shot{die, wild, m, tn, rules};
            const PastAlliesOdds closed = past_allies_odds(shot);
            const Enumerated& e = table[static_cast<std::size_t>(m - lowest_modifier)][static_cast<std::size_t>(tn - lowest_tn)];
            INFO(r.name << " d" << die << " wild d" << wild << " mod " << m << " TN " << tn << ": " << text(e.ally));
            CHECK(std::abs(closed.ally - to_double(e.ally)) < 1e-12);
            CHECK(std::abs(closed.target - to_double(e.success)) < 1e-12);
          }
      }
  }
}

TEST_CASE("all the table rules on one roll, and its exact odds", "[table_modifiers]") {
  TableSituation s;
  s.wounds = 2;
  s.actions = 3;
  s.attacker_allies = 3;
  s.target_allies = 2;
  s.past_allies = true;
  SituatedRoll r = with_table_rules(wild_card_roll(russian_rules, 8, 0, 4), s);
  CHECK(r.wound_modifier == -2);
  CHECK(r.multi_action_modifier == -2);
  CHECK(r.gang_up_bonus == 1);
  CHECK(r.tn_raise == 1);
  CHECK(r.roll.modifier == -3);
  CHECK(r.roll.tn == 5);
  // The closed form of the situated roll against the enumeration in exact rationals.
  enumeration::Enumerated e = enumeration::enumerate_one(russian_rules, 8, 6, -3, 5);
  TraitOdds o = trait_odds(r.roll);
  CHECK(o.success == exact(enumeration::to_double(e.success)));
  CHECK(o.raise == exact(enumeration::to_double(e.raise)));
  s.actions = 2;
  s.target_allies = 5;  // more than the attacker's: 0, never negative
  r = with_table_rules(wild_card_roll(with_penalty(MultiActionPenalty::per_extra_action), 8, 1, 4), s);
  CHECK(r.gang_up_bonus == 0);
  CHECK(r.roll.modifier == 1 - 2 - 2);

  // Nothing asked of savage: the roll unchanged; anything asked of a rule it lacks: refused.
  TableSituation plain;
  SituatedRoll same = with_table_rules(wild_card_roll(savage_rules, 6, 1, 4), plain);
  CHECK(same.roll.modifier == 1);
  CHECK(same.roll.tn == 4);
  plain.wounds = 3;  // -1 a wound in savage too (SWD)
  CHECK(with_table_rules(wild_card_roll(savage_rules, 6, 1, 4), plain).roll.modifier == 1 - 3);
  TableSituation two;
  two.actions = 2;
  CHECK(refusal([&] { with_table_rules(wild_card_roll(savage_rules, 6), two); }) ==
        "illegal_move@multi_action_penalty");
  TableSituation crowd;
  crowd.attacker_allies = 1;
  CHECK(refusal([&] { with_table_rules(wild_card_roll(deadlands_rules, 6), crowd); }) ==
        "illegal_move@gang_up");
  TableSituation past;
  past.past_allies = true;
  CHECK(refusal([&] { with_table_rules(wild_card_roll(savage_rules, 6), past); }) ==
        "illegal_move@shooting_past_allies");
}

TEST_CASE("a melee attack's TN is the target's Parry, +2 in full defence (002 L7)", "[table_modifiers]") {
  CHECK(melee_tn(5, false) == 5);
  CHECK(melee_tn(5, true) == 7);
  CHECK(melee_tn(0, false) == 0);
  CHECK(melee_tn(max_parry, true) == max_parry + full_defence_bonus);
  CHECK(refusal([] { melee_tn(-1, false); }) == "out_of_range@parry");
  CHECK(refusal([] { melee_tn(max_parry + 1, false); }) == "out_of_range@parry");
}

TEST_CASE("a missed attack showing 1 may hit a random victim, a Wild Card's snake eyes no enemy (002 L46-50)",
          "[table_modifiers]") {
  const TraitRoll extra{6, 0, 0, 4, russian_rules};
  const TraitRoll wild_card{6, 6, 0, 4, russian_rules};
  auto victim = [](const TraitRoll& roll, std::vector<int> trait, std::vector<int> wild, std::vector<int> check,
                   bool spray) {
    return to_string(random_victim(roll_trait_from_dice(roll, std::move(trait), std::move(wild), std::move(check)), spray));
  };
  CHECK(victim(extra, {1}, {}, {4}, false) == "anyone");   // a 1 and a miss (L46-47)
  CHECK(victim(extra, {1}, {}, {1}, false) == "anyone");   // an Extra's Critical Failure: anyone
  CHECK(victim(extra, {2}, {}, {}, false) == "none");      // a 2 of a single shot: no one
  CHECK(victim(extra, {2}, {}, {}, true) == "anyone");     // a 2 of full-auto or a shotgun (L46)
  CHECK(victim(extra, {3}, {}, {}, true) == "none");
  CHECK(victim(wild_card, {1}, {3}, {}, false) == "anyone");
  CHECK(victim(wild_card, {1}, {1}, {}, false) == "no_enemy");  // snake eyes (L50)
  CHECK(victim(wild_card, {1}, {5}, {}, false) == "none");       // the Wild Die hit: no miss (L47)
  const TraitRoll with_modifier{6, 6, 4, 4, russian_rules};
  CHECK(victim(with_modifier, {1}, {1}, {}, false) == "no_enemy");  // the die's face, not the result
  CHECK(to_string(RandomVictim::none) == "none");
}
