// Fistfight (RULES.md "Fistfight"; seed "Fist fights"). Cards are entered physically, by
// participant index, with no generator: a card the round does not need is refused.
#include <catch2/catch.hpp>

#include <functional>
#include <string>

#include "core/brawl.h"
#include "core/fistfight.h"
#include "core/refusal.h"

#include "test_helpers.h"

using namespace marshal::core;
using namespace marshal::core::testing;

namespace {

using Splits = std::array<std::optional<FistSplit>, 2>;



// One round with physically entered cards (cards[i] = participant i's card).
const FistRound& play(Fistfight& fight, const Splits& splits, GivenCards cards,
                      std::int64_t now_ms = 0) {
  DeckSupply deck({std::move(cards)}, nullptr, &fight.names());
  return fight.round(splits, deck, now_ms);
}

}  // namespace

TEST_CASE("Fistfight: exactly two fighters who can take part", "[fistfight]") {
  CHECK(refusal([] { Fistfight f(fighter("Ann", 2), fighter("Ann", 2), 0); }) ==
        "illegal_move@fighters[1]");
  Character dead = fighter("Bob", 2);
  dead.death = Death{KillingKind::possible_murder, "Cy"};
  CHECK(refusal([&] { Fistfight f(fighter("Ann", 2), dead, 0); }) == "dead@fighters[1]");
  Character out_cold = fighter("Bob", 2);
  out_cold.timers.push_back({TimerKind::knocked_out, 0, knock_out_duration_ms});
  CHECK(refusal([&] { Fistfight f(out_cold, fighter("Ann", 2), 1000); }) ==
        "knocked_out@fighters[0]");
}

TEST_CASE("Fistfight: the split is two non-negative numbers adding up to HtH in use",
          "[fistfight]") {
  // Bob is wounded: HtH 2 in use 1.
  Fistfight fight(fighter("Ann", 3), fighter("Bob", 2, true), 0);
  const FistSplit bob_ok{0, 1};
  CHECK(refusal([&] { play(fight, {FistSplit{2, 2}, bob_ok}, {2, 2}); }) ==
        "out_of_range@split.Ann");
  CHECK(refusal([&] { play(fight, {FistSplit{1, 1}, bob_ok}, {2, 2}); }) ==
        "out_of_range@split.Ann");
  CHECK(refusal([&] { play(fight, {FistSplit{-1, 4}, bob_ok}, {2, 2}); }) ==
        "out_of_range@split.Ann");
  CHECK(refusal([&] { play(fight, {FistSplit{4, -1}, bob_ok}, {2, 2}); }) ==
        "out_of_range@split.Ann");
  // The printed HtH 2 is not what Bob has in use.
  CHECK(refusal([&] { play(fight, {FistSplit{3, 0}, FistSplit{1, 1}}, {2, 2}); }) ==
        "out_of_range@split.Bob");
  CHECK(refusal([&] { play(fight, {FistSplit{3, 0}, std::nullopt}, {2, 2}); }) ==
        "missing_input@split.Bob");
  CHECK(fight.rounds().empty());

  const FistRound& r = play(fight, {FistSplit{1, 2}, bob_ok}, {2, 2});
  CHECK(r.splits[0].offense == 1);
  CHECK(r.splits[0].defense == 2);
  CHECK(r.splits[1].offense == 0);
  CHECK(r.splits[1].defense == 1);

  // Wounded at HtH 0 stays at 0: only 0 + 0 is a split.
  Fistfight weak(fighter("Cy", 0, true), fighter("Dan", 1), 0);
  CHECK(refusal([&] { play(weak, {FistSplit{1, -1}, FistSplit{1, 0}}, {2, 2}); }) ==
        "out_of_range@split.Cy");
  CHECK(refusal([&] { play(weak, {FistSplit{0, 0}, FistSplit{1, 0}}, {2, 2}); }) == "accepted");
}

