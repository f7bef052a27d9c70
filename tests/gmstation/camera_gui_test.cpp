// The camera wired into the station under Xvfb: a printed badge, rendered from its PDF to a PNG,
// played through a multifilesrc pipeline as the camera; the home screen shows that character.
// A pipeline that cannot run says so in the status bar.
#include <catch2/catch.hpp>

#include <cstdlib>

#include "printables/print_jobs.h"
#include "sample_town.h"

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
