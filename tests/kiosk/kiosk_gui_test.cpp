// The player kiosk under Xvfb against a real ledger server on 127.0.0.1 (docs/kiosk.md): a player
// scans a badge, types the PIN, sees their own state, gives a secret by scanning it and the
// receiver's badge; refusals in words; the idle reset forgets everything; five wrong PINs lock
// the badge. After every step the privacy check reads every text in the window.
#include <chrono>
#include <functional>

#include "kiosk_fixture.h"
#include "server/ledger_server.h"
#include "server/stations.h"
#include "support/silent_listener.h"

using namespace marshal;
using namespace kiosk_testing;
using KioskScreen = kiosk::KioskFrame::Screen;

namespace {

// Nothing private of anyone but `player` on screen, no PIN, no trick's cheat/skill flag.
void check_privacy(const kiosk::KioskFrame* frame, const KioskTown& town, const std::string& player,
                   const std::string& step) {
  const std::string shown = frame->shown_text();
  INFO("at " << step << " the window shows:\n" << shown);
  for (const std::string& pin : {kid_pin, sheriff_pin}) CHECK(shown.find(pin) == std::string::npos);
  for (const auto& text : town.secret_texts_not_of(player)) CHECK(shown.find(text) == std::string::npos);
  // No trick's flag: the words, outside the player's own secrets (a secret may tell of a cheat).
  std::string outside_secrets = shown;
  for (const auto& c : town.definition.cards)
    if (c.kind == "secret" && c.holder == player)
      for (auto at = outside_secrets.find(c.detail["text"].get<std::string>()); at != std::string::npos;
           at = outside_secrets.find(c.detail["text"].get<std::string>()))
        outside_secrets.erase(at, c.detail["text"].get<std::string>().size());
  for (const char* flag : {"cheat", "Cheat", "skill", "Skill"}) CHECK(outside_secrets.find(flag) == std::string::npos);
  // Every reply the kiosk received since the last check: no PIN, no flag, no one else's secret.
  for (const std::string& reply : take_replies_received()) {
    INFO("a reply at " << step << ": " << reply);
    for (const std::string& pin : {kid_pin, sheriff_pin}) CHECK(reply.find('"' + pin + '"') == std::string::npos);
    CHECK(reply.find("\"flag\"") == std::string::npos);
    for (const auto& text : town.secret_texts_not_of(player)) CHECK(reply.find(text) == std::string::npos);
  }
}

}  // namespace

