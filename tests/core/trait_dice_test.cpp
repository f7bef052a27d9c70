// Trait rolls played out die by die (core/trait_dice): physical dice judged by hand for each
// ruleset and option, seeded rolls that replay, frequencies that agree with the exact odds of
// trait_odds, and the refusals of typed dice.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/csprng.h"
#include "core/refusal.h"
#include "core/test_helpers.h"
#include "core/trait_dice.h"
#include "core/trait_roll.h"

using namespace marshal::core;
using marshal::core::testing::refusal;

namespace {

const TraitRules savage = rules_for(Ruleset::savage);
const TraitRules deadlands = rules_for(Ruleset::deadlands_1876);
const TraitRules russian = rules_for(Ruleset::deadlands_ru);

using Faces = std::vector<int>;

// The reason of the Refusal `step` throws, or "accepted".
template <typename Step>
std::string reason_of(Step step) {
  try {
    step();
  } catch (const Refusal& r) {
    return r.reason();
  }
  return "accepted";
}

}  // namespace

TEST_CASE("physical dice, savage (001)", "[trait_dice]") {
  SECTION("Aces add up, the modifier goes on the total, raises count from the result") {
    // d6 6, 6, 2 = 14, +1 = 15; Wild Die 3 + 1 = 4. 15 vs TN 4: 11 over, two full 4s.
    RolledTrait r = roll_trait_from_dice(wild_card_roll(savage, 6, 1, 4), {6, 6, 2}, {3});
    CHECK(r.trait == Faces{6, 6, 2});
    CHECK(r.wild == Faces{3});
    CHECK(r.crit_check.empty());
    CHECK(r.result == 15);
    CHECK(r.success);
    CHECK(r.raises == 2);
    CHECK_FALSE(r.crit_fail);
    CHECK_FALSE(r.crit_success);  // not a rule of savage
  }
  SECTION("the seed's example (001 L14): 11 vs TN 4 is one raise, 12 two") {
    CHECK(roll_trait_from_dice(wild_card_roll(savage, 12, 0, 4), {11}, {2}).raises == 1);
    CHECK(roll_trait_from_dice(wild_card_roll(savage, 12, 0, 4), {12, 1}, {2}).raises == 2);  // 13
    CHECK(roll_trait_from_dice(wild_card_roll(savage, 8, 0, 4), {8, 4}, {2}).raises == 2);    // 12
    CHECK(roll_trait_from_dice(wild_card_roll(savage, 8, 0, 4), {7}, {2}).raises == 0);  // TN+3
    CHECK(roll_trait_from_dice(wild_card_roll(savage, 8, 0, 4), {8, 8, 4}, {2}).raises == 4);  // 20
  }
  SECTION("the modifier lifts the Wild Die too, which may carry the roll") {
    // d4 2 + 2 = 4; Wild Die 5 + 2 = 7: the higher, 7, makes TN 7.
    RolledTrait r = roll_trait_from_dice(wild_card_roll(savage, 4, 2, 7), {2}, {5});
    CHECK(r.result == 7);
    CHECK(r.success);
    CHECK(r.raises == 0);
  }
  SECTION("a penalty may sink both dice") {
    RolledTrait r = roll_trait_from_dice(wild_card_roll(savage, 4, -2, 4), {4, 1}, {5});
    CHECK(r.result == 3);  // 5 - 2 and 5 - 2
    CHECK_FALSE(r.success);
    CHECK(r.raises == 0);
    CHECK_FALSE(r.crit_fail);
  }
  SECTION("a 1 is raised by the modifier: no natural-one rule") {
    RolledTrait r = roll_trait_from_dice(wild_card_roll(savage, 10, 2, 3), {1}, {2});
    CHECK(r.result == 4);  // the Wild Die 2 + 2; the trait die 1 + 2 = 3 would do too
    CHECK(r.success);
  }
  SECTION("snake eyes fail whatever the modifiers (001 L20)") {
    RolledTrait r = roll_trait_from_dice(wild_card_roll(savage, 4, 6, 2), {1}, {1});
    CHECK(r.result == 7);
    CHECK(r.crit_fail);
    CHECK_FALSE(r.success);
    CHECK(r.raises == 0);
  }
  SECTION("a 1 on one die only is no Critical Failure") {
    CHECK_FALSE(roll_trait_from_dice(wild_card_roll(savage, 6, 0, 4), {1}, {3}).crit_fail);
    CHECK_FALSE(roll_trait_from_dice(wild_card_roll(savage, 6, 0, 4), {5}, {1}).crit_fail);
  }
  SECTION("an Extra's 1: the crit-check d6 (001 L23)") {
    // d4 + 3 vs TN 4: the 1 makes 4, unless the d6 shows 1.
    RolledTrait crit = roll_trait_from_dice(extra_roll(savage, 4, 3, 4), {1}, {}, {1});
    CHECK(crit.crit_check == Faces{1});
    CHECK(crit.wild.empty());
    CHECK(crit.crit_fail);
    CHECK_FALSE(crit.success);
    RolledTrait plain = roll_trait_from_dice(extra_roll(savage, 4, 3, 4), {1}, {}, {4});
    CHECK_FALSE(plain.crit_fail);
    CHECK(plain.result == 4);
    CHECK(plain.success);  // judged by its total
    // Any other face calls for no d6.
    RolledTrait other = roll_trait_from_dice(extra_roll(savage, 4, 3, 4), {2}, {});
    CHECK(other.crit_check.empty());
    CHECK(other.result == 5);
    CHECK(other.success);
  }
  SECTION("a d8 Wild Die Aces on 8") {
    TraitRules rules = savage;
    rules.wild_die = 8;
    RolledTrait r = roll_trait_from_dice(wild_card_roll(rules, 4, 0, 4), {2}, {8, 8, 3});
    CHECK(r.result == 19);
    CHECK(r.raises == 3);
  }
}

