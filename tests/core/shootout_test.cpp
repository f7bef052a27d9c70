// Shootouts (RULES.md "Shootout"; seed "Shootouts"). Cards are entered physically by participant
// index, one DeckSupply per round, with no generator: a missing card is refused, and so is a card
// entered for someone who does not draw. The bystanders' rules: shootout_bystanders_test.cpp.
#include <catch2/catch.hpp>

#include "core/duel.h"
#include "core/refusal.h"
#include "shootout_helpers.h"


TEST_CASE("shootout: 3 or more with guns drawn, 2 only when an ambusher opens it", "[shootout]") {
  CHECK(refusal_code([] { Shootout s(posse({"Ann", "Bob"}), {}, 0); }) == "illegal_move");
  // Two shooting it out, not a duel (004 L66, L79, L282): two, not one.
  CHECK(refusal_code([] { Shootout s(posse({"Ann", "Bob"}), {}, 0, true); }) == "accepted");
  CHECK(refusal_code([] { Shootout s(posse({"Ann"}), {}, 0, true); }) == "illegal_move");
  CHECK(refusal_code([] { Shootout s(posse({"Ann", "Bob", "Cy"}), {}, 0); }) == "accepted");
  CHECK(refusal_code([] { Shootout s(posse({"Ann", "Bob"}), {0}, 0); }) == "accepted");
  CHECK(refusal_code([] { Shootout s(posse({"Ann"}), {0}, 0); }) == "illegal_move");
  // An ambush needs someone to ambush, among the participants.
  CHECK(refusal_code([] { Shootout s(posse({"Ann", "Bob"}), {0, 1}, 0); }) == "illegal_move");
  CHECK(refusal_code([] { Shootout s(posse({"Ann", "Bob"}), {2}, 0); }) == "unknown_participant");

  std::vector<Character> with_dead = posse({"Ann", "Bob", "Cy"});
  with_dead[2].death = Death{};
  CHECK(refusal_code([&] { Shootout s(with_dead, {}, 0); }) == "dead");
}

TEST_CASE("shootout: all shots of a round resolve at once, two can kill each other", "[shootout]") {
  Shootout s(posse({"Ann", "Bob", "Cy"}, 2), {}, 0);
  DeckSupply deck({{10, 9, no_card}}, nullptr, &s.names());
  const ShootoutRound& drawn = s.shoot({shoot_at(1), shoot_at(0), cover}, deck);
  CHECK(drawn.number == 1);
  CHECK_FALSE(drawn.ambush);
  REQUIRE(drawn.shots.size() == 2);
  CHECK(drawn.shots[0].result == ShotResult::dead);  // 12
  CHECK(drawn.shots[1].result == ShotResult::dead);  // 11
  // Nothing lands before the targets have decided about bystanders.
  CHECK(s.round_open());
  CHECK_FALSE(s.people()[0].dead());
  CHECK_FALSE(s.people()[1].dead());

  s.settle({});
  CHECK(s.people()[0].dead());
  CHECK(s.people()[1].dead());
  CHECK(s.people()[0].death->by == "Bob");
  CHECK(s.people()[1].death->by == "Ann");
  CHECK_FALSE(s.round_open());
}

TEST_CASE("shootout: every participant still in the fight must declare", "[shootout]") {
  Shootout s(posse({"Ann", "Bob", "Cy"}), {}, 0);
  DeckSupply deck({{3, no_card, no_card}}, nullptr, &s.names());
  try {
    s.shoot({shoot_at(1), no_card, cover}, deck);
    FAIL("a missing declaration was accepted");
  } catch (const Refusal& r) {
    CHECK(r.code() == RefusalCode::missing_input);
    CHECK(r.field() == "actions.Bob");
  }
  // A short list leaves the last participant undeclared.
  CHECK(refusal_code([&] {
          DeckSupply d({{3, no_card, no_card}}, nullptr, &s.names());
          s.shoot({shoot_at(1), cover}, d);
        }) == "missing_input");
  CHECK(s.rounds().empty());
  CHECK_FALSE(s.round_open());
}

