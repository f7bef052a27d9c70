// "Show the odds" on the fistfight, accusation, shootout and brawl screens under Xvfb: ticked with
// the mouse once the people are in, the exact odds from shared/core appear (a shot at Accuracy 3:
// wound 28%, kill 20%, 13+ 8%, as docs/examples/odds-shot.json gives).
#include <catch2/catch.hpp>

#include "sample_town.h"

using namespace marshal;
using namespace gui_testing;

TEST_CASE("the odds toggle on the fistfight, accusation, shootout and brawl screens", "[gui][odds]") {
  SampleTown town(11);
  gm::MainFrame* frame = open_station(town.db, "odds-gm");
  wxUIActionSimulator sim;

  sim.Char(WXK_F4);
  pump(300);
  scan_burst(sim, town.badge("Sheriff Amos Brady"));  // HtH 3, all on offense
  scan_burst(sim, town.badge("Kid Calloway"));        // HtH 2, all on offense
  gm::FistfightPage* fight = frame->fistfight();
  REQUIRE(fight->odds_toggle());
  CHECK(fight->odds_shown().empty());
  click(sim, fight->odds_toggle());
  INFO(fight->odds_shown().ToStdString());
  // The figures are shared/core's exact odds (tested there); here they must reach the screen.
  CHECK(fight->odds_shown().Contains("Odds this round:"));
  CHECK(fight->odds_shown().Contains("Sheriff Amos Brady knocks out"));
  CHECK(fight->odds_shown().Contains("Kid Calloway knocks out"));
  wxString before = fight->odds_shown();
  screenshot(frame, "fistfight-odds");

  sim.Char(WXK_F3);
  pump(300);
  std::string trick;
  for (const auto& card : town.definition.cards)
    if (card.kind == "trick" && card.holder == "Gentleman Beau Fontaine") trick = card.code;
  scan_burst(sim, town.badge("Gentleman Beau Fontaine"));
  scan_burst(sim, trick);
  scan_burst(sim, town.badge("Sheriff Amos Brady"));
  gm::AccusationPage* accusation = frame->accusation();
  click(sim, accusation->odds_toggle());
  INFO(accusation->odds_shown().ToStdString());
  CHECK(accusation->odds_shown().Contains("the trick is opened"));
  CHECK(accusation->odds_shown().Contains("Gentleman Beau Fontaine loses a bystander"));
  screenshot(frame, "accusation-odds");

  // Shootout: the odds of each shot as ordered; brawl: each fighter's chance to go out.
  start_with(sim, town, WXK_F6, {"Sheriff Amos Brady", "Black Jack Mulroney", "Jubal Crane"});
  sim.Text("2");  // the Sheriff shoots Black Jack
  pump(200);
  gm::ShootoutPage* shootout = frame->shootout();
  click(sim, shootout->odds_toggle());
  INFO(shootout->odds_shown().ToStdString());
  CHECK(shootout->odds_shown().Contains("Odds: Sheriff Amos Brady at Black Jack Mulroney: wound 28%, kill 20%, 13+ 8%"));
  screenshot(frame, "shootout-odds");

  start_with(sim, town, WXK_F7, {"Sheriff Amos Brady", "Kid Calloway", "Jubal Crane"});
  gm::BrawlPage* brawl = frame->brawl();
  click(sim, brawl->odds_toggle());
  INFO(brawl->odds_shown().ToStdString());
  CHECK(brawl->odds_shown().Contains("Odds of going out this round:"));
  CHECK(brawl->odds_shown().Contains("Kid Calloway"));
  frame->Destroy();
  pump(200);
  CHECK_FALSE(before.empty());
}