TEST_CASE("Fistfight: total = card + own offense - opponent's defense", "[fistfight]") {
  Fistfight fight(fighter("Ann", 4), fighter("Bob", 3, true), 0);  // Bob: HtH 2 in use
  const FistRound& r = play(fight, {FistSplit{3, 1}, FistSplit{0, 2}}, {5, 9});
  REQUIRE(r.attacks.size() == 2);
  const FistAttack& ann = r.attacks[0];
  CHECK(ann.attacker == 0);
  CHECK(ann.card == 5);
  CHECK(ann.offense == 3);
  CHECK(ann.defense_against == 2);
  CHECK(ann.total == 6);  // 5 + 3 - 2
  CHECK(ann.result == FistResult::miss);
  const FistAttack& bob = r.attacks[1];
  CHECK(bob.attacker == 1);
  CHECK(bob.card == 9);
  CHECK(bob.offense == 0);
  CHECK(bob.defense_against == 1);
  CHECK(bob.total == 8);  // 9 + 0 - 1
  CHECK(bob.result == FistResult::stun);
  // The round's cards are recorded as entered.
  REQUIRE(r.draws.size() == 1);
  REQUIRE(r.draws[0].size() == 2);
  CHECK(r.draws[0][0].value == 5);
  CHECK(r.draws[0][0].physical);
  CHECK(r.draws[0][1].value == 9);

  // A total below zero is simply a miss.
  Fistfight guarded(fighter("Cy", 4), fighter("Dan", 4), 0);
  const FistRound& g = play(guarded, {FistSplit{0, 4}, FistSplit{0, 4}}, {1, 10});
  CHECK(g.attacks[0].total == -3);
  CHECK(g.attacks[0].result == FistResult::miss);
  CHECK(g.attacks[1].total == 6);
  CHECK(g.attacks[1].result == FistResult::miss);
}

TEST_CASE("Fistfight chart: <=6 miss, 7-9 stun, >=10 knocked out", "[fistfight]") {
  CHECK(fist_chart(-5) == FistResult::miss);
  CHECK(fist_chart(6) == FistResult::miss);
  CHECK(fist_chart(7) == FistResult::stun);
  CHECK(fist_chart(9) == FistResult::stun);
  CHECK(fist_chart(10) == FistResult::knock_out);
  CHECK(fist_chart(14) == FistResult::knock_out);

  // The same boundaries inside a fight: Ann attacks with 1, Bob with 0, nobody defends.
  const Splits splits{FistSplit{1, 0}, FistSplit{0, 0}};
  Fistfight low(fighter("Ann", 1), fighter("Bob", 0), 0);
  const FistRound& r1 = play(low, splits, {6, 6});
  CHECK(r1.attacks[0].total == 7);
  CHECK(r1.attacks[0].result == FistResult::stun);
  CHECK(r1.attacks[1].total == 6);
  CHECK(r1.attacks[1].result == FistResult::miss);
  CHECK(low.sits_out_next(1));
  CHECK_FALSE(low.sits_out_next(0));
  CHECK_FALSE(low.over());

  Fistfight high(fighter("Ann", 1), fighter("Bob", 0), 0);
  const FistRound& r2 = play(high, splits, {9, 9});
  CHECK(r2.attacks[0].total == 10);
  CHECK(r2.attacks[0].result == FistResult::knock_out);
  CHECK(r2.attacks[1].total == 9);
  CHECK(r2.attacks[1].result == FistResult::stun);
  CHECK(r2.knocked_out[1]);
  CHECK_FALSE(r2.knocked_out[0]);
  CHECK(high.over());
}

TEST_CASE("Fistfight: both results of a round apply", "[fistfight]") {
  const Splits splits{FistSplit{0, 0}, FistSplit{0, 0}};
  SECTION("both stunned: both sit out the next round, which draws nothing") {
    Fistfight fight(fighter("Ann", 0), fighter("Bob", 0), 0);
    const FistRound& r1 = play(fight, splits, {7, 9});
    CHECK(r1.attacks[0].result == FistResult::stun);
    CHECK(r1.attacks[1].result == FistResult::stun);
    CHECK(r1.stuns_in_a_row == std::array<int, 2>{1, 1});
    CHECK(fight.sits_out_next(0));
    CHECK(fight.sits_out_next(1));
    CHECK(refusal([&] { play(fight, {std::nullopt, std::nullopt}, {5, std::nullopt}); }) ==
          "illegal_move@cards.Ann");
    const FistRound& r2 = play(fight, {std::nullopt, std::nullopt}, {});
    CHECK(r2.sat_out == std::array<bool, 2>{true, true});
    CHECK(r2.attacks.empty());
    CHECK(r2.stuns_in_a_row == std::array<int, 2>{0, 0});
    CHECK_FALSE(fight.over());
    const FistRound& r3 = play(fight, splits, {1, 2});
    CHECK(r3.attacks.size() == 2);
  }
  SECTION("both knocked out") {
    Fistfight fight(fighter("Ann", 0), fighter("Bob", 0), 0);
    const FistRound& r = play(fight, splits, {10, 10}, 5000);
    CHECK(r.knocked_out == std::array<bool, 2>{true, true});
    CHECK(fight.over());
    REQUIRE(fight.people()[0].timers.size() == 1);
    REQUIRE(fight.people()[1].timers.size() == 1);
    CHECK(fight.people()[0].timers[0].kind == TimerKind::knocked_out);
    CHECK(fight.people()[1].timers[0].kind == TimerKind::knocked_out);
  }
  SECTION("one knocked out while stunning the other") {
    Fistfight fight(fighter("Ann", 0), fighter("Bob", 0), 0);
    const FistRound& r = play(fight, splits, {8, 10});
    CHECK(r.knocked_out == std::array<bool, 2>{true, false});
    CHECK(r.stuns_in_a_row == std::array<int, 2>{0, 1});
    CHECK(fight.over());
  }
}

