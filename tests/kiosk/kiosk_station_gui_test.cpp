// The kiosk as a station under Xvfb against a real ledger server on 127.0.0.1 over TLS
// (docs/kiosk.md): enrolled by one scan of its enrollment card (an old card, a card for another
// key, a used code refused in words), and its admin card and PIN opening the admin screen.
#include <functional>

#include "kiosk_fixture.h"
#include "protocol/enrollment.h"
#include "server/ledger_server.h"
#include "server/stations.h"

using namespace marshal;
using namespace kiosk_testing;
using KioskScreen = kiosk::KioskFrame::Screen;

TEST_CASE("a kiosk not enrolled asks for its enrollment card, and one scan enrolls it", "[gui][kiosk][enroll]") {
  ServedKiosk served(38, "porch-kiosk");
  const KioskTown& town = served.town;
  const std::string code = served.code, url = served.url();
  // A fresh kiosk: no server, no token.
  kiosk::KioskFrame* frame = open_kiosk_with(std::make_unique<kiosk::KioskClient>("", town.dir.file("new-kiosk.db")));
  wxUIActionSimulator sim;
  REQUIRE(frame->screen() == KioskScreen::enroll);
  CHECK(frame->shown_text().find("This kiosk is not enrolled yet.") != std::string::npos);
  screenshot(frame, "kiosk-enroll");
  // A badge is no enrollment card; a card with a used or unknown code is refused by the ledger.
  // Each answer is waited for (the ledger's over TLS): a slow machine takes more than a burst's pump.
  scan_burst(sim, town.badge("Kid Calloway"));
  CHECK(headline_shows(frame, "That is not an enrollment card"));
  scan_burst(sim, served.card(town.badge("Kid Calloway")));
  INFO(frame->headline());
  CHECK(headline_shows(frame, "Not enrolled: "));
  CHECK(frame->screen() == KioskScreen::enroll);
  // An old card, without the ledger's key, is refused with what to do.
  scan_burst(sim, "MARSHAL-ENROLL 127.0.0.1 " + std::to_string(served.config.port) + " " + code);
  CHECK(headline_shows(frame, "an old one, without the ledger's key"));
  CHECK(frame->screen() == KioskScreen::enroll);
  // A card naming another key than this ledger's: the kiosk refuses the server, sends no code.
  std::string other_key = served.key_pin;
  other_key[0] = other_key[0] == '0' ? '1' : '0';
  scan_burst(sim, protocol::enrollment_payload({marshal::test_support::https_url(served.config.port), code, other_key}));
  CHECK(headline_shows(frame, "this is not your ledger: its key does not match the one on your enrolment card"));
  CHECK(frame->screen() == KioskScreen::enroll);
  // The card `marshal station add --card` printed: server, code and key in one scan.
  scan_burst(sim, served.card());
  pump(3000, [&] { return frame->screen() == KioskScreen::attract; });
  INFO(frame->headline());
  REQUIRE(frame->screen() == KioskScreen::attract);
  pump(1500, [&] { return frame->shown_text().find("Lincoln 1875") != std::string::npos; });
  CHECK(frame->shown_text().find("Lincoln 1875") != std::string::npos);
  frame->Destroy();
  pump(200);
  // The cache file remembers the server and the token: the kiosk starts enrolled next time.
  kiosk::KioskClient again("", town.dir.file("new-kiosk.db"));
  CHECK(again.enrolled());
  CHECK(again.server_url() == url);
  CHECK(again.station_name() == "porch-kiosk");
  CHECK(again.online());
}

namespace {

// A kiosk station with an admin card, enrolled, on a real server; the kiosk's window open.
struct AdminKiosk {
  ServedKiosk served{40, "lobby-kiosk", true};
  KioskTown& town = served.town;
  db::KioskAdmin& admin = served.admin;
  kiosk::KioskFrame* frame = open_kiosk_with(served.enrolled_client("lobby-kiosk.db"));

