// Ranged TNs and fan firing of The West That Wasn't (seed 003; TABLETOP.md "The West That Wasn't
// (003): action time"): every worked example of the seed and TABLETOP.md, each modifier at its
// boundaries, and the property that no penalty ever lowers a TN.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/refusal.h"
#include "core/twtw_ranged.h"
#include "test_helpers.h"

using namespace marshal::core::twtw;
using marshal::core::testing::refusal;

namespace {

RangedShot peacemaker_at(int paces) {
  RangedShot shot;
  shot.range_paces = paces;
  shot.range_increment = 8;  // .45 Peacemaker, gunslinger model (003 L116)
  return shot;
}

int tn_of(const RangedShot& shot, const Options& options = {}) {
  return ranged_tn(shot, options).tn;
}

}  // namespace

TEST_CASE("twtw ranged: the Peacemaker is TN 5 up to 8 paces and 6 up to 16 (003 L116)", "[twtw]") {
  for (int paces = 0; paces <= 8; ++paces) CHECK(tn_of(peacemaker_at(paces)) == 5);
  for (int paces = 9; paces <= 16; ++paces) CHECK(tn_of(peacemaker_at(paces)) == 6);
  CHECK(tn_of(peacemaker_at(17)) == 7);
  CHECK(tn_of(peacemaker_at(24)) == 7);
  CHECK(tn_of(peacemaker_at(25)) == 8);
  // The reasons add up to the TN, and the first is the Standard (5) base.
  TnBreakdown b = ranged_tn(peacemaker_at(16));
  REQUIRE(b.why.size() == 2);
  CHECK(b.why.front().delta == 5);
  CHECK(b.why.back().delta == 1);
  CHECK(b.why.back().why.find("range") != std::string::npos);
}

TEST_CASE("twtw ranged: relative speed costs 1 per 5 paces (003 L147-149)", "[twtw]") {
  RangedShot shot = peacemaker_at(4);
  shot.relative_speed = 12 - 8;  // Miranda 12 chasing a bandit at 8: no penalty
  CHECK(tn_of(shot) == 5);
  shot.relative_speed = 24 - 16;  // both running, double speed: 8, -1
  CHECK(tn_of(shot) == 6);
  shot.relative_speed = 18 + 8;  // Reuben's wagon and the vaquero going opposite ways: 26, -5
  CHECK(tn_of(shot) == 10);
  shot.relative_speed = 9;
  CHECK(tn_of(shot) == 6);
  shot.relative_speed = 10;
  CHECK(tn_of(shot) == 7);
}

TEST_CASE("twtw ranged: a moving or mounted firer (003 L127-137)", "[twtw]") {
  RangedShot shot = peacemaker_at(8);
  shot.firer = FirerMove::walk;
  CHECK(tn_of(shot) == 6);
  shot.firer = FirerMove::run;
  CHECK(tn_of(shot) == 9);
  // A mount costs 2 standing or walking, 4 galloping, and only if worse than the firer's own move.
  shot.firer = FirerMove::still;
  shot.mount = Mount::still;
  CHECK(tn_of(shot) == 7);
  shot.mount = Mount::walk;
  CHECK(tn_of(shot) == 7);
  shot.firer = FirerMove::walk;
  CHECK(tn_of(shot) == 7);  // not 8: the worse of the two, never both
  shot.mount = Mount::gallop;
  shot.firer = FirerMove::still;
  CHECK(tn_of(shot) == 9);
  shot.firer = FirerMove::run;
  CHECK(tn_of(shot) == 9);
  shot.mount = Mount::still;
  CHECK(tn_of(shot) == 9);  // running beats the standing mount's 2
}

TEST_CASE("twtw ranged: target size steps, both readings of 003 L141", "[twtw]") {
  struct Row {
    double size;
    int halving, literal;
  };
  for (const Row& r : std::vector<Row>{
           {6, 0, 0},      {4, 0, 0},       {3.01, 0, 0},  {3, 1, 1},     {2.5, 1, 1},
           {2, 1, 2},      {1.51, 1, 2},    {1.5, 2, 2},   {1, 2, 3},     {0.76, 2, 3},
           {0.75, 3, 3},   {0.5, 3, 4},     {0.375, 4, 4}, {0.25, 4, 5},  {0.1875, 5, 5},
           {0.125, 5, 6},  {0.09375, 6, 6}, {0.001, 6, 6}, {11.99, 0, 0}, {12, -1, -1},
           {17.9, -1, -1}, {18, -2, -2},    {24, -3, -3},  {36, -5, -5},  {42, -6, -6},
           {1000, -6, -6}}) {
    INFO("size " << r.size);
    CHECK(size_modifier(r.size, SizeSteps::halving) == r.halving);
    CHECK(size_modifier(r.size, SizeSteps::literal) == r.literal);
  }
  RangedShot shot = peacemaker_at(8);
  shot.target_size = 18;
  CHECK(tn_of(shot) == 3);  // a +2 bonus lowers the TN
  shot.target_size = 1.5;
  CHECK(tn_of(shot) == 7);
  Options literal;
  literal.size_steps = SizeSteps::literal;
  shot.target_size = 2;
  CHECK(tn_of(shot) == 6);
  CHECK(tn_of(shot, literal) == 7);
  CHECK(refusal([] { size_modifier(0); }) == "out_of_range@size");
  CHECK(refusal([] { size_modifier(-1); }) == "out_of_range@size");
  CHECK(refusal([] { size_modifier(1000.5); }) == "out_of_range@size");
}