TEST_CASE("physical dice, deadlands-1876 (000)", "[trait_dice]") {
  SECTION("the modifier goes on the trait die only (000 L32)") {
    // The savage example above: d4 2 + 2 = 4, Wild Die 5 unmodified: 5 misses TN 7.
    RolledTrait r = roll_trait_from_dice(wild_card_roll(deadlands, 4, 2, 7), {2}, {5});
    CHECK(r.result == 5);
    CHECK_FALSE(r.success);
    // And a penalty leaves the Wild Die alone.
    RolledTrait p = roll_trait_from_dice(wild_card_roll(deadlands, 4, -2, 4), {4, 1}, {5});
    CHECK(p.result == 5);
    CHECK(p.success);
  }
  SECTION("a natural one is never raised: the Wild Die must make it (000 L36)") {
    // The seed's example: Fighting d10 with +2 vs Toughness 3. The 1 stays 1; the Wild Die 2
    // misses, a 3 makes it.
    RolledTrait miss = roll_trait_from_dice(wild_card_roll(deadlands, 10, 2, 3), {1}, {2});
    CHECK(miss.result == 2);
    CHECK_FALSE(miss.success);
    CHECK_FALSE(miss.crit_fail);
    RolledTrait made = roll_trait_from_dice(wild_card_roll(deadlands, 10, 2, 3), {1}, {3});
    CHECK(made.result == 3);
    CHECK(made.success);
    // Without the option the 1 + 2 makes 3.
    TraitRules off = deadlands;
    off.natural_one = false;
    CHECK(roll_trait_from_dice(wild_card_roll(off, 10, 2, 3), {1}, {2}).success);
    // A penalty still applies to a natural one: 1 - 2 = -1.
    RolledTrait low = roll_trait_from_dice(extra_roll(deadlands, 6, -2, 4), {1}, {}, {5});
    CHECK(low.result == -1);
  }
  SECTION("boxcars: both dice at their maximum on the first roll (000 L20)") {
    RolledTrait r = roll_trait_from_dice(wild_card_roll(deadlands, 10, 0, 4), {10, 3}, {6, 2});
    CHECK(r.crit_success);
    CHECK(r.success);
    CHECK(r.result == 13);
    CHECK(r.raises == 2);
    // One die at its maximum is no boxcars, nor a maximum later in the chain.
    const TraitRoll d10 = wild_card_roll(deadlands, 10, 0, 4);
    CHECK_FALSE(roll_trait_from_dice(d10, {3}, {6, 6, 1}).crit_success);
    CHECK_FALSE(roll_trait_from_dice(d10, {10, 2}, {5}).crit_success);
    // The same dice under savage: no such rule.
    CHECK_FALSE(roll_trait_from_dice(wild_card_roll(savage, 10), {10, 3}, {6, 2}).crit_success);
    // As trait_odds has it, boxcars says nothing of success: d4 4, 1 and 6, 1 make 7, not 10.
    const TraitRoll d4_tn10 = wild_card_roll(deadlands, 4, 0, 10);
    RolledTrait short_of = roll_trait_from_dice(d4_tn10, {4, 1}, {6, 1});
    CHECK(short_of.crit_success);
    CHECK(short_of.result == 7);
    CHECK_FALSE(short_of.success);
  }
  SECTION("snake eyes are a Critical Failure here too (000 L26)") {
    RolledTrait r = roll_trait_from_dice(wild_card_roll(deadlands, 8, 1, 1), {1}, {1});
    CHECK(r.crit_fail);
    CHECK_FALSE(r.success);
    CHECK_FALSE(r.crit_success);
  }
  SECTION("the unskilled coin: tails 1, heads 2 and Aces, no Wild Die (000 L40)") {
    // Heads, heads, tails: 2 + 2 + 1 = 5 vs TN 4, no raise.
    RolledTrait r = roll_trait_from_dice(extra_roll(deadlands, 2, 0, 4), {2, 2, 1}, {});
    CHECK(r.result == 5);
    CHECK(r.success);
    CHECK(r.raises == 0);
    CHECK(r.crit_check.empty());
    // Four heads then tails: 9, a raise (the Marshal's permanent d4).
    CHECK(roll_trait_from_dice(extra_roll(deadlands, 2, 0, 4), {2, 2, 2, 2, 1}, {}).raises == 1);
    // Tails is a natural one: +5 does not lift it, and it calls for the crit-check d6.
    RolledTrait tails = roll_trait_from_dice(extra_roll(deadlands, 2, 5, 6), {1}, {}, {3});
    CHECK(tails.result == 1);
    CHECK_FALSE(tails.success);
    CHECK_FALSE(tails.crit_fail);
    RolledTrait worst = roll_trait_from_dice(extra_roll(deadlands, 2, 5, 6), {1}, {}, {1});
    CHECK(worst.crit_fail);
    // Heads then tails with +5: 3 + 5 = 8.
    CHECK(roll_trait_from_dice(extra_roll(deadlands, 2, 5, 6), {2, 1}, {}).result == 8);
  }
  SECTION("a Connection Marker: the marker die alone (000 L88-90)") {
    RolledTrait r = roll_trait_from_dice(extra_roll(deadlands, 8, 0, 4), {5}, {});
    CHECK(r.success);
    CHECK_FALSE(r.crit_success);  // no Wild Die, no boxcars
    CHECK_FALSE(roll_trait_from_dice(extra_roll(deadlands, 8, 0, 4), {8, 1}, {}).crit_success);
  }
}

