// Damage against Toughness (core/damage.h; TABLETOP.md "Combat at the table"): the worked examples
// of TABLETOP.md and of the issue, exact; every damage roll of 1 to 3 dice (and the raise's d6)
// equal to an exhaustive enumeration in exact rationals; a seeded Monte Carlo within 4 standard
// errors; what a total does to a target at every boundary; the limits refused by name.
#include <catch2/catch.hpp>

#include <random>

#include "core/damage.h"
#include "core/refusal.h"
#include "damage_enumeration.h"
#include "exact_odds.h"
#include "sampled_dice.h"

using namespace marshal::core;

namespace {

DamageRoll savage_roll(std::vector<int> dice, int modifier = 0) {
  DamageRoll roll;
  roll.dice = std::move(dice);
  roll.modifier = modifier;
  roll.rules = rules_for(Ruleset::savage);
  return roll;
}


void check_row(const DamageOdds& odds, std::array<double, 4> expected) {
  CHECK(odds.shaken == exact(expected[0]));
  CHECK(odds.wound_at_least[0] == exact(expected[1]));
  CHECK(odds.wound_at_least[1] == exact(expected[2]));
  CHECK(odds.wound_at_least[2] == exact(expected[3]));
}

}  // namespace

TEST_CASE("TABLETOP.md's worked damage examples, exact", "[damage]") {
  // 2d6 vs Toughness 5: 5/6, 41/108, 1/6, 13/216.
  check_row(damage_odds(savage_roll({6, 6}), 5), {ratio(5, 6), ratio(41, 108), ratio(1, 6), ratio(13, 216)});
  CHECK(damage_odds(savage_roll({6, 6}), 5).wound_at_least[3] == exact(ratio(11, 486)));
  // d8+d6 vs 6: 19/24, 37/96, 101/576, 485/6912.
  check_row(damage_odds(savage_roll({8, 6}), 6),
            {ratio(19, 24), ratio(37, 96), ratio(101, 576), ratio(485, 6912)});
  // d8+d6 with a raise (+d6) vs 6: 139/144, 635/864, 1441/3456, 1495/6912.
  DamageRoll raised = savage_roll({8, 6});
  raised.raise = true;
  check_row(damage_odds(raised, 6), {ratio(139, 144), ratio(635, 864), ratio(1441, 3456), ratio(1495, 6912)});
  // 2d6 with the Joker (+2) vs 7 is 2d6 vs 5.
  DamageRoll joker = savage_roll({6, 6});
  joker.joker = true;
  check_row(damage_odds(joker, 7), {ratio(5, 6), ratio(41, 108), ratio(1, 6), ratio(13, 216)});
}

TEST_CASE("the issue's example: 2d6+1 against Toughness 6, plain, raised and with the Joker", "[damage]") {
  DamageRoll roll = savage_roll({6, 6}, 1);
  DamageOdds plain = damage_odds(roll, 6);
  check_row(plain, {ratio(5, 6), ratio(41, 108), ratio(1, 6), ratio(13, 216)});
  CHECK(plain.wound_at_least[3] == exact(ratio(11, 486)));
  roll.raise = true;
  DamageOdds raised = damage_odds(roll, 6);
  check_row(raised, {ratio(53, 54), ratio(163, 216), ratio(91, 216), ratio(17, 81)});
  CHECK(raised.wound_at_least[3] == exact(ratio(121, 1296)));
  roll.raise = false;
  roll.joker = true;
  DamageOdds joker = damage_odds(roll, 6);
  check_row(joker, {ratio(35, 36), ratio(7, 12), ratio(1, 4), ratio(43, 432)});
  CHECK(joker.wound_at_least[3] == exact(ratio(17, 432)));
}

TEST_CASE("a target Shaken already takes a wound where another would be Shaken", "[damage]") {
  const DamageOdds fresh = damage_odds(savage_roll({6, 6}), 5);
  const DamageOdds shaken = damage_odds(savage_roll({6, 6}), 5, true);
  CHECK(shaken.shaken == exact(fresh.shaken));
  CHECK(shaken.wound_at_least[0] == exact(fresh.shaken));
  CHECK(shaken.wound_at_least[1] == exact(fresh.wound_at_least[1]));
}

