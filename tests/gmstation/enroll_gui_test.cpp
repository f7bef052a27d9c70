// A GM station not enrolled with the ledger server asks for its enrollment card; one scan of the
// card `marshal station add --role gm --card` printed enrolls it and opens the station.
#include <catch2/catch.hpp>

#include "gmstation/enroll_frame.h"
#include "protocol/enrollment.h"
#include "sample_town.h"
#include "server/ledger_server.h"
#include "server/stations.h"
#include "support/tls_server.h"

using namespace marshal;
using namespace gui_testing;

TEST_CASE("a GM station enrolls by scanning its enrollment card", "[gui][enroll]") {
  SampleTown town(41);
  std::string code;
  {
    db::Ledger ledger(town.db);
    code = db::add_station(ledger.database(), "saloon-gm", db::Role::gm, db::unix_time_ms());
  }
  db::ServerConfig config;
  config.db_path = town.db;
  config.log = [](const std::string&) {};
  const std::string key_pin = marshal::test_support::serve_over_tls(config);
  db::LedgerServer server(config);
  const std::string url = marshal::test_support::https_url(server.port());

  start_wx();
  std::unique_ptr<gm::StationBackend> opened;
  auto* frame = new gm::EnrollFrame(town.dir.file("gm-cache.db"),
                                    [&](std::unique_ptr<gm::StationBackend> backend) { opened = std::move(backend); });
  show_with_keyboard(frame);
  wxUIActionSimulator sim;
  frame->scan_input()->focus_field();
  pump(200);
  screenshot(frame, "gm-enroll");

  scan_burst(sim, town.badge("Kid Calloway"));
  CHECK(frame->problem().Contains("not an enrollment card"));
  scan_burst(sim, protocol::enrollment_payload({url, town.badge("Kid Calloway"), key_pin}));  // a code never issued
  INFO(frame->problem().ToStdString());
  CHECK(frame->problem().Contains("Not enrolled"));
  CHECK_FALSE(opened);
  // An old card without the ledger's key, and a card whose key is not this ledger's: refused.
  scan_burst(sim, "MARSHAL-ENROLL 127.0.0.1 " + std::to_string(server.port()) + " " + code);
  CHECK(frame->problem().Contains("an old one, without the ledger's key"));
  std::string other_key = key_pin;
  other_key[0] = other_key[0] == '0' ? '1' : '0';
  scan_burst(sim, protocol::enrollment_payload({url, code, other_key}));
  // The label is wrapped to the window: its words are read with the line breaks as spaces.
  auto problem_words = [&] {
    wxString words = frame->problem();
    words.Replace("\n", " ");
    return words;
  };
  pump(3000, [&] { return problem_words().Contains("this is not your ledger"); });
  CHECK(problem_words().Contains("Not enrolled: this is not your ledger: its key does not match the one on your "
                                 "enrolment card"));
  CHECK_FALSE(opened);
  screenshot(frame, "gm-enroll-wrong-key");
  scan_burst(sim, protocol::enrollment_payload({url, code, key_pin}));
  pump(2000, [&] { return opened != nullptr; });
  REQUIRE(opened);
  CHECK(opened->describe() == "ledger server " + url.substr(url.find("//") + 2));  // no scheme, no pin
  CHECK(opened->character(town.badge("Kid Calloway")).found);
  pump(300);
  bool still_open = false;
  for (wxWindow* w : wxTopLevelWindows) still_open = still_open || w == frame;
  CHECK_FALSE(still_open);  // the enrollment window closed itself
}