TEST_CASE(
    "twtw ranged: called shots, snap shots, hands, cover, dodge (003 L159, L247-253, L349-363, "
    "L421)",
    "[twtw]") {
  RangedShot shot = peacemaker_at(8);
  shot.called = CalledShot::torso;
  CHECK(tn_of(shot) == 7);
  shot.called = CalledShot::limb;
  CHECK(tn_of(shot) == 9);
  shot.called = CalledShot::head;
  CHECK(tn_of(shot) == 11);
  shot.called = CalledShot::eye;
  CHECK(tn_of(shot) == 15);

  RangedShot hands = peacemaker_at(8);
  hands.snap_penalty = 2;  // the Peacemaker unaimed (L227)
  CHECK(tn_of(hands) == 7);
  hands.two_weapons = true;
  CHECK(tn_of(hands) == 8);
  hands.off_hand = true;
  CHECK(tn_of(hands) == 11);  // -4 in all for the off hand (L247), on top of the snap shot (L249)

  RangedShot rifle = peacemaker_at(8);
  rifle.one_handed_long_gun = true;
  CHECK(tn_of(rifle) == 7);
  rifle.one_handed_long_gun = false;
  rifle.target_hidden = true;
  CHECK(tn_of(rifle) == 9);
  rifle.target_hidden = false;
  rifle.engaged = EngagedWeapon::short_weapon;
  CHECK(tn_of(rifle) == 5);
  rifle.engaged = EngagedWeapon::normal;
  CHECK(tn_of(rifle) == 6);
  rifle.engaged = EngagedWeapon::long_weapon;
  CHECK(tn_of(rifle) == 7);

  RangedShot dodge = peacemaker_at(8);
  dodge.target_dodge = 3;
  CHECK(tn_of(dodge) == 8);
  dodge.target_dodge_still = true;
  CHECK(tn_of(dodge) == 9);
  dodge.target_dodge = 0;  // not dodging: standing still earns nothing
  CHECK(tn_of(dodge) == 5);

  RangedShot wounded = peacemaker_at(8);
  wounded.wound_penalty = 3;
  CHECK(tn_of(wounded) == 8);
}

TEST_CASE("twtw ranged: a target forgoing defense is shot at half the range (003 L70)", "[twtw]") {
  RangedShot shot = peacemaker_at(16);
  shot.target_forgoes_defense = true;
  CHECK(tn_of(shot) == 5);
  shot.range_paces = 17;  // 8.5 paces: into the second increment
  CHECK(tn_of(shot) == 6);
  shot.range_paces = 32;
  CHECK(tn_of(shot) == 6);
}

TEST_CASE("twtw ranged: inputs out of their limits are refused by name", "[twtw]") {
  auto with = [](auto&& change) {
    return refusal([&] {
      RangedShot shot = peacemaker_at(8);
      change(shot);
      ranged_tn(shot);
    });
  };
  CHECK(with([](RangedShot& s) { s.range_paces = -1; }) == "out_of_range@range");
  CHECK(with([](RangedShot& s) { s.range_paces = max_range_paces + 1; }) == "out_of_range@range");
  CHECK(with([](RangedShot& s) { s.range_paces = max_range_paces; }) == "accepted");
  CHECK(with([](RangedShot& s) { s.range_increment = 0; }) == "out_of_range@increment");
  CHECK(with([](RangedShot& s) { s.relative_speed = -5; }) == "out_of_range@relative_speed");
  CHECK(with([](RangedShot& s) { s.snap_penalty = max_snap_penalty + 1; }) == "out_of_range@snap");
  CHECK(with([](RangedShot& s) { s.target_size = 0; }) == "out_of_range@size");
  CHECK(with([](RangedShot& s) { s.target_dodge = -1; }) == "out_of_range@dodge");
  CHECK(with([](RangedShot& s) { s.wound_penalty = 6; }) == "out_of_range@wound_penalty");
}

