// Duels (RULES.md "Duel"; seed "Duels"). Cards are entered physically, by participant index
// (0 = the first duelist), one DeckSupply per step; no generator, so a missing card is refused.
#include <catch2/catch.hpp>

#include <array>
#include <optional>
#include <string>

#include "core/duel.h"
#include "core/refusal.h"

#include "test_helpers.h"

using namespace marshal::core;
using namespace marshal::core::testing;

namespace {

Character gunslinger(const std::string& name, int speed, int accuracy) {
  Character c;
  c.name = name;
  c.base.speed = speed;
  c.base.accuracy = accuracy;
  c.bystanders = {name + "-bystander"};
  return c;
}


// One round of use of the deck: the cards the two duelists drew (nullopt: none entered).
DeckSupply cards(const Duel& duel, std::optional<int> first, std::optional<int> second) {
  return DeckSupply({{first, second}}, nullptr, &duel.names());
}

}  // namespace

TEST_CASE("duel: the commitment is 0..Accuracy in use, more, or negative, is refused", "[duel]") {
  Duel duel(gunslinger("Ann", 1, 3), gunslinger("Bob", 2, 2), 0);
  {
    DeckSupply deck = cards(duel, 5, 6);
    try {
      duel.draw({4, 0}, deck);
      FAIL("a commitment above Accuracy was accepted");
    } catch (const Refusal& r) {
      CHECK(r.code() == RefusalCode::out_of_range);
      CHECK(r.field() == "commit.Ann");
    }
  }
  CHECK(refusal_code([&] {
          DeckSupply deck = cards(duel, 5, 6);
          duel.draw({0, 3}, deck);
        }) == "out_of_range");
  CHECK(refusal_code([&] {
          DeckSupply deck = cards(duel, 5, 6);
          duel.draw({-1, 0}, deck);
        }) == "out_of_range");
  CHECK(duel.phase() == Duel::Phase::draw);
  CHECK_FALSE(duel.draw_result().has_value());

  DeckSupply deck = cards(duel, 5, 6);
  const DuelDraw& draw = duel.draw({3, 2}, deck);  // the whole Accuracy is allowed
  CHECK(draw.committed == std::array<int, 2>{3, 2});
  CHECK(duel.phase() == Duel::Phase::first_round);
}

TEST_CASE("duel: a wounded duelist's Speed and Accuracy are one lower, never below 0",
          "[duel][wound]") {
  Character ann = gunslinger("Ann", 2, 3);
  ann.wounded = true;  // Speed 1, Accuracy 2 in use
  Character bob = gunslinger("Bob", 0, 0);
  bob.wounded = true;  // Speed 0, Accuracy 0 in use: never -1
  Duel duel(ann, bob, 0);

  CHECK(refusal_code([&] {
          DeckSupply deck = cards(duel, 4, 7);
          duel.draw({3, 0}, deck);
        }) == "out_of_range");
  CHECK(refusal_code([&] {
          DeckSupply deck = cards(duel, 4, 7);
          duel.draw({0, 1}, deck);
        }) == "out_of_range");

  DeckSupply deck = cards(duel, 4, 7);
  const DuelDraw& draw = duel.draw({2, 0}, deck);
  CHECK(draw.total == std::array<int, 2>{4 + 1 + 2, 7 + 0 + 0});
  CHECK(draw.first == -1);  // 7 = 7: with a -1 Speed Bob would have been slower
}

TEST_CASE("duel: the draw totals card + Speed + committed, and the higher shoots first", "[duel]") {
  Duel duel(gunslinger("Ann", 1, 3), gunslinger("Bob", 3, 2), 0);

  SECTION("the first duelist is faster") {
    DeckSupply deck = cards(duel, 5, 4);
    const DuelDraw& draw = duel.draw({2, 0}, deck);
    CHECK(draw.card == std::array<int, 2>{5, 4});
    CHECK(draw.total == std::array<int, 2>{5 + 1 + 2, 4 + 3 + 0});
    CHECK(draw.first == 0);
    REQUIRE(draw.draws.size() == 1);
    CHECK(draw.draws[0].size() == 2);
    CHECK(draw.draws[0][0].physical);
  }
  SECTION("the second duelist is faster") {
    DeckSupply deck = cards(duel, 5, 4);
    const DuelDraw& draw = duel.draw({0, 0}, deck);
    CHECK(draw.total == std::array<int, 2>{5 + 1, 4 + 3});
    CHECK(draw.first == 1);
  }
  SECTION("the draw needs both cards") {
    CHECK(refusal_code([&] {
            DeckSupply deck = cards(duel, 5, std::nullopt);
            duel.draw({0, 0}, deck);
          }) == "missing_input");
    CHECK(duel.phase() == Duel::Phase::draw);
  }
}

