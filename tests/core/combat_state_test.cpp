// What a fight does to one fighter (core/combat_state.h), each rule with its seed line: a Wild
// Card's three Wound levels (001 L4) and the fourth wound Incapacitating, an Extra out with one,
// a beast's "S/W6/I" (000 L165), Shaken again a wound (SWD, through damage.h's judge_hit), a Soak
// ending the hit's Shaken, Shaken ended by a Spirit roll or a chip (001 L43), the Incapacitation
// table (000 L171-176), the dying healed back at three wounds, Shaken (002 L36), and every
// refusal before any change.
#include <catch2/catch.hpp>

#include <functional>

#include "core/combat_state.h"
#include "core/refusal.h"

using namespace marshal::core;

namespace {
std::string state_refusal(const std::function<void()>& act) {
  try {
    act();
  } catch (const Refusal& r) {
    return r.field() + " " + std::string(to_string(r.code()));
  }
  return "accepted";
}
}  // namespace

TEST_CASE("a Wild Card takes three wounds, the fourth Incapacitates (001 L4)", "[combat_state]") {
  Combatant c = new_combatant(wild_card_wound_levels);
  c = after_hit(c, judge_hit(6, 6, c.shaken));  // Toughness reached: Shaken
  CHECK(c.shaken);
  CHECK(c.wounds == 0);
  c = after_hit(c, judge_hit(7, 6, c.shaken));  // Shaken again: a wound instead (SWD)
  CHECK(c.wounds == 1);
  c = after_hit(c, judge_hit(14, 6, c.shaken));  // two raises: two wounds
  CHECK(c.wounds == 3);
  CHECK(c.state == FighterState::fighting);
  c = after_hit(c, judge_hit(10, 6, c.shaken));  // the fourth
  CHECK(c.state == FighterState::incapacitated);
  CHECK(c.wounds == 3);  // the wounds stay at the last level
  CHECK(state_refusal([&] { after_hit(c, HitOutcome{true, 1}); }) == "target illegal_move");
}

TEST_CASE("an Extra is out with one wound (001 L4), a beast of S/W6/I takes six (000 L165)", "[combat_state]") {
  Combatant extra = new_combatant(0);
  extra = after_hit(extra, HitOutcome{true, 0});
  CHECK(extra.state == FighterState::fighting);
  extra = after_hit(extra, HitOutcome{true, 1});
  CHECK(extra.state == FighterState::out);
  CHECK(state_refusal([&] { after_hit(extra, HitOutcome{true, 0}); }) == "target knocked_out");
  Combatant beast = new_combatant(6);
  beast = after_hit(beast, HitOutcome{true, 5});
  CHECK(beast.state == FighterState::fighting);
  beast = after_hit(beast, HitOutcome{true, 1});
  CHECK(beast.wounds == 6);
  CHECK(beast.state == FighterState::fighting);
  beast = after_hit(beast, HitOutcome{true, 1});
  CHECK(beast.state == FighterState::incapacitated);
  CHECK(state_refusal([] { new_combatant(max_wound_levels + 1); }) == "wound_levels out_of_range");
  CHECK(state_refusal([] { new_combatant(-1); }) == "wound_levels out_of_range");
  CHECK(new_combatant(max_wound_levels).wound_levels == max_wound_levels);
}

TEST_CASE("a Soak of every wound ends the hit's Shaken, not one held before (SWD)", "[combat_state]") {
  const Combatant fresh = new_combatant(3);
  const HitOutcome two{true, 2};
  CHECK(after_soak(fresh, two, 0) == after_hit(fresh, two));
  const Combatant one_left = after_soak(fresh, two, 1);
  CHECK(one_left.wounds == 1);
  CHECK(one_left.shaken);
  const Combatant all = after_soak(fresh, two, 2);
  CHECK(all.wounds == 0);
  CHECK_FALSE(all.shaken);
  Combatant shaken = fresh;
  shaken.shaken = true;
  CHECK(after_soak(shaken, two, 2).shaken);  // Shaken before the hit: still
  CHECK(state_refusal([&] { after_soak(fresh, two, 3); }) == "soaked out_of_range");
  CHECK(state_refusal([&] { after_soak(fresh, two, -1); }) == "soaked out_of_range");
}

TEST_CASE("Shaken ends by a Spirit roll or a chip (001 L43), and only when Shaken", "[combat_state]") {
  Combatant c = after_hit(new_combatant(3), HitOutcome{true, 0});
  c = after_unshaken(c);
  CHECK_FALSE(c.shaken);
  CHECK(state_refusal([&] { after_unshaken(c); }) == "shaken illegal_move");
}

TEST_CASE("the Incapacitation roll's five results (000 L171-176)", "[combat_state]") {
  Combatant down = after_hit(new_combatant(3), HitOutcome{true, 4});
  REQUIRE(down.state == FighterState::incapacitated);
  CHECK(after_incapacitation(down, Incapacitation::death).state == FighterState::dead);
  CHECK(after_incapacitation(down, Incapacitation::bleeding_out).state == FighterState::bleeding_out);
  CHECK(after_incapacitation(down, Incapacitation::unconscious).state == FighterState::unconscious);
  const Combatant last = after_incapacitation(down, Incapacitation::last_stand);
  CHECK(last.state == FighterState::last_stand);
  CHECK(last.wounds == 3);  // at W3
  CHECK(after_hit(last, HitOutcome{true, 1}).state == FighterState::incapacitated);  // the next wound
  CHECK(after_hit(last, HitOutcome{true, 0}).state == FighterState::last_stand);     // Shaken only
  const Combatant stays = after_incapacitation(down, Incapacitation::stays_in);
  CHECK(stays.state == FighterState::fighting);
  CHECK(stays.wounds == 3);
  CHECK(state_refusal([] { after_incapacitation(new_combatant(3), Incapacitation::death); }) == "state illegal_move");
  const Combatant dead = after_incapacitation(down, Incapacitation::death);
  CHECK(state_refusal([&] { after_hit(dead, HitOutcome{true, 1}); }) == "target dead");
  CHECK(state_refusal([&] { after_healing(dead, 1); }) == "patient dead");  // 000 L172: no Healing
}