TEST_CASE("a player signs in with badge and PIN, sees their own state, and gives a secret by scans",
          "[gui][kiosk]") {
  KioskTown town(31);
  kiosk::LocalLedger ledger(town.db, "lobby-kiosk");
  kiosk::KioskFrame* frame = open_kiosk(ledger);
  wxUIActionSimulator sim;
  REQUIRE(frame->screen() == KioskScreen::attract);
  CHECK(frame->shown_text().find("Scan your badge") != std::string::npos);
  CHECK(frame->shown_text().find("Lincoln 1875") != std::string::npos);
  screenshot(frame, "kiosk-attract");

  scan_burst(sim, town.badge("Kid Calloway"));
  REQUIRE(wait_for(frame, KioskScreen::pin));
  CHECK(frame->headline().find("Kid Calloway") != std::string::npos);
  check_privacy(frame, town, "", "the PIN screen");

  // A wrong PIN says how many tries are left; the right one opens the player's screen.
  type_pin(sim, "9999");
  headline_shows(frame, "more tr", 3000);
  INFO(frame->headline());
  CHECK(frame->screen() == KioskScreen::pin);
  CHECK(frame->headline().find("Wrong PIN: 4 more tries") != std::string::npos);
  screenshot(frame, "kiosk-pin-wrong");
  type_pin(sim, kid_pin);
  REQUIRE(wait_for(frame, KioskScreen::player));
  std::string shown = frame->shown_text();
  INFO(shown);
  CHECK(frame->headline() == "Kid Calloway");
  CHECK(shown.find("Hand-to-hand 2 Speed 4 Accuracy 4 Gambling 1 Riding 3") != std::string::npos);
  CHECK(shown.find("Innocent bystanders left: 3") != std::string::npos);
  CHECK(shown.find("Alive and well") != std::string::npos);
  std::vector<std::string> kid_secrets = town.cards("Kid Calloway", "secret");
  REQUIRE(kid_secrets.size() == 2);
  for (const auto& c : town.definition.cards)
    if (c.kind == "secret" && c.holder == "Kid Calloway") CHECK(shown.find(c.detail["text"].get<std::string>()) != std::string::npos);
  check_privacy(frame, town, "Kid Calloway", "the player's screen");
  screenshot(frame, "kiosk-player");

  // Someone else's secret is refused in words, and the screen comes back by itself.
  scan_burst(sim, town.cards("Sheriff Amos Brady", "secret").at(0));
  REQUIRE(wait_for(frame, KioskScreen::message));
  CHECK(frame->headline().find("not held by you") != std::string::npos);
  check_privacy(frame, town, "Kid Calloway", "a refused secret");
  screenshot(frame, "kiosk-refused");
  touch_screen(frame, sim);  // the Kid carries on (the kiosk never goes back by itself)
  REQUIRE(wait_for(frame, KioskScreen::player));

  // Give the first secret: scan it, then the receiver's badge, then Enter.
  const std::string secret = kid_secrets[0];
  scan_burst(sim, secret);
  REQUIRE(wait_for(frame, KioskScreen::give));
  CHECK(frame->headline().find("Now scan the badge of who gets it") != std::string::npos);
  scan_burst(sim, town.badge("Kid Calloway"));  // their own badge: refused in words
  REQUIRE(wait_for(frame, KioskScreen::message));
  CHECK(frame->headline().find("your own badge") != std::string::npos);
  touch_screen(frame, sim);
  REQUIRE(wait_for(frame, KioskScreen::give));
  scan_burst(sim, town.badge("Sheriff Amos Brady"));
  headline_shows(frame, "to Sheriff Amos Brady?", 2000);
  INFO(frame->headline());
  REQUIRE(frame->headline().find("to Sheriff Amos Brady?") != std::string::npos);
  screenshot(frame, "kiosk-give-confirm");
  sim.Char(WXK_RETURN);
  REQUIRE(wait_for(frame, KioskScreen::message));
  CHECK(frame->headline().find("now belongs to Sheriff Amos Brady") != std::string::npos);
  CHECK(frame->headline().find("Anything else?") != std::string::npos);
  screenshot(frame, "kiosk-given");
  touch_screen(frame, sim);
  REQUIRE(wait_for(frame, KioskScreen::player));
  check_privacy(frame, town, "Kid Calloway", "after giving");
  {
    db::Database db(town.db, false);
    CHECK(db.scalar_int("SELECT COUNT(*) FROM events WHERE type = 'secret_given' AND station = 'lobby-kiosk' AND "
                        "json_extract(payload, '$.secret') = '" + secret + "'") == 1);
    CHECK(db.scalar_text("SELECT h.name FROM cards c JOIN characters h ON h.id = c.holder WHERE c.code = '" + secret + "'") ==
          "Sheriff Amos Brady");
  }
  // The secret is no longer the Kid's: its text is gone from his screen.
  std::string given_text;
  for (const auto& c : town.definition.cards)
    if (c.code == secret) given_text = c.detail["text"];
  CHECK(frame->shown_text().find(given_text) == std::string::npos);

  // Done: back to the attract screen with nothing of the Kid left.
  sim.Char(WXK_ESCAPE);
  REQUIRE(wait_for(frame, KioskScreen::attract));
  CHECK(frame->shown_text().find("Kid Calloway") == std::string::npos);
  check_privacy(frame, town, "", "after Done");
  frame->Destroy();
  pump(200);
}

