// The GM station against a real ledger server on 127.0.0.1 that goes away and comes back: the
// OFFLINE banner shows, a duel recorded meanwhile is provisional, and it syncs exactly once.
#include <catch2/catch.hpp>

#include "sample_town.h"
#include "server/ledger_server.h"
#include "server/stations.h"
#include "store/sqlite.h"

using namespace marshal;
using namespace gui_testing;

TEST_CASE("the station survives the ledger going away and coming back, and syncs", "[gui][offline]") {
  SampleTown town(7);
  std::string code;
  {
    db::Ledger ledger(town.db);
    code = db::add_station(ledger.database(), "saloon-gm", db::Role::gm, 1000);
  }
  auto badge = [&](const std::string& name) { return town.badge(name); };

  db::ServerConfig config;
  config.db_path = town.db;
  auto server = std::make_unique<db::LedgerServer>(config);
  config.port = server->port();
  std::string url = "http://127.0.0.1:" + std::to_string(config.port);

  gm::MainFrame* frame = open_station(gm::connect_to_server(url, town.dir.file("cache.db"), code));
  wxUIActionSimulator sim;
  frame->refresh();
  CHECK_FALSE(frame->offline_banner_shown());
  // Seen once while online, so the station knows them when the ledger is gone.
  scan_burst(sim, badge("Kid Calloway"));
  CHECK(frame->scan_answer().Contains("Kid Calloway"));
  scan_burst(sim, badge("Sheriff Amos Brady"));

  server.reset();  // the ledger goes away
  frame->refresh();
  CHECK(frame->offline_banner_shown());

  kid_draws_first(frame, sim, town);
  enter_fields(sim, {"8"});
  pump(1500, [&] { return frame->duel()->recorded(); });
  REQUIRE(frame->duel()->recorded());
  CHECK(frame->duel()->instruction().Contains("PROVISIONALLY"));
  frame->refresh();
  REQUIRE_FALSE(frame->live_entries().empty());
  CHECK(frame->live_entries()[0].StartsWith("PROVISIONAL duel"));
  screenshot(frame, "offline-provisional");
  // A GM action while offline is kept too (and the screen survives its empty ledger answer).
  sim.Char(WXK_F5);
  pump(300);
  scan_burst(sim, badge("Kid Calloway"));
  sim.Char('R', wxMOD_CONTROL);
  pump(500);
  CHECK(frame->actions()->instruction().Contains("PROVISIONALLY"));

  server = std::make_unique<db::LedgerServer>(config);  // back, on the same port
  frame->refresh();
  CHECK_FALSE(frame->offline_banner_shown());
  frame->refresh();  // the synced duel comes back in the feed, numbered, the mark gone
  for (const auto& line : frame->live_entries()) CHECK_FALSE(line.Contains("PROVISIONAL"));
  // #2 is the station's enrolment; the synced duel is #3 and the release came after it, as #4.
  CHECK(frame->live_entries()[1].StartsWith("#3 duel"));
  CHECK(frame->live_entries()[0].StartsWith("#4"));
  screenshot(frame, "online-again");
  frame->Destroy();
  pump(200);
  server.reset();

  db::Database ledger(town.db, false);
  CHECK(ledger.scalar_int("SELECT COUNT(*) FROM events WHERE type = 'conflict_resolved'") == 1);
  CHECK(ledger.scalar_int("SELECT COUNT(*) FROM events WHERE type = 'released'") == 1);
  CHECK(ledger.scalar_int("SELECT dead FROM characters WHERE name = 'Sheriff Amos Brady'") == 1);
}