// Every way to make a shot harder, applied to many shots: the TN never drops, and the reasons
// always sum to it.
TEST_CASE("twtw ranged: adding a penalty never lowers the TN", "[twtw][property]") {
  std::vector<std::function<void(RangedShot&)>> penalties{
      [](RangedShot& s) { s.range_paces += 7; },
      [](RangedShot& s) { s.range_increment = std::max(1, s.range_increment - 3); },
      [](RangedShot& s) {
        s.firer = s.firer == FirerMove::still ? FirerMove::walk : FirerMove::run;
      },
      [](RangedShot& s) { s.mount = s.mount == Mount::none ? Mount::still : Mount::gallop; },
      [](RangedShot& s) { s.relative_speed += 5; },
      [](RangedShot& s) { s.target_size /= 2; },
      [](RangedShot& s) {
        s.called = s.called == CalledShot::eye
                       ? s.called
                       : static_cast<CalledShot>(static_cast<int>(s.called) + 1);
      },
      [](RangedShot& s) { s.snap_penalty = std::min(max_snap_penalty, s.snap_penalty + 1); },
      [](RangedShot& s) { s.two_weapons = true; },
      [](RangedShot& s) { s.off_hand = true; },
      [](RangedShot& s) { s.one_handed_long_gun = true; },
      [](RangedShot& s) { s.target_hidden = true; },
      [](RangedShot& s) { s.target_dodge = std::min(max_dodge, s.target_dodge + 2); },
      [](RangedShot& s) { s.target_dodge_still = true; },
      [](RangedShot& s) { s.engaged = EngagedWeapon::long_weapon; },
      [](RangedShot& s) { s.wound_penalty = std::min(max_wound_penalty, s.wound_penalty + 1); },
      [](RangedShot& s) { s.target_forgoes_defense = false; },
  };
  std::uint32_t state = 2024;
  auto next = [&](std::uint32_t n) {
    state = state * 1664525u + 1013904223u;
    return static_cast<int>((state >> 8) % n);
  };
  const double sizes[] = {0.1, 0.75, 1.5, 2, 3, 6, 12, 18, 30, 100};
  int checked = 0;
  for (int i = 0; i < 3000; ++i) {
    RangedShot shot;
    shot.range_paces = next(200);
    shot.range_increment = 1 + next(30);
    shot.firer = static_cast<FirerMove>(next(3));
    shot.mount = static_cast<Mount>(next(4));
    shot.relative_speed = next(40);
    shot.target_size = sizes[next(10)];
    shot.called = static_cast<CalledShot>(next(5));
    shot.snap_penalty = next(4);
    shot.two_weapons = next(2) == 1;
    shot.off_hand = next(2) == 1;
    shot.target_dodge = next(3);
    shot.target_dodge_still = next(2) == 1;
    shot.target_forgoes_defense = next(2) == 1;
    shot.engaged = static_cast<EngagedWeapon>(next(4));
    Options options;
    options.size_steps = next(2) == 1 ? SizeSteps::literal : SizeSteps::halving;
    const TnBreakdown before = ranged_tn(shot, options);
    int sum = 0;
    for (const Modifier& m : before.why) sum += m.delta;
    REQUIRE(sum == before.tn);
    for (const auto& penalty : penalties) {
      RangedShot harder = shot;
      penalty(harder);
      INFO("shot " << i);
      CHECK(ranged_tn(harder, options).tn >= before.tn);
      ++checked;
    }
  }
  CHECK(checked == 3000 * static_cast<int>(penalties.size()));
}

TEST_CASE("twtw fan firing: Jonah 8 and 10, Miranda 8, 9, 11, 13 (003 L227, L235)", "[twtw]") {
  // Jonah: TN 5, the Peacemaker's -2 unaimed, two shots at two Perkins brothers.
  CHECK(fan_series(5, 2, {"Perkins 1", "Perkins 2"}) == std::vector<int>{8, 10});
  // TABLETOP.md: two shots at one target are 8 and 9.
  CHECK(fan_series(5, 2, {"A", "A"}) == std::vector<int>{8, 9});
  // Miranda: two on Angus (-3, -4), one on each crony (-6, -8).
  CHECK(fan_series(5, 2, {"Angus", "Angus", "crony 1", "crony 2"}) ==
        std::vector<int>{8, 9, 11, 13});
  // A target named again keeps its place among the targets.
  CHECK(fan_series(5, 0, {"A", "B", "A"}) == std::vector<int>{6, 8, 8});
  CHECK(fan_series(5, 0, std::vector<std::string>(6, "A")) == std::vector<int>{6, 7, 8, 9, 10, 11});
  CHECK(refusal([] { fan_series(5, 0, std::vector<std::string>(7, "A")); }) ==
        "out_of_range@targets");
  CHECK(refusal([] { fan_series(5, 0, {}); }) == "out_of_range@targets");
  CHECK(refusal([] { fan_series(5, 0, {"A", ""}); }) == "out_of_range@targets");
  CHECK(refusal([] { fan_series(0, 0, {"A"}); }) == "out_of_range@tn");
  CHECK(refusal([] { fan_series(5, -1, {"A"}); }) == "out_of_range@snap");
}

TEST_CASE("twtw keeping aim: the Bravery TN (003 L205-209)", "[twtw]") {
  CHECK(keep_aim_tn(0, 0, false, false) == 0);
  CHECK(keep_aim_tn(1, 0, false, false) == 5);
  CHECK(keep_aim_tn(3, 0, false, false) == 7);
  CHECK(keep_aim_tn(3, 1, false, false) == 9);
  CHECK(keep_aim_tn(0, 0, true, false) == 9);
  CHECK(keep_aim_tn(4, 2, true, false) == 12);
  CHECK(keep_aim_tn(1, 0, true, true) == -1);
  CHECK(refusal([] { keep_aim_tn(1, 2, false, false); }) == "out_of_range@hits");
}
