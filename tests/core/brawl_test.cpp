// Brawl (RULES.md "Brawl"; seed "Brawls"). Cards are entered physically, by participant index;
// each inner list is one use of a fresh deck (the round's draw, then tie-break redraws).
#include <catch2/catch.hpp>

#include <functional>
#include <string>

#include "core/brawl.h"
#include "core/refusal.h"

#include "test_helpers.h"

using namespace marshal::core;
using namespace marshal::core::testing;

namespace {



std::vector<Character> crowd(const std::vector<int>& hth) {
  static const char* const names[] = {"Ann", "Bob", "Cy", "Dan", "Eve", "Fay"};
  std::vector<Character> people;
  for (std::size_t i = 0; i < hth.size(); ++i) people.push_back(fighter(names[i], hth[i]));
  return people;
}

const BrawlRound& play(Brawl& brawl, std::vector<GivenCards> uses, std::int64_t now_ms = 0) {
  DeckSupply deck(std::move(uses), nullptr, &brawl.names());
  return brawl.round(deck, now_ms);
}

}  // namespace

TEST_CASE("Brawl: 3 or more fighters", "[brawl]") {
  CHECK(refusal([] { Brawl b(crowd({1, 2}), {}, 0); }) == "illegal_move@fighters");
  CHECK(refusal([] { Brawl b({}, {}, 0); }) == "illegal_move@fighters");
  CHECK(refusal([] { Brawl b(crowd({1, 2, 3}), {}, 0); }) == "accepted");
  std::vector<Character> twice = crowd({1, 2, 3});
  twice[2].name = "Ann";
  CHECK(refusal([&] { Brawl b(twice, {}, 0); }) == "illegal_move@fighters[2]");
}

TEST_CASE("Brawl: total = card + HtH in use, the lowest is out", "[brawl]") {
  std::vector<Character> people = crowd({3, 1, 2});
  people[2].wounded = true;  // Cy: HtH 2, 1 in use
  Brawl brawl(people, {}, 0);
  const BrawlRound& r1 = play(brawl, {{2, 5, 6}});
  REQUIRE(r1.draws_by_use.size() == 1);
  CHECK(r1.draws_by_use[0].fighters == std::vector<int>{0, 1, 2});
  CHECK(r1.draws_by_use[0].totals == std::vector<int>{5, 6, 7});
  CHECK(r1.out == std::vector<int>{0});
  CHECK(brawl.out(0));
  CHECK(brawl.standing_fighters() == std::vector<int>{1, 2});
  CHECK_FALSE(brawl.over());
  CHECK(brawl.winner() == -1);
  // Ann is out cold: she draws no more.
  CHECK(refusal([&] { play(brawl, {{4, 3, 2}}); }) == "illegal_move@cards.Ann");
  const BrawlRound& r2 = play(brawl, {{std::nullopt, 3, 2}});
  CHECK(r2.draws_by_use[0].totals == std::vector<int>{4, 3});
  CHECK(r2.out == std::vector<int>{2});
  CHECK(brawl.over());
  CHECK(brawl.winner() == 1);
}

TEST_CASE("Brawl: a tie for lowest redraws among the tied only, from a fresh deck",
          "[brawl]") {
  SECTION("both Aces twice: the redraw is a fresh deck") {
    Brawl brawl(crowd({0, 0, 0}), {}, 0);
    const BrawlRound& r = play(brawl, {{1, 1, 8}, {1, 2}});
    REQUIRE(r.draws_by_use.size() == 2);
    CHECK(r.draws_by_use[1].fighters == std::vector<int>{0, 1});
    CHECK(r.out == std::vector<int>{0});
    CHECK(r.draws.size() == 2);
  }
  SECTION("repeatedly, until one is lowest") {
    Brawl brawl(crowd({0, 0, 0}), {}, 0);
    const BrawlRound& r = play(brawl, {{4, 4, 9}, {6, 6}, {3, 3}, {5, 2}});
    CHECK(r.draws_by_use.size() == 4);
    CHECK(r.out == std::vector<int>{1});
    CHECK(brawl.standing_fighters() == std::vector<int>{0, 2});
  }
  SECTION("the tied group shrinks: three tie, then two of them") {
    Brawl brawl(crowd({0, 0, 0, 0}), {}, 0);
    const std::vector<GivenCards> uses{{2, 2, 2, 9}, {5, 3, 3}, {std::nullopt, 6, 4}};
    // Dan is not tied: he does not redraw. Ann is out of the second tie: she does not either.
    CHECK(refusal([&] { play(brawl, {{2, 2, 2, 9}, {5, 3, 4, 7}}); }) == "illegal_move@cards.Dan");
    CHECK(refusal([&] { play(brawl, {{2, 2, 2, 9}, {5, 3, 3}, {1, 6, 4}}); }) ==
          "illegal_move@cards.Ann");
    // No card for a redraw that never happens.
    CHECK(refusal([&] { play(brawl, {{2, 2, 2, 9}, {5, 3, 3}, {std::nullopt, 6, 4}, {1}}); }) ==
          "illegal_move@draws[3]");
    CHECK(brawl.rounds().empty());
    const BrawlRound& r = play(brawl, uses);
    REQUIRE(r.draws_by_use.size() == 3);
    CHECK(r.draws_by_use[0].fighters == std::vector<int>{0, 1, 2, 3});
    CHECK(r.draws_by_use[1].fighters == std::vector<int>{0, 1, 2});
    CHECK(r.draws_by_use[2].fighters == std::vector<int>{1, 2});
    CHECK(r.out == std::vector<int>{2});
  }
  SECTION("a tie-break needs the tied fighters' cards") {
    Brawl brawl(crowd({0, 0, 0}), {}, 0);
    CHECK(refusal([&] { play(brawl, {{4, 4, 9}}); }) == "missing_input@cards.Ann");
  }
}

