#pragma once
// What the kiosk's GUI tests share: the sample town's ledger (seeded codes, chosen PINs) served
// by a real ledger server on 127.0.0.1 inside the test (kiosk/local_ledger.h, the kiosk's own
// embedded default), and the real kiosk window on it under Xvfb with short idle times.
#include <catch2/catch.hpp>

#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include <wx/uiaction.h>

#include "kiosk/kiosk_frame.h"
#include "kiosk/local_ledger.h"
#include "ledger/ledger.h"
#include "server/ledger_server.h"
#include "server/stations.h"
#include "store/sqlite.h"
#include "support/gui_fixture.h"
#include "support/sample_town.h"
#include "support/tls_server.h"
#include "protocol/enrollment.h"

namespace kiosk_testing {

using namespace gui_testing;

// PINs set for the test, so no random PIN can look like a number the screen shows for a reason.
inline const std::string kid_pin = "2468";
inline const std::string sheriff_pin = "1357";

// The sample town (or its Russian twin, lincoln-1875-ru) with the Kid's and the Sheriff's PINs set.
struct KioskTown : marshal::test_support::SampleTown {
  std::string kid = "Kid Calloway", sheriff = "Sheriff Amos Brady";
  explicit KioskTown(std::uint64_t seed, const std::string& event = "lincoln-1875") : SampleTown(seed, event) {
    if (event == "lincoln-1875-ru") {
      kid = "Малыш Кэллоуэй";
      sheriff = "Шериф Эймос Брэди";
    }
    marshal::db::Database ledger(db, false);
    ledger.exec("UPDATE kiosk_pins SET pin = '" + kid_pin + "' WHERE character = (SELECT id FROM characters WHERE name = '" + kid + "')");
    ledger.exec("UPDATE kiosk_pins SET pin = '" + sheriff_pin +
                "' WHERE character = (SELECT id FROM characters WHERE name = '" + sheriff + "')");
  }
  // Every secret's text held at the start by someone other than `name`.
  std::vector<std::string> secret_texts_not_of(const std::string& name) const {
    std::vector<std::string> texts;
    for (const auto& c : definition.cards)
      if (c.kind == "secret" && c.holder != name) texts.push_back(c.detail["text"].get<std::string>());
    return texts;
  }
};

// Short clocks, so the idle reset and a message's return take a second, not half a minute.
inline marshal::kiosk::KioskTimings quick_timings() {
  return {.idle_ms = 2500, .countdown_ms = 1500, .message_ms = 2000, .pointer_idle_ms = 1000};
}

// Every reply body the kiosk under test has received since the privacy check last looked (kept
// by the kiosk's request worker, on its thread; taken on the test's).
struct RepliesReceived {
  std::mutex mutex;
  std::vector<std::string> bodies;
};
inline RepliesReceived& replies_received() {
  static RepliesReceived replies;
  return replies;
}
inline std::vector<std::string> take_replies_received() {
  std::lock_guard lock(replies_received().mutex);
  return std::exchange(replies_received().bodies, {});
}

// The kiosk window on a client, shown with the keyboard given to it (see open_station); the
// client's replies are kept for the privacy check.
inline marshal::kiosk::KioskFrame* open_kiosk_with(std::unique_ptr<marshal::kiosk::KioskClient> client,
                                                   marshal::kiosk::KioskTimings timings = quick_timings()) {
  start_wx();
  take_replies_received();
  client->observe_replies([](const marshal::kiosk::Json& body) {
    std::lock_guard lock(replies_received().mutex);
    replies_received().bodies.push_back(body.dump());
  });
  auto* frame = new marshal::kiosk::KioskFrame(std::move(client), timings);
  show_with_keyboard(frame);
  return frame;
}

// A kiosk station added to the town's ledger (its one-time code in `code`, and with `admin` its
// admin card and PIN), served by a real ledger server on 127.0.0.1 that a test may stop and
// start again on the same port.
struct ServedKiosk {
  KioskTown town;
  std::string code;
  marshal::db::KioskAdmin admin;
  marshal::db::ServerConfig config;
  std::unique_ptr<marshal::db::LedgerServer> server;

