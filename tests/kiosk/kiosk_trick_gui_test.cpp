// A poker trick played at the kiosk by its holder (004 L109-119, issue 34 point 3): scan it,
// Enter; played again, the kiosk says when and where; the next person in the queue stepping in
// at the question plays nothing; someone else's trick is refused in words.
#include "kiosk_fixture.h"

using namespace marshal;
using namespace kiosk_testing;
using KioskScreen = kiosk::KioskFrame::Screen;

namespace {

std::int64_t tricks_played(const KioskTown& town) {
  db::Database db(town.db, false);
  return db.scalar_int("SELECT COUNT(*) FROM events WHERE type = 'trick_flipped' AND station = 'lobby-kiosk'");
}

}  // namespace

TEST_CASE("a player plays their own trick at the kiosk: scan, Enter, a second play says when and where",
          "[gui][kiosk][trick]") {
  KioskTown town(41);
  kiosk::LocalLedger ledger(town.db, "lobby-kiosk");
  kiosk::KioskFrame* frame = open_kiosk(ledger);
  wxUIActionSimulator sim;
  sign_in(frame, sim, town.badge("Kid Calloway"), kid_pin);
  const std::string trick = town.cards("Kid Calloway", "trick").at(0);
  CHECK(frame->shown_text().find("Poker tricks to play: Three of a Kind") != std::string::npos);
  CHECK(frame->shown_text().find("play a poker trick, scan its card") != std::string::npos);

  // Someone else's trick: refused in words, nothing sent.
  scan_burst(sim, town.cards("Sheriff Amos Brady", "trick").at(0));
  REQUIRE(wait_for(frame, KioskScreen::message));
  CHECK(frame->headline().find("not yours to play") != std::string::npos);
  touch_screen(frame, sim);
  REQUIRE(wait_for(frame, KioskScreen::player));

  // The Kid's own: the question, then Esc keeps it.
  scan_burst(sim, trick);
  REQUIRE(wait_for(frame, KioskScreen::give));
  CHECK(frame->headline().find("Play your trick \u201CThree of a Kind\u201D now?") != std::string::npos);
  screenshot(frame, "kiosk-trick-confirm");
  sim.Char(WXK_ESCAPE);
  REQUIRE(wait_for(frame, KioskScreen::player));
  CHECK(tricks_played(town) == 0);

  // The next in the queue steps in at the question: their badge starts their sign-in and the
  // Kid's trick is not played.
  scan_burst(sim, trick);
  REQUIRE(wait_for(frame, KioskScreen::give));
  scan_burst(sim, town.badge("Sheriff Amos Brady"));
  REQUIRE(wait_for(frame, KioskScreen::pin));
  CHECK(frame->headline().find("Sheriff Amos Brady") != std::string::npos);
  sim.Char(WXK_RETURN);
  pump(300);
  CHECK(tricks_played(town) == 0);
  sim.Char(WXK_ESCAPE);
  REQUIRE(wait_for(frame, KioskScreen::attract));

  // Played: scan, Enter.
  sign_in(frame, sim, town.badge("Kid Calloway"), kid_pin);
  scan_burst(sim, trick);
  REQUIRE(wait_for(frame, KioskScreen::give));
  sim.Char(WXK_RETURN);
  REQUIRE(wait_for(frame, KioskScreen::message));
  INFO(frame->headline());
  CHECK(frame->headline().find("Played: \u201CThree of a Kind\u201D") != std::string::npos);
  CHECK(tricks_played(town) == 1);
  touch_screen(frame, sim);
  REQUIRE(wait_for(frame, KioskScreen::player));
  CHECK(frame->shown_text().find("Poker tricks to play: none") != std::string::npos);

  // Scanned again: when and where it was played, and nothing sent.
  scan_burst(sim, trick);
  REQUIRE(wait_for(frame, KioskScreen::message));
  INFO(frame->headline());
  CHECK(frame->headline().find("You played that trick at ") != std::string::npos);
  CHECK(frame->headline().find(" at lobby-kiosk") != std::string::npos);
  CHECK(tricks_played(town) == 1);
  screenshot(frame, "kiosk-trick-played-twice");
  frame->Destroy();
  pump(200);
}
