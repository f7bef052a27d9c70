// The Gunslingin' chart (RULES.md "Gunslingin' chart"; seed "Duels"):
// total = card + Accuracy in use; <=6 miss, 7-8 nicked, 9-10 wounded, 11-12 dead,
// >=13 shooter's choice. "Trying not to kill" steps one row down, except at >=13.
#include <catch2/catch.hpp>

#include "core/gunslinging.h"

using namespace marshal::core;

TEST_CASE("chart: every row boundary, 6/7, 8/9, 10/11, 12/13", "[chart]") {
  CHECK(chart_row(-1) == ShotResult::miss);
  CHECK(chart_row(1) == ShotResult::miss);
  CHECK(chart_row(6) == ShotResult::miss);
  CHECK(chart_row(7) == ShotResult::nicked);
  CHECK(chart_row(8) == ShotResult::nicked);
  CHECK(chart_row(9) == ShotResult::wounded);
  CHECK(chart_row(10) == ShotResult::wounded);
  CHECK(chart_row(11) == ShotResult::dead);
  CHECK(chart_row(12) == ShotResult::dead);
  CHECK(chart_row(13) == ShotResult::shooters_choice);
  CHECK(chart_row(14) == ShotResult::shooters_choice);
}

TEST_CASE("chart: resolve_shot totals the card and the Accuracy in use", "[chart]") {
  struct Case {
    int card, accuracy;
    ShotResult row;
  };
  // Each boundary reached from both sides, with different splits of card and Accuracy.
  const Case cases[] = {
      {6, 0, ShotResult::miss},
      {4, 2, ShotResult::miss},
      {5, 2, ShotResult::nicked},
      {7, 1, ShotResult::nicked},
      {8, 1, ShotResult::wounded},
      {5, 4, ShotResult::wounded},
      {10, 0, ShotResult::wounded},
      {10, 1, ShotResult::dead},
      {8, 4, ShotResult::dead},
      {9, 3, ShotResult::dead},
      {10, 3, ShotResult::shooters_choice},
      {9, 4, ShotResult::shooters_choice},
  };
  for (const auto& c : cases) {
    CAPTURE(c.card, c.accuracy);
    Shot shot = resolve_shot(2, 5, c.card, c.accuracy, false, ShotChoice::kill);
    CHECK(shot.total == c.card + c.accuracy);
    CHECK(shot.result == c.row);
    CHECK(shot.shooter == 2);
    CHECK(shot.target == 5);
    CHECK(shot.card == c.card);
    CHECK(shot.accuracy == c.accuracy);
    CHECK_FALSE(shot.bystander.has_value());
  }
}

TEST_CASE("chart: not to kill steps each row down one, the 13+ row excepted", "[chart]") {
  CHECK(step_down_for_not_to_kill(ShotResult::dead) == ShotResult::wounded);
  CHECK(step_down_for_not_to_kill(ShotResult::wounded) == ShotResult::nicked);
  CHECK(step_down_for_not_to_kill(ShotResult::nicked) == ShotResult::miss);
  CHECK(step_down_for_not_to_kill(ShotResult::miss) == ShotResult::miss);
  CHECK(step_down_for_not_to_kill(ShotResult::shooters_choice) == ShotResult::shooters_choice);

  // At every boundary, through the whole chain.
  CHECK(shot_result(6, true) == ShotResult::miss);
  CHECK(shot_result(7, true) == ShotResult::miss);
  CHECK(shot_result(8, true) == ShotResult::miss);
  CHECK(shot_result(9, true) == ShotResult::nicked);
  CHECK(shot_result(10, true) == ShotResult::nicked);
  CHECK(shot_result(11, true) == ShotResult::wounded);
  CHECK(shot_result(12, true) == ShotResult::wounded);
  CHECK(shot_result(13, true) == ShotResult::shooters_choice);
  CHECK(shot_result(12, false) == ShotResult::dead);
}

TEST_CASE("chart: a not-to-kill shot does the harm of its lowered row", "[chart]") {
  Shot killing = resolve_shot(0, 1, 9, 2, true, ShotChoice::kill);  // 11: dead -> wounded
  CHECK(killing.not_to_kill);
  CHECK(killing.result == ShotResult::wounded);
  CHECK(killing.harm == Harm::wounded);

  Shot wounding = resolve_shot(0, 1, 9, 0, true, ShotChoice::kill);  // 9: wounded -> nicked
  CHECK(wounding.result == ShotResult::nicked);
  CHECK(wounding.harm == Harm::none);

  // 13+: the shooter still chooses, and a kill stays a kill.
  Shot choice = resolve_shot(0, 1, 10, 3, true, ShotChoice::kill);
  CHECK(choice.result == ShotResult::shooters_choice);
  REQUIRE(choice.choice.has_value());
  CHECK(*choice.choice == ShotChoice::kill);
  CHECK(choice.harm == Harm::dead);
}

TEST_CASE("chart: the 13+ choice kill/wound/disable maps to its harm", "[chart]") {
  CHECK(harm_of(ShotResult::shooters_choice, ShotChoice::kill) == Harm::dead);
  CHECK(harm_of(ShotResult::shooters_choice, ShotChoice::wound) == Harm::wounded);
  CHECK(harm_of(ShotResult::shooters_choice, ShotChoice::disable) == Harm::disabled);

  // Below 13 the choice is ignored and not recorded.
  for (ShotChoice c : {ShotChoice::kill, ShotChoice::wound, ShotChoice::disable}) {
    CHECK(harm_of(ShotResult::miss, c) == Harm::none);
    CHECK(harm_of(ShotResult::nicked, c) == Harm::none);
    CHECK(harm_of(ShotResult::wounded, c) == Harm::wounded);
    CHECK(harm_of(ShotResult::dead, c) == Harm::dead);
    CHECK_FALSE(resolve_shot(0, 1, 8, 4, false, c).choice.has_value());
  }
  Shot disable = resolve_shot(0, 1, 10, 4, false, ShotChoice::disable);
  REQUIRE(disable.choice.has_value());
  CHECK(*disable.choice == ShotChoice::disable);
  CHECK(disable.harm == Harm::disabled);

  CHECK(shot_choice_from_string("disable") == ShotChoice::disable);
  CHECK(shot_choice_from_string("wound") == ShotChoice::wound);
  CHECK(shot_choice_from_string("kill") == ShotChoice::kill);
  CHECK_FALSE(shot_choice_from_string("maim").has_value());
}

TEST_CASE("chart: a bystander may take only a wounding or killing row, never 13+",
          "[chart][bystander]") {
  CHECK_FALSE(bystander_may_take(ShotResult::miss));
  CHECK_FALSE(bystander_may_take(ShotResult::nicked));
  CHECK(bystander_may_take(ShotResult::wounded));
  CHECK(bystander_may_take(ShotResult::dead));
  CHECK_FALSE(bystander_may_take(ShotResult::shooters_choice));
  // By total, at the edges of what a bystander may take.
  CHECK_FALSE(bystander_may_take(chart_row(8)));
  CHECK(bystander_may_take(chart_row(9)));
  CHECK(bystander_may_take(chart_row(12)));
  CHECK_FALSE(bystander_may_take(chart_row(13)));
}