  ServedKiosk(std::uint64_t seed, const std::string& station, bool with_admin = false,
              const std::string& event = "lincoln-1875")
      : town(seed, event) {
    {
      marshal::db::Ledger ledger(town.db);
      code = marshal::db::add_station(ledger.database(), station, marshal::db::Role::kiosk, marshal::db::unix_time_ms());
      if (with_admin) admin = marshal::db::add_kiosk_admin(ledger.database(), station);
    }
    config.db_path = town.db;
    config.log = [](const std::string&) {};
    key_pin = marshal::test_support::serve_over_tls(config);  // as at a venue: TLS, the key pinned
    start();
    config.port = server->port();  // a restart comes back on the same port
  }
  std::string key_pin;
  void start() { server = std::make_unique<marshal::db::LedgerServer>(config); }
  void stop() { server.reset(); }
  // The address a kiosk keeps once enrolled by card: https with the ledger key's pin.
  std::string url() const { return marshal::test_support::pinned_url(config.port, key_pin); }
  // The card `marshal station add --card` prints for this kiosk (or for `other_code`).
  std::string card(const std::string& other_code = "") const {
    return marshal::protocol::enrollment_payload(
        {marshal::test_support::https_url(config.port), other_code.empty() ? code : other_code, key_pin});
  }
  // A kiosk client enrolled with the station's code, its cache file in the town's folder.
  std::unique_ptr<marshal::kiosk::KioskClient> enrolled_client(const std::string& cache_name) {
    auto client = std::make_unique<marshal::kiosk::KioskClient>(url(), town.dir.file(cache_name));
    std::string error;
    INFO(error);
    REQUIRE(client->enroll(code, error));
    return client;
  }
};

// A touch in the middle of the kiosk's screen (a message shown to a signed-in player gives way
// to what they were doing: the kiosk never goes back to a player's state by itself).
inline void touch_screen(wxWindow* frame, wxUIActionSimulator& sim) {
  const wxRect r = frame->GetScreenRect();
  sim.MouseMove(r.x + r.width / 2, r.y + r.height / 2);
  pump(50);
  sim.MouseClick();
  pump(300);
}

// A PIN typed on the kiosk's keypad, then Enter.
inline void type_pin(wxUIActionSimulator& sim, const std::string& pin) {
  sim.Text(pin.c_str());
  sim.Char(WXK_RETURN);
}

// The kiosk window on the town's ledger served by the kiosk itself (its embedded default).
inline marshal::kiosk::KioskFrame* open_kiosk(const marshal::kiosk::LocalLedger& ledger,
                                              marshal::kiosk::KioskTimings timings = quick_timings()) {
  return open_kiosk_with(ledger.client(), timings);
}

// Waits up to `ms` for the kiosk to show `screen`.
inline bool wait_for(marshal::kiosk::KioskFrame* frame, marshal::kiosk::KioskFrame::Screen screen, int ms = 3000) {
  return pump(ms, [&] { return frame->screen() == screen; });
}

// Pumps events until the headline shows `words` (an answer from the ledger, or a scan's refusal),
// at most `ms`; false if it never did.
inline bool headline_shows(marshal::kiosk::KioskFrame* frame, const std::string& words, int ms = 5000) {
  return pump(ms, [&] { return frame->headline().find(words) != std::string::npos; });
}

// A player signs in as at the kiosk: their badge scanned, their PIN typed; the player's screen.
inline void sign_in(marshal::kiosk::KioskFrame* frame, wxUIActionSimulator& sim, const std::string& badge,
                    const std::string& pin) {
  scan_burst(sim, badge);
  REQUIRE(wait_for(frame, marshal::kiosk::KioskFrame::Screen::pin));
  type_pin(sim, pin);
  REQUIRE(wait_for(frame, marshal::kiosk::KioskFrame::Screen::player));
}

}  // namespace kiosk_testing
