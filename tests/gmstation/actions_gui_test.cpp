// GM actions under Xvfb: a Doctor heals a wound, a bystander is docked (the card to take named).
#include <catch2/catch.hpp>

#include "sample_town.h"
#include "store/sqlite.h"

using namespace marshal;
using namespace gui_testing;

TEST_CASE("GM actions: a Doctor heals a wound; a docked bystander is named and spent", "[gui][actions]") {
  SampleTown town(5);
  const std::string& db = town.db;
  auto badge = [&](const std::string& name) { return town.badge(name); };
  {
    db::Ledger ledger(db);  // the Kid took a bullet earlier in the evening
    REQUIRE(ledger.append({db::make_uuid_v7(2000), "test", 2000, "correction",
                           {{"corrects", 1}, {"note", "shot at the saloon"}, {"character", badge("Kid Calloway")},
                            {"wounded", true}}},
                          2000).accepted);
  }

  gm::MainFrame* frame = open_station(db, "doc-gm");
  wxUIActionSimulator sim;

  sim.Char(WXK_F5);
  pump(300);
  scan_burst(sim, badge("Kid Calloway"));
  CHECK(frame->actions()->instruction().Contains("action's key"));
  // A badge that is no Doctor's is refused by the ledger, with the reason on screen.
  sim.Char('H', wxMOD_CONTROL);
  pump(200);
  CHECK(frame->actions()->instruction().Contains("Doctor"));
  scan_burst(sim, badge("Sheriff Amos Brady"));
  CHECK(frame->actions()->instruction().Contains("refused"));
  sim.Char('H', wxMOD_CONTROL);
  pump(200);
  scan_burst(sim, badge("Doc Ephraim Sloane"));
  CHECK(frame->actions()->result_text().Contains("healed"));

  sim.Char('D', wxMOD_CONTROL);
  pump(500);
  CHECK(frame->actions()->result_text().Contains("take the bystander card"));
  screenshot(frame, "actions-docked");
  frame->Destroy();
  pump(200);

  db::Database ledger(db, false);
  CHECK(ledger.scalar_int("SELECT wounded FROM characters WHERE name = 'Kid Calloway'") == 0);
  CHECK(ledger.scalar_int("SELECT COUNT(*) FROM cards k JOIN characters c ON c.id = k.holder WHERE "
                          "c.name = 'Kid Calloway' AND k.kind = 'bystander' AND k.fate = 'docked'") == 1);
}
