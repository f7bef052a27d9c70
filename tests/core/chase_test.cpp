// Chase (RULES.md "Chase"; seed "Chases" and "Out-of-town Ambushes").
//
// The test map (links are given one way and work both ways):
//
//   North Road (ROAD) -- Creek, Ridge        South Road (ROAD) -- Mill, Creek
//   Creek -- Ridge, Mill                     Ridge -- Pass        Mill -- Pass
#include <catch2/catch.hpp>

#include <algorithm>
#include <functional>
#include <map>
#include <string>

#include "core/chase.h"
#include "core/refusal.h"

#include "test_helpers.h"

using namespace marshal::core;
using namespace marshal::core::testing;

namespace {

constexpr int N = 0;  // North Road (ROAD)
constexpr int S = 1;  // South Road (ROAD)
constexpr int C = 2;  // Creek
constexpr int R = 3;  // Ridge
constexpr int M = 4;  // Mill
constexpr int P = 5;  // Pass

LocationMap test_map() {
  return LocationMap({
      {"North Road", true, 2, {"Creek", "Ridge"}},
      {"South Road", true, 2, {"Mill", "Creek"}},
      {"Creek", false, 3, {"Ridge", "Mill"}},
      {"Ridge", false, 3, {"Pass"}},
      {"Mill", false, 2, {"Pass"}},
      {"Pass", false, 2, {}},
  });
}


Chase chase(std::vector<int> varmint, std::vector<int> posse,
            std::optional<int> ambush = std::nullopt) {
  return Chase(test_map(), std::move(varmint), std::move(posse), ambush, ChaseOptions{});
}

ChaseRider rider(const std::string& name, int riding, int horse, bool wounded = false) {
  ChaseRider r;
  r.character.name = name;
  r.character.base.riding = riding;
  r.character.wounded = wounded;
  r.horse = horse;
  return r;
}

std::map<int, int> count_cards(const std::vector<int>& cards) {
  std::map<int, int> counts;
  for (int c : cards) ++counts[c];
  return counts;
}

}  // namespace

TEST_CASE("Chase location map: names, links, copies and a ROAD card are checked", "[chase]") {
  using L = std::vector<Location>;
  CHECK(refusal([] { LocationMap m(L{}); }) == "missing_input@locations");
  CHECK(refusal([] { LocationMap m(L{{"", true, 2, {}}}); }) == "missing_input@locations[0].name");
  CHECK(refusal([] {
          LocationMap m(L{{"Road", true, 2, {}}, {"Creek", false, 2, {}}, {"Road", false, 2, {}}});
        }) == "illegal_move@locations[2].name");
  CHECK(refusal([] { LocationMap m(L{{"Road", true, 2, {"Nowhere"}}}); }) ==
        "unknown_participant@locations[0].links");
  CHECK(refusal([] { LocationMap m(L{{"Road", true, 2, {}}, {"Creek", false, 2, {"Creek"}}}); }) ==
        "illegal_move@locations[1].links");
  CHECK(refusal([] { LocationMap m(L{{"Road", true, 1, {}}}); }) ==
        "out_of_range@locations[0].copies");
  CHECK(refusal([] { LocationMap m(L{{"Road", true, 5, {}}}); }) ==
        "out_of_range@locations[0].copies");
  CHECK(refusal([] { LocationMap m(L{{"Road", true, 2, {}}, {"Creek", false, 4, {}}}); }) ==
        "accepted");
  CHECK(refusal([] { LocationMap m(L{{"Creek", false, 2, {}}, {"Mill", false, 2, {"Creek"}}}); }) ==
        "missing_input@locations");
}

TEST_CASE("Chase location map: links work both ways, the deck holds every copy", "[chase]") {
  const LocationMap map = test_map();
  CHECK(map.size() == 6);
  CHECK(map.linked(N, C));
  CHECK(map.linked(C, N));  // given only on North Road's side
  CHECK(map.linked(P, R));
  CHECK(map.linked(P, M));
  CHECK_FALSE(map.linked(N, S));
  CHECK_FALSE(map.linked(N, M));
  CHECK_FALSE(map.linked(C, C));
  CHECK(map.road(N));
  CHECK(map.road(S));
  CHECK_FALSE(map.road(C));
  CHECK(map.find("Mill") == M);
  CHECK_FALSE(map.find("Saloon").has_value());
  CHECK(refusal([&] { map.index_of("Saloon", "card"); }) == "unknown_participant@card");
  CHECK(count_cards(map.deck()) == std::map<int, int>{{N, 2}, {S, 2}, {C, 3}, {R, 3}, {M, 2}, {P, 2}});
}

