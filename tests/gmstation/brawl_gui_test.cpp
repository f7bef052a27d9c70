// The brawl screen under Xvfb: a fistfight that a third badge joins becomes a brawl on the same
// record; a tie for lowest asks for the tied fighters' redraws; a newcomer joins between rounds,
// one fighter flees; the last one standing wins and the ledger holds the headaches.
#include <catch2/catch.hpp>

#include "sample_town.h"
#include "store/sqlite.h"

using namespace marshal;
using namespace gui_testing;

TEST_CASE("a fistfight becomes a brawl: a tie redrawn, a joiner, a fleer, headaches in the ledger",
          "[gui][brawl]") {
  SampleTown town(7);
  gm::MainFrame* frame = open_station(town.db, "saloon-gm");
  gm::BrawlPage* brawl = frame->brawl();
  wxUIActionSimulator sim;

  sim.Char(WXK_F4);
  pump(300);
  scan_burst(sim, town.badge("Sheriff Amos Brady"));  // HtH 3
  scan_burst(sim, town.badge("Kid Calloway"));        // HtH 2
  REQUIRE(frame->fistfight()->instruction().Contains("splits HtH"));
  scan_burst(sim, town.badge("Jubal Crane"));         // HtH 2: a third joins
  // The switch to the brawl screen can take longer than a scan's pump on a loaded machine.
  pump(5000, [&] { return brawl->instruction().Contains("now a brawl"); });
  INFO("brawl: " << brawl->instruction().ToStdString() << " / fistfight: " << frame->fistfight()->instruction().ToStdString()
                 << " / status: " << frame->GetStatusBar()->GetStatusText().ToStdString());
  REQUIRE(brawl->instruction().Contains("now a brawl"));

  // Round 1: 6 + 3 = 9, 4 + 2 = 6, 4 + 2 = 6: the Kid and Jubal tie for lowest.
  enter_fields(sim, {"6", "4", "4"});
  pump(400);
  INFO(brawl->instruction().ToStdString());
  REQUIRE(brawl->instruction().Contains("A tie for lowest: Kid Calloway and Jubal Crane draw again"));
  screenshot(frame, "brawl-tie");
  // The redraw: the Kid 7 + 2 = 9, Jubal 3 + 2 = 5: Jubal is out.
  enter_fields(sim, {"7", "3"});
  pump(400);
  REQUIRE(brawl->instruction().Contains("Round 2"));
  CHECK(brawl->result_text().Contains("Jubal Crane is out cold"));

  // Between rounds Cole Varney (HtH 3) joins; the Kid flees. Brady 5 + 3 = 8, Cole 2 + 3 = 5.
  scan_burst(sim, town.badge("Cole Varney"));
  CHECK(brawl->instruction().Contains("Cole Varney joins"));
  // The focus is on the Sheriff's card; the Kid flees; Jubal is out: his field is skipped
  enter_fields(sim, {"5", "f", "2"});
  pump(800, [&] { return brawl->recorded(); });
  INFO("at the end: " << brawl->instruction().ToStdString());
  REQUIRE(brawl->recorded());
  CHECK(brawl->result_text().Contains("Sheriff Amos Brady WINS THE BRAWL"));
  screenshot(frame, "brawl-recorded");
  frame->Destroy();
  pump(200);

  db::Database ledger(town.db, false);
  CHECK(ledger.scalar_int("SELECT COUNT(*) FROM events WHERE type = 'conflict_resolved' AND "
                          "json_extract(payload, '$.kind') = 'fistfight'") == 1);
  auto headaches = [&](const std::string& name) {
    return ledger.scalar_int("SELECT COUNT(*) FROM timers t JOIN characters c ON c.id = t.character "
                             "WHERE c.name = '" + name + "' AND t.kind = 'headache'");
  };
  CHECK(headaches("Jubal Crane") == 1);
  CHECK(headaches("Cole Varney") == 1);
  CHECK(headaches("Kid Calloway") == 0);  // fled
  CHECK(headaches("Sheriff Amos Brady") == 0);
}

TEST_CASE("a brawl that ends when all but one flee before the draw", "[gui][brawl]") {
  SampleTown town(15);
  gm::MainFrame* frame = open_station(town.db, "saloon-gm");
  gm::BrawlPage* brawl = frame->brawl();
  wxUIActionSimulator sim;
  start_with(sim, town, WXK_F7, {"Sheriff Amos Brady", "Kid Calloway", "Jubal Crane"});
  REQUIRE(brawl->instruction().Contains("Round 1"));
  enter_fields(sim, {"5", "f", "f"});
  pump(800, [&] { return brawl->recorded(); });
  INFO(brawl->instruction().ToStdString() << " / " << brawl->result_text().ToStdString());
  REQUIRE(brawl->recorded());
  CHECK(brawl->result_text().Contains("The others fled"));
  CHECK(brawl->result_text().Contains("Sheriff Amos Brady WINS THE BRAWL"));
  frame->Destroy();
  pump(200);
}

TEST_CASE("a brawl's cards scanned: each fighter's card shown to the scanner, the round plays itself", "[gui][brawl]") {
  SampleTown town(15);
  gm::MainFrame* frame = open_station(town.db, "saloon-gm");
  gm::BrawlPage* brawl = frame->brawl();
  wxUIActionSimulator sim;
  start_with(sim, town, WXK_F7, {"Sheriff Amos Brady", "Kid Calloway", "Jubal Crane"});
  REQUIRE(brawl->instruction().Contains("Round 1"));
  scan_burst(sim, "ACT09");
  CHECK(brawl->instruction().Contains("Now Kid Calloway's card"));
  scan_burst(sim, "ACT05");
  CHECK(brawl->instruction().Contains("Now Jubal Crane's card"));
  scan_burst(sim, "ACT02");
  pump(1000, [&] { return !brawl->instruction().Contains("Round 1"); });
  INFO(brawl->instruction().ToStdString() << " / " << brawl->result_text().ToStdString());
  CHECK(brawl->instruction().Contains("Round 2"));
  // 9 + HtH 3, 5 + HtH 2, 2 + HtH 2: the lowest is out.
  CHECK(brawl->result_text().Contains("Draw: Sheriff Amos Brady 12, Kid Calloway 7, Jubal Crane 4"));
  CHECK(brawl->result_text().Contains("Jubal Crane is out cold"));
  frame->Destroy();
  pump(200);
}