TEST_CASE("healing takes wounds off, the dying healed come back at three wounds, Shaken (002 L36)", "[combat_state]") {
  Combatant hurt = after_hit(new_combatant(3), HitOutcome{true, 2});
  hurt = after_unshaken(hurt);
  CHECK(after_healing(hurt, 1).wounds == 1);
  CHECK(after_healing(hurt, 5).wounds == 0);
  CHECK_FALSE(after_healing(hurt, 1).shaken);
  Combatant down = after_hit(new_combatant(3), HitOutcome{true, 4});
  for (Incapacitation r : {Incapacitation::bleeding_out, Incapacitation::unconscious}) {
    const Combatant back = after_healing(after_incapacitation(down, r), 1);
    CHECK(back.state == FighterState::fighting);
    CHECK(back.wounds == 3);
    CHECK(back.shaken);
  }
  CHECK(after_healing(down, 1).state == FighterState::fighting);
  const Combatant extra_out = after_hit(new_combatant(0), HitOutcome{true, 1});
  CHECK(after_healing(extra_out, 1).state == FighterState::fighting);
  CHECK(state_refusal([] { after_healing(new_combatant(3), 1); }) == "patient illegal_move");
  CHECK(state_refusal([&] { after_healing(hurt, 0); }) == "healed out_of_range");
  CHECK(to_string(FighterState::last_stand) == "last_stand");
}

TEST_CASE("the dying healed with raises: back at the last level, a wound off a raise, Shaken with none left (002 L36)",
          "[combat_state]") {
  const Combatant down = after_hit(new_combatant(3), HitOutcome{true, 4});
  const Combatant one_raise = after_healing(down, 2);
  CHECK(one_raise.wounds == 2);
  CHECK(one_raise.shaken);
  const Combatant all_off = after_healing(after_incapacitation(down, Incapacitation::unconscious), 4);
  CHECK(all_off.wounds == 0);
  CHECK(all_off.shaken);  // "даже если сняты все раны"
  CHECK(after_healing(down, 9).wounds == 0);
}

TEST_CASE("a Last Stand healed fights on below its last level, a Shaken held before a soaked hit stays", "[combat_state]") {
  const Combatant down = after_hit(new_combatant(3), HitOutcome{true, 4});
  const Combatant healed = after_healing(after_incapacitation(down, Incapacitation::last_stand), 2);
  CHECK(healed.wounds == 1);
  CHECK(healed.state == FighterState::fighting);
  const Combatant hit_again = after_hit(healed, HitOutcome{true, 1});
  CHECK(hit_again.wounds == 2);
  CHECK(hit_again.state == FighterState::fighting);  // not Incapacitated: two wounds of three
  Combatant shaken = new_combatant(3);
  shaken.shaken = true;
  const HitOutcome shaken_again = judge_hit(6, 6, true);  // Shaken again: a wound instead
  REQUIRE(shaken_again.wounds == 1);
  const Combatant soaked = after_soak(shaken, shaken_again, 1);
  CHECK(soaked.wounds == 0);
  CHECK(soaked.shaken);
  CHECK(state_refusal([] { after_hit(new_combatant(3), HitOutcome{false, -1}); }) == "wounds out_of_range");
}

TEST_CASE("a combat sheet is checked at every limit, a fighter's state is read back from its word", "[combat_state]") {
  auto sheet_refusal = [](CombatSheet sheet) { return state_refusal([&] { check_combat_sheet(sheet); }); };
  CHECK(sheet_refusal({5, 0, 2, 3, Luck::none}) == "accepted");
  CHECK(sheet_refusal({max_toughness, max_toughness - 1, max_parry, max_wound_levels, Luck::great_luck}) == "accepted");
  CHECK(sheet_refusal({0, 0, 2, 3, Luck::none}) == "toughness out_of_range");
  CHECK(sheet_refusal({max_toughness + 1, 0, 2, 3, Luck::none}) == "toughness out_of_range");
  CHECK(sheet_refusal({5, 5, 2, 3, Luck::none}) == "armor out_of_range");  // armour is part of Toughness
  CHECK(sheet_refusal({5, -1, 2, 3, Luck::none}) == "armor out_of_range");
  CHECK(sheet_refusal({5, 0, -1, 3, Luck::none}) == "parry out_of_range");
  CHECK(sheet_refusal({5, 0, max_parry + 1, 3, Luck::none}) == "parry out_of_range");
  CHECK(sheet_refusal({5, 0, 2, max_wound_levels + 1, Luck::none}) == "wound_levels out_of_range");
  for (FighterState s : {FighterState::fighting, FighterState::incapacitated, FighterState::bleeding_out,
                         FighterState::unconscious, FighterState::last_stand, FighterState::dead, FighterState::out})
    CHECK(fighter_state_from_string(to_string(s)) == s);
  CHECK_FALSE(fighter_state_from_string("wounded"));
}
