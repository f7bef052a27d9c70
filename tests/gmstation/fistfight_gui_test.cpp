// The fistfight screen under Xvfb: splits and cards by keys, a knock-out recorded with its timer.
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

TEST_CASE("a fistfight: two badges, all-out splits, a knock-out recorded with its 5-minute timer",
          "[gui][fistfight]") {
  test_support::TempDir dir;
  std::string db = dir.file("town.db");
  core::Csprng codes(core::seed_from_number(4));
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

  start_wx();
  auto* frame = new gm::MainFrame(gm::open_local_ledger(db, "saloon-gm"));
  frame->Show();
  pump(400);
  frame->Raise();
  pump(300);
  wxUIActionSimulator sim;
  wxRect r = frame->GetScreenRect();
  sim.MouseMove(r.x + r.width / 2, r.y + r.height / 3);
  frame->scan_input()->focus_field();
  pump(200);

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
  sim.Text("7");
  sim.Char(WXK_TAB);
  sim.Text("2");
  sim.Char(WXK_RETURN);
  pump(800, [&] { return frame->fistfight()->recorded(); });
  CHECK(frame->fistfight()->result_text().Contains("KNOCK-OUT"));
  CHECK(frame->fistfight()->result_text().Contains("Kid Calloway is knocked out"));
  REQUIRE(frame->fistfight()->recorded());
  screenshot(frame, "fistfight-result");
  frame->Destroy();
  pump(200);

  db::Database ledger(db, false);
  CHECK(ledger.scalar_int("SELECT COUNT(*) FROM timers t JOIN characters c ON c.id = t.character "
                          "WHERE c.name = 'Kid Calloway' AND t.kind = 'knocked_out' AND t.duration_ms = 300000") == 1);
}
