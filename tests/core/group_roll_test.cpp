// Group rolls (001 L29; TABLETOP.md "Dice"): one trait die and a Wild Die for a group of like
// Extras. The group's odds against the exhaustive enumeration in exact rationals
// (trait_enumeration.h) for every die, modifier -6..+6, TN 2..16 and ruleset; each member alone
// (an Extra's roll) and the binomial figures against every pattern of members' successes and
// failures, in exact rationals; judged and rolled groups; the refusals.
#include <catch2/catch.hpp>

#include "core/exact_odds.h"

#include <cmath>
#include <string>
#include <vector>

#include "core/csprng.h"
#include "core/group_roll.h"
#include "core/refusal.h"
#include "core/trait_roll.h"
#include "test_helpers.h"
#include "trait_enumeration.h"

using namespace marshal::core;
using namespace marshal::core::enumeration;
using marshal::core::testing::refusal;

namespace {


int bits_of(Whole w) {
  int bits = 0;
  for (; w != 0; w >>= 1) ++bits;
  return bits;
}

// Every pattern of `members` Extras, each succeeding with p = num/den on its own: the exact
// chance of at least one success and of a majority, and the mean, over den^members.
struct Patterns {
  Fraction at_least_one, majority, expected;
};
Patterns every_pattern(const Fraction& p, int members) {
  Whole den = 1;
  for (int i = 0; i < members; ++i) den *= p.den;
  Whole one = 0, most = 0, mean = 0;
  for (unsigned pattern = 0; pattern < (1u << members); ++pattern) {
    Whole weight = 1;
    int successes = 0;
    for (int i = 0; i < members; ++i) {
      const bool succeeds = (pattern >> i & 1u) != 0;
      weight *= succeeds ? p.num : p.den - p.num;
      successes += succeeds ? 1 : 0;
    }
    if (successes > 0) one += weight;
    if (2 * successes > members) most += weight;
    mean += weight * static_cast<Whole>(successes);
  }
  return {reduced(one, den), reduced(most, den), reduced(mean, den)};
}

}  // namespace

TEST_CASE("a group of four d6 Extras (001 L29)", "[group_roll]") {
  const TraitRoll group = group_roll(rules_for(Ruleset::savage), 6);
  CHECK(group.wild_die == 6);
  CHECK(group.tn == 4);
  GroupOdds o = group_roll_odds(group, 4);
  CHECK(o.members == 4);
  // One d6 and a d6 Wild Die: both below 4 with (3/6)(3/6), so 3/4; snake eyes 1/36.
  CHECK(o.group.success == exact(3.0 / 4));
  CHECK(o.group.crit_fail == exact(1.0 / 36));
  // Each alone: a d6 reaches 4 half the time; 2 of 4 expected; at least one 15/16; three or
  // four of them 5/16.
  CHECK(o.alone_success == exact(1.0 / 2));
  CHECK(o.alone_expected == exact(2.0));
  CHECK(o.alone_at_least_one == exact(15.0 / 16));
  CHECK(o.alone_majority == exact(5.0 / 16));
  // A group of one: the group roll is still a Wild Card's; alone it is an Extra's.
  GroupOdds single = group_roll_odds(group, 1);
  CHECK(single.group.success == exact(3.0 / 4));
  CHECK(single.alone_majority == exact(1.0 / 2));
  CHECK(single.alone_at_least_one == exact(1.0 / 2));
  // The ruleset's Wild Die: a d8 where the setting rolls one.
  TraitRules d8 = rules_for(Ruleset::savage);
  d8.wild_die = 8;
  CHECK(group_roll_odds(group_roll(d8, 6), 4).group.success == exact(1 - (3.0 / 6) * (3.0 / 8)));
}