TEST_CASE("the kiosk forgets the player after the idle time, with a countdown first", "[gui][kiosk]") {
  KioskTown town(32);
  kiosk::LocalLedger ledger(town.db, "lobby-kiosk");
  kiosk::KioskTimings timings = quick_timings();
  kiosk::KioskFrame* frame = open_kiosk(ledger, timings);
  wxUIActionSimulator sim;
  scan_burst(sim, town.badge("Sheriff Amos Brady"));
  REQUIRE(wait_for(frame, KioskScreen::pin));
  type_pin(sim, sheriff_pin);
  REQUIRE(wait_for(frame, KioskScreen::player));
  CHECK(frame->shown_text().find("Lawman") != std::string::npos);
  CHECK_FALSE(frame->countdown_shown());
  REQUIRE(pump(static_cast<int>(timings.idle_ms) + 1500, [&] { return frame->countdown_shown(); }));
  CHECK(frame->shown_text().find("Still there?") != std::string::npos);
  screenshot(frame, "kiosk-still-there");
  // The pointer went when the mouse was still; a touch brings it back and keeps the player;
  // then silence again ends it.
  CHECK(frame->pointer_hidden());
  wxRect r = frame->GetScreenRect();
  sim.MouseMove(r.x + r.width / 2, r.y + 40);
  sim.MouseClick();
  pump(300);
  CHECK_FALSE(frame->pointer_hidden());
  CHECK_FALSE(frame->countdown_shown());
  CHECK(frame->screen() == KioskScreen::player);
  REQUIRE(wait_for(frame, KioskScreen::attract, static_cast<int>(timings.idle_ms + timings.countdown_ms) + 2000));
  CHECK(frame->shown_text().find("Sheriff Amos Brady") == std::string::npos);
  CHECK_FALSE(frame->countdown_shown());
  frame->Destroy();
  pump(200);
}

TEST_CASE("five wrong PINs lock the badge, a card that is not a badge is refused in words", "[gui][kiosk]") {
  KioskTown town(33);
  kiosk::LocalLedger ledger(town.db, "lobby-kiosk");
  kiosk::KioskFrame* frame = open_kiosk(ledger);
  wxUIActionSimulator sim;

  scan_burst(sim, town.cards("Kid Calloway", "horse").at(0));
  REQUIRE(wait_for(frame, KioskScreen::message));
  CHECK(frame->headline().find("That is a horse card, not a badge") != std::string::npos);
  REQUIRE(wait_for(frame, KioskScreen::attract));

  scan_burst(sim, town.badge("Kid Calloway"));
  REQUIRE(wait_for(frame, KioskScreen::pin));
  for (int i = 0; i < 4; ++i) {
    type_pin(sim, "0000");
    headline_shows(frame, std::to_string(4 - i) + " more tr", 3000);
  }
  CHECK(frame->headline().find("0 more tr") == std::string::npos);
  type_pin(sim, "0000");
  REQUIRE(wait_for(frame, KioskScreen::message));
  CHECK(frame->headline().find("Too many wrong PINs") != std::string::npos);
  CHECK(frame->headline().find("locked on kiosks") != std::string::npos);
  screenshot(frame, "kiosk-locked");
  REQUIRE(wait_for(frame, KioskScreen::attract));
  // The right PIN is refused too while the lock lasts.
  scan_burst(sim, town.badge("Kid Calloway"));
  REQUIRE(wait_for(frame, KioskScreen::pin));
  type_pin(sim, kid_pin);
  REQUIRE(wait_for(frame, KioskScreen::message));
  CHECK(frame->headline().find("locked") != std::string::npos);
  check_privacy(frame, town, "", "the lock");
  frame->Destroy();
  pump(200);
}