TEST_CASE("Brawl option all_out: every fighter tied for lowest is out", "[brawl]") {
  const BrawlOptions all_out{BrawlTieRule::all_out};
  SECTION("two of four tie lowest: both out, no redraw") {
    Brawl brawl(crowd({0, 0, 0, 0}), all_out, 0);
    const BrawlRound& r = play(brawl, {{3, 3, 5, 6}});
    CHECK(r.draws_by_use.size() == 1);
    CHECK(r.out == std::vector<int>{0, 1});
    CHECK(brawl.standing_fighters() == std::vector<int>{2, 3});
    CHECK_FALSE(brawl.over());
  }
  SECTION("two of three: the third wins") {
    Brawl brawl(crowd({0, 0, 0}), all_out, 0);
    play(brawl, {{3, 3, 5}}, 4000);
    CHECK(brawl.over());
    CHECK(brawl.winner() == 2);
    CHECK(brawl.people()[0].timers.size() == 1);
    CHECK(brawl.people()[1].timers.size() == 1);
  }
  SECTION("a tie of everyone still redraws") {
    Brawl brawl(crowd({0, 0, 0}), all_out, 0);
    const BrawlRound& r = play(brawl, {{5, 5, 5}, {6, 6, 8}});
    REQUIRE(r.draws_by_use.size() == 2);
    CHECK(r.draws_by_use[1].fighters == std::vector<int>{0, 1, 2});
    CHECK(r.out == std::vector<int>{0, 1});
    CHECK(brawl.winner() == 2);
  }
  SECTION("the default redraws instead") {
    Brawl brawl(crowd({0, 0, 0, 0}), {}, 0);
    const BrawlRound& r = play(brawl, {{3, 3, 5, 6}, {7, 2}});
    CHECK(r.out == std::vector<int>{1});
  }
  CHECK(brawl_tie_rule_from_string("all_out") == BrawlTieRule::all_out);
  CHECK(brawl_tie_rule_from_string("redraw") == BrawlTieRule::redraw);
  CHECK_FALSE(brawl_tie_rule_from_string("coin").has_value());
  CHECK(to_string(BrawlTieRule::all_out) == "all_out");
  CHECK(BrawlOptions{}.tie == BrawlTieRule::redraw);
}

TEST_CASE("Brawl: anyone may flee between rounds and may not come back", "[brawl]") {
  Brawl brawl(crowd({1, 1, 1, 1}), {}, 0);
  brawl.flee(1, 0);
  CHECK(brawl.fled(1));
  CHECK_FALSE(brawl.standing(1));
  CHECK(refusal([&] { brawl.flee(1, 0); }) == "illegal_move@flee.Bob");
  CHECK(refusal([&] { brawl.flee(7, 0); }) == "unknown_participant@flee");
  CHECK(refusal([&] { brawl.join(fighter("Bob", 1), 0); }) == "illegal_move@join.Bob");
  // A fled fighter draws no card.
  CHECK(refusal([&] { play(brawl, {{2, 5, 5, 6}}); }) == "illegal_move@cards.Bob");
  const BrawlRound& r = play(brawl, {{2, std::nullopt, 5, 6}});
  CHECK(r.fled == std::vector<int>{1});  // recorded even after a refused attempt
  CHECK(r.draws_by_use[0].fighters == std::vector<int>{0, 2, 3});
  CHECK(r.out == std::vector<int>{0});
  CHECK(refusal([&] { brawl.flee(0, 0); }) == "illegal_move@flee.Ann");  // out cold
  const BrawlRound& r2 = play(brawl, {{std::nullopt, std::nullopt, 5, 6}});
  CHECK(r2.fled.empty());
  CHECK(brawl.over());
  CHECK(brawl.winner() == 3);
  CHECK(brawl.people()[1].timers.empty());  // fleeing is no headache
}