TEST_CASE("duel: in the first round the faster shoots with Accuracy - committed, then the slower",
          "[duel]") {
  Duel duel(gunslinger("Ann", 1, 3), gunslinger("Bob", 3, 2), 0);
  DeckSupply draw_deck = cards(duel, 6, 3);
  REQUIRE(duel.draw({2, 1}, draw_deck).first == 0);  // 9 against 7

  // Bob is listed second but is the faster in the other order; cards go by participant index.
  DeckSupply deck = cards(duel, 5, 6);
  const DuelRound& round = duel.shoot({}, deck);
  CHECK(round.number == 1);
  CHECK_FALSE(round.simultaneous);
  REQUIRE(round.shots.size() == 2);
  CHECK(round.shots[0].shooter == 0);
  CHECK(round.shots[0].accuracy == 3 - 2);
  CHECK(round.shots[0].total == 6);
  CHECK(round.shots[0].result == ShotResult::miss);
  CHECK(round.shots[1].shooter == 1);
  CHECK(round.shots[1].accuracy == 2 - 1);
  CHECK(round.shots[1].total == 7);
  CHECK(round.shots[1].result == ShotResult::nicked);
  CHECK(duel.phase() == Duel::Phase::later_rounds);
  CHECK_FALSE(duel.people()[0].wounded);
  CHECK_FALSE(duel.people()[1].wounded);
}

TEST_CASE("duel: when the second duelist is faster it fires first", "[duel]") {
  Duel duel(gunslinger("Ann", 0, 2), gunslinger("Bob", 3, 3), 0);
  DeckSupply draw_deck = cards(duel, 5, 5);
  REQUIRE(duel.draw({0, 0}, draw_deck).first == 1);
  DeckSupply deck = cards(duel, std::nullopt, 9);  // Bob: 9 + 3 = 12, Ann never fires
  const DuelRound& round = duel.shoot({}, deck);
  REQUIRE(round.shots.size() == 1);
  CHECK(round.shots[0].shooter == 1);
  CHECK(round.shots[0].target == 0);
  CHECK(duel.people()[0].dead());
}

TEST_CASE("duel: a tie shoots simultaneously, each with Accuracy - committed", "[duel]") {
  Duel duel(gunslinger("Ann", 2, 3), gunslinger("Bob", 2, 2), 0);
  DeckSupply draw_deck = cards(duel, 4, 5);
  REQUIRE(duel.draw({1, 0}, draw_deck).first == -1);  // 4+2+1 = 5+2+0

  DeckSupply deck = cards(duel, 9, 10);
  const DuelRound& round = duel.shoot({}, deck);
  CHECK(round.simultaneous);
  REQUIRE(round.shots.size() == 2);
  CHECK(round.shots[0].accuracy == 2);
  CHECK(round.shots[0].result == ShotResult::dead);
  CHECK(round.shots[1].accuracy == 2);
  CHECK(round.shots[1].result == ShotResult::dead);
  // Both shots land: the duelists kill each other.
  CHECK(duel.people()[0].dead());
  CHECK(duel.people()[1].dead());
  CHECK(duel.over());
}

TEST_CASE("duel: the slower shoots only if still able, a dead one does not draw", "[duel]") {
  Duel duel(gunslinger("Ann", 3, 3), gunslinger("Bob", 0, 3), 0);
  DeckSupply draw_deck = cards(duel, 5, 5);
  REQUIRE(duel.draw({0, 0}, draw_deck).first == 0);

  SECTION("a card entered for the dead slower duelist is refused, and nothing changes") {
    DeckSupply deck = cards(duel, 9, 10);  // Ann: 12, Bob is dead before he can fire
    try {
      duel.shoot({}, deck);
      FAIL("a card for a dead duelist was accepted");
    } catch (const Refusal& r) {
      CHECK(r.code() == RefusalCode::illegal_move);
      CHECK(r.field() == "cards.Bob");
    }
    CHECK_FALSE(duel.people()[1].dead());
    CHECK(duel.rounds().empty());
    CHECK(duel.phase() == Duel::Phase::first_round);
  }
  SECTION("without that card the killing shot is the only one") {
    DeckSupply deck = cards(duel, 9, std::nullopt);
    const DuelRound& round = duel.shoot({}, deck);
    REQUIRE(round.shots.size() == 1);
    CHECK(round.shots[0].result == ShotResult::dead);
    CHECK(duel.people()[1].dead());
    CHECK_FALSE(duel.people()[0].wounded);
    CHECK(duel.over());
  }
  SECTION("a living slower duelist's missing card is refused, and the wound is undone") {
    DeckSupply deck = cards(duel, 7, std::nullopt);  // Ann: 10 wounds Bob
    CHECK(refusal_code([&] { duel.shoot({}, deck); }) == "missing_input");
    CHECK_FALSE(duel.people()[1].wounded);
    CHECK(duel.rounds().empty());
  }
}