TEST_CASE("Chase hand size = 5 + best rider's Riding in use + worst horse", "[chase]") {
  const ChaseOptions options;
  CHECK(chase_hand_size({rider("Ann", 2, 3)}, options) == 10);
  // Best rider: Bob's Riding 4 is 3 in use while wounded. Worst horse: Ann's 1.
  CHECK(chase_hand_size({rider("Ann", 2, 1), rider("Bob", 4, 3, true), rider("Cy", 0, 4)},
                        options) == 5 + 3 + 1);
  CHECK(chase_hand_size({rider("Ann", 0, 0), rider("Bob", 0, 0)}, options) == 5);
  CHECK(chase_hand_size({rider("Ann", 4, 4)}, options) == 13);
  CHECK(refusal([&] { chase_hand_size({rider("Ann", 2, 5)}, options); }) == "out_of_range@horse.Ann");
  CHECK(refusal([&] { chase_hand_size({rider("Ann", 2, 2), rider("Bob", 2, -1)}, options); }) ==
        "out_of_range@horse.Bob");
  CHECK(refusal([&] { chase_hand_size({}, options); }) == "missing_input@riders");
  ChaseOptions bigger;
  bigger.base_hand = 7;
  CHECK(chase_hand_size({rider("Ann", 2, 3)}, bigger) == 12);
}

TEST_CASE("Chase deal: the sizes asked, from the deck's copies, reproducible", "[chase]") {
  const LocationMap map = test_map();
  Csprng rng(seed_from_number(11));
  const Chase::Hands hands = Chase::deal(map, 6, 7, rng);
  CHECK(hands.varmint.size() == 6);
  CHECK(hands.posse.size() == 7);
  std::vector<int> both = hands.varmint;
  both.insert(both.end(), hands.posse.begin(), hands.posse.end());
  for (const auto& [location, count] : count_cards(both)) {
    REQUIRE(location >= 0);
    REQUIRE(location < map.size());
    CHECK(count <= map.at(location).copies);
  }
  // The same seed deals the same hands; another seed deals others.
  Csprng again(seed_from_number(11));
  const Chase::Hands same = Chase::deal(map, 6, 7, again);
  CHECK(same.varmint == hands.varmint);
  CHECK(same.posse == hands.posse);
  Csprng other(seed_from_number(12));
  const Chase::Hands different = Chase::deal(map, 6, 7, other);
  CHECK((different.varmint != hands.varmint || different.posse != hands.posse));
  // A short deck (14 cards) gives what it has: the varmint is dealt first.
  const Chase::Hands short_deal = Chase::deal(map, 10, 10, rng);
  CHECK(short_deal.varmint.size() == 10);
  CHECK(short_deal.posse.size() == 4);
  std::vector<int> all = short_deal.varmint;
  all.insert(all.end(), short_deal.posse.begin(), short_deal.posse.end());
  CHECK(count_cards(all) == count_cards(map.deck()));
  const Chase::Hands greedy = Chase::deal(map, 20, 3, rng);
  CHECK(greedy.varmint.size() == 14);
  CHECK(greedy.posse.empty());
}

TEST_CASE("Chase hands must come from the location deck", "[chase]") {
  CHECK(refusal([] { chase({N, N, N}, {S}); }) == "impossible_cards@varmint_hand");
  CHECK(refusal([] { chase({N, N}, {N}); }) == "impossible_cards@posse_hand");
  CHECK(refusal([] { chase({N, 6}, {S}); }) == "unknown_participant@varmint_hand");
  CHECK(refusal([] { chase({N}, {S}, 9); }) == "unknown_participant@ambush");
}

TEST_CASE("Chase: each side's first card must be a ROAD card", "[chase]") {
  Chase c = chase({C, N, R}, {C, S, M});
  CHECK(c.status() == ChaseStatus::running);
  CHECK(refusal([&] { c.posse_play({S}); }) == "illegal_move@posse");  // the varmint plays first
  CHECK(c.legal_varmint_cards() == std::vector<int>{N});
  CHECK(refusal([&] { c.varmint_play(C); }) == "illegal_move@varmint");
  CHECK(refusal([&] { c.varmint_play(S); }) == "illegal_move@varmint");  // not in hand
  c.varmint_play(N);
  CHECK(refusal([&] { c.varmint_play(C); }) == "illegal_move@varmint");  // the posse answers now
  CHECK(c.posse_to_play());
  CHECK(c.legal_posse_first_cards() == std::vector<int>{S});
  CHECK(refusal([&] { c.posse_play({C}); }) == "illegal_move@posse[0]");
  c.posse_play({S});
  CHECK(c.posse_at() == S);
  CHECK(c.varmint_at() == N);
  CHECK(c.varmint_hand() == std::vector<int>{C, R});
  CHECK(c.posse_hand() == std::vector<int>{C, M});
}

