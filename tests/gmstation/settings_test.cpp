// The station's settings file: what it may hold, and a clear message naming file and line for
// anything else.
#include <catch2/catch.hpp>

#include <fstream>

#include "gmstation/settings.h"
#include "support/temp_dir.h"

using namespace marshal;

namespace {
std::string write(const test_support::TempDir& dir, const std::string& text) {
  std::string path = dir.file("gm-station.conf");
  std::ofstream(path) << text;
  return path;
}
}  // namespace

TEST_CASE("settings: KEY = VALUE lines, comments and blank lines", "[settings]") {
  test_support::TempDir dir;
  auto s = gm::read_settings(write(dir, "# the saloon's station\n\nserver = http://10.0.0.2:8080\n"
                                        "  camera=v4l2src device=/dev/video2 ! videoconvert ! video/x-raw,format=GRAY8 ! appsink name=sink \n"
                                        "station = saloon-gm\n"));
  CHECK(s.size() == 3);
  CHECK(s["server"] == "http://10.0.0.2:8080");
  CHECK(s["camera"] == "v4l2src device=/dev/video2 ! videoconvert ! video/x-raw,format=GRAY8 ! appsink name=sink");
  CHECK(s["station"] == "saloon-gm");
  CHECK(gm::read_settings(dir.file("no-such.conf")).empty());
  // The sound and a TWTW deck, as on the command line.
  auto more = gm::read_settings(write(dir, "sound = off\ntwtw-deck = /srv/decks/west.csv\n"));
  CHECK(more["sound"] == "off");
  CHECK(more["twtw-deck"] == "/srv/decks/west.csv");
}

TEST_CASE("settings: each mistake is named with its file and line", "[settings]") {
  test_support::TempDir dir;
  auto message = [&](const std::string& text) {
    std::string path = write(dir, text);
    try {
      gm::read_settings(path);
    } catch (const gm::SettingsError& e) {
      return std::string(e.what()).substr(path.size());
    }
    return std::string("no error");
  };
  CHECK(message("server = x\ncolour = red\n") == ":2: unknown setting \"colour\" (ledger, server, cache, enroll, station, camera, sound, twtw-deck, lang)");
  CHECK(message("just words\n") == ":1: expected KEY = VALUE, got \"just words\"");
  CHECK(message("ledger =\n") == ":1: ledger has no value");
  CHECK(message("station = a\nstation = b\n") == ":2: station is given twice");
}