TEST_CASE("duel: a wound from the faster shot lowers the slower's Accuracy at once",
          "[duel][wound]") {
  Duel duel(gunslinger("Ann", 3, 2), gunslinger("Bob", 0, 3), 0);
  DeckSupply draw_deck = cards(duel, 5, 5);
  REQUIRE(duel.draw({0, 1}, draw_deck).first == 0);  // 8 against 6
  DeckSupply deck = cards(duel, 7, 9);               // Ann: 9 wounds Bob
  const DuelRound& round = duel.shoot({}, deck);
  REQUIRE(round.shots.size() == 2);
  CHECK(round.shots[0].harm == Harm::wounded);
  CHECK(round.shots[1].accuracy == (3 - 1) - 1);  // Accuracy in use minus committed
  CHECK(round.shots[1].total == 10);              // unwounded it would have been 11, a kill
  CHECK(round.shots[1].result == ShotResult::wounded);
  CHECK(duel.people()[0].wounded);
  CHECK_FALSE(duel.people()[0].dead());
  CHECK_FALSE(duel.over());
}

TEST_CASE("duel: a slower duelist who committed all and is wounded shoots with 0, not less",
          "[duel][wound]") {
  Duel duel(gunslinger("Ann", 4, 2), gunslinger("Bob", 0, 3), 0);
  DeckSupply draw_deck = cards(duel, 5, 5);
  REQUIRE(duel.draw({0, 3}, draw_deck).first == 0);  // 9 against 8
  DeckSupply deck = cards(duel, 7, 7);               // Ann: 9 wounds Bob
  const DuelRound& round = duel.shoot({}, deck);
  REQUIRE(round.shots.size() == 2);
  CHECK(round.shots[1].accuracy == 0);
  CHECK(round.shots[1].total == 7);
  CHECK(round.shots[1].result == ShotResult::nicked);
}

TEST_CASE("duel: later rounds are simultaneous with full Accuracy in use", "[duel]") {
  Duel duel(gunslinger("Ann", 3, 2), gunslinger("Bob", 0, 3), 0);
  DeckSupply draw_deck = cards(duel, 5, 5);
  REQUIRE(duel.draw({2, 3}, draw_deck).first == 0);  // 10 against 8
  DeckSupply first = cards(duel, 1, 2);              // both miss with 0 Accuracy left
  REQUIRE(duel.shoot({}, first).shots.size() == 2);

  DeckSupply second = cards(duel, 8, 6);
  const DuelRound& round2 = duel.shoot({}, second);
  CHECK(round2.number == 2);
  CHECK(round2.simultaneous);
  REQUIRE(round2.shots.size() == 2);
  CHECK(round2.shots[0].accuracy == 2);  // the commitment no longer counts
  // Ann's 10 wounds Bob in this round, but Bob aimed with the state at its start.
  CHECK(round2.shots[1].accuracy == 3);
  CHECK(round2.shots[0].result == ShotResult::wounded);
  CHECK(round2.shots[1].result == ShotResult::wounded);
  CHECK(duel.people()[0].wounded);
  CHECK(duel.people()[1].wounded);
  CHECK_FALSE(duel.over());

  DeckSupply third = cards(duel, 10, 9);
  const DuelRound& round3 = duel.shoot({}, third);
  REQUIRE(round3.shots.size() == 2);
  CHECK(round3.shots[0].accuracy == 1);  // wounded: 2 - 1
  CHECK(round3.shots[1].accuracy == 2);  // wounded: 3 - 1
  CHECK(duel.people()[0].dead());
  CHECK(duel.people()[1].dead());
  CHECK(duel.over());
}

