// The Action Time screen's attack extras under Xvfb (issue 32 item 10, docs/twtw.md): the sample
// TWTW posse on a real ledger file, from the keyboard. Miranda walks and calls a head shot at
// Angus behind hardwood (the TN with each reason, the called location offered, the card's PV
// ablating the cover: the RD dealt, as the ledger judges it); the TN fixed once the card is taken;
// Jonah fans two shots at Angus and the flunky (003 L235: TNs 8 and 10), a hit and a miss, the
// miss dropped and entered again; the ledger's judgement read back and verify passes.
#include <catch2/catch.hpp>

#include "ledger/verify.h"
#include "action_time_keys.h"
#include "sample_town.h"
#include "store/sqlite.h"
#include "support/screen_text.h"

using namespace marshal;
using namespace gui_testing;
using namespace action_time_testing;

TEST_CASE("Action time: a called shot through cover and a fan from the keys, applied by the engine, verify",
          "[gui][action_time][extras]") {
  SampleTown posse(32, "twtw-posse");
  ActionTimeScreen screen(posse);
  gm::MainFrame* frame = screen.frame;
  gm::ActionTimePage* page = screen.page;
  wxUIActionSimulator& sim = screen.sim;
  using Mode = gm::ActionTimePage::Mode;
  // Miranda and Jonah fast (Phase I: the d12 count, then the d10), everyone else sits out.
  declare_round(sim, {"f", "f", "x", "x", "x", "x", "x"});
  INFO(page->instruction().utf8_string() << " | " << page->refusal_text().utf8_string());
  REQUIRE(page->mode() == Mode::step);
  CHECK(page->step_text().Contains("step 1 of 2: Phase I, the d12 count: Miranda"));

  // Miranda at Angus (5), 12 paces, walking, a called head shot: 5 base, +1 range, +1 walking,
  // +6 head (003 L137, L349-353).
  aim(sim, '5', "12");
  key(sim, 'M', wxMOD_CONTROL);
  for (int i = 0; i < 3; ++i) key(sim, 'C', wxMOD_CONTROL);  // torso, a limb, head
  key(sim, 'O', wxMOD_CONTROL);
  key(sim, 'O', wxMOD_CONTROL);  // thin wood, hardwood
  INFO(page->tn_text().utf8_string());
  CHECK(page->tn_text().Contains("Miranda at Angus Laroq, 12 paces: TN 13"));
  CHECK(page->tn_text().Contains("Set: walking, called: head, behind hardwood (AV 3)"));
  CHECK(page->extras().cover == gm::action_time::CoverKind::hardwood);
  key(sim, WXK_RETURN);
  REQUIRE(page->card_field()->HasFocus());
  type(sim, "14");
  // The card is taken: the TN stands; the head is offered, where the shot was called.
  key(sim, 'M', wxMOD_CONTROL);
  CHECK(page->refusal_text().Contains("the TN stands"));
  CHECK(page->location_field()->GetValue() == "1");
  key(sim, '1');
  REQUIRE(page->dmg_field()->HasFocus());
  type(sim, "13");
  // Behind hardwood (AV 3): PV 4 ablates (AV or AV + 1, 003 L440): the RD is asked and dealt.
  REQUIRE(page->pv_field()->HasFocus());
  CHECK(page->instruction().Contains("behind hardwood (AV 3): type the PV"));
  type(sim, "4");
  REQUIRE(page->rd_field()->HasFocus());
  CHECK(page->instruction().Contains("PV 4 against AV 3: the cover ablates it"));
  type(sim, "5");
  if (page->instruction().Contains("the Stun check")) key(sim, 'y');
  CHECK(page->entries_text().Contains("Miranda at Angus Laroq: card 14 vs TN 13, a hit: head DMG 13"));
  CHECK(page->entries_text().Contains("cover A (AV 3)"));
  key(sim, WXK_RETURN);
  INFO(page->result_text().utf8_string());
  CHECK(page->result_text().Contains("Step 1 (Phase I, the d12 count) recorded: Angus Laroq: head 0 wounds, 5 CT"));

  // Jonah fans two shots, snap 2 (003 L235): Angus at 3 paces, TN 5 + 1 (the first shot) + 2
  // (not aimed) = 8, a hit; the flunky, TN 10 (+2 the second shot, +1 a second target).
  CHECK(page->step_text().Contains("step 2 of 2: Phase I, the d10 count: Jonah"));
  aim(sim, '5', "3");
  key(sim, 'F', wxMOD_CONTROL);
  key(sim, 'S', wxMOD_CONTROL);
  key(sim, 'S', wxMOD_CONTROL);
  CHECK(page->tn_text().Contains("Jonah at Angus Laroq, 3 paces: TN 8"));
  CHECK(page->tn_text().Contains("fan firing, shot 1"));
  key(sim, WXK_RETURN);
  type(sim, "10");
  key(sim, '3');
  type(sim, "6");
  if (page->instruction().Contains("the Stun check")) key(sim, 'y');
  aim(sim, '6', "3");
  CHECK(page->extras().fan);  // kept for Jonah's next shot
  CHECK(page->tn_text().Contains("Jonah at Rifle Flunky, 3 paces: TN 10"));
  key(sim, WXK_RETURN);
  type(sim, "7");
  CHECK(page->entries_text().Contains("card 7 vs TN 10, a miss"));
  // The miss dropped: the fan steps back, and the shot entered again reads TN 10 again.
  key(sim, WXK_BACK);
  CHECK_FALSE(page->entries_text().Contains("a miss"));
  aim(sim, '6', "3");
  CHECK(page->tn_text().Contains("TN 10"));
  key(sim, WXK_RETURN);
  type(sim, "8");
  CHECK(page->entries_text().Contains("card 8 vs TN 10, a miss"));
  // The last step's result, under the TN and this step's entries, shows whole at 1024 x 600.
  test_support::check_in_view(frame, "recorded: Angus Laroq", "action time fan");
  test_support::check_nothing_cut(frame, "action time fan");
  screenshot(frame, "action-time-fan");
  key(sim, WXK_RETURN);
  REQUIRE(page->mode() == Mode::end_step);

  // The ledger judged the cover (A) and dealt the RD: 5 CT to a Size 6 head, no wound.
  db::Database ledger(posse.db, false);
  const std::string judged = ledger.scalar_text(
      "SELECT json_extract(payload, '$.ledger.hits[0]') FROM events WHERE type = 'twtw_step_resolved' ORDER BY seq LIMIT 1");
  INFO(judged);
  CHECK(judged.find("\"cover\":\"A\"") != std::string::npos);
  CHECK(ledger.scalar_int("SELECT json_extract(payload, '$.hits[0].pv') FROM events WHERE type = 'twtw_step_resolved' "
                          "ORDER BY seq LIMIT 1") == 4);
  db::VerifyReport report = db::verify_ledger(posse.db);
  INFO(report.reason);
  CHECK(report.ok);
}

