// A kiosk session belongs to whoever typed the PIN (docs/kiosk.md, "Who is at the keypad"): the
// next person in the queue, stepping in at every step of every flow, never sees, votes or sells
// as the player before them. Under Xvfb against a real ledger; each case reads the window's
// words for what is left of the player before, and the ledger for what was recorded as them.
#include "kiosk_fixture.h"

using namespace marshal;
using namespace kiosk_testing;
using KioskScreen = kiosk::KioskFrame::Screen;

namespace {

// The Kid signed in at the kiosk, his own state on the screen.
void kid_signs_in(kiosk::KioskFrame* frame, wxUIActionSimulator& sim, const KioskTown& town) {
  pump(300);  // the screen shown a moment ago has the keyboard
  scan_burst(sim, town.badge("Kid Calloway"));
  const bool at_pin = wait_for(frame, KioskScreen::pin);
  INFO("screen " << static_cast<int>(frame->screen()) << ": " << frame->headline());
  REQUIRE(at_pin);
  type_pin(sim, kid_pin);
  REQUIRE(wait_for(frame, KioskScreen::player));
  REQUIRE(frame->headline() == "Kid Calloway");
}

// Nothing of the Kid on the screen: his name, his secrets' texts, his state.
void nothing_of_the_kid(const kiosk::KioskFrame* frame, const KioskTown& town, const std::string& step) {
  const std::string shown = frame->shown_text();
  INFO("at " << step << " the window shows:\n" << shown);
  CHECK(shown.find("Kid Calloway") == std::string::npos);
  CHECK(shown.find("Innocent bystanders left") == std::string::npos);
  for (const auto& c : town.definition.cards)
    if (c.kind == "secret" && c.holder == "Kid Calloway")
      CHECK(shown.find(c.detail["text"].get<std::string>()) == std::string::npos);
}

// The Sheriff's badge scanned: his own PIN is asked, nothing of the Kid is left.
void sheriff_steps_in(kiosk::KioskFrame* frame, wxUIActionSimulator& sim, const KioskTown& town,
                      const std::string& step) {
  scan_burst(sim, town.badge("Sheriff Amos Brady"));
  INFO(step);
  const bool at_pin = wait_for(frame, KioskScreen::pin);
  INFO("screen " << static_cast<int>(frame->screen()) << ": " << frame->headline());
  REQUIRE(at_pin);
  CHECK(frame->headline().find("Sheriff Amos Brady") == 0);
  nothing_of_the_kid(frame, town, step);
}

// The signed-in Kid gives `secret` to the Sheriff (the receiver's badge is the explicit step):
// the green message is up when this returns.
void gives_to_the_sheriff(kiosk::KioskFrame* frame, wxUIActionSimulator& sim, const KioskTown& town,
                          const std::string& secret) {
  scan_burst(sim, secret);
  REQUIRE(wait_for(frame, KioskScreen::give));
  scan_burst(sim, town.badge("Sheriff Amos Brady"));
  headline_shows(frame, "to Sheriff Amos Brady?", 2000);
  sim.Char(WXK_RETURN);
  REQUIRE(wait_for(frame, KioskScreen::message));
}

std::int64_t events_of(const KioskTown& town, const std::string& type) {
  db::Database db(town.db, false);
  return db.scalar_int("SELECT COUNT(*) FROM events WHERE type = '" + type + "'");
}

}  // namespace

TEST_CASE("after a hand-over the kiosk asks 'Anything else?' and signs out: it never goes back by itself",
          "[gui][kiosk][session]") {
  KioskTown town(51);
  kiosk::LocalLedger ledger(town.db, "lobby-kiosk");
  kiosk::KioskFrame* frame = open_kiosk(ledger);
  wxUIActionSimulator sim;
  kid_signs_in(frame, sim, town);
  const std::vector<std::string> secrets = town.cards("Kid Calloway", "secret");
  gives_to_the_sheriff(frame, sim, town, secrets.at(0));
  CHECK(frame->headline().find("Anything else? Touch the screen or scan your badge.") != std::string::npos);
  screenshot(frame, "kiosk-anything-else");
  // Nobody touches: the Kid is signed out, and his state never comes back by itself.
  REQUIRE(wait_for(frame, KioskScreen::attract, 4000));
  nothing_of_the_kid(frame, town, "after the message's time");
  pump(1500);
  CHECK(frame->screen() == KioskScreen::attract);
  CHECK(events_of(town, "secret_given") == 1);
}

TEST_CASE("the next badge at the message after a hand-over starts its own PIN, never the receiver's step",
          "[gui][kiosk][session]") {
  KioskTown town(52);
  kiosk::LocalLedger ledger(town.db, "lobby-kiosk");
  kiosk::KioskTimings timings = quick_timings();
  timings.message_ms = 8000;  // the Sheriff scans while the message is still up
  kiosk::KioskFrame* frame = open_kiosk(ledger, timings);
  wxUIActionSimulator sim;
  kid_signs_in(frame, sim, town);
  gives_to_the_sheriff(frame, sim, town, town.cards("Kid Calloway", "secret").at(0));
  // The Kid walks away; the Sheriff scans his own badge while the green message is up (after
  // the scanner's 2 s guard against reading his badge, just scanned as the receiver, twice).
  pump(2200);
  REQUIRE(frame->screen() == KioskScreen::message);
  sheriff_steps_in(frame, sim, town, "the Sheriff's badge at the Kid's message");
  CHECK(events_of(town, "secret_given") == 1);

  // And Esc on the message (closing it) ends the Kid's session too: the next badge is its own.
  sim.Char(WXK_ESCAPE);
  REQUIRE(wait_for(frame, KioskScreen::attract));
  kid_signs_in(frame, sim, town);
  gives_to_the_sheriff(frame, sim, town, town.cards("Kid Calloway", "secret").at(1));
  sim.Char(WXK_ESCAPE);
  REQUIRE(wait_for(frame, KioskScreen::attract));
  pump(2200);
  sheriff_steps_in(frame, sim, town, "the Sheriff's badge after Esc");
  CHECK(events_of(town, "secret_given") == 2);
  frame->Destroy();
  pump(200);
}