TEST_CASE("Chase: no ROAD card in the varmint's hand: stuck in town and caught there",
          "[chase]") {
  Chase c = chase({C, R, M}, {S, C}, N);
  CHECK(c.status() == ChaseStatus::caught);
  CHECK(c.varmint_stuck_in_town());
  CHECK_FALSE(c.posse_stuck_in_town());
  CHECK_FALSE(c.caught_at().has_value());
  CHECK_FALSE(c.ambush_sprung());
  CHECK(refusal([&] { c.varmint_play(C); }) == "finished@varmint");
  CHECK(to_string(c.status()) == "caught");
}

TEST_CASE("Chase: no ROAD card in the posse's hand: the posse may only pass", "[chase]") {
  SECTION("the varmint escapes with three cards") {
    Chase c = chase({N, C, M, P}, {C, R});
    CHECK(c.posse_stuck_in_town());
    CHECK(c.status() == ChaseStatus::running);
    c.varmint_play(N);
    CHECK(c.legal_posse_first_cards().empty());
    CHECK(refusal([&] { c.posse_play({C}); }) == "illegal_move@posse");
    c.posse_play({});
    CHECK(c.turns().back().unmatched_in_a_row == 1);
    c.varmint_play(C);
    c.posse_play({});
    CHECK(c.turns().back().unmatched_in_a_row == 2);
    CHECK(c.status() == ChaseStatus::running);
    c.varmint_play(M);
    c.posse_play({});
    CHECK(c.status() == ChaseStatus::escaped);
    CHECK_FALSE(c.caught_at().has_value());
    CHECK(refusal([&] { c.varmint_play(P); }) == "finished@varmint");
  }
  SECTION("the varmint still needs its three") {
    Chase c = chase({N, C}, {C, R});
    c.varmint_play(N);
    c.posse_play({});
    c.varmint_play(C);
    c.posse_play({});
    CHECK(c.status() == ChaseStatus::caught);  // out of cards after two
    CHECK(c.caught_at() == C);
    CHECK_FALSE(c.varmint_stuck_in_town());
  }
}

TEST_CASE("Chase: every later card must be linked from that side's previous card", "[chase]") {
  Chase c = chase({N, M, C}, {S, R, M});
  c.varmint_play(N);
  c.posse_play({S});
  CHECK(c.legal_varmint_cards() == std::vector<int>{C});
  CHECK(refusal([&] { c.varmint_play(M); }) == "illegal_move@varmint");  // Mill: not from North
  c.varmint_play(C);
  CHECK(c.legal_posse_first_cards() == std::vector<int>{M});
  CHECK(refusal([&] { c.posse_play({R}); }) == "illegal_move@posse[0]");  // Ridge: not from South
  c.posse_play({M});
  CHECK(c.posse_at() == M);
}

TEST_CASE("Chase: riding hard, several posse cards each linked from the one before",
          "[chase]") {
  Chase c = chase({N, R, P}, {S, C, N, M, R});
  c.varmint_play(N);
  // Each card must follow from the one before; a bad one refuses the whole answer.
  CHECK(refusal([&] { c.posse_play({S, R}); }) == "illegal_move@posse[1]");
  CHECK(refusal([&] { c.posse_play({S, C, P}); }) == "illegal_move@posse[2]");
  CHECK(refusal([&] { c.posse_play({S, C, C}); }) == "illegal_move@posse[2]");
  CHECK(c.posse_hand().size() == 5);
  CHECK_FALSE(c.posse_at().has_value());
  c.posse_play({S, C, N});
  CHECK(c.posse_at() == N);
  CHECK(c.turns().back().posse_cards == std::vector<int>{S, C, N});
  CHECK(c.turns().back().matched);
  CHECK(c.turns().back().unmatched_in_a_row == 0);
  CHECK(c.posse_hand() == std::vector<int>{M, R});
}

