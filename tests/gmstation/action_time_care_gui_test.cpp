// Care between rounds at the Action Time screen under Xvfb (issue 32 item 10; 003 L605-615;
// docs/twtw.md "Care"): the sample posse on a real ledger file, from the keyboard. Miranda's shot
// leaves Angus with 3 torso wounds and CT lost; in the next Declaration Ctrl+E gives him first
// aid from Miranda (TN 7, a wound less), a second try by her refused by the ledger, concussion
// care (TN 3, all CT back); the Declaration typed before is kept; care during a step is refused;
// the ledger's records read back and verify passes.
#include <catch2/catch.hpp>

#include "ledger/verify.h"
#include "action_time_keys.h"
#include "sample_town.h"
#include "store/sqlite.h"
#include "support/screen_text.h"

using namespace marshal;
using namespace gui_testing;
using namespace action_time_testing;

TEST_CASE("Action time: first aid and concussion care between rounds from the keys, verify", "[gui][action_time][care]") {
  SampleTown posse(34, "twtw-posse");
  ActionTimeScreen screen(posse);
  gm::MainFrame* frame = screen.frame;
  gm::ActionTimePage* page = screen.page;
  wxUIActionSimulator& sim = screen.sim;
  using Mode = gm::ActionTimePage::Mode;
  // Round 1: Miranda alone, a shot into Angus's chest: DMG 19, 3 wounds and 1 CT.
  declare_round(sim, {"f", "x", "x", "x", "x", "x", "x"});
  REQUIRE(page->mode() == Mode::step);
  // No care during a round.
  key(sim, 'E', wxMOD_CONTROL);
  CHECK(page->refusal_text().Contains("Care comes between rounds"));
  CHECK_FALSE(page->caring());
  key(sim, 'a');
  key(sim, '5');
  pump(100);
  sim.Text("3");
  pump(150);
  key(sim, WXK_RETURN);
  type(sim, "15");
  key(sim, '3');
  type(sim, "19");
  if (page->instruction().Contains("the Stun check")) key(sim, 'y');
  key(sim, WXK_RETURN);  // the step recorded
  REQUIRE(page->mode() == Mode::end_step);
  key(sim, WXK_RETURN);  // the End Step: Angus bleeds 1 CT (a heavy wound, 003 L587)
  REQUIRE(page->mode() == Mode::declaration);

  // The next Declaration: Miranda slow, then Angus lit (the fifth) and cared for.
  key(sim, 's');
  for (int i = 0; i < 4; ++i) key(sim, WXK_RETURN);
  CHECK(page->step_text().Contains("the Declaration: Angus Laroq"));
  key(sim, 'E', wxMOD_CONTROL);
  REQUIRE(page->caring());
  CHECK(page->step_text().Contains("Care: Angus Laroq d10  CT 10/12  torso 3"));
  key(sim, 'a');
  REQUIRE(page->location_field()->HasFocus());
  CHECK(page->instruction().Contains("2 torso (3)"));
  key(sim, '2');
  REQUIRE(page->who_field()->HasFocus());
  key(sim, '1');  // Miranda
  INFO(page->instruction().utf8_string() << " | " << page->refusal_text().utf8_string());
  CHECK(page->tn_text().Contains("Miranda gives Angus Laroq first aid to the torso: a Medicine check, TN 7"));
  screenshot(frame, "action-time-care");
  key(sim, 'y');
  INFO(page->result_text().utf8_string());
  CHECK(page->result_text().Contains("Angus Laroq: first aid to the torso: a wound less, 2 left"));
  CHECK_FALSE(page->caring());
  CHECK(page->roster_text().Contains("Angus Laroq d10  CT 10/12  torso 2"));
  // What was declared before the care is kept: Miranda's slow action.
  key(sim, WXK_RETURN);
  key(sim, WXK_RETURN);
  key(sim, WXK_RETURN);  // round to Miranda again
  CHECK(page->step_text().Contains("the Declaration: Miranda"));
  CHECK(page->step_text().Contains("slow"));

  // Miranda again on the same wounds: the ledger refuses (once for each wounded area, 003 L611).
  for (int i = 0; i < 4; ++i) key(sim, WXK_RETURN);
  key(sim, 'E', wxMOD_CONTROL);
  key(sim, 'a');
  key(sim, '2');
  key(sim, '1');
  key(sim, 'y');
  CHECK(page->refusal_text().Contains("has tried first aid"));
  REQUIRE(page->caring());
  key(sim, 'E', wxMOD_CONTROL);  // back to the Declaration
  CHECK_FALSE(page->caring());
  CHECK(page->tn_text().IsEmpty());
  CHECK(page->keys_help_text().Contains("Ctrl+E care"));

  // Concussion care: TN 3, all CT back.
  key(sim, 'E', wxMOD_CONTROL);
  key(sim, 'c');
  CHECK(page->tn_text().Contains("Concussion care for Angus Laroq: a Medicine check, TN 3"));
  key(sim, 'y');
  CHECK(page->result_text().Contains("Angus Laroq: concussion cared for, CT 12"));
  test_support::check_in_view(frame, "concussion cared for", "action time care");
  test_support::check_nothing_cut(frame, "action time care");

  db::Database ledger(posse.db, false);
  CHECK(ledger.scalar_int("SELECT COUNT(*) FROM events WHERE type = 'twtw_cared'") == 2);
  CHECK(ledger.scalar_text("SELECT json_extract(payload, '$.healer') FROM events WHERE type = 'twtw_cared' ORDER BY seq LIMIT 1") ==
        "Miranda");
  db::VerifyReport report = db::verify_ledger(posse.db);
  INFO(report.reason);
  CHECK(report.ok);
}
