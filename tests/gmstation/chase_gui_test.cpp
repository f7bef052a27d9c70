// The chase screen under Xvfb: a rider flees, the wait timer runs until the posse (one rider and
// his horse) comes, both hands are dealt by scanning location cards, an illegal turn is refused,
// and three unmatched cards in a row mean the varmint escaped, recorded in the ledger.
#include <catch2/catch.hpp>

#include "sample_town.h"
#include "store/sqlite.h"

using namespace marshal;
using namespace gui_testing;

TEST_CASE("a chase: wait timer, hands scanned, a refused turn, an escape recorded", "[gui][chase]") {
  SampleTown town(8);
  gm::MainFrame* frame = open_station(town.db, "out-of-town");
  gm::ChasePage* chase = frame->chase();
  wxUIActionSimulator sim;
  auto location = [&](const char* code) { scan_burst(sim, code); };

  sim.Char(WXK_F8);
  pump(300);
  REQUIRE(chase->instruction().Contains("fleeing riders"));
  scan_burst(sim, town.badge("Judge Cornelius Whitlock"));  // Riding 1, no horse: 6 cards
  CHECK(chase->instruction().Contains("Judge Cornelius Whitlock flees"));
  sim.Char('N', wxMOD_CONTROL);
  pump(300);
  CHECK(chase->wait_left_s() >= 60);
  CHECK(chase->instruction().Contains("Posse"));
  pump(1300);
  int left = chase->wait_left_s();
  CHECK(left >= 59);
  screenshot(frame, "chase-waiting");

  scan_burst(sim, town.badge("Zechariah Chamberlain"));  // Riding 1
  CHECK(chase->wait_left_s() == 0);                      // the posse came: the timer stops
  scan_burst(sim, town.cards("Sheriff Amos Brady", "horse").at(0));
  CHECK(chase->refusal_text().Contains("is not Zechariah Chamberlain's horse"));
  scan_burst(sim, town.cards("Zechariah Chamberlain", "horse").at(0));  // Senator, rated 2: 8 cards
  CHECK(chase->instruction().Contains("rides Senator"));
  sim.Char('N', wxMOD_CONTROL);
  pump(300);
  REQUIRE(chase->instruction().Contains("Deal the varmint's best rider 6 location cards"));
  // The odds before the deal, ticked with the mouse (the keyboard stays with the scans).
  wxRect box = chase->odds_toggle()->GetScreenRect();
  sim.MouseMove(box.x + 8, box.y + box.height / 2);
  pump(100);
  sim.MouseClick();
  pump(500);
  INFO(chase->odds_shown().ToStdString());
  CHECK(chase->odds_shown().Contains("Odds before the deal: the varmint stuck in town"));

  scan_burst(sim, town.badge("Kid Calloway"));  // not a location card
  CHECK(chase->refusal_text().Contains("not a location card"));
  for (const char* card : {"LOC00", "LOC02", "LOC03", "LOC07", "LOC12", "LOC11"}) location(card);
  REQUIRE(chase->instruction().Contains("Deal the posse's best rider 8 location cards"));
  // Two copies of Apache Springs dealt one after the other: both count (deck cards share a code).
  for (const char* card : {"LOC01", "LOC04", "LOC10", "LOC10", "LOC09", "LOC11", "LOC12", "LOC08"}) location(card);
  REQUIRE(chase->instruction().Contains("Turn 1"));

  // Turn 1: North Road; the posse rides South Road.
  location("LOC00");
  location("LOC01");
  sim.Char('N', wxMOD_CONTROL);
  pump(300);
  CHECK(chase->result_text().Contains("1 of 3 in a row"));
  // Turn 2, first try: Box Canyon is not linked from North Road.
  location("LOC07");
  location("LOC12");
  sim.Char('N', wxMOD_CONTROL);
  pump(300);
  CHECK(chase->refusal_text().Contains("Refused"));
  CHECK(chase->refusal_text().Contains("again"));
  // Turn 2: Dry Gulch; the posse rides Coyote Wash. Turn 3: Two-horn Rock; the posse Mesa Blanca.
  location("LOC02");
  location("LOC12");
  sim.Char('N', wxMOD_CONTROL);
  pump(300);
  CHECK(chase->result_text().Contains("2 of 3 in a row"));
  location("LOC03");
  location("LOC11");
  sim.Char('N', wxMOD_CONTROL);
  pump(800, [&] { return chase->recorded(); });
  REQUIRE(chase->recorded());
  CHECK(chase->result_text().Contains("THE VARMINT HAS ESCAPED"));
  screenshot(frame, "chase-escaped");
  frame->Destroy();
  pump(200);

  db::Database ledger(town.db, false);
  CHECK(ledger.scalar_text("SELECT json_extract(payload, '$.ledger.result.status') FROM events "
                           "WHERE type = 'conflict_resolved'") == "escaped");
}