  void open_admin(wxUIActionSimulator& sim) {
    scan_burst(sim, protocol::admin_payload(admin.code));
    REQUIRE(wait_for(frame, KioskScreen::pin));
    type_pin(sim, admin.pin);
    REQUIRE(wait_for(frame, KioskScreen::admin));
  }
  // A touch on the button showing `label`.
  void press(wxUIActionSimulator& sim, const wxString& label) {
    wxButton* found = nullptr;
    std::function<void(wxWindow*)> find = [&](wxWindow* w) {
      if (auto* b = dynamic_cast<wxButton*>(w); b && b->GetLabel() == label && b->IsShownOnScreen()) found = b;
      for (wxWindow* c : w->GetChildren()) find(c);
    };
    find(frame);
    INFO("the button " << label.utf8_string());
    REQUIRE(found);
    wxRect r = found->GetScreenRect();
    sim.MouseMove(r.x + r.width / 2, r.y + r.height / 2);
    pump(100);
    sim.MouseClick();
    pump(400);
  }
};

}  // namespace

TEST_CASE("the admin card and PIN open the admin screen: a wrong PIN, the scanner test, full screen, quit",
          "[gui][kiosk][admin]") {
  AdminKiosk k;
  wxUIActionSimulator sim;
  const std::string wrong_pin = k.admin.pin == "0000" ? "1111" : "0000";
  scan_burst(sim, protocol::admin_payload(k.admin.code));
  REQUIRE(wait_for(k.frame, KioskScreen::pin));
  CHECK(k.frame->headline().find("Admin: type this kiosk's admin PIN") != std::string::npos);
  type_pin(sim, wrong_pin);
  pump(2000, [&] { return k.frame->headline().find("Wrong admin PIN") != std::string::npos; });
  CHECK(k.frame->headline().find("Wrong admin PIN") != std::string::npos);
  type_pin(sim, k.admin.pin);
  REQUIRE(wait_for(k.frame, KioskScreen::admin));
  CHECK(k.frame->headline().find("Admin: kiosk lobby-kiosk at https://127.0.0.1:") != std::string::npos);
  CHECK(k.frame->headline().find("sha256") == std::string::npos);  // the address, not the pin
  CHECK(k.frame->shown_text().find(k.admin.pin) == std::string::npos);
  screenshot(k.frame, "kiosk-admin");

  // The scanner test shows what a scan sent, and acts on nothing.
  k.press(sim, "Scanner test");
  CHECK(k.frame->headline().find("Scanner test") != std::string::npos);
  scan_burst(sim, k.town.badge("Kid Calloway"));
  CHECK(k.frame->headline().find("Scanned: " + k.town.badge("Kid Calloway")) != std::string::npos);
  CHECK(k.frame->screen() == KioskScreen::admin);
  // Full screen and back (the test's window starts windowed).
  CHECK_FALSE(k.frame->IsFullScreen());
  k.press(sim, "Full screen");
  CHECK(k.frame->IsFullScreen());
  k.press(sim, "Leave full screen");
  CHECK_FALSE(k.frame->IsFullScreen());
  // Quit closes the kiosk's one window (and so the program).
  kiosk::KioskFrame* frame = k.frame;
  k.press(sim, "Quit the kiosk");
  pump(500);
  bool still_open = false;
  for (wxWindow* w : wxTopLevelWindows) still_open = still_open || w == frame;
  CHECK_FALSE(still_open);
}

TEST_CASE("the admin screen's re-enroll forgets the token and asks for an enrollment card", "[gui][kiosk][admin]") {
  AdminKiosk k;
  wxUIActionSimulator sim;
  k.open_admin(sim);
  k.press(sim, "Re-enroll");
  REQUIRE(wait_for(k.frame, KioskScreen::enroll));
  k.frame->Destroy();
  pump(200);
  kiosk::KioskClient after("", k.town.dir.file("lobby-kiosk.db"));
  CHECK_FALSE(after.enrolled());
  CHECK_FALSE(after.admin_ok(k.admin.code, k.admin.pin));  // the admin card goes with the enrollment
}
