// TWTW wounds by location (seed 003 L425-429, L510-615): both wound tables row by row, the
// examples of the seed, stun checks, disabling and death, the risk option, bleeding and healing.
#include <catch2/catch.hpp>

#include <string>

#include "core/refusal.h"
#include "core/twtw_wounds.h"
#include "test_helpers.h"

using namespace marshal::core::twtw;
using marshal::core::testing::refusal;

namespace {
WoundState fresh(int ct = 10) {
  WoundState s;
  s.ct = ct;
  return s;
}
Options with(WoundTable table) {
  Options o;
  o.wound_table = table;
  return o;
}
}  // namespace

TEST_CASE("twtw wound tables: every row of both (003 L533-538, L554-558)", "[twtw]") {
  struct Row {
    int level;
    const char* name;
    int penalty, stun;
  };
  for (const Row& r : {Row{1, "Flesh", 1, 3}, Row{2, "Light", 2, 5}, Row{3, "Heavy", 3, 7},
                       Row{4, "Serious", 4, 9}, Row{5, "Critical", 5, 11}}) {
    WoundRow got = wound_row(WoundTable::five_level, r.level);
    CHECK(got.name == r.name);
    CHECK(got.penalty == r.penalty);
    CHECK(got.stun_tn == r.stun);
  }
  for (const Row& r : {Row{1, "Scratched", 1, 3}, Row{2, "Light", 1, 5}, Row{3, "Serious", 2, 7},
                       Row{4, "Critical", 3, 9}, Row{5, "Critical", 3, 9}}) {
    WoundRow got = wound_row(WoundTable::four_level, r.level);
    CHECK(got.name == r.name);
    CHECK(got.penalty == r.penalty);
    CHECK(got.stun_tn == r.stun);
  }
  for (WoundTable t : {WoundTable::five_level, WoundTable::four_level}) {
    CHECK(wound_row(t, 0).penalty == 0);
    CHECK(wound_row(t, 0).stun_tn == 3);  // CT only: the first row's Stun (L565)
    CHECK(refusal([t] { wound_row(t, 6); }) == "out_of_range@level");
    CHECK(refusal([t] { wound_row(t, -1); }) == "out_of_range@level");
  }
}

TEST_CASE("twtw wounds add up only in one location, the highest counts (003 L525, L540, L573)",
          "[twtw]") {
  // Two light wounds to the right arm are a serious one (five-level table).
  Hit first = apply_hit(fresh(), Location::right_arm, {2, 0});
  Hit second = apply_hit(first.after, Location::right_arm, {2, 0});
  CHECK(second.after.at(Location::right_arm) == 4);
  CHECK(wound_row(WoundTable::five_level, second.level_after).name == "Serious");
  // A light wound to the head and a heavy one to a leg: heavy, not added together.
  Hit head = apply_hit(fresh(), Location::head, {2, 0});
  Hit leg = apply_hit(head.after, Location::left_leg, {3, 0});
  CHECK(leg.level_after == 3);
  CHECK(wound_row(WoundTable::five_level, leg.level_after).name == "Heavy");
  // A light and a serious wound: the serious penalty (four-level: -2, L581).
  WoundState both = fresh();
  both.at(Location::torso) = 2;
  both.at(Location::right_leg) = 3;
  CHECK(wound_row(WoundTable::four_level, wound_level(both)).penalty == 2);
}

TEST_CASE(
    "twtw stun checks: the TN by the option, the previous wounds' penalty (003 L542, L565, L583)",
    "[twtw]") {
  // A first wound of 2 to a fresh character.
  Hit after = apply_hit(fresh(), Location::torso, {2, 1});
  CHECK(after.stun_check);
  CHECK(after.stun_tn == 5);
  CHECK(after.stun_penalty == 0);
  Options before_row;
  before_row.stun_row = StunRow::before_hit;
  CHECK(apply_hit(fresh(), Location::torso, {2, 1}, before_row).stun_tn == 3);
  // Hit again at Light: the Light penalty applies to the check, 2 under five_level, 1 under four.
  Hit again = apply_hit(after.after, Location::left_arm, {1, 0});
  CHECK(again.stun_penalty == 2);
  CHECK(again.stun_tn == 5);  // still Light: the arm's single wound is not higher
  CHECK(apply_hit(after.after, Location::left_arm, {1, 0}, with(WoundTable::four_level))
            .stun_penalty == 1);
  Hit worse = apply_hit(after.after, Location::torso, {2, 0}, with(WoundTable::four_level));
  CHECK(worse.stun_tn == 9);  // torso at 4: four-level Critical
  // CT only: the first row's TN, 3, under both tables.
  CHECK(apply_hit(fresh(), Location::head, {0, 4}).stun_tn == 3);
  CHECK(apply_hit(fresh(), Location::head, {0, 4}, with(WoundTable::four_level)).stun_tn == 3);
  // Already stunned: no new check. No damage: no check.
  WoundState stunned = fresh();
  stunned.stunned = true;
  CHECK_FALSE(apply_hit(stunned, Location::head, {1, 1}).stun_check);
  CHECK_FALSE(apply_hit(fresh(), Location::head, {0, 0}).stun_check);
  // Recovery: the Stun TN of the current level (L591).
  WoundState heavy = fresh();
  heavy.at(Location::right_leg) = 3;
  CHECK(recovery_tn(heavy, WoundTable::five_level) == 7);
  CHECK(recovery_tn(heavy, WoundTable::four_level) == 7);
  heavy.at(Location::torso) = 4;
  CHECK(recovery_tn(heavy, WoundTable::five_level) == 9);
  CHECK(recovery_tn(heavy, WoundTable::four_level) == 9);
  CHECK(recovery_tn(fresh(), WoundTable::four_level) == 3);
}

