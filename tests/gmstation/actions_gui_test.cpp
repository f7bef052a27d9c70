// GM actions under Xvfb: a wound's limb named by one digit, a Doctor heals it with time, a
// bystander is docked (the card to take named).
#include <catch2/catch.hpp>

#include <cctype>

#include "sample_town.h"
#include "store/sqlite.h"

using namespace marshal;
using namespace gui_testing;
namespace fs = std::filesystem;

TEST_CASE("GM actions: a limb named, a Doctor heals the wound with time, a docked bystander is named and spent",
          "[gui][actions]") {
  SampleTown town(5);
  const std::string& db = town.db;
  auto badge = [&](const std::string& name) { return town.badge(name); };
  {
    db::Ledger ledger(db);  // the Kid took a bullet earlier in the evening
    REQUIRE(ledger.append({db::make_uuid_v7(2000), "test", 2000, "correction",
                           {{"corrects", 1}, {"note", "shot at the saloon"}, {"character", badge("Kid Calloway")},
                            {"wounded", true}}},
                          2000).accepted);
  }

  gm::MainFrame* frame = open_station(db, "doc-gm");
  wxUIActionSimulator sim;

  sim.Char(WXK_F5);
  pump(300);
  scan_burst(sim, badge("Kid Calloway"));
  CHECK(frame->actions()->instruction().Contains("action's key"));
  // The wound's limb, asked later (Ctrl+W): one digit.
  sim.Char('W', wxMOD_CONTROL);
  pump(300);
  REQUIRE(frame->actions()->asking_limb());
  sim.Char('1');
  pump(2000, [&] { return !frame->actions()->asking_limb(); });
  CHECK(frame->actions()->result_text().Contains("Kid Calloway loses the use of the left arm"));
  // A badge that is no Doctor's is refused by the ledger, with the reason on screen.
  sim.Char('H', wxMOD_CONTROL);
  pump(200);
  CHECK(frame->actions()->instruction().Contains("Doctor"));
  scan_burst(sim, badge("Sheriff Amos Brady"));
  CHECK(frame->actions()->refusal_text().Contains("refused"));
  sim.Char('H', wxMOD_CONTROL);
  pump(200);
  scan_burst(sim, badge("Doc Ephraim Sloane"));
  // With time (heal_minutes, 10 by default): the timers strip counts it down.
  INFO(frame->actions()->result_text().ToStdString());
  CHECK(frame->actions()->result_text().Contains("Healing: the wound is gone in 10 minutes"));
  frame->refresh();
  pump(300);
  INFO(frame->timers_text().ToStdString());
  CHECK(frame->timers_text().Contains("Kid Calloway healed in"));
  screenshot(frame, "actions-healing");

  sim.Char('D', wxMOD_CONTROL);
  pump(500);
  CHECK(frame->actions()->result_text().Contains("take the bystander card"));
  screenshot(frame, "actions-docked");
  frame->Destroy();
  pump(200);

  db::Database ledger(db, false);
  CHECK(ledger.scalar_int("SELECT wounded FROM characters WHERE name = 'Kid Calloway'") == 1);  // healing
  CHECK(ledger.scalar_text("SELECT wounded_limb FROM characters WHERE name = 'Kid Calloway'") == "left arm");
  CHECK(ledger.scalar_int("SELECT COUNT(*) FROM timers WHERE kind = 'healing'") == 1);
  CHECK(ledger.scalar_int("SELECT COUNT(*) FROM cards k JOIN characters c ON c.id = k.holder WHERE "
                          "c.name = 'Kid Calloway' AND k.kind = 'bystander' AND k.fate = 'docked'") == 1);
}

