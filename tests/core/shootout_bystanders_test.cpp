// Innocent bystanders in a shootout (RULES.md "Innocent bystanders"; seed "Innocent Bystanders"):
// one may take a wounding or killing bullet for its holder, never at 13 or more, one per bullet.
#include <catch2/catch.hpp>

#include "core/refusal.h"
#include "shootout_helpers.h"


TEST_CASE("bystanders: one may take a wounding or killing shot, which then does no harm",
          "[shootout][bystander]") {
  Shootout s(posse({"Ann", "Bob", "Cy"}, 2), {}, 0);
  DeckSupply deck({{9, 7, no_card}}, nullptr, &s.names());
  // Ann 11 kills Bob, Bob 9 wounds Ann.
  const ShootoutRound& drawn = s.shoot({shoot_at(1), shoot_at(0), cover}, deck);
  REQUIRE(drawn.shots.size() == 2);
  CHECK(drawn.bystander_allowed == std::vector<bool>{true, true});

  const ShootoutRound& round = s.settle({{0, "Bob-b2"}, {1, "Ann-b1"}});
  CHECK_FALSE(s.people()[1].dead());
  CHECK_FALSE(s.people()[1].wounded);
  CHECK_FALSE(s.people()[0].wounded);
  CHECK(s.people()[1].bystanders == std::vector<std::string>{"Bob-b1"});
  CHECK(s.people()[0].bystanders == std::vector<std::string>{"Ann-b2"});
  REQUIRE(round.shots[0].bystander.has_value());
  CHECK(*round.shots[0].bystander == "Bob-b2");
  CHECK(round.shots[0].harm == Harm::none);
  // The bystander is recorded dead or wounded to match the shot.
  CHECK(round.shots[0].result == ShotResult::dead);
  CHECK(round.shots[1].result == ShotResult::wounded);
  CHECK(round.sacrifices.size() == 2);
}

TEST_CASE("bystanders: never against a shot of 13 or more", "[shootout][bystander]") {
  Shootout s(posse({"Ann", "Bob", "Cy"}, 3), {}, 0);
  DeckSupply deck({{10, no_card, no_card}}, nullptr, &s.names());
  const ShootoutRound& drawn = s.shoot({shoot_at(1, ShotChoice::wound), cover, cover}, deck);
  CHECK(drawn.bystander_allowed == std::vector<bool>{false});
  CHECK(refusal_code([&] { s.settle({{0, "Bob-b1"}}); }) == "illegal_move");
  CHECK(s.people()[1].bystanders.size() == 2);
  CHECK(s.round_open());

  s.settle({});
  CHECK(s.people()[1].wounded);
  CHECK_FALSE(s.people()[1].dead());
}

TEST_CASE("bystanders: not for a miss or a nick", "[shootout][bystander]") {
  Shootout s(posse({"Ann", "Bob", "Cy"}, 0), {}, 0);
  DeckSupply deck({{6, 8, no_card}}, nullptr, &s.names());
  const ShootoutRound& drawn = s.shoot({shoot_at(1), shoot_at(2), cover}, deck);
  CHECK(drawn.bystander_allowed == std::vector<bool>{false, false});
  CHECK(refusal_code([&] { s.settle({{0, "Bob-b1"}}); }) == "illegal_move");
  CHECK(refusal_code([&] { s.settle({{1, "Cy-b1"}}); }) == "illegal_move");
  CHECK(s.people()[1].bystanders.size() == 2);
  CHECK(s.people()[2].bystanders.size() == 2);
}

TEST_CASE("bystanders: one per bullet", "[shootout][bystander]") {
  Shootout s(posse({"Ann", "Bob", "Cy"}, 2), {}, 0);
  DeckSupply deck({{9, no_card, 8}}, nullptr, &s.names());
  s.shoot({shoot_at(1), cover, shoot_at(1)}, deck);  // two bullets at Bob: 11 and 10
  CHECK(refusal_code([&] { s.settle({{0, "Bob-b1"}, {0, "Bob-b2"}}); }) == "illegal_move");
  CHECK(s.people()[1].bystanders.size() == 2);
  CHECK(s.round_open());

  // Each of two bullets may take its own bystander.
  s.settle({{0, "Bob-b1"}, {1, "Bob-b2"}});
  CHECK_FALSE(s.people()[1].dead());
  CHECK_FALSE(s.people()[1].wounded);
  CHECK(s.people()[1].bystanders.empty());
}

TEST_CASE("bystanders: the card must be held by the target, a refused settle changes nothing",
          "[shootout][bystander]") {
  Shootout s(posse({"Ann", "Bob", "Cy"}, 2), {}, 0);
  DeckSupply deck({{9, 7, no_card}}, nullptr, &s.names());
  s.shoot({shoot_at(1), shoot_at(2), cover}, deck);  // Ann kills Bob, Bob wounds Cy

  // The first sacrifice is good, the second names a card Cy does not hold.
  try {
    s.settle({{0, "Bob-b1"}, {1, "Ann-b1"}});
    FAIL("a bystander card not held by the target was accepted");
  } catch (const Refusal& r) {
    CHECK(r.code() == RefusalCode::already_spent);
  }
  CHECK(s.round_open());
  CHECK(s.people()[0].bystanders.size() == 2);
  CHECK(s.people()[1].bystanders.size() == 2);
  CHECK(s.people()[2].bystanders.size() == 2);
  CHECK_FALSE(s.rounds().back().shots[0].bystander.has_value());
  CHECK_FALSE(s.rounds().back().shots[1].bystander.has_value());
  CHECK(s.rounds().back().sacrifices.empty());
  CHECK_FALSE(s.people()[1].dead());
  CHECK_FALSE(s.people()[2].wounded);
  CHECK(refusal_code([&] { s.settle({{5, "Bob-b1"}}); }) == "unknown_participant");

  s.settle({{0, "Bob-b1"}});
  CHECK_FALSE(s.people()[1].dead());
  CHECK(s.people()[2].wounded);
  CHECK(s.people()[1].bystanders == std::vector<std::string>{"Bob-b2"});
}

TEST_CASE("bystanders: a target with none left is offered none", "[shootout][bystander]") {
  std::vector<Character> people = posse({"Ann", "Bob", "Cy"}, 2);
  people[1].bystanders.clear();
  Shootout s(people, {}, 0);
  DeckSupply deck({{9, no_card, no_card}}, nullptr, &s.names());
  const ShootoutRound& drawn = s.shoot({shoot_at(1), cover, cover}, deck);
  CHECK(drawn.bystander_allowed == std::vector<bool>{false});
  CHECK(refusal_code([&] { s.settle({{0, "Bob-b1"}}); }) == "already_spent");
}
