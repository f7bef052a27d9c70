// The camera at the kiosk under Xvfb: a printed badge, rendered from its PDF to a PNG, played
// through a multifilesrc pipeline as the camera, opens the PIN screen for that character; a
// pipeline that cannot run says so on the attract screen. A badge waved too fast shows "hold it
// still" on the attract screen until it is read.
#include <cstdlib>

#include "kiosk_fixture.h"
#include "printables/print_jobs.h"
#include "support/camera_frames.h"

using namespace marshal;
using namespace kiosk_testing;

TEST_CASE("a badge held up to the kiosk's camera is scanned like any code", "[gui][kiosk][camera]") {
  KioskTown town(39);
  const std::string pdf = town.dir.file("badge.pdf");
  printables::print_card(printables::load_print_model(town.db), town.badge("Kid Calloway"), pdf, printables::Paper::a4);
  const std::string png_prefix = town.dir.file("frame");
  REQUIRE(std::system(("pdftoppm -r 110 -gray -png -singlefile '" + pdf + "' '" + png_prefix + "'").c_str()) == 0);
  kiosk::LocalLedger ledger(town.db, "lobby-kiosk");
  kiosk::KioskFrame* frame = open_kiosk(ledger);
  frame->start_camera("multifilesrc location=\"" + png_prefix + ".png\" index=0 stop-index=2 loop=false "
                      "caps=image/png,framerate=5/1 ! pngdec ! videoconvert ! video/x-raw,format=GRAY8 ! "
                      "appsink name=sink sync=false");
  REQUIRE(wait_for(frame, kiosk::KioskFrame::Screen::pin, 5000));
  CHECK(frame->headline().find("Kid Calloway") != std::string::npos);
  CHECK(frame->camera_status() == "Camera: reading");

  {
    wxUIActionSimulator sim;
    sim.Char(WXK_ESCAPE);
  }
  REQUIRE(wait_for(frame, kiosk::KioskFrame::Screen::attract));
  frame->start_camera("videotestsrc ! nosuchelement ! appsink name=sink");
  pump(4000, [&] { return frame->shown_text().find("Camera stopped") != std::string::npos; });
  CHECK(frame->camera_status().rfind("Camera stopped", 0) == 0);
  CHECK(frame->shown_text().find("Camera stopped") != std::string::npos);
  frame->Destroy();
  pump(200);
}

TEST_CASE("a badge waved too fast at the kiosk's camera shows the hint until it is read", "[gui][kiosk][camera]") {
  KioskTown town(39);
  const std::string camera = marshal::test_support::waved_then_held_camera(town.dir, town.badge("Kid Calloway"));
  kiosk::LocalLedger ledger(town.db, "lobby-kiosk");
  kiosk::KioskFrame* frame = open_kiosk(ledger);
  frame->start_camera(camera);
  pump(5000, [&] { return frame->camera_hint_shown(); });
  REQUIRE(frame->camera_hint_shown());
  CHECK(frame->screen() == kiosk::KioskFrame::Screen::attract);
  CHECK(frame->shown_text().find("Badge seen: hold it still") != std::string::npos);
  screenshot(frame, "kiosk-camera-hint");
  REQUIRE(wait_for(frame, kiosk::KioskFrame::Screen::pin, 8000));
  CHECK(frame->headline().find("Kid Calloway") != std::string::npos);
  CHECK_FALSE(frame->camera_hint_shown());
  frame->Destroy();
  pump(200);
}