TEST_CASE("every damage roll of 1 to 3 dice equals the exhaustive enumeration", "[damage]") {
  using namespace marshal::core::enumeration;
  TraitRules dl = rules_for(Ruleset::deadlands_1876);
  REQUIRE(dl.critical_success);
  const std::vector<std::vector<int>> rolls{{4}, {6}, {8}, {10}, {12}, {6, 6}, {8, 6}, {12, 4}, {4, 4, 4}, {10, 8, 6}};
  int compared = 0;
  for (const auto& dice : rolls)
    for (bool raise : {false, true})
      for (bool crit : {false, true}) {
        std::vector<int> all = dice;
        if (raise) all.push_back(6);
        int maxima = 0;
        for (int s : all) maxima += s;
        // The dice alone reach y with the enumeration's P; the roll's fixed part moves y.
        const std::vector<Fraction> reaching = sum_reaching(all, 40);
        for (int modifier = -4; modifier <= 4; ++modifier)
          for (bool joker : {false, true}) {
            DamageRoll roll{dice, modifier, raise, joker, crit, dl};
            const int fixed = modifier + (joker ? 2 : 0) + (crit ? maxima : 0);
            for (int toughness = 2; toughness <= 12; ++toughness) {
              const DamageOdds odds = damage_odds(roll, toughness);
              auto expected = [&](int x) {
                const int y = x - fixed;
                if (y <= 0) return 1.0;
                REQUIRE(y <= 40);
                return to_double(reaching[static_cast<std::size_t>(y)]);
              };
              INFO("dice " << dice.size() << " first d" << dice[0] << " raise " << raise << " crit " << crit << " mod "
                           << modifier << " joker " << joker << " T " << toughness);
              CHECK(odds.shaken == exact(expected(toughness)));
              for (int k = 1; k <= 4; ++k)
                CHECK(odds.wound_at_least[static_cast<std::size_t>(k - 1)] == exact(expected(toughness + 4 * k)));
              ++compared;
            }
          }
      }
  CHECK(compared == 10 * 2 * 2 * 9 * 2 * 11);
}