TEST_CASE("Chase: a match resets the count, three unmatched in a row escape", "[chase]") {
  Chase c = chase({N, C, R, P, M, S}, {S, M, C, R, N, C, R});
  c.varmint_play(N);
  c.posse_play({S});
  CHECK(c.turns().back().unmatched_in_a_row == 1);
  c.varmint_play(C);
  c.posse_play({M});
  CHECK(c.turns().back().unmatched_in_a_row == 2);
  CHECK(c.legal_varmint_cards() == std::vector<int>{S, R});  // not Mill: the posse is there
  c.varmint_play(R);
  c.posse_play({C, R});  // riding hard to catch up with the varmint at Ridge
  CHECK(c.turns().back().matched);
  CHECK(c.turns().back().unmatched_in_a_row == 0);
  CHECK(c.status() == ChaseStatus::running);
  c.varmint_play(P);
  c.posse_play({N});
  CHECK(c.turns().back().unmatched_in_a_row == 1);
  c.varmint_play(M);
  c.posse_play({C});
  CHECK(c.turns().back().unmatched_in_a_row == 2);
  CHECK(c.status() == ChaseStatus::running);
  c.varmint_play(S);
  c.posse_play({R});
  CHECK(c.turns().back().unmatched_in_a_row == 3);
  CHECK(c.status() == ChaseStatus::escaped);
  CHECK(c.turns().size() == 6);
  CHECK(refusal([&] { c.posse_play({N}); }) == "finished@posse");
}

TEST_CASE("Chase: the varmint may not play the posse's current location", "[chase]") {
  Chase c = chase({N, C, R}, {S, C});
  c.varmint_play(N);
  c.posse_play({S, C});
  CHECK_FALSE(c.turns().back().matched);
  CHECK(c.legal_varmint_cards() == std::vector<int>{R});
  CHECK(refusal([&] { c.varmint_play(C); }) == "illegal_move@varmint");
  c.varmint_play(R);
  CHECK(c.varmint_at() == R);
}

TEST_CASE("Chase: the varmint may not pass the posse where it came from", "[chase]") {
  SECTION("the posse played one card onto the varmint's location") {
    Chase c = chase({N, C, S, R}, {S, C});
    c.varmint_play(N);
    c.posse_play({S});
    c.varmint_play(C);
    c.posse_play({C});  // from South Road
    REQUIRE(c.turns().back().matched);
    CHECK(c.legal_varmint_cards() == std::vector<int>{R});
    CHECK(refusal([&] { c.varmint_play(S); }) == "illegal_move@varmint");
    c.varmint_play(R);
  }
  SECTION("the posse rode hard onto the varmint's location") {
    Chase c = chase({N, C, R}, {S, C, N});
    c.varmint_play(N);
    c.posse_play({S, C, N});  // passed through Creek to get to North Road
    REQUIRE(c.turns().back().matched);
    CHECK(c.legal_varmint_cards() == std::vector<int>{R});
    CHECK(refusal([&] { c.varmint_play(C); }) == "illegal_move@varmint");
  }
  SECTION("a posse elsewhere does not block where it came from") {
    Chase c = chase({N, C, S}, {S, M});
    c.varmint_play(N);
    c.posse_play({S});
    c.varmint_play(C);
    c.posse_play({M});  // from South Road; the varmint is at Creek
    CHECK(c.legal_varmint_cards() == std::vector<int>{S});
    c.varmint_play(S);
    CHECK(c.varmint_at() == S);
  }
}

TEST_CASE("Chase: caught when the varmint has no legal card, at its last location",
          "[chase]") {
  SECTION("its only card is where the posse stands") {
    Chase c = chase({N, C}, {S, C}, N);
    c.varmint_play(N);
    c.posse_play({S, C});
    CHECK(c.status() == ChaseStatus::caught);
    CHECK(c.caught_at() == N);
    CHECK(c.ambush_sprung());
    CHECK(refusal([&] { c.varmint_play(C); }) == "finished@varmint");
  }
  SECTION("out of cards") {
    Chase c = chase({N}, {S, M}, R);
    c.varmint_play(N);
    c.posse_play({S});
    CHECK(c.status() == ChaseStatus::caught);
    CHECK(c.caught_at() == N);
    CHECK_FALSE(c.ambush_sprung());  // the ambush was laid at Ridge
  }
  SECTION("cards that are not linked from where it is") {
    Chase c = chase({N, M, P}, {S});
    c.varmint_play(N);
    c.posse_play({S});
    CHECK(c.status() == ChaseStatus::caught);
    CHECK(c.caught_at() == N);
  }
}

TEST_CASE("Chase: the posse cannot pass while it has a legal card", "[chase]") {
  Chase c = chase({N, C, R}, {S, P});
  c.varmint_play(N);
  CHECK(refusal([&] { c.posse_play({}); }) == "missing_input@posse");
  c.posse_play({S});
  c.varmint_play(C);
  CHECK(c.legal_posse_first_cards().empty());  // Pass is not linked from South Road
  c.posse_play({});
  CHECK(c.turns().back().posse_cards.empty());
  CHECK(c.turns().back().unmatched_in_a_row == 2);
  CHECK(c.posse_at() == S);
}