TEST_CASE("physical dice, deadlands-ru (002)", "[trait_dice]") {
  SECTION("an Extra's 1 fails whatever the modifiers (002 L45)") {
    RolledTrait r = roll_trait_from_dice(extra_roll(russian, 4, 3, 4), {1}, {}, {4});
    CHECK(r.result == 4);
    CHECK_FALSE(r.success);
    CHECK_FALSE(r.crit_fail);  // a plain failure: the d6 did not show 1
    RolledTrait crit = roll_trait_from_dice(extra_roll(russian, 4, 3, 4), {1}, {}, {1});
    CHECK(crit.crit_fail);
    CHECK_FALSE(crit.success);
  }
  SECTION("a Wild Card's 1 on the trait die alone is judged by the total") {
    RolledTrait r = roll_trait_from_dice(wild_card_roll(russian, 6, 0, 4), {1}, {4});
    CHECK(r.success);
    CHECK(r.crit_check.empty());
    CHECK(roll_trait_from_dice(wild_card_roll(russian, 6, 0, 4), {1}, {1}).crit_fail);
  }
  SECTION("the modifier goes on the total") {
    RolledTrait r = roll_trait_from_dice(wild_card_roll(russian, 6, -1, 4), {3}, {6, 4});
    CHECK(r.result == 9);
    CHECK(r.raises == 1);
  }
}