TEST_CASE("duel: a death in a duel is lawful (KillingKind::duel) and ends it", "[duel]") {
  Duel duel(gunslinger("Ann", 3, 3), gunslinger("Bob", 0, 3), 0);
  DeckSupply draw_deck = cards(duel, 5, 5);
  duel.draw({0, 0}, draw_deck);
  DeckSupply deck = cards(duel, 8, std::nullopt);  // 11
  duel.shoot({}, deck);
  REQUIRE(duel.people()[1].dead());
  CHECK(duel.people()[1].death->kind == KillingKind::duel);
  CHECK(duel.people()[1].death->by == "Ann");
  CHECK(duel.over());
  CHECK(refusal_code([&] {
          DeckSupply more = cards(duel, 5, std::nullopt);
          duel.shoot({}, more);
        }) == "finished");
}

TEST_CASE("duel: at 13+ a disabling choice ends the duel, a wound does not", "[duel]") {
  Duel duel(gunslinger("Ann", 3, 4), gunslinger("Bob", 0, 2), 0);
  DeckSupply draw_deck = cards(duel, 5, 5);
  REQUIRE(duel.draw({0, 0}, draw_deck).first == 0);
  DuelShotChoices choices;

  SECTION("disable: the target lives, cannot fire back, and the duel is over") {
    choices.choice_at_13[0] = ShotChoice::disable;
    DeckSupply deck = cards(duel, 10, std::nullopt);  // 14
    const DuelRound& round = duel.shoot(choices, deck);
    REQUIRE(round.shots.size() == 1);
    CHECK(round.shots[0].result == ShotResult::shooters_choice);
    CHECK(round.shots[0].harm == Harm::disabled);
    CHECK(duel.people()[1].wounded);
    CHECK_FALSE(duel.people()[1].dead());
    CHECK_FALSE(duel.able(1));
    CHECK(duel.over());
  }
  SECTION("wound: the target fires back and the duel goes on") {
    choices.choice_at_13[0] = ShotChoice::wound;
    DeckSupply deck = cards(duel, 10, 6);  // Bob: 6 + (2 - 1) = 7
    const DuelRound& round = duel.shoot(choices, deck);
    REQUIRE(round.shots.size() == 2);
    CHECK(round.shots[0].harm == Harm::wounded);
    CHECK(round.shots[1].accuracy == 1);
    CHECK(duel.people()[1].wounded);
    CHECK(duel.able(1));
    CHECK_FALSE(duel.over());
  }
}

TEST_CASE("duel: a duelist trying not to kill moves the result one row down", "[duel]") {
  Duel duel(gunslinger("Ann", 3, 3), gunslinger("Bob", 0, 3), 0);
  DeckSupply draw_deck = cards(duel, 5, 5);
  duel.draw({0, 0}, draw_deck);
  DuelShotChoices choices;
  choices.not_to_kill[0] = true;
  DeckSupply deck = cards(duel, 9, 1);  // Ann: 12, dead -> wounded
  const DuelRound& round = duel.shoot(choices, deck);
  REQUIRE(round.shots.size() == 2);
  CHECK(round.shots[0].not_to_kill);
  CHECK(round.shots[0].result == ShotResult::wounded);
  CHECK_FALSE(round.shots[1].not_to_kill);
  CHECK(duel.people()[1].wounded);
  CHECK_FALSE(duel.people()[1].dead());
}

TEST_CASE("duel: both duelists may agree to stop", "[duel]") {
  Duel duel(gunslinger("Ann", 1, 1), gunslinger("Bob", 1, 1), 0);
  DeckSupply draw_deck = cards(duel, 5, 6);
  duel.draw({0, 0}, draw_deck);
  duel.stop();
  CHECK(duel.over());
  CHECK(refusal_code([&] {
          DeckSupply deck = cards(duel, 5, 6);
          duel.shoot({}, deck);
        }) == "finished");
  CHECK(refusal_code([&] { duel.stop(); }) == "finished");
  CHECK(refusal_code([&] {
          DeckSupply deck = cards(duel, 5, 6);
          duel.draw({0, 0}, deck);
        }) == "finished");
  CHECK(duel.rounds().empty());
}

