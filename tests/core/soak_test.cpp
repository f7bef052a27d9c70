// Soak (core/soak.h; TABLETOP.md "Combat at the table"): TABLETOP.md's two worked rows and the
// issue's `--wounds 2`, exact; the Joker's +2 (on the trait die only in deadlands-1876, 000 L32);
// every Vigor die, Wild Die, modifier and ladder equal to the exhaustive enumeration of trait
// rolls; the limits refused by name.
#include <catch2/catch.hpp>

#include "core/refusal.h"
#include "core/soak.h"
#include "exact_odds.h"
#include "trait_enumeration.h"

using namespace marshal::core;

TEST_CASE("TABLETOP.md's Soak rows: Vigor d8 with a d6 Wild Die against a hit of 3 wounds", "[soak]") {
  // savage (001 L44): a Benny buys Vigor vs 4, a raise a wound more.
  const SoakOdds savage = soak_odds(wild_card_roll(rules_for(Ruleset::savage), 8), 3);
  REQUIRE(savage.soak_at_least.size() == 3);
  CHECK(savage.tn == 4);
  CHECK(savage.automatic == 0);
  CHECK(savage.soak_at_least[0] == exact(ratio(13, 16)));
  CHECK(savage.soak_at_least[1] == exact(ratio(71, 288)));
  CHECK(savage.soak_at_least[2] == exact(ratio(239, 2304)));
  // deadlands-1876 (000 L180-182): the chip soaks one at once, then Vigor vs 8.
  const SoakOdds dl = soak_odds(wild_card_roll(rules_for(Ruleset::deadlands_1876), 8), 3);
  CHECK(dl.tn == 8);
  CHECK(dl.automatic == 1);
  CHECK(dl.soak_at_least[0] == 1.0);
  CHECK(dl.soak_at_least[1] == exact(ratio(71, 288)));
  CHECK(dl.soak_at_least[2] == exact(ratio(239, 2304)));
  // deadlands-ru soaks as savage does (002 L37 only moves when it is declared).
  const SoakOdds ru = soak_odds(wild_card_roll(rules_for(Ruleset::deadlands_ru), 8), 3);
  CHECK(ru.soak_at_least == savage.soak_at_least);
}

TEST_CASE("a Soak with the Joker's +2: on the whole roll in savage, on the trait die only in deadlands-1876",
          "[soak]") {
  const SoakOdds savage = soak_odds(wild_card_roll(rules_for(Ruleset::savage), 8, 2), 2);
  CHECK(savage.soak_at_least[0] == exact(ratio(47, 48)));
  CHECK(savage.soak_at_least[1] == exact(ratio(23, 48)));
  const SoakOdds dl = soak_odds(wild_card_roll(rules_for(Ruleset::deadlands_1876), 8, 2), 2);
  CHECK(dl.soak_at_least[0] == 1.0);
  CHECK(dl.soak_at_least[1] == exact(ratio(133, 288)));
}

TEST_CASE("every Soak ladder equals the exhaustive enumeration of trait rolls", "[soak]") {
  using namespace marshal::core::enumeration;
  int compared = 0;
  for (const auto& r : all_rulesets) {
    const TraitRules rules = rules_for(r.ruleset);
    for (int vigor : {4, 6, 8, 10, 12})
      for (int wild : {0, 6, 8}) {
        const Table table = enumerate(rules, exploding_faces(vigor), wild == 0 ? no_die() : exploding_faces(wild));
        for (int m = -6; m <= 6; ++m) {
          TraitRoll roll{vigor, wild, m, 4, rules};
          const SoakOdds odds = soak_odds(roll, 4);
          for (int k = 1; k <= 4; ++k) {
            INFO(r.name << " d" << vigor << " wild " << wild << " mod " << m << " wound " << k);
            const int automatic = rules.soak == SoakRule::chip_then_tn8 ? 1 : 0;
            const int first_tn = automatic ? 8 : 4;
            double expected = 1.0;
            if (k > automatic) {
              const int tn = first_tn + 4 * (k - automatic - 1);
              expected = to_double(table[static_cast<std::size_t>(m - lowest_modifier)][static_cast<std::size_t>(tn - lowest_tn)]
                                       .success);
            }
            CHECK(odds.soak_at_least[static_cast<std::size_t>(k - 1)] == exact(expected));
            ++compared;
          }
        }
      }
  }
  CHECK(compared == 3 * 5 * 3 * 13 * 4);
}