TEST_CASE("a player sells a horse: its card, the buyer's badge, the buyer's own PIN, Enter", "[gui][kiosk]") {
  KioskTown town(34);
  kiosk::LocalLedger ledger(town.db, "lobby-kiosk");
  kiosk::KioskFrame* frame = open_kiosk(ledger);
  wxUIActionSimulator sim;
  sign_in(frame, sim, town.badge("Kid Calloway"), kid_pin);
  CHECK(frame->shown_text().find("Horses with you: Lightning") != std::string::npos);

  sim.Char(WXK_F3);
  REQUIRE(wait_for(frame, KioskScreen::give));
  CHECK(frame->headline() == "Scan the horse you want to sell.");
  // The Sheriff's horse is not the Kid's to sell.
  scan_burst(sim, town.cards("Sheriff Amos Brady", "horse").at(0));
  REQUIRE(wait_for(frame, KioskScreen::message));
  CHECK(frame->headline().find("not yours to sell") != std::string::npos);
  touch_screen(frame, sim);
  REQUIRE(wait_for(frame, KioskScreen::give));
  const std::string horse = town.cards("Kid Calloway", "horse").at(0);
  scan_burst(sim, horse);
  headline_shows(frame, "Now scan the badge of the buyer", 2000);
  CHECK(frame->headline() == "Sell Lightning. Now scan the badge of the buyer.");
  // Esc steps back to the seller's screen; the horse scanned there starts the sale again.
  sim.Char(WXK_ESCAPE);
  REQUIRE(wait_for(frame, KioskScreen::player));
  scan_burst(sim, horse);
  headline_shows(frame, "Now scan the badge of the buyer", 2000);
  REQUIRE(frame->screen() == KioskScreen::give);
  scan_burst(sim, town.badge("Sheriff Amos Brady"));
  REQUIRE(wait_for(frame, KioskScreen::pin));
  CHECK(frame->headline().find("Sheriff Amos Brady: to buy Lightning, type YOUR PIN") != std::string::npos);
  screenshot(frame, "kiosk-buyer-pin");
  // The seller's PIN is not the buyer's: the sale ends and both are signed out.
  type_pin(sim, kid_pin);
  REQUIRE(wait_for(frame, KioskScreen::message));
  CHECK(frame->headline().find("The buyer's PIN was not right: the sale is cancelled. Both of you are signed out") !=
        std::string::npos);
  CHECK(frame->shown_text().find("Horses with you") == std::string::npos);
  REQUIRE(wait_for(frame, KioskScreen::attract));
  // The seller signs in again to retry.
  scan_burst(sim, town.badge("Kid Calloway"));
  REQUIRE(wait_for(frame, KioskScreen::pin));
  type_pin(sim, kid_pin);
  REQUIRE(wait_for(frame, KioskScreen::player));
  scan_burst(sim, horse);
  headline_shows(frame, "Now scan the badge of the buyer", 2000);
  scan_burst(sim, town.badge("Sheriff Amos Brady"));
  REQUIRE(wait_for(frame, KioskScreen::pin));
  type_pin(sim, sheriff_pin);
  headline_shows(frame, "?", 3000);
  CHECK(frame->headline() == "Sell Lightning to Sheriff Amos Brady? The horse will be theirs, and no longer yours.");
  check_privacy(frame, town, "Kid Calloway", "the sale's confirmation");
  sim.Char(WXK_RETURN);
  REQUIRE(wait_for(frame, KioskScreen::message));
  CHECK(frame->headline().find("Sold: Lightning now belongs to Sheriff Amos Brady.") == 0);
  touch_screen(frame, sim);
  REQUIRE(wait_for(frame, KioskScreen::player));
  CHECK(frame->shown_text().find("Horses with you: none") != std::string::npos);
  {
    db::Database db(town.db, false);
    CHECK(db.scalar_int("SELECT COUNT(*) FROM events WHERE type = 'horse_sold' AND station = 'lobby-kiosk'") == 1);
    CHECK(db.scalar_text("SELECT o.name FROM cards c JOIN characters o ON o.id = c.owner WHERE c.code = '" + horse + "'") ==
          "Sheriff Amos Brady");
  }
  // Nothing left to sell.
  sim.Char(WXK_F3);
  REQUIRE(wait_for(frame, KioskScreen::message));  // no horse left to sell
  CHECK(frame->headline().find("You own no horse") != std::string::npos);
  frame->Destroy();
  pump(200);
}

