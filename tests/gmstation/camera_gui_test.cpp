// The camera wired into the station under Xvfb: a printed badge, rendered from its PDF to a PNG,
// played through a multifilesrc pipeline as the camera; the home screen shows that character.
// A pipeline that cannot run says so in the status bar. A card waved too fast shows "hold it
// still" beside the scan field until it is read.
#include <catch2/catch.hpp>

#include <cstdlib>

#include "printables/print_jobs.h"
#include "sample_town.h"
#include "support/camera_frames.h"
#include "support/in_language.h"

using namespace marshal;
using namespace gui_testing;

TEST_CASE("a badge in front of the camera is scanned like any code", "[gui][camera]") {
  SampleTown town(10);
  const std::string badge = town.badge("Doc Ephraim Sloane");
  const std::string pdf = town.dir.file("badge.pdf");
  printables::print_card(printables::load_print_model(town.db), badge, pdf, printables::Paper::a4);
  const std::string png_prefix = town.dir.file("frame");
  REQUIRE(std::system(("pdftoppm -r 110 -gray -png -singlefile '" + pdf + "' '" + png_prefix + "'").c_str()) == 0);

  gm::MainFrame* frame = open_station(town.db, "camera-gm");
  frame->start_camera("multifilesrc location=\"" + png_prefix + ".png\" index=0 stop-index=2 loop=false "
                      "caps=image/png,framerate=5/1 ! pngdec ! videoconvert ! video/x-raw,format=GRAY8 ! "
                      "appsink name=sink sync=false");
  pump(5000, [&] { return frame->scan_answer().Contains("Doc Ephraim Sloane"); });
  CHECK(frame->scan_answer().Contains("Doc Ephraim Sloane"));
  CHECK(frame->camera_status() == "Camera: reading");
  screenshot(frame, "camera-scanned");

  frame->start_camera("videotestsrc ! nosuchelement ! appsink name=sink");
  pump(3000, [&] { return frame->camera_status().Contains("stopped"); });
  CHECK(frame->camera_status().Contains("Camera stopped"));
  frame->Destroy();
  pump(200);
}

TEST_CASE("a card waved too fast to read shows the hint, and the read takes it away", "[gui][camera]") {
  test_support::InLanguage russian("ru");  // the longer words, at 1024 x 600
  SampleTown town(10);
  const std::string badge = town.badge("Doc Ephraim Sloane");
  const std::string camera = marshal::test_support::waved_then_held_camera(town.dir, badge);
  gm::MainFrame* frame = open_station(town.db, "camera-hint-gm");
  frame->SetSize(1024, 600);
  frame->start_camera(camera);
  pump(5000, [&] { return frame->scan_input()->camera_hint_shown(); });
  REQUIRE(frame->scan_input()->camera_hint_shown());
  CHECK_FALSE(frame->scan_answer().Contains("Doc Ephraim Sloane"));
  test_support::check_in_view(frame, wxString::FromUTF8("Карта видна: не двигайте"), "the camera's hint");
  check_fits(frame, "the camera's hint");
  screenshot(frame, "camera-hint");
  pump(8000, [&] { return frame->scan_answer().Contains("Doc Ephraim Sloane"); });
  CHECK(frame->scan_answer().Contains("Doc Ephraim Sloane"));
  CHECK_FALSE(frame->scan_input()->camera_hint_shown());
  frame->Destroy();
  pump(200);
}
