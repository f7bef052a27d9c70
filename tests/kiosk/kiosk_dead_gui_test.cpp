// A dead character at the kiosk (issue 34, point 7; 004 L79: dead is final for the evening): the
// player screen offers no hand-over the ledger would refuse and says why; F2, F3 and a scanned
// card of theirs are answered at once, nothing sent to the ledger.
#include "kiosk_fixture.h"

using namespace marshal;
using namespace kiosk_testing;
using KioskScreen = kiosk::KioskFrame::Screen;

TEST_CASE("a dead player is offered no hand-over, and F2, F3 or a card scanned say why at once", "[gui][kiosk][dead]") {
  KioskTown town(73);
  {
    db::Ledger ledger(town.db);
    const std::int64_t now = db::unix_time_ms();
    db::AppendResult r = ledger.append({db::make_uuid_v7(now), "saloon-gm", now, "correction",
                                        {{"character", town.badge("Kid Calloway")}, {"corrects", 1},
                                         {"note", "shot at the saloon"}, {"dead", true}}},
                                       now);
    INFO(r.reason);
    REQUIRE(r.accepted);
  }
  kiosk::LocalLedger ledger(town.db, "lobby-kiosk");
  kiosk::KioskFrame* frame = open_kiosk(ledger);
  wxUIActionSimulator sim;
  sign_in(frame, sim, town.badge("Kid Calloway"), kid_pin);
  const std::string shown = frame->shown_text();
  INFO(shown);
  CHECK(shown.find("DEAD") != std::string::npos);
  CHECK(shown.find("The dead give, sell and vote nothing this evening.") != std::string::npos);
  CHECK(shown.find("Give a secret (F2)") == std::string::npos);
  CHECK(shown.find("Sell a horse (F3)") == std::string::npos);
  screenshot(frame, "kiosk-dead");

  const auto events = [&] {
    db::Ledger read(town.db);
    return read.database().scalar_int("SELECT count(*) FROM events");
  };
  const std::int64_t before = events();
  for (int key : {WXK_F2, WXK_F3}) {
    sim.Char(key);
    REQUIRE(wait_for(frame, KioskScreen::message));
    CHECK(frame->headline().find("You are dead") != std::string::npos);
    touch_screen(frame, sim);
    REQUIRE(wait_for(frame, KioskScreen::player));
  }
  scan_burst(sim, town.cards("Kid Calloway", "secret").at(0));
  REQUIRE(wait_for(frame, KioskScreen::message));
  CHECK(frame->headline().find("You are dead: the dead give and sell nothing") != std::string::npos);
  CHECK(events() == before);  // nothing was sent to be refused
  frame->Destroy();
  pump(200);
}
