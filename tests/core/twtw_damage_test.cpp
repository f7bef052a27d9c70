// TWTW damage, cover, melee Defense and equipment failure (seed 003 L255-273, L431-484): the
// worked examples, each boundary of P/A/D, wounds and CT by Size, and the refusals.
#include <catch2/catch.hpp>

#include <optional>
#include <string>

#include "core/refusal.h"
#include "core/twtw_cards.h"
#include "core/twtw_damage.h"
#include "core/twtw_melee.h"
#include "test_helpers.h"

using namespace marshal::core::twtw;
using marshal::core::testing::refusal;

TEST_CASE("twtw melee: Hank's Defense is 4, and the advantage (003 L261-273)", "[twtw]") {
  MeleeDefense hank;
  hank.skill = 1;  // Fighting: Brawl 1
  CHECK(melee_defense(hank).tn == 4);
  MeleeDefense green;
  CHECK(melee_defense(green).tn == 3);
  // Don (knife: short, fast) attacks Percy (saber: longer, defend): Percy 2 factors, Don none.
  CHECK(melee_advantage(0, 2) == Advantage::defender);
  MeleeDefense percy;
  percy.skill = 2;
  percy.advantage = 2;
  CHECK(melee_defense(percy).tn == 6);
  // Percy attacks Don: only the length counts now, and the +1 goes on Percy's result, not Don's TN.
  CHECK(melee_advantage(1, 0) == Advantage::attacker);
  MeleeDefense don;
  don.skill = 1;
  don.opponent_advantage = 1;
  CHECK(melee_defense(don).tn == 4);
  CHECK(melee_advantage(2, 2) == Advantage::none);
  MeleeDefense tie = hank;
  tie.advantage = tie.opponent_advantage = 2;
  CHECK(melee_defense(tie).tn == 4);
  // Forgoing defense: TN 3, no advantage, whatever the skill (L70).
  MeleeDefense runner = percy;
  runner.forgoes_defense = true;
  CHECK(melee_defense(runner).tn == 3);
  // A dodge adds its score, one more standing still (L359-361).
  MeleeDefense dodger = hank;
  dodger.dodge = 2;
  CHECK(melee_defense(dodger).tn == 6);
  dodger.dodge_still = true;
  CHECK(melee_defense(dodger).tn == 7);
  // Skill spent on advantage may not take it below 1 (L273).
  CHECK(spend_skill_on_advantage(3, 2) == 1);
  CHECK(spend_skill_on_advantage(3, 0) == 3);
  CHECK(refusal([] { spend_skill_on_advantage(3, 3); }) == "out_of_range@spend");
  CHECK(refusal([] {
          MeleeDefense d;
          d.skill = -1;
          melee_defense(d);
        }) == "out_of_range@skill");
  CHECK(refusal([] {
          MeleeDefense d;
          d.opponent_advantage = max_advantage + 1;
          melee_defense(d);
        }) == "out_of_range@opponent_advantage");
}

TEST_CASE("twtw cover: P at AV + 2, A at AV and AV + 1, D below (003 L440)", "[twtw]") {
  for (int av : {av_thin_wood, av_hardwood, av_brick_or_iron}) {
    INFO("AV " << av);
    CHECK(cover_result(av + 5, av) == Cover::penetrate);
    CHECK(cover_result(av + 2, av) == Cover::penetrate);
    CHECK(cover_result(av + 1, av) == Cover::ablate);
    CHECK(cover_result(av, av) == Cover::ablate);
    CHECK(cover_result(av - 1, av) == Cover::deflect);
    CHECK(cover_result(0, av) == Cover::deflect);
  }
  CHECK(cover_result(0, 0) == Cover::ablate);
  CHECK(to_string(Cover::penetrate) == "P");
  CHECK(to_string(Cover::ablate) == "A");
  CHECK(to_string(Cover::deflect) == "D");
  CHECK(refusal([] { cover_result(-1, 2); }) == "out_of_range@pv");
  CHECK(refusal([] { cover_result(2, max_pen + 1); }) == "out_of_range@av");
}

TEST_CASE("twtw damage: a wound per full multiple of Size, the rest CT (003 L444, L462-464)",
          "[twtw]") {
  auto is = [](Damage d, int wounds, int ct) { return d.wounds == wounds && d.ct == ct; };
  CHECK(is(damage(0, 6), 0, 0));
  CHECK(is(damage(5, 6), 0, 5));
  CHECK(is(damage(6, 6), 1, 0));
  CHECK(is(damage(11, 6), 1, 5));
  CHECK(is(damage(12, 6), 2, 0));
  CHECK(is(damage(13, 6), 2, 1));
  CHECK(is(damage(13, 12), 1, 1));  // a horse-sized target
  CHECK(is(damage(3, 1), 3, 0));
  // Brawling: 3 CT per multiple, a wound per double, fractions truncated.
  CHECK(is(damage(5, 6, DamageKind::brawling), 0, 0));
  CHECK(is(damage(6, 6, DamageKind::brawling), 0, 3));
  CHECK(is(damage(11, 6, DamageKind::brawling), 0, 3));
  CHECK(is(damage(12, 6, DamageKind::brawling), 1, 6));
  CHECK(is(damage(18, 6, DamageKind::brawling), 1, 9));
  CHECK(is(damage(24, 6, DamageKind::brawling), 2, 12));
  // Impact: wounds as brawling, a CT per point of effect.
  CHECK(is(damage(13, 6, DamageKind::impact), 1, 13));
  CHECK(is(damage(11, 6, DamageKind::impact), 0, 11));
  CHECK(refusal([] { damage(-1, 6); }) == "out_of_range@dmg");
  CHECK(refusal([] { damage(max_effect + 1, 6); }) == "out_of_range@dmg");
  CHECK(refusal([] { damage(5, 0); }) == "out_of_range@size");
  CHECK(refusal([] { damage(5, max_size + 1); }) == "out_of_range@size");
}