TEST_CASE("the cap of an Ace chain", "[trait_dice]") {
  // A chain of max_ace_rolls maxima is where the roller stops, so it is accepted as typed.
  const Faces hundred(static_cast<std::size_t>(max_ace_rolls), 2);
  RolledTrait r = roll_trait_from_dice(extra_roll(deadlands, 2, 0, 4), hundred, {});
  CHECK(r.result == 200);
  CHECK(r.raises == 49);
  Faces longer = hundred;
  longer.push_back(1);
  CHECK(refusal([&] { roll_trait_from_dice(extra_roll(deadlands, 2, 0, 4), longer, {}); }) ==
        "out_of_range@trait");
  Faces short_of = hundred;
  short_of.pop_back();
  CHECK(refusal([&] { roll_trait_from_dice(extra_roll(deadlands, 2, 0, 4), short_of, {}); }) ==
        "missing_input@trait[99]");
}

TEST_CASE("seeded rolls replay", "[trait_dice]") {
  const std::vector<TraitRoll> rolls = {
      wild_card_roll(savage, 6, 1, 4), extra_roll(savage, 4, 3, 4),
      wild_card_roll(deadlands, 8, 1, 4), extra_roll(deadlands, 2, 0, 4),
      extra_roll(russian, 4, 0, 4)};
  auto play = [&](std::uint64_t seed) {
    Csprng rng(seed_from_number(seed));
    std::vector<RolledTrait> out;
    for (std::size_t i = 0; i < 400; ++i) out.push_back(roll_trait(rolls[i % rolls.size()], rng));
    return out;
  };
  const std::vector<RolledTrait> a = play(7), b = play(7), c = play(8);
  bool differs = false;
  bool aced = false, checked = false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const TraitRoll& roll = rolls[i % rolls.size()];
    CHECK(a[i].trait == b[i].trait);
    CHECK(a[i].wild == b[i].wild);
    CHECK(a[i].crit_check == b[i].crit_check);
    CHECK(a[i].result == b[i].result);
    differs = differs || a[i].trait != c[i].trait || a[i].wild != c[i].wild;
    aced = aced || a[i].trait.size() > 1;
    checked = checked || !a[i].crit_check.empty();
    // Whatever the roller rolls, a GM typing the same dice gets the same judgement.
    RolledTrait typed = roll_trait_from_dice(roll, a[i].trait, a[i].wild, a[i].crit_check);
    CHECK(typed.result == a[i].result);
    CHECK(typed.success == a[i].success);
    CHECK(typed.raises == a[i].raises);
    CHECK(typed.crit_fail == a[i].crit_fail);
    CHECK(typed.crit_success == a[i].crit_success);
  }
  CHECK(differs);
  CHECK(aced);
  CHECK(checked);
}

TEST_CASE("the order of draws is pinned: seed 7 rolls these dice", "[trait_dice]") {
  // Per roll: the trait die's chain, then the Wild Die's, then an Extra's crit-check d6. A replay
  // from a seed depends on this order; change the pin only knowing that old seeds roll anew.
  {
    Csprng rng(seed_from_number(7));
    std::vector<Faces> seen;
    for (int i = 0; i < 8; ++i) {
      const TraitRoll roll = i % 2 == 0 ? wild_card_roll(savage, 6) : extra_roll(deadlands, 2);
      RolledTrait r = roll_trait(roll, rng);
      seen.push_back(r.trait);
      seen.push_back(r.wild);
      seen.push_back(r.crit_check);
    }
    // clang-format off
    const std::vector<Faces> pinned = {
        {5}, {6, 3}, {},     {1}, {}, {2},     // d6 and Wild Die; tails, its crit-check d6
        {2}, {4}, {},        {1}, {}, {2},
        {5}, {3}, {},        {2, 1}, {}, {},   // heads Aced, then tails
        {6, 3}, {6, 6, 3}, {}, {2, 1}, {}, {},
    };
    // clang-format on
    CHECK(seen == pinned);
  }
}

namespace {

struct Counts {
  int success = 0, raise = 0, crit_fail = 0, crit_success = 0;
};

void check_within_4_se(const std::string& what, int hits, int n, double exact_p) {
  const double estimate = static_cast<double>(hits) / n;
  // A probability of 0 (or 1) must be met exactly: the floor keeps the bound at ~4e-8.
  const double se = std::sqrt(std::max(exact_p * (1 - exact_p), 1e-12) / n);
  INFO(what << ": estimate " << estimate << ", exact " << exact_p << ", se " << se);
  CHECK(std::abs(estimate - exact_p) <= 4 * se);
}

}  // namespace