TEST_CASE("a player votes while the Mayor's vote is open, the attract screen tells the last count", "[gui][kiosk]") {
  KioskTown town(35);
  {
    // Earlier in the evening: a vote for Deputy, one ballot, counted; now a vote for Sheriff is open.
    db::Ledger ledger(town.db);
    const std::int64_t now = db::unix_time_ms(), minute = 60'000;
    auto append = [&](const std::string& type, const db::Json& payload, std::int64_t at) {
      db::AppendResult r = ledger.append({db::make_uuid_v7(at), "saloon-gm", at, type, payload}, at);
      INFO(type << ": " << r.reason);
      REQUIRE(r.accepted);
    };
    const std::string mayor = town.badge("Zechariah Chamberlain");
    append("vote_called", {{"character", mayor}, {"office", "Deputy"}}, now - 40 * minute);
    append("ballot_cast", {{"voter", town.badge("Jubal Crane")}, {"candidate", town.badge("Kid Calloway")}}, now - 39 * minute);
    append("vote_counted", {{"character", mayor}}, now - 20 * minute);
    append("vote_called", {{"character", mayor}, {"office", "Sheriff"}}, now - minute);
  }
  kiosk::LocalLedger ledger(town.db, "lobby-kiosk");
  kiosk::KioskFrame* frame = open_kiosk(ledger);
  wxUIActionSimulator sim;
  pump(3000, [&] { return frame->shown_text().find("A vote for Sheriff is open") != std::string::npos; });
  INFO(frame->shown_text());
  CHECK(frame->shown_text().find("A vote for Sheriff is open (14:00 left): scan your badge to vote.") != std::string::npos);

  scan_burst(sim, town.badge("Kid Calloway"));
  REQUIRE(wait_for(frame, KioskScreen::pin));
  type_pin(sim, kid_pin);
  REQUIRE(wait_for(frame, KioskScreen::player));
  CHECK(frame->shown_text().find("A vote for Sheriff is open: press Vote (F4)") != std::string::npos);
  sim.Char(WXK_F4);
  REQUIRE(wait_for(frame, KioskScreen::ballot));
  CHECK(frame->headline() == "Vote for Sheriff: touch a name (or use the arrows), or scan their badge.");
  // Enter with no name chosen says so; the candidate's badge chooses them.
  sim.Char(WXK_RETURN);
  REQUIRE(wait_for(frame, KioskScreen::message));
  CHECK(frame->headline().find("First choose a name") != std::string::npos);
  touch_screen(frame, sim);
  REQUIRE(wait_for(frame, KioskScreen::ballot));
  scan_burst(sim, town.badge("Sheriff Amos Brady"));
  CHECK(frame->headline() == "Your ballot for Sheriff: Sheriff Amos Brady. Enter (or Cast my ballot) casts it; it is secret.");
  screenshot(frame, "kiosk-ballot");
  sim.Char(WXK_RETURN);
  INFO("after Enter: screen " << static_cast<int>(frame->screen()) << ", " << frame->headline());
  REQUIRE(wait_for(frame, KioskScreen::message));
  CHECK(frame->headline().find("Your ballot is cast") != std::string::npos);
  touch_screen(frame, sim);
  REQUIRE(wait_for(frame, KioskScreen::player));
  CHECK(frame->shown_text().find("You have cast your ballot for Sheriff.") != std::string::npos);
  CHECK(frame->shown_text().find("Vote (F4)") == std::string::npos);  // the button is gone
  sim.Char(WXK_F4);
  REQUIRE(wait_for(frame, KioskScreen::message));
  CHECK(frame->headline().find("one ballot each") != std::string::npos);
  touch_screen(frame, sim);
  REQUIRE(wait_for(frame, KioskScreen::player));
  sim.Char(WXK_ESCAPE);
  REQUIRE(wait_for(frame, KioskScreen::attract));

  // The Sheriff votes with the arrow keys: whoever the list shows chosen is whom the ledger holds.
  scan_burst(sim, town.badge("Sheriff Amos Brady"));
  REQUIRE(wait_for(frame, KioskScreen::pin));
  type_pin(sim, sheriff_pin);
  REQUIRE(wait_for(frame, KioskScreen::player));
  sim.Char(WXK_F4);
  REQUIRE(wait_for(frame, KioskScreen::ballot));
  sim.Char(WXK_DOWN);
  sim.Char(WXK_DOWN);
  pump(2000, [&] { return frame->headline().rfind("Your ballot for Sheriff: ", 0) == 0; });
  const std::string chosen_line = frame->headline();
  INFO(chosen_line);
  REQUIRE(chosen_line.rfind("Your ballot for Sheriff: ", 0) == 0);
  const std::string chosen = chosen_line.substr(25, chosen_line.find(". Enter") - 25);
  sim.Char(WXK_RETURN);
  REQUIRE(wait_for(frame, KioskScreen::message));
  CHECK(frame->headline().find("Your ballot is cast") != std::string::npos);
  {
    db::Database db(town.db, false);
    CHECK(db.scalar_int("SELECT COUNT(*) FROM ballots b JOIN votes v ON v.seq = b.vote_seq WHERE v.office = 'Sheriff'") == 2);
    CHECK(db.scalar_text("SELECT c.name FROM ballots b JOIN characters c ON c.id = b.candidate JOIN characters w ON "
                         "w.id = b.voter WHERE w.name = 'Kid Calloway'") == "Sheriff Amos Brady");
    CHECK(db.scalar_text("SELECT c.name FROM ballots b JOIN characters c ON c.id = b.candidate JOIN characters w ON "
                         "w.id = b.voter WHERE w.name = 'Sheriff Amos Brady'") == chosen);
  }
  sim.Char(WXK_ESCAPE);  // Esc on the message: done, the Sheriff is signed out at once
  REQUIRE(wait_for(frame, KioskScreen::attract));
  screenshot(frame, "kiosk-attract-vote");
  frame->Destroy();
  pump(200);
}

