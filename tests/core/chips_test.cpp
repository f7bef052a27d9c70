// Bennies and chips by ruleset (core/chips.h; TABLETOP.md "Bennies, fate chips, chips"),
// each rule against its seed line.
#include <catch2/catch.hpp>

#include "core/chips.h"
#include "test_helpers.h"

using namespace marshal::core;
using marshal::core::testing::refusal;

TEST_CASE("chip rules: savage deals three Bennies a player and the GM one a player, discarded at the night's end",
          "[chips]") {
  ChipRules savage = chip_rules(Ruleset::savage);
  CHECK(savage.colours == std::vector<std::string>{"benny"});
  CHECK(savage.each_at_night_start == 3);           // 001 L31
  CHECK(savage.gm_per_player_at_night_start == 1);  // 001 L36
  CHECK(savage.discarded_at_night_end);
  CHECK_FALSE(savage.colour_by_d6);
  for (Ruleset r : {Ruleset::deadlands_1876, Ruleset::deadlands_ru}) {
    ChipRules rules = chip_rules(r);
    CHECK(rules.colours == std::vector<std::string>{"white", "red", "blue"});
    CHECK(rules.each_at_night_start == 0);
    CHECK_FALSE(rules.discarded_at_night_end);
  }
  CHECK(chip_rules(Ruleset::deadlands_ru).colour_by_d6);  // 002 L20-23
  CHECK_FALSE(chip_rules(Ruleset::deadlands_1876).colour_by_d6);
}

TEST_CASE("a chip's colour by d6: 1-3 white, 4-5 red, 6 blue (002 L20-23), at each boundary", "[chips]") {
  CHECK(colour_for_d6(1) == "white");
  CHECK(colour_for_d6(3) == "white");
  CHECK(colour_for_d6(4) == "red");
  CHECK(colour_for_d6(5) == "red");
  CHECK(colour_for_d6(6) == "blue");
}

TEST_CASE("what a chip may buy: an extra d6 or a cancelled Critical Failure only from red or blue in deadlands-ru",
          "[chips]") {
  CHECK(spend_refusal(Ruleset::savage, "benny", ChipUse::reroll).empty());
  CHECK(spend_refusal(Ruleset::savage, "benny", ChipUse::soak).empty());
  CHECK_FALSE(spend_refusal(Ruleset::savage, "red", ChipUse::reroll).empty());  // savage has no colours
  CHECK_FALSE(spend_refusal(Ruleset::savage, "benny", ChipUse::extra_d6).empty());
  CHECK(spend_refusal(Ruleset::deadlands_ru, "white", ChipUse::reroll).empty());
  CHECK_FALSE(spend_refusal(Ruleset::deadlands_ru, "white", ChipUse::extra_d6).empty());  // 002 L22
  CHECK(spend_refusal(Ruleset::deadlands_ru, "red", ChipUse::extra_d6).empty());
  CHECK(spend_refusal(Ruleset::deadlands_ru, "blue", ChipUse::cancel_crit_fail).empty());  // 002 L22
  CHECK_FALSE(spend_refusal(Ruleset::deadlands_1876, "red", ChipUse::extra_d6).empty());
  CHECK_FALSE(spend_refusal(Ruleset::deadlands_1876, "green", ChipUse::reroll).empty());
  // Red so used feeds the GM's pool; blue does not; a red reroll does not (002 L22).
  CHECK(gm_gains_from_spend(Ruleset::deadlands_ru, "red", ChipUse::extra_d6));
  CHECK(gm_gains_from_spend(Ruleset::deadlands_ru, "red", ChipUse::cancel_crit_fail));
  CHECK_FALSE(gm_gains_from_spend(Ruleset::deadlands_ru, "blue", ChipUse::extra_d6));
  CHECK_FALSE(gm_gains_from_spend(Ruleset::deadlands_ru, "red", ChipUse::reroll));
  CHECK_FALSE(gm_gains_from_spend(Ruleset::savage, "benny", ChipUse::reroll));
}

TEST_CASE("a chip's use is named in words, and nothing else is one", "[chips]") {
  for (ChipUse use : {ChipUse::reroll, ChipUse::soak, ChipUse::extra_d6, ChipUse::cancel_crit_fail, ChipUse::unshake})
    CHECK(chip_use_from_string(to_string(use)) == use);
  CHECK_FALSE(chip_use_from_string("bribe"));
  CHECK_FALSE(chip_use_from_string(""));
}

TEST_CASE("chips after a fight: one each, Unlucky on 3+, Luck a second on 5+, Great Luck on 3+ (002 L15-19)",
          "[chips]") {
  const ChipRules ru = chip_rules(Ruleset::deadlands_ru);
  CHECK(ru.each_after_fight == 1);  // 002 L15
  CHECK(ru.gm_after_fight == 2);    // 002 L19
  for (Ruleset r : {Ruleset::savage, Ruleset::deadlands_1876}) {
    CHECK(chip_rules(r).each_after_fight == 0);
    CHECK(chip_rules(r).gm_after_fight == 0);
    CHECK(chips_after_fight(chip_rules(r).each_after_fight, Luck::great_luck, 6) == 0);
  }
  CHECK(chips_after_fight(1, Luck::none, 0) == 1);
  CHECK(chips_after_fight(1, Luck::unlucky, 2) == 0);  // L16: 3+ on a d6
  CHECK(chips_after_fight(1, Luck::unlucky, 3) == 1);
  CHECK(chips_after_fight(1, Luck::lucky, 4) == 1);  // L17: a second on 5+
  CHECK(chips_after_fight(1, Luck::lucky, 5) == 2);
  CHECK(chips_after_fight(1, Luck::great_luck, 2) == 1);  // L18: a second on 3+
  CHECK(chips_after_fight(1, Luck::great_luck, 3) == 2);
  CHECK(chips_after_fight(1, Luck::great_luck, 6) == 2);
  CHECK_FALSE(rolls_after_fight(Luck::none));
  for (Luck luck : {Luck::unlucky, Luck::lucky, Luck::great_luck}) {
    CHECK(rolls_after_fight(luck));
    CHECK(luck_from_string(to_string(luck)) == luck);
    CHECK(refusal([&] { chips_after_fight(1, luck, 0); }) == "out_of_range@d6");
    CHECK(refusal([&] { chips_after_fight(1, luck, 7); }) == "out_of_range@d6");
  }
  CHECK(refusal([] { chips_after_fight(2, Luck::none, 0); }) == "out_of_range@each");
  CHECK_FALSE(luck_from_string("great luck"));
}