TEST_CASE("Action time: a dodging target stunned loses the Dodge at once (003 L365)", "[gui][action_time][extras]") {
  SampleTown posse(33, "twtw-posse");
  ActionTimeScreen screen(posse);
  gm::ActionTimePage* page = screen.page;
  wxUIActionSimulator& sim = screen.sim;
  // Miranda fast, Hank dodges, everyone else sits out.
  declare_round(sim, {"f", "x", "d", "x", "x", "x", "x"});
  REQUIRE(page->mode() == gm::ActionTimePage::Mode::step);
  key(sim, WXK_RETURN);  // the Declaration's step: nobody attacks in it
  CHECK(page->step_text().Contains("Phase I, the d12 count: Miranda"));
  // Miranda at Hank (3), 10 paces: his Dodge 1 is in the TN (L359).
  aim(sim, '3', "10");
  INFO(page->tn_text().utf8_string());
  CHECK(page->tn_text().Contains("Miranda at Hank, 10 paces: TN 7"));
  CHECK(page->tn_text().Contains("target dodging"));
  key(sim, WXK_RETURN);
  type(sim, "15");
  key(sim, '3');
  type(sim, "13");
  REQUIRE(page->instruction().Contains("the Stun check"));
  key(sim, 'n');  // a failed shock save: stunned, and the Dodge is gone
  // Her next shot at him: no Dodge in the TN, and the line says why.
  aim(sim, '3', "10");
  CHECK(page->tn_text().Contains("Miranda at Hank, 10 paces: TN 6"));
  CHECK_FALSE(page->tn_text().Contains("target dodging"));
  CHECK(page->tn_text().Contains("Hank has lost the Dodge: stunned or down (003 L365)"));
  CHECK_FALSE(page->roster_text().Contains("dodging"));
  // The rest of a shot's modifiers, each through the engine with its seed line: two weapons, the
  // off hand (L247), the target unseen behind cover (L421), relative speed (L145), and the target
  // forgoing defense, shot at half the range (L70: 10 paces read as 5, no range penalty).
  key(sim, 'W', wxMOD_CONTROL);
  CHECK(page->tn_text().Contains("TN 7"));
  CHECK(page->tn_text().Contains("+1 two weapons (L247)"));
  key(sim, 'W', wxMOD_CONTROL);
  CHECK(page->tn_text().Contains("TN 10"));
  CHECK(page->tn_text().Contains("+3 off hand (L247)"));
  key(sim, 'U', wxMOD_CONTROL);
  CHECK(page->tn_text().Contains("TN 14"));
  CHECK(page->tn_text().Contains("+4 target not visible behind cover (L421)"));
  key(sim, 'R', wxMOD_CONTROL);
  CHECK(page->tn_text().Contains("TN 15"));
  CHECK(page->tn_text().Contains("+1 relative speed 5 paces: 1 per 5 (L145)"));
  key(sim, 'D', wxMOD_CONTROL);
  INFO(page->tn_text().utf8_string());
  CHECK(page->tn_text().Contains("TN 14"));
  CHECK_FALSE(page->tn_text().Contains("range:"));  // 5 paces: within the first increment
  for (const char* set : {"the target forgoes defense", "the target unseen", "two weapons, the off hand", "relative speed 5"})
    CHECK(page->tn_text().Contains(set));
}