TEST_CASE("the attract screen shows the last count when no vote is open", "[gui][kiosk]") {
  KioskTown town(36);
  {
    db::Ledger ledger(town.db);
    const std::int64_t now = db::unix_time_ms(), minute = 60'000;
    auto append = [&](const std::string& type, const db::Json& payload, std::int64_t at) {
      REQUIRE(ledger.append({db::make_uuid_v7(at), "saloon-gm", at, type, payload}, at).accepted);
    };
    const std::string mayor = town.badge("Zechariah Chamberlain");
    append("vote_called", {{"character", mayor}, {"office", "Deputy"}}, now - 40 * minute);
    append("ballot_cast", {{"voter", town.badge("Jubal Crane")}, {"candidate", town.badge("Kid Calloway")}}, now - 39 * minute);
    append("ballot_cast", {{"voter", town.badge("Cole Varney")}, {"candidate", town.badge("Kid Calloway")}}, now - 38 * minute);
    append("vote_counted", {{"character", mayor}}, now - 20 * minute);
  }
  kiosk::LocalLedger ledger(town.db, "lobby-kiosk");
  kiosk::KioskFrame* frame = open_kiosk(ledger);
  pump(3000, [&] { return frame->shown_text().find("The vote for Deputy") != std::string::npos; });
  INFO(frame->shown_text());
  CHECK(frame->shown_text().find("The vote for Deputy: Kid Calloway is elected Deputy. Ballots: Kid Calloway 2") !=
        std::string::npos);
  frame->Destroy();
  pump(200);
}

TEST_CASE("the ledger goes away while a player is signed in: the state stays, marked, and nothing is handed over",
          "[gui][kiosk][offline]") {
  ServedKiosk served(37, "porch-kiosk");
  const KioskTown& town = served.town;
  auto client = served.enrolled_client("porch-kiosk.db");
  kiosk::KioskTimings timings = quick_timings();
  timings.idle_ms = 60'000;
  timings.reread_ms = 700;
  kiosk::KioskFrame* frame = open_kiosk_with(std::move(client), timings);
  wxUIActionSimulator sim;
  scan_burst(sim, town.badge("Kid Calloway"));
  REQUIRE(wait_for(frame, KioskScreen::pin));
  type_pin(sim, kid_pin);
  REQUIRE(wait_for(frame, KioskScreen::player));
  CHECK(frame->shown_text().find("cannot be reached") == std::string::npos);

  served.stop();  // the ledger goes away
  REQUIRE(pump(4000, [&] { return frame->shown_text().find("the ledger cannot be reached") != std::string::npos; }));
  const std::string shown = frame->shown_text();
  INFO(shown);
  CHECK(shown.find("As of ") != std::string::npos);
  CHECK(shown.find("Nothing can be given, sold or voted until it is back.") != std::string::npos);
  CHECK(shown.find("Kid Calloway") != std::string::npos);  // the state read last stays
  CHECK(shown.find("Innocent bystanders left: 3") != std::string::npos);
  screenshot(frame, "kiosk-offline");
  // A secret cannot be given while the ledger is away: said, and nothing recorded.
  scan_burst(sim, town.cards("Kid Calloway", "secret").at(0));
  REQUIRE(wait_for(frame, KioskScreen::give));
  scan_burst(sim, town.badge("Sheriff Amos Brady"));
  REQUIRE(wait_for(frame, KioskScreen::message));
  CHECK(frame->headline().find("The ledger cannot be reached") != std::string::npos);
  touch_screen(frame, sim);
  REQUIRE(wait_for(frame, KioskScreen::give));
  sim.Char(WXK_ESCAPE);
  REQUIRE(wait_for(frame, KioskScreen::player));

  // Back, on the same port: the restarted ledger no longer knows the Kid's sign-in, so his
  // session ends at once (nothing of his is drawn from reads without it).
  served.start();
  REQUIRE(pump(5000, [&] { return frame->screen() != KioskScreen::player; }));
  CHECK(frame->headline().find("Your sign-in has ended") != std::string::npos);
  CHECK(frame->shown_text().find("Innocent bystanders left") == std::string::npos);
  CHECK(frame->shown_text().find("Kid Calloway") == std::string::npos);
  frame->Destroy();
  pump(200);
  db::Database ledger(town.db, false);
  CHECK(ledger.scalar_int("SELECT COUNT(*) FROM events WHERE type = 'secret_given'") == 0);
}