TEST_CASE("GM actions: a bystander bestowed and printed, horses sold, stolen and returned, a secret "
          "given, a card re-issued",
          "[gui][actions]") {
  SampleTown town(9);
  const std::string mayor = "Zechariah Chamberlain", sheriff = "Sheriff Amos Brady", kid = "Kid Calloway";
  const std::string brimstone = town.cards(sheriff, "horse").at(0), senator = town.cards(mayor, "horse").at(0);
  const std::string secret = town.cards(mayor, "secret").at(0), old_bystander = town.cards(mayor, "bystander").at(0);

  gm::MainFrame* frame = open_station(town.db, "saloon-gm");
  gm::ActionsPage* page = frame->actions();
  wxUIActionSimulator sim;
  auto ctrl = [&](char key) {
    sim.Char(key, wxMOD_CONTROL);
    pump(200);
  };
  sim.Char(WXK_F5);
  pump(300);
  scan_burst(sim, town.badge(mayor));

  // A new bystander: the name typed at a person's pace, its card printed beside the ledger.
  ctrl('B');
  for (char c : std::string("Mrs. Pruitt, the seamstress")) {
    sim.Char(c, std::isupper(static_cast<unsigned char>(c)) ? wxMOD_SHIFT : wxMOD_NONE);
    pump(40);
  }
  sim.Char(WXK_RETURN);
  pump(1500, [&] { return page->result_text().Contains("printed to"); });
  INFO(page->instruction().ToStdString() << " / " << page->result_text().ToStdString());
  REQUIRE(page->result_text().Contains("A new bystander card"));
  screenshot(frame, "actions-bestowed");

  // The Sheriff's horse is sold to the Mayor; the Kid steals the Mayor's; it goes back.
  ctrl('S');
  scan_burst(sim, brimstone);
  CHECK(page->result_text().Contains("Sold"));
  scan_burst(sim, town.badge(kid));
  ctrl('T');
  scan_burst(sim, senator);
  CHECK(page->result_text().Contains("Stolen"));
  ctrl('U');  // a key between two scans of one card: the second is meant, not a double read
  scan_burst(sim, senator);
  CHECK(page->result_text().Contains("back with its owner"));
  ctrl('U');
  scan_burst(sim, senator);  // already home: refused
  CHECK(page->refusal_text().Contains("refused"));

  // The Mayor gives his secret to the Kid; one of the Mayor's bystander cards is re-issued.
  scan_burst(sim, town.badge(mayor));
  ctrl('G');
  scan_burst(sim, secret);
  CHECK(page->instruction().Contains("receives the secret"));
  scan_burst(sim, town.badge(kid));
  CHECK(page->result_text().Contains("hand the secret card over"));
  ctrl('I');
  scan_burst(sim, old_bystander);
  CHECK(page->result_text().Contains("The new card"));

  // The Mayor calls a vote: the office typed, the ballots' 15 minutes in the timers strip.
  ctrl('V');
  for (char c : std::string("Sheriff")) {
    sim.Char(c, std::isupper(static_cast<unsigned char>(c)) ? wxMOD_SHIFT : wxMOD_NONE);
    pump(40);
  }
  sim.Char(WXK_RETURN);
  pump(500);
  CHECK(page->result_text().Contains("The vote for Sheriff is open"));
  frame->refresh();
  INFO(frame->timers_text().ToStdString());
  CHECK((frame->timers_text().Contains("Vote for Sheriff: ballots close in 15:00") ||
         frame->timers_text().Contains("Vote for Sheriff: ballots close in 14:59")));
  screenshot(frame, "actions-vote");
  frame->Destroy();
  pump(200);

  db::Database ledger(town.db, false);
  auto holder_of = [&](const std::string& code) {
    return ledger.scalar_text("SELECT c.name FROM cards k JOIN characters c ON c.id = k.holder WHERE k.code = '" + code + "'");
  };
  std::string bestowed = ledger.scalar_text(
      "SELECT json_extract(payload, '$.ledger.code') FROM events WHERE type = 'bystander_bestowed'");
  CHECK(holder_of(bestowed) == mayor);
  CHECK(ledger.scalar_text("SELECT title FROM cards WHERE code = '" + bestowed + "'") == "Mrs. Pruitt, the seamstress");
  fs::path pdf = fs::path(town.db).parent_path() / "print" / (bestowed + ".pdf");
  CHECK(fs::file_size(pdf) > 1000);
  CHECK(holder_of(brimstone) == mayor);
  // The sale names its seller, the horse's holder when it was scanned: the Sheriff.
  CHECK(ledger.scalar_text("SELECT json_extract(payload, '$.from') FROM events WHERE type = 'horse_sold'") ==
        town.badge("Sheriff Amos Brady"));
  CHECK(ledger.scalar_text("SELECT c.name FROM cards k JOIN characters c ON c.id = k.owner WHERE k.code = '" +
                           brimstone + "'") == mayor);
  CHECK(holder_of(senator) == mayor);
  CHECK(holder_of(secret) == kid);
  CHECK(ledger.scalar_int("SELECT revoked FROM cards WHERE code = '" + old_bystander + "'") == 1);
  std::string reissued = ledger.scalar_text("SELECT json_extract(payload, '$.ledger.code') FROM events WHERE type = 'card_reissued'");
  CHECK(holder_of(reissued) == mayor);
  CHECK(fs::exists(fs::path(town.db).parent_path() / "print" / (reissued + ".pdf")));
}