TEST_CASE("shootout: a refused round leaves the shootout as it was, pending escapes included",
          "[shootout]") {
  Shootout s(posse({"Ann", "Bob", "Cy", "Dee"}), {}, 0);
  play(s, {shoot_at(1), shoot_at(0), cover, cover}, {1, 1, no_card, no_card});
  play(s, {shoot_at(1), shoot_at(0), cover, cover}, {2, 2, no_card, no_card});
  s.escape(3);

  CHECK(refusal_code([&] {
          DeckSupply d({{3, 3, no_card, no_card}}, nullptr, &s.names());
          s.shoot({shoot_at(1), shoot_at(0), no_card, no_card}, d);  // Cy does not declare
        }) == "missing_input");
  CHECK(refusal_code([&] {
          DeckSupply d({{3, no_card, no_card, no_card}}, nullptr, &s.names());  // Bob's card is missing
          s.shoot({shoot_at(1), shoot_at(0), cover, no_card}, d);
        }) == "missing_input");
  REQUIRE(s.rounds().size() == 2);

  const ShootoutRound& round = play(s, {shoot_at(1), shoot_at(0), cover, no_card}, {3, 3, no_card, no_card});
  CHECK(round.escaped == std::vector<int>{3});
}

TEST_CASE("shootout: nobody shoots or declares for the dead or the escaped", "[shootout]") {
  Shootout s(posse({"Ann", "Bob", "Cy", "Dee"}, 1), {}, 0);
  play(s, {shoot_at(1), cover, cover, cover}, {10, no_card, no_card, no_card});  // Ann kills Bob
  REQUIRE(s.people()[1].dead());
  play(s, {shoot_at(2), no_card, cover, cover}, {1, no_card, no_card, no_card});
  s.escape(3);  // two rounds in cover, never pinned

  CHECK(refusal_code([&] {
          DeckSupply d({{5, no_card, no_card, no_card}}, nullptr, &s.names());
          s.shoot({shoot_at(1), no_card, cover, no_card}, d);
        }) == "dead");
  CHECK(refusal_code([&] {
          DeckSupply d({{5, no_card, no_card, no_card}}, nullptr, &s.names());
          s.shoot({shoot_at(3), no_card, cover, no_card}, d);
        }) == "illegal_move");
  CHECK(refusal_code([&] {
          DeckSupply d({{5, no_card, no_card, no_card}}, nullptr, &s.names());
          s.shoot({shoot_at(2), cover, cover, no_card}, d);  // the dead Bob declares
        }) == "dead");
  CHECK(refusal_code([&] {
          DeckSupply d({{5, no_card, no_card, no_card}}, nullptr, &s.names());
          s.shoot({shoot_at(2), no_card, cover, cover}, d);  // the escaped Dee declares
        }) == "illegal_move");
  CHECK(refusal_code([&] {
          DeckSupply d({{5, no_card, no_card, no_card}}, nullptr, &s.names());
          s.shoot({shoot_at(0), no_card, cover, no_card}, d);  // at oneself
        }) == "unknown_participant");
  CHECK(refusal_code([&] {
          DeckSupply d({{5, no_card, no_card, no_card}}, nullptr, &s.names());
          s.shoot({shoot_at(7), no_card, cover, no_card}, d);
        }) == "unknown_participant");
  CHECK(s.rounds().size() == 2);
}

TEST_CASE("shootout: a pin is only against someone taking cover, and the pinner draws no card",
          "[shootout]") {
  Shootout s(posse({"Ann", "Bob", "Cy"}), {}, 0);
  CHECK(refusal_code([&] {
          DeckSupply d({{no_card, 4, no_card}}, nullptr, &s.names());
          s.shoot({pin(1), shoot_at(0), cover}, d);  // Bob is shooting, not in cover
        }) == "illegal_move");
  CHECK(refusal_code([&] {
          DeckSupply d({{6, no_card, no_card}}, nullptr, &s.names());  // a card for the pinner
          s.shoot({pin(1), cover, cover}, d);
        }) == "illegal_move");

  DeckSupply deck({{no_card, no_card, 4}}, nullptr, &s.names());
  const ShootoutRound& round = s.shoot({pin(1), cover, shoot_at(0)}, deck);
  CHECK(round.pinned == std::vector<int>{1});
  REQUIRE(round.shots.size() == 1);
  CHECK(round.shots[0].shooter == 2);
  REQUIRE(round.draws.size() == 1);
  REQUIRE(round.draws[0].size() == 1);
  CHECK(round.draws[0][0].who == 2);
  s.settle({});
  CHECK(s.cover_streak(1) == 0);
}

