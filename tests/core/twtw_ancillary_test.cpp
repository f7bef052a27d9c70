// The West That Wasn't's scatter, dodge leap and stray shots (003 L363, L470-504; docs/twtw.md
// "Readings"): the seed's own example of Hank's shotgun, each reading at its boundaries, and a
// refusal for every input out of bounds.
#include <catch2/catch.hpp>

#include <vector>

#include "core/refusal.h"
#include "core/twtw_ancillary.h"
#include "test_helpers.h"

using namespace marshal::core::twtw;
using marshal::core::testing::refusal;

TEST_CASE("a thrown item that misses lands TN - result plus the range step away, never past half the throw",
          "[twtw][scatter]") {
  // A stick of dynamite thrown 12 paces at increment 5 (Strength 3 + 2, L155): range step 2 (TN 7).
  // Card result 4 against TN 7: 3 + 2 = 5 metres under the cap of 6.
  ScatterDistance l = scatter_distance(7, 4, 12, 5);
  CHECK(l.metres == 5);
  CHECK_FALSE(l.capped);
  // Within the first increment the step is 0: TN - result alone.
  CHECK(scatter_distance(5, 3, 5, 5).metres == 2);  // cap 2: exactly at it, not cut
  CHECK_FALSE(scatter_distance(5, 3, 5, 5).capped);
  CHECK(scatter_distance(5, 2, 5, 5).metres == 2);  // 3 wanted, cut to half of 5 paces
  CHECK(scatter_distance(5, 2, 5, 5).capped);
  // One pace past the first increment adds a step (6 paces at 5: step 1).
  CHECK(scatter_distance(6, 5, 6, 5).metres == 2);
  CHECK(scatter_distance(6, 5, 5, 5).metres == 1);
  // A throw of one pace cannot scatter at all (half of 1 is 0).
  CHECK(scatter_distance(9, 0, 1, 5).metres == 0);
  CHECK(scatter_distance(9, 0, 1, 5).capped);
  // The result just under the TN: one metre plus the step.
  CHECK(scatter_distance(8, 7, 20, 8).metres == 3);  // step 2 (20 paces at 8)
}

TEST_CASE("scatter is refused for a hit and for anything out of bounds", "[twtw][scatter]") {
  CHECK(refusal([] { scatter_distance(7, 7, 12, 5); }) == "out_of_range@result");  // a hit
  CHECK(refusal([] { scatter_distance(7, -1, 12, 5); }) == "out_of_range@result");
  CHECK(refusal([] { scatter_distance(0, 0, 12, 5); }) == "out_of_range@tn");
  CHECK(refusal([] { scatter_distance(100, 4, 12, 5); }) == "out_of_range@tn");
  CHECK(refusal([] { scatter_distance(7, 4, 0, 5); }) == "out_of_range@range");  // hand to hand is no throw
  CHECK(refusal([] { scatter_distance(7, 4, 10001, 5); }) == "out_of_range@range");
  CHECK(refusal([] { scatter_distance(7, 4, 12, 0); }) == "out_of_range@increment");
  CHECK(scatter_distance(99, 0, 10000, 1000).metres == 108);  // the largest inputs: 99 + 9 steps
}

TEST_CASE("a dodging target missed leaps a pace the card's way, never toward the attacker", "[twtw][scatter]") {
  CHECK(dodge_leap(1) == 1);
  CHECK(dodge_leap(5) == 5);
  CHECK_FALSE(dodge_leap(6).has_value());  // straight back at the attacker: stays (L363)
  CHECK(dodge_leap(7) == 7);
  CHECK(dodge_leap(12) == 12);
  CHECK_FALSE(dodge_leap(0).has_value());  // a card without a clock face
  CHECK(refusal([] { dodge_leap(-1); }) == "out_of_range@clock");
  CHECK(refusal([] { dodge_leap(13); }) == "out_of_range@clock");
}

TEST_CASE("stray shots: misses plus a scatter weapon's bonus, doubled into a melee (Hank, L504)", "[twtw][scatter]") {
  // Hank's shotgun (scatter attribute, at least 1 stray shot) into Angus and Jonah rolling on the
  // ground: a hit makes 2 stray shots (icons 1 and 2 hit Jonah), a miss 4 (icons 1-4).
  CHECK(stray_shots(0, 1, true) == 2);
  CHECK(stray_shots(1, 1, true) == 4);
  CHECK(stray_shots(1, 0, false) == 1);
  CHECK(stray_shots(0, 0, false) == 0);
  CHECK(stray_shots(3, 0, true) == 6);  // a fan's three misses into a scrum
  CHECK(stray_shots(99, 0, true) == max_stray_shots);  // doubled past the limit: held at it
  CHECK(refusal([] { stray_shots(-1, 0, false); }) == "out_of_range@misses");
  CHECK(refusal([] { stray_shots(100, 0, false); }) == "out_of_range@misses");
  CHECK(refusal([] { stray_shots(0, -1, false); }) == "out_of_range@bonus");
  CHECK(refusal([] { stray_shots(0, 100, false); }) == "out_of_range@bonus");
}

TEST_CASE("an unintended target is hit by each icon at or under the stray shots", "[twtw][scatter]") {
  const std::vector<int> icons{1, 3, 2};
  CHECK(unintended_hits(icons, 0).empty());
  CHECK(unintended_hits(icons, 1) == std::vector<int>{1});
  CHECK(unintended_hits(icons, 2) == std::vector<int>{1, 3});  // equal counts (L490)
  CHECK(unintended_hits(icons, 3) == std::vector<int>{1, 2, 3});
  CHECK(unintended_hits({}, 5).empty());  // a card without icons
}