TEST_CASE("seeded frequencies agree with trait_odds", "[trait_dice]") {
  TraitRules d8_wild = savage;
  d8_wild.wild_die = 8;
  TraitRules one_benny = russian;
  one_benny.crit_fail_reroll = CritFailReroll::one_benny;  // changes nothing in one roll
  struct Case {
    const char* name;
    TraitRoll roll;
  };
  const std::vector<Case> cases = {
      {"savage d8+1 TN4 (worked example)", wild_card_roll(savage, 8, 1, 4)},
      {"savage unskilled d4-2 TN4", wild_card_roll(savage, 4, -2, 4)},
      {"savage Extra d6 TN4", extra_roll(savage, 6, 0, 4)},
      {"savage Extra d4+3 TN4 (crit-check)", extra_roll(savage, 4, 3, 4)},
      {"savage d12+2 TN8, d8 Wild Die", wild_card_roll(d8_wild, 12, 2, 8)},
      {"deadlands d8+1 TN4 (worked example)", wild_card_roll(deadlands, 8, 1, 4)},
      {"deadlands d6+4 TN5 (natural one)", wild_card_roll(deadlands, 6, 4, 5)},
      {"deadlands d10-3 TN6", wild_card_roll(deadlands, 10, -3, 6)},
      {"deadlands coin TN2", extra_roll(deadlands, 2, 0, 2)},
      {"deadlands Connection Marker d8 TN4", extra_roll(deadlands, 8, 0, 4)},
      {"deadlands-ru d6 TN4", wild_card_roll(russian, 6, 0, 4)},
      {"deadlands-ru Extra d4+3 TN4 (a 1 fails)", extra_roll(russian, 4, 3, 4)},
      {"deadlands-ru d8-2 TN6, one_benny", wild_card_roll(one_benny, 8, -2, 6)},
  };
  constexpr int n = 100000;
  Csprng rng(seed_from_number(17));
  for (const Case& c : cases) {
    Counts k;
    for (int i = 0; i < n; ++i) {
      const RolledTrait r = roll_trait(c.roll, rng);
      k.success += r.success;
      k.raise += r.raises >= 1;
      k.crit_fail += r.crit_fail;
      k.crit_success += r.crit_success;
    }
    const TraitOdds o = trait_odds(c.roll);
    const std::string name = c.name;
    check_within_4_se(name + ": success", k.success, n, o.success);
    check_within_4_se(name + ": raise", k.raise, n, o.raise);
    check_within_4_se(name + ": crit_fail", k.crit_fail, n, o.crit_fail);
    check_within_4_se(name + ": crit_success", k.crit_success, n, o.crit_success);
  }
}