TEST_CASE("shootout: escape after two cover rounds in a row without being pinned", "[shootout]") {
  // Accuracy 0 and low cards: every shot misses, so only the declarations matter.
  Shootout s(posse({"Ann", "Bob", "Cy", "Dee"}), {}, 0);

  play(s, {shoot_at(1), cover, cover, cover}, {1, no_card, no_card, no_card});
  CHECK(s.cover_streak(1) == 1);
  CHECK(s.cover_streak(2) == 1);
  CHECK(s.cover_streak(3) == 1);
  CHECK_FALSE(s.may_escape(2));
  CHECK(refusal_code([&] { s.escape(2); }) == "illegal_move");  // one round is not enough

  // Bob shoots (a shooting round resets), Dee is pinned (a pinned round resets).
  play(s, {pin(3), shoot_at(0), cover, cover}, {no_card, 2, no_card, no_card});
  CHECK(s.cover_streak(1) == 0);
  CHECK(s.cover_streak(2) == 2);
  CHECK(s.cover_streak(3) == 0);
  CHECK_FALSE(s.may_escape(1));
  CHECK_FALSE(s.may_escape(3));
  CHECK(refusal_code([&] { s.escape(3); }) == "illegal_move");
  REQUIRE(s.may_escape(2));
  s.escape(2);
  CHECK(s.has_escaped(2));
  CHECK_FALSE(s.present(2));
  CHECK_FALSE(s.over());

  // Not while a round waits for its bystander decisions.
  DeckSupply deck({{3, 3, no_card, no_card}}, nullptr, &s.names());
  const ShootoutRound& round = s.shoot({shoot_at(1), shoot_at(0), no_card, cover}, deck);
  CHECK(round.escaped == std::vector<int>{2});
  CHECK(refusal_code([&] { s.escape(3); }) == "illegal_move");
  s.settle({});
  CHECK(s.cover_streak(3) == 1);
  CHECK_FALSE(s.may_escape(3));

  play(s, {shoot_at(1), shoot_at(0), no_card, cover}, {4, 4, no_card, no_card});
  CHECK(s.may_escape(3));
  s.escape(3);
  CHECK(s.has_escaped(3));
  CHECK_FALSE(s.over());  // Ann and Bob can still shoot
}

TEST_CASE("shootout: nobody joins once it has started, a duel someone joins becomes one",
          "[shootout][duel]") {
  // The only way into a running gunfight is to join a duel, which then ends.
  Character ann = gunslinger("Ann", 1);
  Character bob = gunslinger("Bob", 1);
  Duel duel(ann, bob, 0);
  Shootout s = duel.into_shootout({gunslinger("Cy", 1)}, 0);
  CHECK(duel.over());
  CHECK(s.names() == std::vector<std::string>{"Ann", "Bob", "Cy"});

  // A declaration for a fourth participant is refused: the list of participants is fixed.
  CHECK(refusal_code([&] {
          DeckSupply d({{no_card, no_card, no_card, 5}}, nullptr, &s.names());
          s.shoot({cover, cover, cover, shoot_at(0)}, d);
        }) == "unknown_participant");
  CHECK(refusal_code([&] { duel.into_shootout({gunslinger("Dee", 1)}, 0); }) == "finished");
  play(s, {shoot_at(1), cover, cover}, {1, no_card, no_card});
  CHECK(s.people().size() == 3);
}

