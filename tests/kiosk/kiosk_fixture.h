#pragma once
// What the kiosk's GUI tests share: the sample town's ledger (seeded codes, chosen PINs) served
// by a real ledger server on 127.0.0.1 inside the test (kiosk/local_ledger.h, the kiosk's own
// embedded default), and the real kiosk window on it under Xvfb with short idle times.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include <wx/uiaction.h>

#include "kiosk/kiosk_frame.h"
#include "kiosk/local_ledger.h"
#include "ledger/ledger.h"
#include "store/sqlite.h"
#include "support/gui_fixture.h"
#include "support/sample_town.h"

namespace kiosk_testing {

using namespace gui_testing;

// PINs set for the test, so no random PIN can look like a number the screen shows for a reason.
inline const std::string kid_pin = "2468";
inline const std::string sheriff_pin = "1357";

// The sample town with the Kid's and the Sheriff's PINs set.
struct KioskTown : marshal::test_support::SampleTown {
  explicit KioskTown(std::uint64_t seed) : SampleTown(seed) {
    marshal::db::Database ledger(db, false);
    ledger.exec("UPDATE kiosk_pins SET pin = '" + kid_pin + "' WHERE character = (SELECT id FROM characters WHERE name = 'Kid Calloway')");
    ledger.exec("UPDATE kiosk_pins SET pin = '" + sheriff_pin +
                "' WHERE character = (SELECT id FROM characters WHERE name = 'Sheriff Amos Brady')");
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
  return {.idle_ms = 2500, .countdown_ms = 1500, .message_ms = 900, .pointer_idle_ms = 1000};
}

// Every reply body the kiosk under test has received since the privacy check last looked.
inline std::vector<std::string>& replies_received() {
  static std::vector<std::string> replies;
  return replies;
}

// The kiosk window on a client, shown with the keyboard given to it (see open_station); the
// client's replies are kept for the privacy check.
inline marshal::kiosk::KioskFrame* open_kiosk_with(std::unique_ptr<marshal::kiosk::KioskClient> client,
                                                   marshal::kiosk::KioskTimings timings = quick_timings()) {
  start_wx();
  replies_received().clear();
  client->observe_replies([](const marshal::kiosk::Json& body) { replies_received().push_back(body.dump()); });
  auto* frame = new marshal::kiosk::KioskFrame(std::move(client), timings);
  frame->Show();
  pump(400);
  frame->Raise();
  pump(300);
  wxUIActionSimulator sim;
  wxRect r = frame->GetScreenRect();
  sim.MouseMove(r.x + r.width / 2, r.y + r.height / 3);
  pump(200);
  return frame;
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

}  // namespace kiosk_testing