TEST_CASE("another badge at the player's screen, the give step or a refusal ends the session and asks its own PIN",
          "[gui][kiosk][session]") {
  KioskTown town(53);
  kiosk::LocalLedger ledger(town.db, "lobby-kiosk");
  kiosk::KioskFrame* frame = open_kiosk(ledger);
  wxUIActionSimulator sim;

  kid_signs_in(frame, sim, town);
  sheriff_steps_in(frame, sim, town, "the player's screen");
  sim.Char(WXK_ESCAPE);
  REQUIRE(wait_for(frame, KioskScreen::attract));

  kid_signs_in(frame, sim, town);
  sim.Char(WXK_F2);  // give a secret: the secret is not chosen yet
  REQUIRE(wait_for(frame, KioskScreen::give));
  sheriff_steps_in(frame, sim, town, "the give step before a secret is chosen");
  sim.Char(WXK_ESCAPE);
  REQUIRE(wait_for(frame, KioskScreen::attract));

  kid_signs_in(frame, sim, town);
  scan_burst(sim, town.cards("Sheriff Amos Brady", "secret").at(0));  // not his: a refusal
  REQUIRE(wait_for(frame, KioskScreen::message));
  sheriff_steps_in(frame, sim, town, "a refusal's message");
  sim.Char(WXK_ESCAPE);
  REQUIRE(wait_for(frame, KioskScreen::attract));

  // The Kid's own badge at his screen keeps him signed in.
  kid_signs_in(frame, sim, town);
  scan_burst(sim, town.badge("Kid Calloway"));
  pump(300);
  CHECK(frame->screen() == KioskScreen::player);
  CHECK(frame->headline() == "Kid Calloway");
  frame->Destroy();
  pump(200);
  CHECK(events_of(town, "secret_given") == 0);
}

TEST_CASE("the idle countdown ends only by a touch, a key or the player's own badge, never by another badge",
          "[gui][kiosk][session]") {
  KioskTown town(54);
  kiosk::LocalLedger ledger(town.db, "lobby-kiosk");
  kiosk::KioskTimings timings = quick_timings();
  kiosk::KioskFrame* frame = open_kiosk(ledger, timings);
  wxUIActionSimulator sim;
  kid_signs_in(frame, sim, town);
  REQUIRE(pump(static_cast<int>(timings.idle_ms) + 1500, [&] { return frame->countdown_shown(); }));
  // His own badge: still there.
  scan_burst(sim, town.badge("Kid Calloway"));
  pump(300);
  CHECK_FALSE(frame->countdown_shown());
  CHECK(frame->screen() == KioskScreen::player);
  // Silence again; the Sheriff's badge during the countdown is not the Kid being there.
  REQUIRE(pump(static_cast<int>(timings.idle_ms) + 1500, [&] { return frame->countdown_shown(); }));
  sheriff_steps_in(frame, sim, town, "the countdown");
  CHECK_FALSE(frame->countdown_shown());
  frame->Destroy();
  pump(200);
}

TEST_CASE("a cancel or a wrong PIN at the buyer's step ends the sale and signs both out", "[gui][kiosk][session]") {
  KioskTown town(55);
  kiosk::LocalLedger ledger(town.db, "lobby-kiosk");
  kiosk::KioskFrame* frame = open_kiosk(ledger);
  wxUIActionSimulator sim;
  const std::string horse = town.cards("Kid Calloway", "horse").at(0);
  auto to_buyer_pin = [&] {
    kid_signs_in(frame, sim, town);
    scan_burst(sim, horse);
    headline_shows(frame, "Now scan the badge of the buyer", 2000);
    scan_burst(sim, town.badge("Sheriff Amos Brady"));
    REQUIRE(wait_for(frame, KioskScreen::pin));
    REQUIRE(frame->headline().find("Sheriff Amos Brady: to buy Lightning, type YOUR PIN") != std::string::npos);
  };
  SECTION("Esc at the buyer's PIN") {
    to_buyer_pin();
    sim.Char(WXK_ESCAPE);
  }
  SECTION("the wrong PIN at the buyer's step") {
    to_buyer_pin();
    type_pin(sim, "0000");
  }
  SECTION("Cancel at the sale's confirmation") {
    to_buyer_pin();
    type_pin(sim, sheriff_pin);
    headline_shows(frame, "Sell Lightning to Sheriff Amos Brady?", 3000);
    REQUIRE(frame->screen() == KioskScreen::give);
    sim.Char(WXK_ESCAPE);
  }
  REQUIRE(wait_for(frame, KioskScreen::message));
  CHECK(frame->headline().find("sale is cancelled. Both of you are signed out") != std::string::npos);
  nothing_of_the_kid(frame, town, "the cancelled sale");
  REQUIRE(wait_for(frame, KioskScreen::attract, 4000));
  nothing_of_the_kid(frame, town, "after the cancelled sale");
  frame->Destroy();
  pump(200);
  CHECK(events_of(town, "horse_sold") == 0);
}