TEST_CASE("Brawl: anyone who has not fled may join between rounds", "[brawl]") {
  Brawl brawl(crowd({0, 0, 0}), {}, 0);
  play(brawl, {{1, 5, 6}}, 1000);
  // Ann is out cold until the brawl ends: she cannot come back in.
  CHECK(refusal([&] { brawl.join(fighter("Ann", 0), 1000); }) == "illegal_move@join.Ann");
  CHECK(refusal([&] { brawl.join(fighter("Bob", 0), 1000); }) == "illegal_move@join.Bob");
  Character dead = fighter("Eve", 2);
  dead.death = Death{KillingKind::duel, "Cy"};
  CHECK(refusal([&] { brawl.join(dead, 1000); }) == "dead@join.Eve");
  Character knocked = fighter("Fay", 2);
  knocked.timers.push_back({TimerKind::knocked_out, 0, knock_out_duration_ms});
  CHECK(refusal([&] { brawl.join(knocked, 1000); }) == "knocked_out@join.Fay");
  CHECK(brawl.people().size() == 3);

  CHECK(brawl.join(fighter("Dan", 3), 1000) == 3);
  CHECK(brawl.standing(3));
  // Dan must draw now.
  CHECK(refusal([&] { play(brawl, {{std::nullopt, 5, 6}}); }) == "missing_input@cards.Dan");
  const BrawlRound& r = play(brawl, {{std::nullopt, 5, 6, 1}}, 2000);
  CHECK(r.joined == std::vector<int>{3});
  CHECK(r.draws_by_use[0].totals == std::vector<int>{5, 6, 4});
  CHECK(r.out == std::vector<int>{3});
}

TEST_CASE("Brawl ends with one fighter left standing", "[brawl]") {
  Brawl brawl(crowd({0, 0, 0}), {}, 0);
  play(brawl, {{2, 3, 4}});
  CHECK_FALSE(brawl.over());
  play(brawl, {{std::nullopt, 5, 4}});
  CHECK(brawl.over());
  CHECK(brawl.winner() == 1);
  CHECK(brawl.standing_fighters() == std::vector<int>{1});
  CHECK(refusal([&] { play(brawl, {{std::nullopt, 5}}); }) == "finished@rounds");
  CHECK(refusal([&] { brawl.flee(1, 0); }) == "finished@flee");
  CHECK(refusal([&] { brawl.join(fighter("Dan", 0), 0); }) == "finished@join");

  // Fleeing can leave one standing too.
  Brawl emptied(crowd({0, 0, 0}), {}, 0);
  emptied.flee(0, 0);
  CHECK_FALSE(emptied.over());
  emptied.flee(2, 0);
  CHECK(emptied.over());
  CHECK(emptied.winner() == 1);
}

TEST_CASE("Brawl losers get 5 minutes of headache from when the brawl ends", "[brawl]") {
  SECTION("ended by a round") {
    Brawl brawl(crowd({0, 0, 0}), {}, 0);
    play(brawl, {{1, 5, 6}}, 1000);
    CHECK(brawl.people()[0].timers.empty());  // out cold, no headache yet
    play(brawl, {{std::nullopt, 2, 6}}, 61'000);
    REQUIRE(brawl.over());
    for (int loser : {0, 1}) {
      REQUIRE(brawl.people()[loser].timers.size() == 1);
      const Timer& t = brawl.people()[loser].timers[0];
      CHECK(t.kind == TimerKind::headache);
      CHECK(t.start_ms == 61'000);
      CHECK(t.duration_ms == 5 * 60 * 1000);
      CHECK(brawl.people()[loser].incapacitated_at(61'000 + 5 * 60 * 1000 - 1));
      CHECK_FALSE(brawl.people()[loser].incapacitated_at(61'000 + 5 * 60 * 1000));
    }
    CHECK(brawl.people()[2].timers.empty());
  }
  SECTION("ended by the last fleeing") {
    Brawl brawl(crowd({0, 0, 0}), {}, 0);
    play(brawl, {{1, 5, 6}}, 1000);
    brawl.flee(1, 7000);
    REQUIRE(brawl.over());
    REQUIRE(brawl.people()[0].timers.size() == 1);
    CHECK(brawl.people()[0].timers[0].start_ms == 7000);
    CHECK(brawl.people()[1].timers.empty());
    CHECK(brawl.winner() == 2);
  }
}