TEST_CASE("twtw damage through cover: DMG, RD or nothing", "[twtw]") {
  CoveredHit p = damage_through_cover(13, 4, 6, 5, av_hardwood);
  CHECK(p.cover == Cover::penetrate);
  CHECK((p.damage.wounds == 2 && p.damage.ct == 1));
  CoveredHit a = damage_through_cover(13, 7, 6, 4, av_hardwood);
  CHECK(a.cover == Cover::ablate);
  CHECK((a.damage.wounds == 1 && a.damage.ct == 1));
  CoveredHit d = damage_through_cover(13, 7, 6, 2, av_hardwood);
  CHECK(d.cover == Cover::deflect);
  CHECK((d.damage.wounds == 0 && d.damage.ct == 0));
  CHECK(refusal([] { damage_through_cover(13, std::nullopt, 6, 3, 3); }) == "missing_input@rd");
  CHECK(refusal([] { damage_through_cover(13, std::nullopt, 6, 5, 3); }) == "accepted");
  CHECK(refusal([] { damage_through_cover(13, -1, 6, 5, 3); }) == "out_of_range@rd");
}

TEST_CASE("twtw equipment failure by Rel (003 L482-484, L243)", "[twtw]") {
  CHECK(equipment_fails(5, 4));
  CHECK(equipment_fails(5, 1));
  CHECK_FALSE(equipment_fails(5, 5));
  CHECK_FALSE(equipment_fails(5, 6));
  CHECK(equipment_fails(13, 12));
  CHECK_FALSE(equipment_fails(std::nullopt, 1, true));  // no Rel: never fails
  // Rel 1: the 1 shows and the "2" failure card is in the discard pile.
  CHECK(equipment_fails(1, 1, true));
  CHECK_FALSE(equipment_fails(1, 1, false));
  CHECK_FALSE(equipment_fails(1, 2, true));
  CHECK(equipment_fails(2, 1, false));
  CHECK(fan_rel(5) == 6);
  CHECK(fan_rel(13) == 13);
  CHECK(fan_rel(std::nullopt) == std::nullopt);
  CHECK(refusal([] { equipment_fails(14, 3); }) == "out_of_range@rel");
  CHECK(refusal([] { equipment_fails(0, 3); }) == "out_of_range@rel");
  CHECK(refusal([] { equipment_fails(5, 0); }) == "out_of_range@failure");
}

TEST_CASE("twtw damage bumps: the head 2, vitals 1, added to the weapon's effect row (003 L427, L458)", "[twtw]") {
  CHECK(damage_bumps(HitLocation::head) == 2);
  CHECK(damage_bumps(HitLocation::vitals) == 1);
  for (HitLocation l : {HitLocation::chest, HitLocation::belly, HitLocation::right_arm, HitLocation::left_arm,
                        HitLocation::right_leg, HitLocation::left_leg})
    CHECK(damage_bumps(l) == 0);
  // A weapon's (2)6 reads row 2; in the head, row 4; in the vitals, row 3.
  CHECK(bumped_row(2, damage_bumps(HitLocation::head), 6) == 4);
  CHECK(bumped_row(2, damage_bumps(HitLocation::vitals), 6) == 3);
  CHECK(bumped_row(2, 0, 6) == 2);
  // Past the card's last row: the last row (the seed is silent there).
  CHECK(bumped_row(5, 2, 6) == 6);
  CHECK(bumped_row(6, 2, 6) == 6);
  CHECK(bumped_row(1, 0, 1) == 1);
  CHECK(bumped_row(1, max_effect_rows, max_effect_rows) == max_effect_rows);
  // Refused: a row off the card, a card of no rows or too many, bumps below 0 or past the grid.
  CHECK(refusal([] { bumped_row(0, 0, 6); }) == "out_of_range@row");
  CHECK(refusal([] { bumped_row(7, 0, 6); }) == "out_of_range@row");
  CHECK(refusal([] { bumped_row(1, 0, 0); }) == "out_of_range@row");
  CHECK(refusal([] { bumped_row(1, 0, max_effect_rows + 1); }) == "out_of_range@row");
  CHECK(refusal([] { bumped_row(1, -1, 6); }) == "out_of_range@bumps");
  CHECK(refusal([] { bumped_row(1, max_effect_rows + 1, 6); }) == "out_of_range@bumps");
}

TEST_CASE("twtw location bumps move a hit along the card's stack from its standard location (003 L410-417)", "[twtw]") {
  ActionCard card;
  card.locations = {HitLocation::head, HitLocation::chest, HitLocation::belly, HitLocation::left_leg};
  CHECK(bumped_location(card, 0) == HitLocation::belly);     // the standard: second from the bottom (L402)
  CHECK(bumped_location(card, 1) == HitLocation::chest);     // a punch: one up (L412)
  CHECK(bumped_location(card, 2) == HitLocation::head);      // a punch with height advantage (L413)
  CHECK(bumped_location(card, 3) == HitLocation::head);      // and point blank: past the top, the top
  CHECK(bumped_location(card, -1) == HitLocation::left_leg); // a kick: one down (L415)
  CHECK(bumped_location(card, -2) == HitLocation::left_leg); // past the bottom, the bottom
  CHECK(refusal([&] { bumped_location(card, max_location_bumps + 1); }) == "out_of_range@bumps");
  CHECK(refusal([&] { bumped_location(card, -max_location_bumps - 1); }) == "out_of_range@bumps");
}
