// GM actions under Xvfb: a Doctor heals a wound, a bystander is docked (the card to take named).
#include <catch2/catch.hpp>

#include "core/card_code.h"
#include "core/csprng.h"
#include "gmstation/main_frame.h"
#include "gui_fixture.h"
#include "import/import_event.h"
#include "ledger/ledger.h"
#include "store/sqlite.h"
#include "support/temp_dir.h"

using namespace marshal;
using namespace gui_testing;

TEST_CASE("GM actions: a Doctor heals a wound; a docked bystander is named and spent", "[gui][actions]") {
  test_support::TempDir dir;
  std::string db = dir.file("town.db");
  core::Csprng codes(core::seed_from_number(5));
  db::ImportResult imported = db::import_event(std::string(MARSHAL_SOURCE_DIR) + "/events/lincoln-1875", [&codes] {
    core::CardCodeBytes bytes;
    for (auto& b : bytes) b = static_cast<std::uint8_t>(codes.uniform(256));
    return core::make_card_code(bytes);
  });
  REQUIRE(imported.ok());
  db::Ledger::create(db, imported.definition, 1000);
  auto badge = [&](const std::string& name) {
    for (const auto& c : imported.definition.characters)
      if (c.name == name) return c.badge_code;
    return std::string();
  };
  {
    db::Ledger ledger(db);  // the Kid took a bullet earlier in the evening
    REQUIRE(ledger.append({db::make_uuid_v7(2000), "test", 2000, "correction",
                           {{"corrects", 1}, {"note", "shot at the saloon"}, {"character", badge("Kid Calloway")},
                            {"wounded", true}}},
                          2000).accepted);
  }

  start_wx();
  auto* frame = new gm::MainFrame(gm::open_local_ledger(db, "doc-gm"));
  frame->Show();
  pump(400);
  frame->Raise();
  pump(300);
  wxUIActionSimulator sim;
  wxRect r = frame->GetScreenRect();
  sim.MouseMove(r.x + r.width / 2, r.y + r.height / 3);
  frame->scan_input()->focus_field();
  pump(200);

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
