// The Action Time screen (F10) under Xvfb (issue 18): the sample TWTW posse plays two rounds
// from the keyboard on a real ledger file: a Declaration with a surprise, a dodge and two who
// sit out; a hit that stuns, a hit through the chest, the station closed and opened again in
// the middle of the round (it continues at the next step), a recovery made, undone with Ctrl+Z
// and failed, a miss against the dodging Hank with his Dodge in the TN, a hand-to-hand hit with
// the attacker's wounds in the TN, the End Step's bleeding; round 2 with the Bravery check after
// the surprise, a kill and a recovery. The ledger is read back by SQL and verify passes.
#include <catch2/catch.hpp>

#include <fmt/format.h>

#include <fstream>

#include "import/twtw_deck.h"
#include "ledger/verify.h"
#include "action_time_keys.h"
#include "sample_town.h"
#include "store/sqlite.h"

using namespace marshal;
using namespace gui_testing;
using namespace action_time_testing;

namespace {


// One character's Declaration: its keys, then Enter for the next character.
void declare(wxUIActionSimulator& sim, const char* keys) {
  for (const char* k = keys; *k; ++k) key(sim, *k);
  key(sim, WXK_RETURN);
}

// An attack: A, the target's number (0: the default), the paces (empty: the default), the card;
// then for a hit the location's number and the DMG.
// A, the target and the paces: the TN line shows the attack's TN (it gives way once the card is taken).
void aim_and_enter(wxUIActionSimulator& sim, char target, const char* paces) {
  key(sim, 'a');
  if (target) key(sim, target);
  else key(sim, WXK_RETURN);
  pump(100);
  if (*paces) sim.Text(paces);
  pump(100);
  key(sim, WXK_RETURN);
}

void attack(wxUIActionSimulator& sim, char target, const char* paces, const char* card) {
  aim_and_enter(sim, target, paces);
  type(sim, card);
}

void hit(wxUIActionSimulator& sim, char location, const char* dmg) {
  key(sim, location);
  pump(100);
  type(sim, dmg);
}

std::string fighter(db::Database& ledger, const std::string& name) {
  db::Statement s = ledger.prepare(
      "SELECT wounds, ct, stunned, bleeding, state FROM twtw_characters JOIN characters c ON c.id = character "
      "WHERE c.name = ?");
  s.bind(1, name);
  REQUIRE(s.step());
  return fmt::format("{} ct {} stunned {} bleeding {} {}", s.text(0), s.int64(1), s.int64(2), s.int64(3), s.text(4));
}

}  // namespace

