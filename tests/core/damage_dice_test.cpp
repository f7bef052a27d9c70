// A damage roll played out die by die (core/damage.h roll_damage, damage_from_dice): rolled with
// the station's generator its totals follow damage_reaches exactly (a seeded run within 4
// standard errors), a replay of the same seed gives the same dice, typed dice are judged by the
// one chain judge (trait_dice.h judge_chain) with a Critical Success's chains opening on the
// maximum (000 L20), and every bad chain is refused naming the die.
#include <catch2/catch.hpp>

#include <cmath>

#include "core/damage.h"
#include "core/refusal.h"
#include "core/trait_dice.h"
#include "test_helpers.h"

using namespace marshal::core;

namespace {

DamageRoll rolled_damage_roll(std::vector<int> dice, Ruleset ruleset = Ruleset::savage) {
  DamageRoll roll;
  roll.dice = std::move(dice);
  roll.rules = rules_for(ruleset);
  return roll;
}

// "code@field" of the refusal of the typed dice, or "accepted".
std::string damage_dice_refusal(const DamageRoll& roll, const std::vector<std::vector<int>>& dice,
                                const std::vector<int>& raise = {}) {
  return testing::refusal([&] { damage_from_dice(roll, dice, raise); });
}

}  // namespace

TEST_CASE("typed damage dice: each chain summed with the modifier, the raise die and the Joker", "[damage_dice]") {
  DamageRoll roll = rolled_damage_roll({8, 6});
  roll.modifier = 1;
  CHECK(damage_from_dice(roll, {{3}, {6, 2}}, {}).total == 3 + 8 + 1);  // the d6 Aced once
  roll.raise = true;
  roll.joker = true;
  const RolledDamage raised = damage_from_dice(roll, {{8, 8, 1}, {4}}, {5});
  CHECK(raised.total == 17 + 4 + 5 + 1 + joker_bonus);
  CHECK(raised.dice == std::vector<std::vector<int>>{{8, 8, 1}, {4}});
  CHECK(raised.raise == std::vector<int>{5});
  // 10 against Toughness 6: a wound and Shaken (SWD).
  const HitOutcome hit = judge_hit(damage_from_dice(rolled_damage_roll({6, 6}), {{6, 3}, {1}}, {}).total, 6, false);
  CHECK(hit.shaken);
  CHECK(hit.wounds == 1);
}

TEST_CASE("a Critical Success's damage dice open on their maximum and Ace on (000 L20)", "[damage_dice]") {
  DamageRoll roll = rolled_damage_roll({8, 6}, Ruleset::deadlands_1876);
  roll.crit_success = true;
  roll.raise = true;
  const RolledDamage crit = damage_from_dice(roll, {{8, 2}, {6, 6, 1}}, {6, 4});
  CHECK(crit.total == 10 + 13 + 10);
  CHECK(damage_dice_refusal(roll, {{7, 2}, {6, 1}}, {6, 4}) == "out_of_range@dice[0][0]");
  CHECK(damage_dice_refusal(roll, {{8}, {6, 1}}, {6, 4}) == "missing_input@dice[0][1]");  // the maximum Aces
  CHECK(damage_dice_refusal(roll, {{8, 2}, {6, 1}}, {3}) == "out_of_range@raise[0]");
  // Without a Critical Success the same first face is an ordinary Ace.
  roll.crit_success = false;
  CHECK(damage_from_dice(roll, {{8, 2}, {6, 1}}, {3}).total == 10 + 7 + 3);
}