TEST_CASE("Fistfight: a stunned fighter sits out: no draw, no attack, defense 0",
          "[fistfight]") {
  Fistfight fight(fighter("Ann", 2), fighter("Bob", 2), 0);
  play(fight, {FistSplit{2, 0}, FistSplit{0, 2}}, {7, 5});  // Ann 7+2-2 = 7: Bob stunned
  REQUIRE(fight.sits_out_next(1));
  // Bob draws no card this round: an entered one is refused, and nothing is recorded.
  CHECK(refusal([&] { play(fight, {FistSplit{2, 0}, FistSplit{0, 2}}, {5, 9}); }) ==
        "illegal_move@cards.Bob");
  CHECK(fight.rounds().size() == 1);
  // Bob's split is not needed. Ann's 5 + 2 would be a miss against Bob's defense 2; it is 7.
  const FistRound& r = play(fight, {FistSplit{2, 0}, std::nullopt}, {5});
  CHECK(r.sat_out == std::array<bool, 2>{false, true});
  REQUIRE(r.attacks.size() == 1);
  CHECK(r.attacks[0].attacker == 0);
  CHECK(r.attacks[0].defense_against == 0);
  CHECK(r.attacks[0].total == 7);
  CHECK(r.attacks[0].result == FistResult::stun);
  REQUIRE(r.draws.size() == 1);
  CHECK(r.draws[0].size() == 1);
  CHECK(r.stuns_in_a_row[1] == 2);
  CHECK_FALSE(fight.over());
}

TEST_CASE("Fistfight: the third stun in a row is a knock-out", "[fistfight]") {
  Fistfight fight(fighter("Ann", 2), fighter("Bob", 2), 0);
  const Splits both{FistSplit{2, 0}, FistSplit{0, 2}};
  const Splits ann_only{FistSplit{2, 0}, std::nullopt};
  CHECK(play(fight, both, {7, 5}, 1000).stuns_in_a_row[1] == 1);
  CHECK(play(fight, ann_only, {5}, 2000).stuns_in_a_row[1] == 2);
  CHECK_FALSE(fight.over());
  const FistRound& r = play(fight, ann_only, {5}, 3000);
  CHECK(r.attacks[0].result == FistResult::stun);  // a stun by the chart ...
  CHECK(r.stuns_in_a_row[1] == 3);
  CHECK(r.knocked_out == std::array<bool, 2>{false, true});  // ... the third in a row
  CHECK(fight.over());
  REQUIRE(fight.people()[1].timers.size() == 1);
  CHECK(fight.people()[1].timers[0].start_ms == 3000);
  CHECK(fight.people()[0].timers.empty());
}

TEST_CASE("Fistfight: a round without being stunned resets the stun count", "[fistfight]") {
  Fistfight fight(fighter("Ann", 2), fighter("Bob", 2), 0);
  const Splits both{FistSplit{2, 0}, FistSplit{0, 2}};
  const Splits ann_only{FistSplit{2, 0}, std::nullopt};
  CHECK(play(fight, both, {7, 5}).stuns_in_a_row[1] == 1);
  CHECK(play(fight, ann_only, {5}).stuns_in_a_row[1] == 2);
  // The free round misses: Bob is back on his feet and his count starts again.
  const FistRound& miss = play(fight, ann_only, {1});
  CHECK(miss.attacks[0].result == FistResult::miss);
  CHECK(miss.stuns_in_a_row[1] == 0);
  CHECK_FALSE(fight.sits_out_next(1));
  CHECK(play(fight, both, {7, 5}).stuns_in_a_row[1] == 1);
  const FistRound& second = play(fight, ann_only, {5});
  CHECK(second.stuns_in_a_row[1] == 2);
  CHECK_FALSE(second.knocked_out[1]);
  const FistRound& third = play(fight, ann_only, {5});
  CHECK(third.stuns_in_a_row[1] == 3);
  CHECK(third.knocked_out[1]);
}