// Wi-Fi drops packets rather than refusing connections: every request would wait out its
// timeout (3 s). The kiosk's health thread finds the silence; from then on the window sends
// nothing and answers a scan at once.
TEST_CASE("a network gone silent never holds up the kiosk: OFFLINE on the attract screen, a badge answered at once",
          "[gui][kiosk][offline]") {
  ServedKiosk served(38, "porch-kiosk");
  const KioskTown& town = served.town;
  kiosk::KioskFrame* frame = open_kiosk_with(served.enrolled_client("porch-kiosk.db"));
  REQUIRE(pump(6000, [&] { return frame->shown_text().find("Ledger: online") != std::string::npos; }));

  served.stop();
  marshal::test_support::SilentListener silence(served.config.port);
  REQUIRE(pump(12'000, [&] { return frame->shown_text().find("OFFLINE") != std::string::npos; }));
  // Behaviour, not speed: a request from the window would take its whole 3 s timeout.
  const auto t0 = std::chrono::steady_clock::now();
  marshal::test_support::scanner_types(town.badge("Kid Calloway"));
  REQUIRE(headline_shows(frame, "cannot be reached", 3000));
  CHECK(std::chrono::steady_clock::now() - t0 < std::chrono::milliseconds(1500));
  CHECK(frame->screen() != KioskScreen::pin);  // no sign-in is offered to a ledger out of reach
  frame->Destroy();
  pump(200);
}

// Every request goes to the kiosk's worker (ui/request_worker.h): while one waits out its
// timeout on a silent network, the window goes on (its clock ticks, keys act) and says it is
// asking; an answer that comes back for a screen the player has left is dropped.
TEST_CASE("a request out on a silent network never holds up the kiosk, and its late answer is dropped",
          "[gui][kiosk][offline]") {
  ServedKiosk served(39, "porch-kiosk");
  const KioskTown& town = served.town;
  kiosk::KioskTimings timings = quick_timings();
  timings.idle_ms = 60'000;
  kiosk::KioskFrame* frame = open_kiosk_with(served.enrolled_client("porch-kiosk.db"), timings);
  wxUIActionSimulator sim;
  sign_in(frame, sim, town.badge("Kid Calloway"), kid_pin);
  CHECK_FALSE(frame->busy_shown());

  served.stop();
  marshal::test_support::SilentListener silence(served.config.port);
  sim.Char(WXK_F4);  // the vote is asked for: no answer comes until the request's timeout
  // The window ticks while the request waits: the line saying so shows, the player's screen stays.
  REQUIRE(pump(2500, [&] { return frame->busy_shown(); }));
  CHECK(frame->shown_text().find("Asking the ledger") != std::string::npos);
  CHECK(frame->screen() == KioskScreen::player);
  screenshot(frame, "kiosk-asking");
  sim.Char(WXK_ESCAPE);  // keys act meanwhile: Done
  REQUIRE(wait_for(frame, KioskScreen::attract, 1000));
  // The vote's answer (cannot be read) comes for a screen gone: nothing of it shows.
  REQUIRE(pump(6000, [&] { return !frame->busy_shown(); }));
  pump(300);
  INFO(frame->shown_text());
  CHECK(frame->screen() == KioskScreen::attract);
  CHECK(frame->shown_text().find("The vote cannot be read now") == std::string::npos);
  CHECK(frame->shown_text().find("Kid Calloway") == std::string::npos);
  frame->Destroy();
  pump(200);
}