TEST_CASE("duel: nobody shoots before the draw, and the draw happens once", "[duel]") {
  Duel duel(gunslinger("Ann", 1, 1), gunslinger("Bob", 1, 1), 0);
  CHECK(refusal_code([&] {
          DeckSupply deck = cards(duel, 9, 9);
          duel.shoot({}, deck);
        }) == "illegal_move");
  CHECK(duel.phase() == Duel::Phase::draw);
  CHECK(duel.rounds().empty());

  DeckSupply draw_deck = cards(duel, 5, 6);
  duel.draw({0, 0}, draw_deck);
  CHECK(refusal_code([&] {
          DeckSupply deck = cards(duel, 5, 6);
          duel.draw({0, 0}, deck);
        }) == "illegal_move");
}

TEST_CASE("duel: a dead or knocked-out character cannot start a duel", "[duel]") {
  Character dead = gunslinger("Bob", 1, 1);
  dead.death = Death{KillingKind::possible_murder, "Cy"};
  CHECK(refusal_code([&] { Duel d(gunslinger("Ann", 1, 1), dead, 0); }) == "dead");

  Character out = gunslinger("Bob", 1, 1);
  out.timers.push_back({TimerKind::knocked_out, 1000, knock_out_duration_ms});
  CHECK(refusal_code([&] { Duel d(out, gunslinger("Ann", 1, 1), 2000); }) == "knocked_out");
  // Once the five minutes are over the character may duel again.
  CHECK(refusal_code([&] { Duel d(out, gunslinger("Ann", 1, 1), 1000 + knock_out_duration_ms); }) ==
        "accepted");

  Character aching = gunslinger("Bob", 1, 1);
  aching.timers.push_back({TimerKind::headache, 0, headache_duration_ms});
  CHECK(refusal_code([&] { Duel d(gunslinger("Ann", 1, 1), aching, 10); }) == "knocked_out");

  CHECK(refusal_code([&] { Duel d(gunslinger("Ann", 1, 1), gunslinger("Ann", 2, 2), 0); }) ==
        "illegal_move");
}

TEST_CASE("duel: anyone joining turns it into a shootout carrying every wound over",
          "[duel][shootout]") {
  Duel duel(gunslinger("Ann", 3, 2), gunslinger("Bob", 0, 3), 0);
  DeckSupply draw_deck = cards(duel, 5, 5);
  duel.draw({0, 0}, draw_deck);
  DeckSupply deck = cards(duel, 7, 1);  // Ann: 9 wounds Bob; Bob misses
  duel.shoot({}, deck);
  REQUIRE(duel.people()[1].wounded);

  CHECK(refusal_code([&] { duel.into_shootout({}, 0); }) == "missing_input");
  Character dead = gunslinger("Cy", 2, 2);
  dead.death = Death{};
  CHECK(refusal_code([&] { duel.into_shootout({dead}, 0); }) == "dead");
  CHECK_FALSE(duel.over());  // a refused join leaves the duel going

  Shootout shootout = duel.into_shootout({gunslinger("Cy", 2, 2)}, 0);
  CHECK(duel.over());
  REQUIRE(shootout.people().size() == 3);
  CHECK(shootout.names() == std::vector<std::string>{"Ann", "Bob", "Cy"});
  CHECK(shootout.people()[1].wounded);
  CHECK_FALSE(shootout.people()[0].wounded);
  CHECK_FALSE(shootout.ambush_pending());

  // The wound keeps counting in the shootout: Bob fires with Accuracy 3 - 1.
  ShootoutAction at_cy;
  at_cy.kind = ShootoutAction::Kind::shoot;
  at_cy.target = 2;
  ShootoutAction cover;
  DeckSupply round_deck({{std::nullopt, 4, std::nullopt}}, nullptr, &shootout.names());
  const ShootoutRound& round = shootout.shoot({cover, at_cy, cover}, round_deck);
  CHECK(round.number == 1);
  REQUIRE(round.shots.size() == 1);
  CHECK(round.shots[0].accuracy == 2);

  CHECK(refusal_code([&] { duel.into_shootout({gunslinger("Dee", 1, 1)}, 0); }) == "finished");
}

TEST_CASE("duel: a duel that has ended cannot be joined", "[duel]") {
  Duel duel(gunslinger("Ann", 3, 3), gunslinger("Bob", 0, 3), 0);
  DeckSupply draw_deck = cards(duel, 5, 5);
  duel.draw({0, 0}, draw_deck);
  DeckSupply deck = cards(duel, 10, std::nullopt);
  duel.shoot({}, deck);
  REQUIRE(duel.over());
  CHECK(refusal_code([&] { duel.into_shootout({gunslinger("Cy", 1, 1)}, 0); }) == "finished");
}