TEST_CASE("GM actions: the Mayor counts a closed vote (the tally on screen), a Judge overrides the call",
          "[gui][actions][votes]") {
  SampleTown town(8);
  const std::string mayor = town.badge("Zechariah Chamberlain");
  {
    // The vote was called 20 minutes ago; two ballots were cast while it was open.
    db::Ledger ledger(town.db);
    const std::int64_t now = db::unix_time_ms(), minute = 60'000;
    auto append = [&](const std::string& type, const db::Json& payload, std::int64_t at) {
      REQUIRE(ledger.append({db::make_uuid_v7(at), "saloon-gm", at, type, payload}, at).accepted);
    };
    append("vote_called", {{"character", mayor}, {"office", "Sheriff"}}, now - 20 * minute);
    append("ballot_cast", {{"voter", town.badge("Kid Calloway")}, {"candidate", town.badge("Jubal Crane")}}, now - 19 * minute);
    append("ballot_cast", {{"voter", town.badge("Cole Varney")}, {"candidate", town.badge("Jubal Crane")}}, now - 18 * minute);
  }
  gm::MainFrame* frame = open_station(town.db, "saloon-gm");
  gm::ActionsPage* page = frame->actions();
  wxUIActionSimulator sim;
  auto type = [&](const std::string& text) {
    for (char c : text) {
      sim.Char(c, std::isupper(static_cast<unsigned char>(c)) ? wxMOD_SHIFT : wxMOD_NONE);
      pump(40);
    }
    sim.Char(WXK_RETURN);
    pump(500);
  };
  sim.Char(WXK_F5);
  pump(300);
  // The Sheriff is no Mayor: the ledger refuses his count.
  scan_burst(sim, town.badge("Sheriff Amos Brady"));
  sim.Char('K', wxMOD_CONTROL);
  pump(200);
  type("");
  CHECK(page->refusal_text().Contains("refused"));
  scan_burst(sim, mayor);
  sim.Char('K', wxMOD_CONTROL);
  pump(200);
  CHECK(page->instruction().Contains("The Mayor's call"));
  type("");  // the most ballots win
  INFO(page->result_text().ToStdString());
  CHECK(page->result_text().Contains("The vote for Sheriff: Jubal Crane is elected Sheriff"));
  CHECK(page->result_text().Contains("2 ballots cast"));
  CHECK(page->result_text().Contains("Jubal Crane: 2"));
  screenshot(frame, "actions-vote-counted");
  scan_burst(sim, town.badge("Judge Cornelius Whitlock"));
  sim.Char('O', wxMOD_CONTROL);
  pump(200);
  type("Void");
  CHECK(page->result_text().Contains("Overridden by the Judge: Void"));
  frame->Destroy();
  pump(200);
  db::Database ledger(town.db, false);
  CHECK(ledger.scalar_text("SELECT outcome FROM votes") == "Void");
  CHECK(ledger.scalar_int("SELECT COUNT(*) FROM events WHERE type IN ('vote_counted', 'vote_overridden')") == 2);
}