TEST_CASE(
    "twtw wounds: the 5th disables, head and torso kill, limbs keep taking CT (003 L429, L527, "
    "L548)",
    "[twtw]") {
  WoundState s = fresh(10);
  s.at(Location::left_arm) = 4;
  Hit lost = apply_hit(s, Location::left_arm, {3, 2});
  CHECK(lost.after.at(Location::left_arm) == 5);
  CHECK(lost.disabled);
  CHECK_FALSE(lost.dead);
  Hit more = apply_hit(lost.after, Location::left_arm, {2, 3});
  CHECK(more.after.at(Location::left_arm) == 5);
  CHECK_FALSE(more.disabled);  // disabled already
  CHECK(more.after.ct == 5);
  WoundState t = fresh(10);
  t.at(Location::torso) = 4;
  Hit dies = apply_hit(t, Location::torso, {1, 0});
  CHECK(dies.disabled);
  CHECK(dies.dead);
  CHECK_FALSE(apply_hit(t, Location::torso, {0, 3}).dead);
  // Concussed at 0 CT or lower.
  CHECK_FALSE(apply_hit(fresh(5), Location::head, {0, 4}).concussed);
  CHECK(apply_hit(fresh(5), Location::head, {0, 5}).concussed);
  CHECK(refusal([] { apply_hit(fresh(), Location::head, {-1, 0}); }) == "out_of_range@wounds");
  CHECK(refusal([] {
          WoundState bad = fresh();
          bad.at(Location::head) = 6;
          apply_hit(bad, Location::head, {1, 0});
        }) == "out_of_range@wounds");
}

TEST_CASE("twtw risk: a critical head or torso wound stays serious, out of action (003 L599)",
          "[twtw]") {
  Options risk;
  risk.risk = true;
  WoundState s = fresh();
  s.at(Location::head) = 3;
  Hit five = apply_hit(s, Location::head, {3, 0}, risk);
  CHECK(five.after.at(Location::head) == 4);  // Serious of five levels
  CHECK(five.out_of_action);
  CHECK_FALSE(five.dead);
  risk.wound_table = WoundTable::four_level;
  Hit four = apply_hit(s, Location::torso, {4, 0}, risk);
  CHECK(four.after.at(Location::torso) == 3);  // Serious of four levels
  CHECK(four.out_of_action);
  Hit limb = apply_hit(s, Location::right_leg, {5, 0}, risk);
  CHECK(limb.disabled);  // limbs are not spared
  CHECK_FALSE(limb.out_of_action);
}

TEST_CASE("twtw bleeding and healing (003 L587, L605-615)", "[twtw]") {
  WoundState s = fresh();
  s.at(Location::right_arm) = 2;
  CHECK(bleeding_ct(s) == 0);
  s.at(Location::right_arm) = 3;
  CHECK(bleeding_ct(s) == 1);
  s.at(Location::torso) = 4;
  CHECK(bleeding_ct(s) == 2);
  s.at(Location::left_leg) = 5;
  CHECK(bleeding_ct(s) == 3);
  Options off;
  off.bleeding = false;
  CHECK(bleeding_ct(s, off) == 0);
  CHECK(bled_to_death(-10, 10));
  CHECK_FALSE(bled_to_death(-9, 10));
  CHECK(heal_tn(1) == 3);
  CHECK(heal_tn(2) == 5);
  CHECK(heal_tn(3) == 7);
  CHECK(heal_tn(4) == 9);
  CHECK(refusal([] { heal_tn(0); }) == "illegal_move@wounds");
  CHECK(refusal([] { heal_tn(5); }) == "illegal_move@wounds");
  CHECK(first_aid_ct_tn == 3);
}