TEST_CASE("shootout: an ambush's free round is round 0 and only the ambushers act",
          "[shootout][ambush]") {
  Shootout s(posse({"Ann", "Bob", "Cy"}, 1), {0}, 0);
  CHECK(s.ambush_pending());
  CHECK(refusal_code([&] {
          DeckSupply d({{5, 5, no_card}}, nullptr, &s.names());
          s.shoot({shoot_at(1), shoot_at(0), no_card}, d);  // Bob is ambushed and cannot fire
        }) == "illegal_move");
  CHECK(refusal_code([&] {
          DeckSupply d({{5, no_card, no_card}}, nullptr, &s.names());
          s.shoot({shoot_at(1), no_card, cover}, d);  // nor take cover as a declaration
        }) == "illegal_move");
  CHECK(refusal_code([&] {
          DeckSupply d({{no_card, no_card, no_card}}, nullptr, &s.names());
          s.shoot({no_card, no_card, no_card}, d);  // but the ambusher must declare
        }) == "missing_input");

  const ShootoutRound& ambush = play(s, {shoot_at(1), no_card, no_card}, {8, no_card, no_card});
  CHECK(ambush.number == 0);
  CHECK(ambush.ambush);
  CHECK(ambush.acting == std::vector<bool>{true, false, false});
  CHECK(s.people()[1].wounded);  // 8 + 1 = 9
  CHECK_FALSE(s.ambush_pending());
  // The ambushed did not take cover: the free round does not count toward an escape.
  CHECK(s.cover_streak(1) == 0);
  CHECK(s.cover_streak(2) == 0);

  const ShootoutRound& next = play(s, {cover, shoot_at(0), shoot_at(0)}, {no_card, 1, 1});
  CHECK(next.number == 1);
  CHECK_FALSE(next.ambush);
  CHECK(next.shots.size() == 2);
}

TEST_CASE("shootout: an ambush of one by one is allowed", "[shootout][ambush]") {
  Shootout s(posse({"Ann", "Bob"}, 2), {1}, 0);
  const ShootoutRound& ambush = play(s, {no_card, shoot_at(0)}, {no_card, 10});
  CHECK(ambush.number == 0);
  CHECK(s.people()[0].dead());
  CHECK(s.over());
}

TEST_CASE("shootout: a Lawman's kill is recorded as lawman, any other as possible murder",
          "[shootout]") {
  std::vector<Character> people = posse({"Ann", "Bob", "Cy", "Dee"}, 2);
  people[0].powers = {Power::lawman};
  Shootout s(people, {}, 0);
  play(s, {shoot_at(1), cover, shoot_at(3), cover}, {9, no_card, 10, no_card});
  REQUIRE(s.people()[1].dead());
  REQUIRE(s.people()[3].dead());
  CHECK(s.people()[1].death->kind == KillingKind::lawman);
  CHECK(s.people()[1].death->by == "Ann");
  CHECK(s.people()[3].death->kind == KillingKind::possible_murder);
  CHECK(s.people()[3].death->by == "Cy");
}

TEST_CASE("shootout: someone shot out of the fight at 13+ can only take cover", "[shootout]") {
  Shootout s(posse({"Ann", "Bob", "Cy", "Dee"}, 3), {}, 0);
  play(s, {shoot_at(1, ShotChoice::disable), cover, cover, cover}, {10, no_card, no_card, no_card});
  CHECK(s.disabled(1));
  CHECK(s.people()[1].wounded);
  CHECK_FALSE(s.people()[1].dead());
  CHECK_FALSE(s.can_shoot(1));
  CHECK(s.present(1));

  CHECK(refusal_code([&] {
          DeckSupply d({{no_card, 5, no_card, no_card}}, nullptr, &s.names());
          s.shoot({cover, shoot_at(0), cover, cover}, d);
        }) == "illegal_move");
  CHECK(refusal_code([&] {
          DeckSupply d({{no_card, no_card, no_card, no_card}}, nullptr, &s.names());
          s.shoot({cover, pin(0), cover, cover}, d);
        }) == "illegal_move");
  // Cover is allowed, and the disabled player can still be a target.
  const ShootoutRound& round = play(s, {shoot_at(1), cover, cover, cover}, {1, no_card, no_card, no_card});
  CHECK(round.shots.size() == 1);
  CHECK(s.cover_streak(1) == 2);
}