TEST_CASE("a chase out of town (004 L163) into an ambush the posse rides into (004 L173)", "[gui][chase]") {
  SampleTown town(8);
  gm::MainFrame* frame = open_station(town.db, "out-of-town");
  gm::ChasePage* chase = frame->chase();
  wxUIActionSimulator sim;
  sim.Char(WXK_F8);
  pump(300);
  scan_burst(sim, town.badge("Judge Cornelius Whitlock"));  // Riding 1, no horse: 6 cards
  // It starts at Box Canyon, where the last fight let him get away; he names Dead Man's Pass.
  sim.Char('L', wxMOD_CONTROL);
  pump(200);
  CHECK(chase->instruction().Contains("where the chase starts"));
  scan_burst(sim, "LOC07");
  CHECK(chase->instruction().Contains("The chase starts there"));
  sim.Char('B', wxMOD_CONTROL);
  pump(200);
  scan_burst(sim, "LOC08");
  sim.Char('N', wxMOD_CONTROL);
  pump(300);
  scan_burst(sim, town.badge("Zechariah Chamberlain"));
  scan_burst(sim, town.cards("Zechariah Chamberlain", "horse").at(0));  // 8 cards
  sim.Char('N', wxMOD_CONTROL);
  pump(300);
  for (const char* card : {"LOC03", "LOC02", "LOC06", "LOC00", "LOC05", "LOC12"}) scan_burst(sim, card);
  for (const char* card : {"LOC08", "LOC09", "LOC04", "LOC01", "LOC11", "LOC10", "LOC10", "LOC12"}) scan_burst(sim, card);
  REQUIRE(chase->instruction().Contains("Turn 1"));
  INFO(chase->result_text().ToStdString() << " / " << chase->refusal_text().ToStdString());

  // Turn 1: no ROAD card needed out of town: Two-horn Rock leads on from Box Canyon. The posse
  // rides to Dead Man's Pass, the ambush: the fight is there, the ambushers first.
  scan_burst(sim, "LOC03");
  scan_burst(sim, "LOC08");
  sim.Char('N', wxMOD_CONTROL);
  pump(2000, [&] { return chase->recorded(); });
  INFO(chase->result_text().ToStdString() << " / " << chase->refusal_text().ToStdString());
  REQUIRE(chase->recorded());
  CHECK(chase->result_text().Contains("AMBUSH at Dead Man's Pass: a shootout; the ambushers get a free round first"));
  screenshot(frame, "chase-ambush-out-of-town");
  frame->Destroy();
  pump(200);

  db::Database ledger(town.db, false);
  auto payload = nlohmann::json::parse(ledger.scalar_text("SELECT payload FROM events WHERE type = 'conflict_resolved'"));
  CHECK(payload["input"]["start"] == "Box Canyon");
  CHECK(payload["ledger"]["result"]["status"] == "caught");
  CHECK(payload["ledger"]["result"]["caught_at"] == "Dead Man's Pass");
  CHECK(payload["ledger"]["result"]["ambush_sprung"] == true);
  CHECK(payload["ledger"]["result"]["fight"] == "shootout");
}