TEST_CASE("Fistfight: a knock-out starts 5 minutes knocked out at the round's time",
          "[fistfight]") {
  const std::int64_t t = 600'000;
  Fistfight fight(fighter("Ann", 0), fighter("Bob", 0), 0);
  play(fight, {FistSplit{0, 0}, FistSplit{0, 0}}, {10, 3}, t);
  REQUIRE(fight.over());
  CHECK(fight.people()[0].timers.empty());
  REQUIRE(fight.people()[1].timers.size() == 1);
  const Timer& timer = fight.people()[1].timers[0];
  CHECK(timer.kind == TimerKind::knocked_out);
  CHECK(timer.start_ms == t);
  CHECK(timer.duration_ms == 5 * 60 * 1000);
  CHECK_FALSE(timer.running_at(t - 1));
  CHECK(timer.running_at(t));
  CHECK(timer.running_at(t + 5 * 60 * 1000 - 1));
  CHECK_FALSE(timer.running_at(t + 5 * 60 * 1000));
  CHECK(timer.remaining_ms(t + 60'000) == 4 * 60 * 1000);
  // Unconscious: cannot start another fight until the 5 minutes are up.
  const Character bob = fight.people()[1];
  CHECK(refusal([&] { Fistfight f(bob, fighter("Cy", 1), t + 5 * 60 * 1000 - 1); }) ==
        "knocked_out@fighters[0]");
  CHECK(refusal([&] { Fistfight f(bob, fighter("Cy", 1), t + 5 * 60 * 1000); }) == "accepted");
}

TEST_CASE("Fistfight ends when both stop or at a knock-out, no round after the end",
          "[fistfight]") {
  const Splits splits{FistSplit{0, 0}, FistSplit{0, 0}};
  Fistfight stopped(fighter("Ann", 0), fighter("Bob", 0), 0);
  play(stopped, splits, {2, 3});
  stopped.stop();
  CHECK(stopped.over());
  CHECK(refusal([&] { play(stopped, splits, {2, 3}); }) == "finished@rounds");
  CHECK(refusal([&] { stopped.stop(); }) == "finished@stop");
  CHECK(refusal([&] { stopped.into_brawl({fighter("Cy", 1)}, {}, 0); }) == "finished@join");
  CHECK(stopped.rounds().size() == 1);

  Fistfight knocked(fighter("Ann", 0), fighter("Bob", 0), 0);
  play(knocked, splits, {10, 3});
  CHECK(refusal([&] { play(knocked, splits, {2, 3}); }) == "finished@rounds");
  CHECK(knocked.people()[1].timers.size() == 1);  // no second timer from a refused round
}

TEST_CASE("Fistfight: a third fighter joining makes it a brawl", "[fistfight][brawl]") {
  Fistfight fight(fighter("Ann", 1), fighter("Bob", 2, true), 0);
  play(fight, {FistSplit{1, 0}, FistSplit{0, 1}}, {2, 3});

  CHECK(refusal([&] { fight.into_brawl({}, {}, 0); }) == "missing_input@join");
  Character out_cold = fighter("Cy", 3);
  out_cold.timers.push_back({TimerKind::headache, 0, headache_duration_ms});
  CHECK(refusal([&] { fight.into_brawl({out_cold}, {}, 1000); }) == "knocked_out@fighters[2]");
  CHECK_FALSE(fight.over());

  Brawl brawl = fight.into_brawl({fighter("Cy", 0), fighter("Dan", 0)},
                                 {BrawlTieRule::all_out}, 1000);
  CHECK(fight.over());
  CHECK(refusal([&] { play(fight, {FistSplit{1, 0}, FistSplit{0, 1}}, {2, 3}); }) ==
        "finished@rounds");
  REQUIRE(brawl.people().size() == 4);
  CHECK(brawl.names() == std::vector<std::string>{"Ann", "Bob", "Cy", "Dan"});
  CHECK(brawl.people()[1].wounded);  // the wound comes along
  CHECK(brawl.standing_fighters() == std::vector<int>{0, 1, 2, 3});
  // The event's tie option comes along too: Cy and Dan tie lowest and are both out.
  DeckSupply deck({{5, 5, 1, 1}}, nullptr, &brawl.names());
  const BrawlRound& r = brawl.round(deck, 2000);
  CHECK(r.out == std::vector<int>{2, 3});
  CHECK(r.draws_by_use.size() == 1);
}
