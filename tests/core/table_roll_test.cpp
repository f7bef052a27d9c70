// The Table screen's rolls (core/table_roll.h): a sheet's trait as a roll, untrained skills by
// ruleset (001 L25, 000 L40), dice typed by a GM, and the dice spelled out with their Aces.
#include <catch2/catch.hpp>

#include "core/refusal.h"
#include "core/table_roll.h"

using namespace marshal::core;

TEST_CASE("a sheet's trait: its die, its bonus on the modifier, a Wild Die for Wild Cards only", "[core][table]") {
  const TraitRules savage = rules_for(Ruleset::savage);
  TraitRoll faith = sheet_roll(savage, true, SheetTrait{12, 1}, -2, 6);
  CHECK(faith.trait_die == 12);
  CHECK(faith.modifier == -1);  // d12+1 at -2
  CHECK(faith.tn == 6);
  CHECK(faith.wild_die == 6);
  CHECK(sheet_roll(savage, false, SheetTrait{6, 0}, 0, 4).wild_die == 0);  // an Extra (001 L5)
}

TEST_CASE("untrained: d4 at -2 with the Wild Die (001 L25), the coin with none in deadlands-1876 (000 L40)",
          "[core][table]") {
  TraitRoll savage = sheet_roll(rules_for(Ruleset::savage), true, std::nullopt, 1, 4);
  CHECK(savage.trait_die == 4);
  CHECK(savage.modifier == -1);
  CHECK(savage.wild_die == 6);
  TraitRoll coin = sheet_roll(rules_for(Ruleset::deadlands_1876), true, std::nullopt, 1, 4);
  CHECK(coin.trait_die == 2);
  CHECK(coin.modifier == 1);
  CHECK(coin.wild_die == 0);
  // The coin's odds are the d2!'s: heads twice then tails (2 + 2 + 1 = 5) is the only way past 4.
  CHECK(trait_odds(sheet_roll(rules_for(Ruleset::deadlands_1876), true, std::nullopt, 0, 5)).success ==
        Approx(0.25).epsilon(1e-12));
}

TEST_CASE("typed dice: the trait die's chain, a comma, the Wild Die's", "[core][table]") {
  TypedDice d = parse_typed_dice("8 5, 3");
  CHECK(d.trait == std::vector<int>{8, 5});
  CHECK(d.second == std::vector<int>{3});
  CHECK(parse_typed_dice(" 6+6+2 ,6 1").second == std::vector<int>{6, 1});
  CHECK(parse_typed_dice("4").second.empty());
  auto refused = [](const char* text, const char* part) {
    try {
      parse_typed_dice(text);
      FAIL("accepted " << text);
    } catch (const Refusal& r) {
      INFO(r.reason());
      CHECK(r.field() == "dice");
      CHECK(r.reason().find(part) != std::string::npos);
    }
  };
  refused("", "trait die's rolls first");
  refused(", 3", "trait die's rolls first");
  refused("8, 3, 2", "',' does not belong");
  refused("8x", "'x' does not belong");
  refused("-1", "'-' does not belong");
  refused("1000", "no face");
}

TEST_CASE("typed or the station's: a Wild Card's Wild Die, an Extra's crit-check d6, blank rolls", "[core][table]") {
  const TraitRules savage = rules_for(Ruleset::savage);
  Csprng rng(seed_from_number(52));
  const RolledTrait wild = roll_typed_or_random(wild_card_roll(savage, 8), "8 5, 3", rng);
  CHECK(wild.trait == std::vector<int>{8, 5});
  CHECK(wild.wild == std::vector<int>{3});
  CHECK(wild.crit_check.empty());
  CHECK(wild.result == 13);
  // An Extra has no Wild Die: the second group is the d6 after a natural 1 (001 L23).
  const RolledTrait extra = roll_typed_or_random(extra_roll(savage, 6), "1, 1", rng);
  CHECK(extra.wild.empty());
  CHECK(extra.crit_check == std::vector<int>{1});
  CHECK(extra.crit_fail);
  // Blank (or spaces): the station's dice, a real roll of the trait die and the Wild Die.
  const RolledTrait rolled = roll_typed_or_random(wild_card_roll(savage, 8), "  ", rng);
  REQUIRE_FALSE(rolled.trait.empty());
  CHECK(rolled.trait.front() >= 1);
  CHECK(rolled.trait.front() <= 8);
  CHECK(rolled.wild.size() >= 1);
  // Faces a d8 cannot show are refused by roll_trait_from_dice, nothing rolled instead.
  CHECK_THROWS_AS(roll_typed_or_random(wild_card_roll(savage, 8), "9, 3", rng), Refusal);
  CHECK_THROWS_AS(roll_typed_or_random(wild_card_roll(savage, 8), "x", rng), Refusal);
}

TEST_CASE("the dice spelled out: Aces, the Wild Die, the outcome", "[core][table]") {
  const TraitRules savage = rules_for(Ruleset::savage);
  TraitRoll roll = wild_card_roll(savage, 10, 1, 4);
  RolledTrait rolled = roll_trait_from_dice(roll, {10, 4}, {3});
  CHECK(describe_roll(roll, rolled) == "d10: 10 Ace + 4 = 14, Wild Die d6: 3, +1 -> 15 vs TN 4: success, 2 raises");
  RolledTrait snake_eyes = roll_trait_from_dice(roll, {1}, {1});
  CHECK(describe_roll(roll, snake_eyes) == "d10: 1, Wild Die d6: 1, +1 -> 2 vs TN 4: CRITICAL FAILURE");
  TraitRoll extra = extra_roll(savage, 6, 0, 4);
  CHECK(describe_roll(extra, roll_trait_from_dice(extra, {1}, {}, {4})) ==
        "d6: 1, the d6 after a 1: 4 -> 1 vs TN 4: failure");
  const TraitRules dl = rules_for(Ruleset::deadlands_1876);
  TraitRoll coin = sheet_roll(dl, true, std::nullopt, 0, 4);
  CHECK(describe_roll(coin, roll_trait_from_dice(coin, {2, 2, 1}, {})) == "coin: heads, heads, tails -> 5 vs TN 4: success");
  TraitRoll boxcars = wild_card_roll(dl, 4, 0, 4);
  CHECK(describe_roll(boxcars, roll_trait_from_dice(boxcars, {4, 1}, {6, 2})) ==
        "d4: 4 Ace + 1 = 5, Wild Die d6: 6 Ace + 2 = 8 -> 8 vs TN 4: success, 1 raise, critical success");
}
