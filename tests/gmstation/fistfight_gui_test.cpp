// The fistfight screen under Xvfb: splits and cards by keys, a knock-out recorded with its timer.
#include <catch2/catch.hpp>

#include "sample_town.h"
#include "store/sqlite.h"

using namespace marshal;
using namespace gui_testing;

TEST_CASE("a fistfight: two badges, all-out splits, a knock-out recorded with its 5-minute timer",
          "[gui][fistfight]") {
  SampleTown town(4);
  const std::string& db = town.db;
  auto badge = [&](const std::string& name) { return town.badge(name); };

  gm::MainFrame* frame = open_station(db, "saloon-gm");
  wxUIActionSimulator sim;

  sim.Char(WXK_F4);
  pump(300);
  CHECK(frame->fistfight()->instruction().Contains("first fighter"));
  scan_burst(sim, badge("Sheriff Amos Brady"));
  scan_burst(sim, badge("Kid Calloway"));
  CHECK(frame->fistfight()->instruction().Contains("splits HtH"));
  // Both attack all out (defense 0). The Sheriff: 7 + 3 - 0 = 10, a knock-out; the Kid: 2 + 2 = 4.
  sim.Char(WXK_TAB);
  sim.Char(WXK_TAB);
  pump(100);
  enter_fields(sim, {"7", "2"});
  pump(800, [&] { return frame->fistfight()->recorded(); });
  CHECK(frame->fistfight()->result_text().Contains("KNOCK-OUT"));
  CHECK(frame->fistfight()->result_text().Contains("Kid Calloway is knocked out"));
  REQUIRE(frame->fistfight()->recorded());
  // The timers strip counts the knock-out down.
  frame->refresh();
  pump(100);
  INFO(frame->timers_text().ToStdString());
  CHECK((frame->timers_text().Contains("Kid Calloway knocked out 5:00") ||
         frame->timers_text().Contains("Kid Calloway knocked out 4:59")));
  pump(2200);
  frame->refresh();
  CHECK(frame->timers_text().Contains("Kid Calloway knocked out 4:5"));
  CHECK_FALSE(frame->timers_text().Contains("5:00"));
  screenshot(frame, "fistfight-result");
  frame->Destroy();
  pump(200);

  db::Database ledger(db, false);
  CHECK(ledger.scalar_int("SELECT COUNT(*) FROM timers t JOIN characters c ON c.id = t.character "
                          "WHERE c.name = 'Kid Calloway' AND t.kind = 'knocked_out' AND t.duration_ms = 300000") == 1);
}

TEST_CASE("a fistfight by scans alone: two badges, two action cards, the knock-out recorded", "[gui][fistfight]") {
  SampleTown town(4);
  gm::MainFrame* frame = open_station(town.db, "saloon-gm");
  wxUIActionSimulator sim;
  sim.Char(WXK_F4);
  pump(300);
  scan_burst(sim, town.badge("Sheriff Amos Brady"));
  scan_burst(sim, town.badge("Kid Calloway"));
  gm::FistfightPage* fight = frame->fistfight();
  // All-out splits by default: the Sheriff's 7 + 3 = 10 knocks the Kid out; the Kid's 2 + 2 = 4.
  scan_burst(sim, "ACT07");
  CHECK(fight->instruction().Contains("Now Kid Calloway's card"));
  scan_burst(sim, "ACT02");
  pump(2000, [&] { return fight->recorded(); });
  INFO(fight->instruction().ToStdString() << " / " << fight->result_text().ToStdString());
  REQUIRE(fight->recorded());
  CHECK(fight->result_text().Contains("Kid Calloway is knocked out"));
  scan_burst(sim, "ACT04");
  CHECK(fight->refusal_text().Contains("The fight is over"));
  frame->Destroy();
  pump(200);
  db::Database ledger(town.db, false);
  auto payload = nlohmann::json::parse(ledger.scalar_text("SELECT payload FROM events WHERE type = 'conflict_resolved'"));
  CHECK(payload["input"]["rounds"][0]["cards"] == nlohmann::json{{"Sheriff Amos Brady", 7}, {"Kid Calloway", 2}});
  CHECK(payload["draws"]["table"] == nlohmann::json::array({7, 2}));
}