TEST_CASE("Action time: two rounds of TWTW from the keyboard, a restart in the middle", "[gui][action_time]") {
  SampleTown posse(18, "twtw-posse");
  gm::MainFrame* frame = open_station(posse.db, "twtw-gm");
  gm::ActionTimePage* page = frame->action_time();
  wxUIActionSimulator sim;
  using Mode = gm::ActionTimePage::Mode;

  key(sim, WXK_F10);
  REQUIRE(page->mode() == Mode::declaration);
  CHECK(page->keys_field()->HasFocus());
  INFO(page->roster_text().ToStdString());
  CHECK(page->roster_text().Contains("1 Miranda d12  CT 12/12"));
  CHECK(page->roster_text().Contains("7 Knife Tough d6  CT 10/10"));
  CHECK(page->highlighted() == std::vector<std::string>{"Miranda"});
  CHECK(page->step_text().Contains("Round 1, the Declaration: Miranda (d12)"));

  // Round 1: Miranda fast twice, Jonah surprised, Hank dodges, Reuben and the tough sit out.
  key(sim, 'f');
  key(sim, 'f');
  CHECK(page->step_text().Contains("fast, fast (phase I, II)"));
  key(sim, 's');  // a Slow action after two Fast ones does not fit: refused, nothing added
  CHECK(page->refusal_text().Contains("Miranda"));
  CHECK(page->step_text().Contains("fast, fast (phase I, II)"));
  key(sim, WXK_RETURN);
  declare(sim, "nu");
  declare(sim, "d");
  declare(sim, "x");
  declare(sim, "n");
  declare(sim, "n");
  key(sim, 'x');
  CHECK(page->roster_text().Contains("Jonah d10  CT 10/10  | SURPRISED: no action; normal (phase II)"));
  CHECK(page->roster_text().Contains("Hank d6  CT 14/14  | dodging"));
  CHECK(page->roster_text().Contains("Knife Tough d6  CT 10/10  | sits out"));
  key(sim, 'N', wxMOD_CONTROL);
  INFO(page->instruction().ToStdString() << " | " << page->refusal_text().ToStdString());
  REQUIRE(page->mode() == Mode::step);
  CHECK(page->result_text().Contains("Round 1 begins: 5 steps; no action: Jonah"));
  CHECK(page->step_text().Contains("Round 1, step 1 of 5: the Declaration (dodges declared): Hank (dodging)"));
  CHECK(page->highlighted() == std::vector<std::string>{"Hank"});
  key(sim, 'N', wxMOD_CONTROL);
  CHECK(page->refusal_text().Contains("A round is running"));
  key(sim, 'a');
  CHECK(page->refusal_text().Contains("Nobody attacks in this step"));
  key(sim, WXK_RETURN);

  // Step 2, Miranda's first shot: Angus at 12 paces (TN 6: one increment of 8 beyond the
  // first), card 9, right arm, DMG 13: 2 wounds and 1 CT; the Stun check (TN 5) fails.
  CHECK(page->step_text().Contains("step 2 of 5: Phase I, the d12 count: Miranda"));
  CHECK(page->highlighted() == std::vector<std::string>{"Miranda"});
  key(sim, 'a');
  CHECK(page->target_field()->HasFocus());
  CHECK(page->target_field()->GetValue() == "5");  // the first of the Judge's: Angus Laroq
  key(sim, WXK_RETURN);
  CHECK(page->paces_field()->HasFocus());
  sim.Text("12");
  pump(100);
  CHECK(page->tn_text().Contains("Miranda at Angus Laroq, 12 paces: TN 6: 5 base: Standard (003 L114), +1 range"));
  key(sim, WXK_RETURN);
  CHECK(page->card_field()->HasFocus());
  type(sim, "9");
  CHECK(page->location_field()->HasFocus());
  hit(sim, '5', "13");
  CHECK(page->instruction().Contains("Angus Laroq takes 2 wounds and 1 CT: the Stun check, TN 5"));
  key(sim, 'n');
  CHECK(page->entries_text().Contains("Miranda at Angus Laroq: card 9 vs TN 6, a hit: right arm DMG 13, STUNNED"));
  key(sim, WXK_RETURN);
  CHECK(page->result_text().Contains("Step 2 (Phase I, the d12 count) recorded: Angus Laroq: right arm 2 wounds, 1 CT, STUNNED"));
  CHECK(page->roster_text().Contains("Angus Laroq d10  CT 11/12  R arm 2  STUNNED"));

  // Step 3: a miss typed by mistake is dropped with Backspace; then the flunky's chest, DMG 20.
  attack(sim, '6', "", "2");
  CHECK(page->entries_text().Contains("a miss"));
  key(sim, WXK_BACK);
  CHECK(page->entries_text().IsEmpty());
  attack(sim, '6', "", "12");
  hit(sim, '3', "20");
  key(sim, 'y');
  key(sim, WXK_RETURN);
  CHECK(page->roster_text().Contains("Rifle Flunky d8  CT 6/8  torso 3  bleeds 1"));

  // The station closes in the middle of the round; a new one continues at step 4.
  frame->Destroy();
  pump(200);
  frame = open_station(posse.db, "twtw-gm");
  page = frame->action_time();
  key(sim, WXK_F10);
  REQUIRE(page->mode() == Mode::step);
  CHECK(page->step_text().Contains("Round 1, step 4 of 5: Phase II, the d10 count: Angus Laroq (stunned: recovers)"));
  CHECK(page->highlighted() == std::vector<std::string>{"Angus Laroq"});
  CHECK(page->instruction().Contains("Angus Laroq is stunned: the recovery check, TN 5"));
  key(sim, 'y');
  key(sim, WXK_RETURN);
  CHECK(page->result_text().Contains("Angus Laroq made the recovery (TN 5)"));
  // Undo: the step is back, and Angus stunned again; this time he fails.
  key(sim, 'Z', wxMOD_CONTROL);
  CHECK(page->result_text().Contains("Step 4 undone: Angus Laroq as before"));
  CHECK(page->step_text().Contains("step 4 of 5"));
  CHECK(page->instruction().Contains("Angus Laroq is stunned"));
  key(sim, 'n');
  key(sim, WXK_RETURN);

  // Step 5, the flunky (heavy chest wound: +3 on his TNs): Hank dodges (Dodge 1), a miss; then
  // Miranda hand to hand (Defense 3 + Fighting 1), a hit in the left leg, CT only (Stun TN 3).
  CHECK(page->step_text().Contains("step 5 of 5: Phase II, the d8 count: Rifle Flunky"));
  aim_and_enter(sim, '3', "");
  INFO(page->tn_text().ToStdString());
  CHECK(page->tn_text().Contains("Rifle Flunky at Hank, 10 paces: TN 10"));
  CHECK(page->tn_text().Contains("+1 target dodging (L359)"));
  CHECK(page->tn_text().Contains("+3 firer's wounds"));
  type(sim, "4");
  CHECK(page->entries_text().Contains("card 4 vs TN 10, a miss"));
  CHECK(page->tn_text().IsEmpty());  // the attack is in the step's list
  key(sim, 'a');
  key(sim, '1');
  sim.Text("0");
  pump(100);
  CHECK(page->tn_text().Contains("Rifle Flunky at Miranda, hand to hand: TN 7"));
  screenshot(frame, "action-time");  // mid-step: the actor lit, the TN and its reasons, the step's entries
  key(sim, WXK_RETURN);
  type(sim, "7");
  hit(sim, '8', "5");
  CHECK(page->instruction().Contains("the Stun check, TN 3"));
  key(sim, 'y');
  key(sim, WXK_RETURN);
  REQUIRE(page->mode() == Mode::end_step);
  key(sim, WXK_RETURN);
  CHECK(page->result_text().Contains("The End Step of round 1: Rifle Flunky bleeds 1 CT (CT 5)"));

  // Round 2: Jonah was surprised: his Bravery check (passed by default, B fails it) is asked.
  REQUIRE(page->mode() == Mode::declaration);
  CHECK(page->step_text().Contains("Round 2, the Declaration: Miranda"));
  key(sim, WXK_RETURN);
  CHECK(page->instruction().Contains("surprised last round"));
  key(sim, 'b');
  CHECK(page->step_text().Contains("Bravery (3) FAILED"));
  key(sim, 'b');
  declare(sim, "f");
  declare(sim, "");
  declare(sim, "");
  declare(sim, "n");
  declare(sim, "");
  key(sim, 's');
  key(sim, 'N', wxMOD_CONTROL);
  REQUIRE(page->mode() == Mode::step);
  CHECK(page->result_text().Contains("Round 2 begins: 3 steps"));
  // Jonah shoots the tough in the head: dead.
  attack(sim, '7', "", "15");
  hit(sim, '1', "30");
  key(sim, 'n');
  key(sim, WXK_RETURN);
  CHECK(page->roster_text().Contains("Knife Tough d6  CT 10/10  head 5  DEAD"));
  // Angus recovers; the dead tough's step has nothing in it.
  CHECK(page->instruction().Contains("Angus Laroq is stunned"));
  key(sim, 'y');
  key(sim, WXK_RETURN);
  CHECK(page->step_text().Contains("Knife Tough (dead)"));
  key(sim, WXK_RETURN);
  key(sim, WXK_RETURN);
  CHECK(page->result_text().Contains("The End Step of round 2: Rifle Flunky bleeds 1 CT (CT 4)"));
  CHECK(page->mode() == Mode::declaration);
  screenshot(frame, "action-time-declaration");
  frame->Destroy();
  pump(200);

  {
    db::Database ledger(posse.db, false);
    CHECK(ledger.scalar_int("SELECT COUNT(*) FROM events WHERE type = 'twtw_round_started'") == 2);
    CHECK(ledger.scalar_int("SELECT COUNT(*) FROM events WHERE type = 'twtw_step_resolved'") == 9);
    CHECK(ledger.scalar_int("SELECT COUNT(*) FROM events WHERE type = 'twtw_step_undone'") == 1);
    CHECK(ledger.scalar_int("SELECT COUNT(*) FROM events WHERE type = 'twtw_round_ended'") == 2);
    CHECK(fighter(ledger, "Angus Laroq") == "[0,0,2,0,0,0] ct 11 stunned 0 bleeding 0 fighting");
    CHECK(fighter(ledger, "Rifle Flunky") == "[0,3,0,0,0,0] ct 4 stunned 0 bleeding 1 fighting");
    CHECK(fighter(ledger, "Miranda") == "[0,0,0,0,0,0] ct 7 stunned 0 bleeding 0 fighting");
    CHECK(fighter(ledger, "Knife Tough").find("dead") != std::string::npos);
    // The round's Declaration as the screen recorded it.
    CHECK(ledger.scalar_int("SELECT COUNT(*) FROM events WHERE type = 'twtw_round_started' AND "
                            "payload LIKE '%\"bravery_passed\":true%'") == 1);
  }
  db::VerifyReport report = db::verify_ledger(posse.db);
  INFO(report.reason);
  CHECK(report.ok);
}