TEST_CASE("bad typed damage dice are refused naming the die", "[damage_dice]") {
  const DamageRoll two_d6 = rolled_damage_roll({6, 6});
  CHECK(damage_dice_refusal(two_d6, {{3}}) == "out_of_range@dice");  // one chain for two dice
  CHECK(damage_dice_refusal(two_d6, {{3}, {2}, {1}}) == "out_of_range@dice");
  CHECK(damage_dice_refusal(two_d6, {{3}, {}}) == "missing_input@dice[1]");
  CHECK(damage_dice_refusal(two_d6, {{0}, {2}}) == "out_of_range@dice[0][0]");
  CHECK(damage_dice_refusal(two_d6, {{3}, {7}}) == "out_of_range@dice[1][0]");
  CHECK(damage_dice_refusal(two_d6, {{3, 2}, {1}}) == "out_of_range@dice[0][0]");  // only a 6 Aces
  CHECK(damage_dice_refusal(two_d6, {{6}, {1}}) == "missing_input@dice[0][1]");
  CHECK(damage_dice_refusal(two_d6, {{3}, {2}}, {4}) == "out_of_range@raise");  // no raise, no d6
  DamageRoll raised = two_d6;
  raised.raise = true;
  CHECK(damage_dice_refusal(raised, {{3}, {2}}) == "missing_input@raise");
  CHECK(damage_dice_refusal(raised, {{3}, {2}}, {4}) == "accepted");
  // A chain of max_ace_rolls maxima stands (the generator stops there too); one more is refused.
  CHECK(damage_dice_refusal(two_d6, {std::vector<int>(max_ace_rolls, 6), {2}}) == "accepted");
  CHECK(damage_dice_refusal(two_d6, {std::vector<int>(max_ace_rolls + 1, 6), {2}}) == "out_of_range@dice[0]");
  // The roll itself is refused as its odds are.
  CHECK(damage_dice_refusal(rolled_damage_roll({7}), {{3}}) == "out_of_range@dice");
  try {
    damage_from_dice(two_d6, {{3, 2}, {1}}, {});
    FAIL("accepted");
  } catch (const Refusal& r) {
    CHECK(std::string(r.what()).find("ends the damage die's roll") != std::string::npos);
  }
}

TEST_CASE("rolled damage replays from its seed and every roll is one a GM could type", "[damage_dice]") {
  DamageRoll roll = rolled_damage_roll({8, 6, 4}, Ruleset::deadlands_1876);
  roll.raise = true;
  for (bool crit : {false, true}) {
    roll.crit_success = crit;
    for (std::uint64_t seed = 1; seed <= 300; ++seed) {
      Csprng first(seed_from_number(seed)), again(seed_from_number(seed));
      const RolledDamage a = roll_damage(roll, first);
      const RolledDamage b = roll_damage(roll, again);
      CHECK(a.dice == b.dice);
      CHECK(a.raise == b.raise);
      REQUIRE(a.dice.size() == 3);
      REQUIRE(a.raise.size() >= 1);
      // The same dice typed give the same total: the roller and the judge agree.
      CHECK(damage_from_dice(roll, a.dice, a.raise).total == a.total);
    }
  }
}

TEST_CASE("rolled damage totals agree with damage_reaches within 4 standard errors", "[damage_dice]") {
  constexpr int n = 100'000;
  DamageRoll roll = rolled_damage_roll({8, 6}, Ruleset::deadlands_1876);
  roll.raise = true;
  roll.modifier = -1;
  for (bool crit : {false, true}) {
    roll.crit_success = crit;
    Csprng rng(seed_from_number(crit ? 1876 : 1875));
    std::vector<int> totals;
    totals.reserve(n);
    for (int i = 0; i < n; ++i) totals.push_back(roll_damage(roll, rng).total);
    for (int x : {4, 8, 12, 16, 20, 24, 30, 36}) {
      int reached = 0;
      for (int t : totals) reached += t >= x;
      const double p = damage_reaches(roll, x);
      const double estimate = static_cast<double>(reached) / n;
      const double se = std::sqrt(std::max(p * (1 - p), 1e-12) / n);
      INFO("crit " << crit << ", total >= " << x << ": estimate " << estimate << ", exact " << p);
      CHECK(std::abs(estimate - p) <= 4 * se);
    }
  }
}