TEST_CASE("group odds equal the enumeration in exact rationals", "[group_roll]") {
  int cells = 0, binomial_cells = 0;
  for (const Rules& r : all_rulesets) {
    const TraitRules rules = rules_for(r.ruleset);
    for (int sides : {4, 6, 8, 10, 12}) {
      const DieFaces trait = exploding_faces(sides);
      const Table with_wild = enumerate(rules, trait, exploding_faces(rules.wild_die));
      const Table alone = enumerate(rules, trait, no_die());
      for (int m = lowest_modifier; m <= highest_modifier; ++m)
        for (int tn = lowest_tn; tn <= highest_tn; ++tn) {
          const auto row = static_cast<std::size_t>(m - lowest_modifier);
          const auto col = static_cast<std::size_t>(tn - lowest_tn);
          const Enumerated& g = with_wild[row][col];
          const Fraction p = alone[row][col].success;
          INFO(r.name << " d" << sides << " modifier " << m << " TN " << tn << ": group "
                      << text(g.success) << ", alone " << text(p));
          for (int members : {1, 2, 3, 4, 5, 6, 7, 8}) {
            GroupOdds o = group_roll_odds(group_roll(rules, sides, m, tn), members);
            CHECK(o.group.success == exact(to_double(g.success)));
            CHECK(o.group.raise == exact(to_double(g.raise)));
            CHECK(o.group.crit_fail == exact(to_double(g.crit_fail)));
            CHECK(o.group.crit_success == exact(to_double(g.crit_success)));
            CHECK(o.alone_success == exact(to_double(p)));
            ++cells;
            // The patterns in 128 bits: den^members must fit.
            if (bits_of(p.den) * members > 120) continue;
            Patterns e = every_pattern(p, members);
            INFO(members << " members: at least one " << text(e.at_least_one) << ", majority "
                         << text(e.majority));
            CHECK(o.alone_at_least_one == exact(to_double(e.at_least_one)));
            CHECK(o.alone_majority == exact(to_double(e.majority)));
            CHECK(o.alone_expected == Approx(to_double(e.expected)).epsilon(1e-12).margin(1e-12));
            ++binomial_cells;
          }
        }
    }
  }
  CHECK(cells == 3 * 5 * 13 * 15 * 8);
  CHECK(binomial_cells > cells / 2);  // most cells, every member count up to 8 among them
}

TEST_CASE("a rolled group: one result for every member", "[group_roll]") {
  const TraitRules russian = rules_for(Ruleset::deadlands_ru);
  const TraitRoll group = group_roll(russian, 6, 0, 4);
  RolledGroup hit = group_from_dice(group, 5, {4}, {2});
  CHECK(hit.members == 5);
  CHECK(hit.successes == 5);
  CHECK(hit.roll.result == 4);
  CHECK(hit.roll.raises == 0);
  RolledGroup aced = group_from_dice(group, 5, {6, 6, 2}, {3});
  CHECK(aced.successes == 5);
  CHECK(aced.roll.raises == 2);  // 14 vs TN 4
  RolledGroup missed = group_from_dice(group, 5, {3}, {2});
  CHECK(missed.successes == 0);
  RolledGroup snake_eyes = group_from_dice(group, 5, {1}, {1});
  CHECK(snake_eyes.roll.crit_fail);
  CHECK(snake_eyes.successes == 0);
  // The group's 1 is a Wild Card's, not an Extra's (002 L45): the Wild Die makes it.
  RolledGroup saved = group_from_dice(group, 5, {1}, {5});
  CHECK(saved.successes == 5);
  CHECK(saved.roll.crit_check.empty());

  // Rolled by the seeded generator: all or nothing, and as often as the odds say.
  Csprng rng(seed_from_text("posse"));
  const TraitRoll d8 = group_roll(rules_for(Ruleset::savage), 8, 1, 4);
  const int rolls = 20000;
  int won = 0;
  for (int i = 0; i < rolls; ++i) {
    RolledGroup g = roll_group(d8, 3, rng);
    CHECK((g.successes == 0 || g.successes == 3));
    CHECK(g.roll.wild.size() >= 1);
    won += g.successes == 3 ? 1 : 0;
  }
  const double p = 11.0 / 12, se = std::sqrt(p * (1 - p) / rolls);  // TABLETOP.md's d8 +1
  CHECK(std::abs(won / static_cast<double>(rolls) - p) < 4 * se);
}

TEST_CASE("group roll refusals", "[group_roll]") {
  const TraitRules savage = rules_for(Ruleset::savage);
  const TraitRoll group = group_roll(savage, 6);
  CHECK(refusal([&] { group_roll_odds(group, 0); }) == "out_of_range@members");
  CHECK(refusal([&] { group_roll_odds(group, 101); }) == "out_of_range@members");
  CHECK(group_roll_odds(group, 100).alone_expected == exact(50.0));
  CHECK(refusal([&] { group_roll_odds(extra_roll(savage, 6), 4); }) == "out_of_range@wild_die");
  CHECK(refusal([&] { group_roll_odds(group_roll(savage, 7), 4); }) == "out_of_range@trait_die");
  CHECK(refusal([&] { group_roll_odds(group_roll(savage, 6, 21), 4); }) == "out_of_range@modifier");
  // The unskilled coin of deadlands-1876 has no Wild Die (000 L40), so no group roll.
  CHECK(refusal([] { group_roll_odds(group_roll(rules_for(Ruleset::deadlands_1876), 2), 4); }) ==
        "out_of_range@wild_die");
  Csprng rng(seed_from_text("x"));
  CHECK(refusal([&] { roll_group(group, 0, rng); }) == "out_of_range@members");
  CHECK(refusal([&] { group_from_dice(group, 3, {7}, {2}); }) == "out_of_range@trait[0]");
  CHECK(refusal([&] { group_from_dice(group, 3, {4}, {}); }) == "missing_input@wild");
}