TEST_CASE("a Soak outside the limits is refused naming what", "[soak]") {
  const TraitRoll vigor = wild_card_roll(rules_for(Ruleset::savage), 8);
  auto field = [](const TraitRoll& roll, int wounds) {
    try {
      soak_odds(roll, wounds);
    } catch (const Refusal& r) {
      CHECK(r.code() == RefusalCode::out_of_range);
      return r.field();
    }
    return std::string("accepted");
  };
  CHECK(field(vigor, 0) == "wounds");
  CHECK(field(vigor, 1) == "accepted");
  CHECK(field(vigor, max_soak_wounds) == "accepted");
  CHECK(field(vigor, max_soak_wounds + 1) == "wounds");
  TraitRoll bad = vigor;
  bad.trait_die = 7;
  CHECK(field(bad, 2) == "trait_die");
  TraitRoll dl_bad = wild_card_roll(rules_for(Ruleset::deadlands_1876), 7);
  CHECK(field(dl_bad, 1) == "trait_die");  // the chip's wound does not excuse a bad die
}

TEST_CASE("a Soak's TN is the rule's, whatever the roll handed in holds", "[soak]") {
  for (Ruleset ruleset : {Ruleset::savage, Ruleset::deadlands_1876}) {
    const TraitRules rules = rules_for(ruleset);
    const SoakOdds given = soak_odds(TraitRoll{8, 6, 0, 0, rules}, 2);  // TN 0: no TN a trait roll takes
    CHECK(given.soak_at_least == soak_odds(wild_card_roll(rules, 8), 2).soak_at_least);
  }
}

TEST_CASE("a rolled Soak takes back one wound a success and raise, the chip's first in deadlands-1876", "[soak]") {
  const TraitRoll savage_vigor = wild_card_roll(rules_for(Ruleset::savage), 8);
  auto soaked = [](SoakRule rule, const TraitRoll& vigor, std::vector<int> trait, std::vector<int> wild, int wounds) {
    TraitRoll at_tn = vigor;
    at_tn.tn = soak_roll_tn(rule);
    return soaked_wounds(rule, roll_trait_from_dice(at_tn, std::move(trait), std::move(wild)), wounds);
  };
  CHECK(soak_roll_tn(SoakRule::vigor_roll) == 4);
  CHECK(soak_roll_tn(SoakRule::chip_then_tn8) == 8);
  CHECK(soaked(SoakRule::vigor_roll, savage_vigor, {3}, {2}, 3) == 0);   // 3: a failure
  CHECK(soaked(SoakRule::vigor_roll, savage_vigor, {4}, {2}, 3) == 1);   // TN 4: one
  CHECK(soaked(SoakRule::vigor_roll, savage_vigor, {7}, {2}, 3) == 1);   // TN + 3
  CHECK(soaked(SoakRule::vigor_roll, savage_vigor, {8, 4}, {2}, 3) == 3);  // 12: two raises
  CHECK(soaked(SoakRule::vigor_roll, savage_vigor, {8, 4}, {2}, 2) == 2);  // never more than the hit's
  CHECK(soaked(SoakRule::vigor_roll, savage_vigor, {1}, {1}, 3) == 0);   // snake eyes
  const TraitRoll dl_vigor = wild_card_roll(rules_for(Ruleset::deadlands_1876), 8);
  CHECK(soaked(SoakRule::chip_then_tn8, dl_vigor, {5}, {3}, 3) == 1);   // the chip's wound only
  CHECK(soaked(SoakRule::chip_then_tn8, dl_vigor, {8, 1}, {3}, 3) == 2);  // 9 against TN 8
  CHECK(soaked(SoakRule::chip_then_tn8, dl_vigor, {8, 4}, {3}, 3) == 3);  // 12: a raise
  CHECK(soaked(SoakRule::chip_then_tn8, dl_vigor, {1}, {1}, 1) == 1);   // the chip's, whatever the roll
  const RolledTrait any = roll_trait_from_dice(savage_vigor, {4}, {2});
  CHECK_THROWS_AS(soaked_wounds(SoakRule::vigor_roll, any, 0), Refusal);
  CHECK_THROWS_AS(soaked_wounds(SoakRule::vigor_roll, any, max_soak_wounds + 1), Refusal);
}