TEST_CASE("a seeded Monte Carlo run of damage rolls agrees within 4 standard errors", "[damage]") {
  std::mt19937_64 rng(0xDA3A6E'1876ULL);
  constexpr int n = 200'000;
  TraitRules dl = rules_for(Ruleset::deadlands_1876);
  const std::vector<DamageRoll> rolls{{{8, 6}, 0, true, false, false, dl}, {{6, 6}, 1, false, true, false, dl},
                                      {{10}, -2, false, false, true, dl}};
  for (const DamageRoll& roll : rolls) {
    std::array<int, 5> hits{};
    const int toughness = 7;
    for (int i = 0; i < n; ++i) {
      std::vector<int> all = roll.dice;
      if (roll.raise) all.push_back(6);
      int total = roll.modifier + (roll.joker ? 2 : 0);
      for (int s : all) total += roll_exploding(rng, s) + (roll.crit_success ? s : 0);
      for (int k = 0; k < 5; ++k) hits[static_cast<std::size_t>(k)] += total >= toughness + 4 * k;
    }
    const DamageOdds odds = damage_odds(roll, toughness);
    auto check = [&](const char* what, int count, double p) {
      const double estimate = static_cast<double>(count) / n;
      const double se = std::sqrt(std::max(p * (1 - p), 1e-12) / n);
      INFO(what << ": estimate " << estimate << ", exact " << p << ", se " << se);
      CHECK(std::abs(estimate - p) <= 4 * se);
    };
    check("shaken", hits[0], odds.shaken);
    for (std::size_t k = 0; k < 4; ++k) check("wounds", hits[k + 1], odds.wound_at_least[k]);
  }
}

TEST_CASE("what a damage total does against Toughness, at every boundary (SWD)", "[damage]") {
  auto harm = [](int total, bool shaken) {
    const HitOutcome h = judge_hit(total, 6, shaken);
    return std::pair{h.shaken, h.wounds};
  };
  CHECK(harm(5, false) == std::pair{false, 0});   // T - 1: nothing
  CHECK(harm(5, true) == std::pair{false, 0});    // nothing, Shaken or not
  CHECK(harm(6, false) == std::pair{true, 0});    // T: Shaken
  CHECK(harm(9, false) == std::pair{true, 0});    // T + 3: still only Shaken
  CHECK(harm(6, true) == std::pair{true, 1});     // Shaken again: a wound instead
  CHECK(harm(9, true) == std::pair{true, 1});
  CHECK(harm(10, false) == std::pair{true, 1});   // T + 4: a wound, and Shaken
  CHECK(harm(10, true) == std::pair{true, 1});    // a raise's wound is not doubled by Shaken
  CHECK(harm(13, false) == std::pair{true, 1});   // T + 7
  CHECK(harm(14, false) == std::pair{true, 2});   // T + 8: two wounds
  CHECK(harm(26, false) == std::pair{true, 5});
}

TEST_CASE("Armour Piercing takes off the armour part of Toughness, never more (SWD), at each boundary", "[damage]") {
  CHECK(toughness_against(8, 2, 0) == 8);  // no AP: the whole Toughness
  CHECK(toughness_against(8, 2, 1) == 7);
  CHECK(toughness_against(8, 2, 2) == 6);  // AP equal to the armour: all of it off
  CHECK(toughness_against(8, 2, 3) == 6);  // AP past the armour: no more
  CHECK(toughness_against(8, 0, max_toughness) == 8);  // no armour: AP does nothing
  CHECK(toughness_against(8, 7, 7) == 1);  // the most armour a Toughness 8 holds
  auto refused_field = [](int toughness, int armor, int ap) {
    try {
      toughness_against(toughness, armor, ap);
    } catch (const Refusal& r) {
      CHECK(r.code() == RefusalCode::out_of_range);
      return r.field();
    }
    return std::string("accepted");
  };
  CHECK(refused_field(0, 0, 0) == "toughness");
  CHECK(refused_field(max_toughness + 1, 0, 0) == "toughness");
  CHECK(refused_field(8, 8, 0) == "armor");  // armour is part of Toughness: at most Toughness - 1
  CHECK(refused_field(8, -1, 0) == "armor");
  CHECK(refused_field(8, 2, -1) == "ap");
  CHECK(refused_field(8, 2, max_toughness) == "accepted");
  CHECK(refused_field(8, 2, max_toughness + 1) == "ap");
}

TEST_CASE("damage dice are read from what a GM types", "[damage]") {
  CHECK(parse_damage_dice("2d6") == std::optional<std::vector<int>>({6, 6}));
  CHECK(parse_damage_dice("d8+d6") == std::optional<std::vector<int>>({8, 6}));
  CHECK(parse_damage_dice("2D6+d8") == std::optional<std::vector<int>>({6, 6, 8}));
  CHECK(parse_damage_dice("d12") == std::optional<std::vector<int>>(std::vector<int>{12}));
  for (const char* bad : {"", "2", "d", "2d", "d6+", "+d6", "2d6 + d8", "0d6", "7d6", "4d6+3d6", "d6-1", "2x6"}) {
    INFO(bad);
    CHECK_FALSE(parse_damage_dice(bad));
  }
}

TEST_CASE("a damage roll outside the limits is refused naming what", "[damage]") {
  auto refused_field = [](const DamageRoll& roll, int toughness = 6) {
    try {
      damage_odds(roll, toughness);
    } catch (const Refusal& r) {
      CHECK(r.code() == RefusalCode::out_of_range);
      return r.field();
    }
    return std::string("accepted");
  };
  CHECK(refused_field(savage_roll({7})) == "dice");
  CHECK(refused_field(savage_roll({})) == "dice");
  CHECK(refused_field(savage_roll({6, 6, 6, 6, 6, 6})) == "accepted");  // max_damage_dice
  DamageRoll seven = savage_roll({6, 6, 6, 6, 6, 6});
  seven.raise = true;  // the raise's d6 is the seventh
  CHECK(refused_field(seven) == "dice");
  CHECK(refused_field(savage_roll({6}, max_damage_modifier)) == "accepted");
  CHECK(refused_field(savage_roll({6}, max_damage_modifier + 1)) == "modifier");
  CHECK(refused_field(savage_roll({6}, -max_damage_modifier - 1)) == "modifier");
  CHECK(refused_field(savage_roll({6}), 0) == "toughness");
  CHECK(refused_field(savage_roll({6}), max_toughness) == "accepted");
  CHECK(refused_field(savage_roll({6}), max_toughness + 1) == "toughness");
  DamageRoll crit = savage_roll({6});
  crit.crit_success = true;  // savage has no Critical Success (000 L20 is deadlands-1876's)
  CHECK(refused_field(crit) == "crit_success");
}