TEST_CASE("shootout: a 13+ wound leaves the target in the fight", "[shootout]") {
  Shootout s(posse({"Ann", "Bob", "Cy"}, 3), {}, 0);
  play(s, {shoot_at(1, ShotChoice::wound), cover, cover}, {10, no_card, no_card});
  CHECK(s.people()[1].wounded);
  CHECK(s.can_shoot(1));
  const ShootoutRound& round = play(s, {cover, shoot_at(0), cover}, {no_card, 1, no_card});
  REQUIRE(round.shots.size() == 1);
  CHECK(round.shots[0].accuracy == 2);  // Accuracy in use after the wound
}

TEST_CASE("shootout: the arrestable are the wounded and those pinned in the last round",
          "[shootout][arrest]") {
  std::vector<Character> people = posse({"Ann", "Bob", "Cy", "Dee", "Eve", "Fay"});
  people[2].base.accuracy = 1;
  Shootout s(people, {}, 0);
  // Round 1: Ann wounds Bob, Cy kills Dee, Fay wounds Eve.
  play(s, {shoot_at(1), cover, shoot_at(3), cover, cover, shoot_at(4)},
       {9, no_card, 10, no_card, no_card, 9});
  // Round 2: Fay is pinned; Bob and Eve have now been in cover twice, unpinned.
  play(s, {pin(5), cover, shoot_at(0), no_card, cover, cover}, {no_card, no_card, 1, no_card, no_card, no_card});
  s.escape(1);  // the wounded Bob gets away
  // Round 3: Ann is pinned; Fay, pinned in round 2, is not any more.
  play(s, {cover, no_card, pin(0), no_card, cover, shoot_at(2)}, {no_card, no_card, no_card, no_card, no_card, 2});
  s.stop();
  CHECK(s.over());
  CHECK(s.people()[1].wounded);
  CHECK(s.people()[3].dead());
  CHECK(s.arrestable() == std::vector<int>{0, 4});
}

TEST_CASE("shootout: it ends when fewer than two can still shoot", "[shootout]") {
  SECTION("one dead and one shot out of the fight") {
    Shootout s(posse({"Ann", "Bob", "Cy"}, 3), {}, 0);
    DeckSupply deck({{9, 10, no_card}}, nullptr, &s.names());
    s.shoot({shoot_at(1), shoot_at(2, ShotChoice::disable), cover}, deck);
    CHECK_FALSE(s.over());
    CHECK(refusal_code([&] { s.stop(); }) == "illegal_move");  // settle first
    s.settle({});
    CHECK(s.people()[1].dead());
    CHECK(s.disabled(2));
    CHECK(s.over());
    CHECK(refusal_code([&] {
            DeckSupply d({{5, no_card, no_card}}, nullptr, &s.names());
            s.shoot({shoot_at(2), no_card, cover}, d);
          }) == "finished");
  }
  SECTION("escapes leave one shooter") {
    Shootout s(posse({"Ann", "Bob", "Cy"}), {}, 0);
    play(s, {shoot_at(1), cover, cover}, {1, no_card, no_card});  // misses
    play(s, {shoot_at(1), cover, cover}, {1, no_card, no_card});
    s.escape(1);
    CHECK_FALSE(s.over());  // Ann and Cy can still shoot
    s.escape(2);
    CHECK(s.over());
    CHECK(refusal_code([&] { s.escape(0); }) == "finished");
  }
  SECTION("stopped by the GM") {
    Shootout s(posse({"Ann", "Bob", "Cy"}), {}, 0);
    s.stop();
    CHECK(s.over());
    CHECK(refusal_code([&] {
            DeckSupply d({{5, no_card, no_card}}, nullptr, &s.names());
            s.shoot({shoot_at(1), cover, cover}, d);
          }) == "finished");
  }
}