TEST_CASE("Action time with a deck: Enter on an empty card field draws, its face shown, its location first",
          "[gui][action_time]") {
  SampleTown posse(19, "twtw-posse");
  // One card, made up for this test: a deck of one is drawn again and again, so the test knows it.
  const std::string deck_file = posse.dir.file("deck.csv");
  {
    std::ofstream out(deck_file);
    out << "card,result,locations,effects,failure,scatter,unintended,copies,note\n"
           "Q1,9,head;belly;right arm;left leg,2 3 4 5,3,1,,1,made up for this test\n";
  }
  db::TwtwDeck deck = db::read_twtw_deck(deck_file);
  INFO((deck.errors.empty() ? std::string() : deck.errors.front().to_string()));
  REQUIRE(deck.ok());
  gm::MainFrame* frame = open_station(posse.db, "twtw-gm");
  gm::ActionTimePage* page = frame->action_time();
  page->set_deck(deck.cards);
  CHECK(page->deck_mode());
  wxUIActionSimulator sim;
  key(sim, WXK_F10);
  declare(sim, "ttf");  // Miranda: T twice, the second of the Judge's; one fast action; the rest sit out
  
  for (int i = 0; i < 6; ++i) declare(sim, "x");
  CHECK(page->roster_text().Contains("Miranda d12  CT 12/12  | fast (phase I); at Rifle Flunky"));
  key(sim, 'N', wxMOD_CONTROL);
  REQUIRE(page->mode() == gm::ActionTimePage::Mode::step);
  key(sim, 'a');
  CHECK(page->target_field()->GetValue() == "6");  // her declared target, Rifle Flunky
  key(sim, WXK_RETURN);
  sim.Text("12");
  pump(100);
  key(sim, WXK_RETURN);
  CHECK(page->instruction().Contains("Enter: the station draws a card against TN 6"));
  // Her Peacemaker's Rel, 5 (Ctrl+L five times), set before the card: Q1's failure number 3 is
  // below it, so the weapon fails after the attack (003 L470, L482).
  for (int i = 0; i < 5; ++i) key(sim, 'L', wxMOD_CONTROL);
  CHECK(page->tn_text().Contains("Rel 5"));
  page->card_field()->SetFocus();
  key(sim, WXK_RETURN);  // the card field empty: the station draws
  INFO(page->drawn_text().ToStdString() << " | " << page->instruction().ToStdString());
  CHECK(page->drawn_text().Contains("Drawn: Q1: result 9; locations head, belly, right arm, left leg (standard: right arm)"));
  CHECK(page->card_field()->GetValue() == "9");
  // A hit: the location waits at the card's standard one, the right arm (5 in the list).
  CHECK(page->location_field()->HasFocus());
  CHECK(page->location_field()->GetValue() == "5");
  CHECK(page->instruction().Contains("Enter keeps the card's standard location"));
  // Up and Down bump the hit along the card's stack (003 L410-417): up to the belly, the head
  // (the top: no further), down past the standard again to the left leg.
  key(sim, WXK_UP);
  CHECK(page->location_field()->GetValue() == "4");
  CHECK(page->instruction().Contains("A hit bumped 1 up the card (003 L412): Enter takes the belly"));
  key(sim, WXK_UP);
  CHECK(page->location_field()->GetValue() == "1");
  key(sim, WXK_DOWN);
  key(sim, WXK_DOWN);
  CHECK(page->location_field()->GetValue() == "5");
  CHECK(page->instruction().Contains("A hit, no bumps"));
  key(sim, WXK_DOWN);
  CHECK(page->location_field()->GetValue() == "8");
  CHECK(page->instruction().Contains("A hit bumped 1 down the card (003 L415): Enter takes the left leg"));
  screenshot(frame, "action-time-deck");
  // Her Peacemaker's DMG is the card's row 2 (Ctrl+G twice); a hit in the head has two damage
  // bumps (003 L427): row 4 of the card's effects, 5, goes in the DMG field by itself (L458).
  key(sim, 'G', wxMOD_CONTROL);
  key(sim, 'G', wxMOD_CONTROL);
  CHECK(page->extras().dmg_row == 2);
  CHECK(page->tn_text().Contains("DMG row 2"));
  page->location_field()->SetFocus();
  key(sim, '1');
  INFO(page->instruction().ToStdString());
  CHECK(page->instruction().Contains("A hit in the head (+2 damage bumps, 003 L427): row 4 of the card's effects: DMG 5"));
  CHECK(page->dmg_field()->GetValue() == "5");
  key(sim, WXK_RETURN);
  if (page->instruction().Contains("the Stun check")) key(sim, 'y');
  INFO(page->entries_text().ToStdString());
  CHECK(page->entries_text().Contains("card Q1, 9 vs TN 6, a hit; the weapon fails (failure 3, Rel 5: 003 L482)"));
  frame->Destroy();
  pump(200);
}
