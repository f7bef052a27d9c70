// The kiosk's settings file (~/.config/marshal/kiosk.conf), read by the real marshal-kiosk: a
// mistake is named with file and line on standard error, and the kiosk does not start.
#include <catch2/catch.hpp>

#include <array>
#include <cstdio>
#include <fstream>
#include <string>

#include "client/settings_file.h"
#include "kiosk/app.h"
#include "support/temp_dir.h"

namespace {

std::string run_kiosk_with_config(const marshal::test_support::TempDir& dir, const std::string& args) {
  std::string command = "XDG_CONFIG_HOME='" + dir.path().string() + "' " MARSHAL_KIOSK_BINARY " " + args + " 2>&1";
  std::string out;
  FILE* pipe = popen(command.c_str(), "r");
  REQUIRE(pipe);
  std::array<char, 512> buffer;
  while (fgets(buffer.data(), buffer.size(), pipe)) out += buffer.data();
  pclose(pipe);
  return out;
}

}  // namespace

TEST_CASE("the kiosk's settings file: its keys, and a mistake named with file and line", "[kiosk][settings]") {
  marshal::test_support::TempDir dir;
  std::filesystem::create_directories(dir.path() / "marshal");
  const std::string conf = (dir.path() / "marshal" / "kiosk.conf").string();
  {
    std::ofstream(conf) << "# the lobby kiosk\ncache = /home/kiosk/kiosk.db\n\nserver = http://10.0.0.2:8080\n";
  }
  auto s = marshal::client::read_settings(conf, marshal::kiosk::settings_keys);
  CHECK(s.at("cache") == "/home/kiosk/kiosk.db");
  CHECK(s.at("server") == "http://10.0.0.2:8080");

  { std::ofstream(conf) << "server = http://10.0.0.2:8080\nscanner = /dev/ttyUSB0\n"; }
  std::string out = run_kiosk_with_config(dir, "");
  INFO(out);
  CHECK(out.find("kiosk.conf:2: unknown setting \"scanner\" (server, cache, enroll, ledger, station, camera, lang)") != std::string::npos);
  { std::ofstream(conf) << "cache\n"; }
  out = run_kiosk_with_config(dir, "");
  CHECK(out.find("kiosk.conf:1: expected KEY = VALUE") != std::string::npos);
}