TEST_CASE("Chase ambush springs when the pursuers arrive at the ambush location, or the varmint is caught there",
          "[chase]") {
  SECTION("escaped: no fight, no ambush, even standing on it") {
    Chase c = chase({N, C, M}, {C}, M);
    c.varmint_play(N);
    c.posse_play({});
    c.varmint_play(C);
    c.posse_play({});
    c.varmint_play(M);
    c.posse_play({});
    REQUIRE(c.status() == ChaseStatus::escaped);
    CHECK(c.varmint_at() == M);
    CHECK_FALSE(c.ambush_sprung());
  }
  SECTION("caught elsewhere, the posse never there") {
    Chase c = chase({N, C}, {S, C}, P);
    c.varmint_play(N);
    c.posse_play({S, C});
    REQUIRE(c.status() == ChaseStatus::caught);
    CHECK(c.caught_at() == N);
    CHECK_FALSE(c.ambush_sprung());
  }
  SECTION("the posse rides into it (004 L173), riding hard through it: the fight is there") {
    Chase c = chase({N, C, R}, {S, C, R}, C);
    c.varmint_play(N);
    c.posse_play({S, C});
    REQUIRE(c.status() == ChaseStatus::caught);
    CHECK(c.caught_at() == C);
    CHECK(c.ambush_sprung());
    CHECK(c.posse_hand() == std::vector<int>{R});  // the ride stopped there
  }
  SECTION("caught there") {
    Chase c = chase({N, C}, {S, C}, N);
    c.varmint_play(N);
    CHECK_FALSE(c.ambush_sprung());  // still running
    c.posse_play({S, C});
    CHECK(c.ambush_sprung());
  }
}

TEST_CASE("Chase out of town (004 L163): each side's first card is linked from where it starts", "[chase]") {
  SECTION("from the Creek: the Ridge leads on, the Pass does not; no ROAD card is needed") {
    Chase c(test_map(), {P, R}, {M}, std::nullopt, ChaseOptions{}, C);
    CHECK(c.varmint_at() == C);
    CHECK(c.posse_at() == C);
    CHECK_FALSE(c.posse_stuck_in_town());
    CHECK(c.legal_varmint_cards() == std::vector<int>{R});
    CHECK(refusal([&] { c.varmint_play(P); }) == "illegal_move@varmint");
    c.varmint_play(R);
    CHECK(c.legal_posse_first_cards() == std::vector<int>{M});
    c.posse_play({M});
    CHECK(c.status() == ChaseStatus::running);
    CHECK(c.varmint_at() == R);
  }
  SECTION("from the Pass: a posse with nothing leading on cannot follow; a varmint with nothing is caught there") {
    Chase c(test_map(), {R}, {N}, std::nullopt, ChaseOptions{}, P);
    CHECK(c.posse_stuck_in_town());
    c.varmint_play(R);
    CHECK(refusal([&] { c.posse_play({N}); }) == "illegal_move@posse");
    Chase caught(test_map(), {N}, {R}, std::nullopt, ChaseOptions{}, P);
    CHECK(caught.status() == ChaseStatus::caught);
    CHECK(caught.caught_at() == P);
  }
  SECTION("a start that is no location is refused") {
    CHECK(refusal([] { Chase c(test_map(), {R}, {M}, std::nullopt, ChaseOptions{}, 9); }) == "unknown_participant@start");
  }
}

TEST_CASE("Chase wait timer: whole seconds between 1 and 3 minutes", "[chase]") {
  Csprng rng(seed_from_number(5));
  const ChaseOptions options;
  std::int64_t low = 1'000'000, high = 0;
  int not_whole_seconds = 0;
  for (int i = 0; i < 5000; ++i) {
    std::int64_t wait = chase_wait_ms(rng, options);
    not_whole_seconds += wait % 1000 != 0;
    low = std::min(low, wait);
    high = std::max(high, wait);
  }
  CHECK(not_whole_seconds == 0);
  CHECK(low == 60'000);
  CHECK(high == 180'000);
  ChaseOptions fixed;
  fixed.min_wait_s = fixed.max_wait_s = 90;
  CHECK(chase_wait_ms(rng, fixed) == 90'000);
  ChaseOptions backwards;
  backwards.min_wait_s = 120;
  backwards.max_wait_s = 60;
  CHECK_THROWS_AS(chase_wait_ms(rng, backwards), Refusal);
}