TEST_CASE("refusals", "[trait_dice]") {
  Csprng rng(seed_from_number(7));
  SECTION("a bad roll is refused as trait_odds refuses it, with its sentence") {
    const std::vector<std::pair<TraitRoll, std::string>> bad = {
        {wild_card_roll(savage, 7), "out_of_range@trait_die"},
        {wild_card_roll(savage, 2), "out_of_range@trait_die"},  // the coin is 000's only
        {extra_roll(savage, 20), "out_of_range@trait_die"},
        {TraitRoll{6, 4, 0, 4, savage}, "out_of_range@wild_die"},
        {TraitRoll{2, 6, 0, 4, deadlands}, "out_of_range@wild_die"},  // the coin has no Wild Die
        {wild_card_roll(savage, 6, 21), "out_of_range@modifier"},
        {wild_card_roll(savage, 6, 0, 0), "out_of_range@tn"},
        {wild_card_roll(savage, 6, 0, 100), "out_of_range@tn"},
    };
    for (const auto& [roll, expected] : bad) {
      INFO(expected << " d" << roll.trait_die << " wild d" << roll.wild_die);
      CHECK(refusal([&] { roll_trait(roll, rng); }) == expected);
      CHECK(refusal([&] { roll_trait_from_dice(roll, {1}, {2}); }) == expected);
      const std::string odds = reason_of([&] { trait_odds(roll); });
      CHECK(reason_of([&] { roll_trait(roll, rng); }) == odds);
      CHECK(reason_of([&] { roll_trait_from_dice(roll, {1}, {2}); }) == odds);
    }
  }
  SECTION("typed faces outside the die") {
    const TraitRoll roll = wild_card_roll(savage, 6, 0, 4);
    CHECK(refusal([&] { roll_trait_from_dice(roll, {7}, {2}); }) == "out_of_range@trait[0]");
    CHECK(refusal([&] { roll_trait_from_dice(roll, {0}, {2}); }) == "out_of_range@trait[0]");
    CHECK(refusal([&] { roll_trait_from_dice(roll, {6, -1}, {2}); }) == "out_of_range@trait[1]");
    CHECK(refusal([&] { roll_trait_from_dice(roll, {3}, {7}); }) == "out_of_range@wild[0]");
    CHECK(reason_of([&] { roll_trait_from_dice(roll, {3}, {7}); }) == "a d6 shows 1..6, not 7");
    TraitRules d8_wild = savage;
    d8_wild.wild_die = 8;
    const TraitRoll d4 = wild_card_roll(d8_wild, 4);
    CHECK(refusal([&] { roll_trait_from_dice(d4, {3}, {8, 9}); }) == "out_of_range@wild[1]");
    CHECK(refusal([&] { roll_trait_from_dice(extra_roll(deadlands, 2), {3}, {}); }) ==
          "out_of_range@trait[0]");  // a coin has two sides
  }
  SECTION("an Ace chain whose faces before the last are not the maximum") {
    const TraitRoll roll = wild_card_roll(savage, 8, 0, 4);
    CHECK(refusal([&] { roll_trait_from_dice(roll, {3, 2}, {2}); }) == "out_of_range@trait[0]");
    CHECK(refusal([&] { roll_trait_from_dice(roll, {8, 7, 2}, {2}); }) == "out_of_range@trait[1]");
    const Faces broken_wild = {6, 5, 6, 1};
    CHECK(refusal([&] { roll_trait_from_dice(roll, {2}, broken_wild); }) == "out_of_range@wild[1]");
    const std::string reason = reason_of([&] { roll_trait_from_dice(roll, {3, 2}, {2}); });
    CHECK(reason ==
          "only a maximum (8) Aces and is rolled again; 3 ends the trait die's roll, yet more "
          "faces follow");
    // A chain ending on the maximum: the Ace's next roll is missing.
    CHECK(refusal([&] { roll_trait_from_dice(roll, {8}, {2}); }) == "missing_input@trait[1]");
    CHECK(refusal([&] { roll_trait_from_dice(roll, {2}, {6, 6}); }) == "missing_input@wild[2]");
  }
  SECTION("dice missing, or given where the roll has none") {
    CHECK(refusal([&] { roll_trait_from_dice(wild_card_roll(savage, 6), {}, {2}); }) ==
          "missing_input@trait");
    CHECK(refusal([&] { roll_trait_from_dice(wild_card_roll(savage, 6), {2}, {}); }) ==
          "missing_input@wild");
    CHECK(refusal([&] { roll_trait_from_dice(extra_roll(savage, 6), {2}, {3}); }) ==
          "out_of_range@wild");
    // The crit-check d6 belongs to an Extra's natural 1 only.
    CHECK(refusal([&] { roll_trait_from_dice(extra_roll(savage, 6), {1}, {}); }) ==
          "missing_input@crit_check");
    CHECK(refusal([&] { roll_trait_from_dice(extra_roll(savage, 6), {1}, {}, {7}); }) ==
          "out_of_range@crit_check[0]");
    CHECK(refusal([&] { roll_trait_from_dice(extra_roll(savage, 6), {1}, {}, {0}); }) ==
          "out_of_range@crit_check[0]");
    const TraitRoll extra = extra_roll(savage, 6);
    const Faces two_dice = {1, 1};
    CHECK(refusal([&] { roll_trait_from_dice(extra, {1}, {}, two_dice); }) ==
          "out_of_range@crit_check");
    CHECK(refusal([&] { roll_trait_from_dice(extra_roll(savage, 6), {2}, {}, {1}); }) ==
          "out_of_range@crit_check");
    CHECK(refusal([&] { roll_trait_from_dice(wild_card_roll(savage, 6), {1}, {1}, {1}); }) ==
          "out_of_range@crit_check");
  }
}
