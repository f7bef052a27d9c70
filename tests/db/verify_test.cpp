// The audit: after a whole evening of mixed events verify_ledger replays every event into a
// fresh ledger, rebuilds every projection from the events alone and finds them equal; then
// the file is tampered with behind the triggers' back (raw sqlite3) and the audit names where.
#include <catch2/catch.hpp>

#include <sqlite3.h>

#include "db_test_helpers.h"
#include "ledger/verify.h"
#include "store/hash_chain.h"

using namespace marshal::db;
using namespace marshal::db::testing;

namespace {

// An evening in Lincoln: every event type, refusals in between. Returns the events written.
std::int64_t play_evening(TestLedger& t) {
  auto badge = [&](const std::string& name) { return t.badge(name); };
  auto first = [&](const std::string& name, const std::string& kind) { return t.held(name, kind).at(0); };

  t.accept("trick_flipped", {{"character", badge("Deuce Lomax")}, {"trick", first("Deuce Lomax", "trick")}});
  t.accept("trick_flipped", {{"character", badge("Deuce Lomax")}, {"trick", first("Deuce Lomax", "trick")}});
  t.accept("trick_flipped", {{"character", badge("Nathaniel Rourke")}, {"trick", first("Nathaniel Rourke", "trick")}});
  t.refuse("trick_flipped", {{"character", badge("Kid Calloway")}, {"trick", first("Deuce Lomax", "trick")}}, "not_holder");
  t.accept("bystander_lost", {{"character", badge("Faro Nell Sweeney")}});
  t.accept("bystander_lost", {{"character", badge("Faro Nell Sweeney")}, {"note", "a stray bullet"}});
  t.accept("bystander_lost", {{"character", badge("Cole Varney")}});
  t.accept("bystander_docked", {{"character", badge("Kid Calloway")}, {"card", first("Kid Calloway", "bystander")}});
  t.accept("bystander_docked", {{"character", badge("Gray Eagle")}});
  t.accept("bystander_sacrificed",
           {{"character", badge("Prudence Ashby")}, {"card", first("Prudence Ashby", "bystander")}, {"fate", "dead"}});
  t.accept("bystander_bestowed", {{"character", badge("Cole Varney")}, {"name", "Mrs. Pettigrew, the schoolteacher"}});
  t.accept("bystander_bestowed", {{"character", badge("Prudence Ashby")}, {"name", "The new preacher"}});

  std::string senator = t.card_titled("horse", "Senator"), brimstone = t.card_titled("horse", "Brimstone");
  t.accept("horse_stolen", {{"horse", senator}, {"by", badge("Kid Calloway")}});
  t.accept("horse_returned", {{"horse", senator}});
  t.refuse("horse_borrowed", {{"horse", brimstone}, {"lawman", badge("Reginald Ashby")}}, "not_allowed");
  t.accept("horse_borrowed", {{"horse", brimstone}, {"lawman", badge("Deputy Wade Hollis")}});
  t.accept("horse_returned", {{"horse", brimstone}});
  t.accept("horse_sold", {{"horse", t.card_titled("horse", "Scout")}, {"to", badge("Reginald Ashby")}});

  std::string payroll = t.card_titled("secret", "The House Payroll");
  t.accept("secret_given", {{"secret", payroll}, {"from", badge("Sheriff Amos Brady")}, {"to", badge("Faro Nell Sweeney")}});
  t.accept("secret_given", {{"secret", payroll}, {"from", badge("Faro Nell Sweeney")}, {"to", badge("Judge Horace Pennington")}});
  std::string ballot = t.card_titled("secret", "The Stuffed Ballot Box");
  t.accept("secret_given", {{"secret", ballot}, {"from", badge("Zechariah Chamberlain")}, {"to", badge("Kid Calloway")}});

  AppendResult reissued = t.accept("card_reissued", {{"card", first("Cole Varney", "trick")}, {"note", "torn"}});
  t.accept("trick_flipped", {{"character", badge("Cole Varney")}, {"trick", reissued.ledger["code"]}});
  t.accept("card_reissued", {{"card", badge("Hattie Bell Crawford")}});
  t.accept("card_revoked", {{"card", first("Judge Cornelius Whitlock", "trick")}});

  t.accept("correction", {{"character", badge("Alexander Tunstead")}, {"corrects", 3}, {"note", "he was hit"}, {"wounded", true}});
  t.accept("wound_limb_named", {{"character", badge("Alexander Tunstead")}, {"limb", "right shoulder"}});
  t.accept("wound_healed", {{"character", badge("Alexander Tunstead")}, {"doctor", badge("Doc Ephraim Sloane")}});
  t.accept("arrested", {{"character", badge("Kid Calloway")}, {"lawman", badge("Sheriff Amos Brady")}});
  t.accept("jailed", {{"character", badge("Kid Calloway")}});
  t.accept("released", {{"character", badge("Kid Calloway")}});

  AppendResult duel = t.accept(
      "conflict_resolved",
      {{"kind", "duel"},
       {"input",
        {{"duelists", {{{"code", badge("Kid Calloway")}}, {{"code", badge("Cole Varney")}}}},
         {"draw_cards", {{"Kid Calloway", 9}, {"Cole Varney", 2}}},
         {"rounds", {{{"cards", {{"Kid Calloway", 7}}}}}}}}});
  std::string shield = first("Deuce Lomax", "bystander");
  t.accept("conflict_resolved",
           {{"kind", "shootout"},
            {"input",
             {{"participants",
               {{{"code", badge("Kid Calloway")}}, {{"code", badge("Deuce Lomax")}}, {{"code", badge("Dutch Hennessey")}}}},
              {"rounds",
               {{{"actions",
                  {{"Kid Calloway", {{"shoot", "Deuce Lomax"}}},
                   {"Deuce Lomax", {{"shoot", "Dutch Hennessey"}}},
                   {"Dutch Hennessey", "cover"}}},
                 {"cards", {{"Kid Calloway", 6}, {"Deuce Lomax", 4}}},
                 {"sacrifices", {{{"shooter", "Kid Calloway"}, {"target", "Deuce Lomax"}, {"card", shield}}}}}}},
              {"stop", true}}}});
  t.accept("conflict_resolved",
           {{"kind", "accusation"},
            {"input",
             {{"accuser", {{"code", badge("Gentleman Beau Fontaine")}}},
              {"accused", {{"code", badge("Black Jack Mulroney")}}},
              {"trick", {{"code", t.card_titled("trick", "Four of a Kind", "Black Jack Mulroney")}}},
              {"cards", {{"Gentleman Beau Fontaine", 9}, {"Black Jack Mulroney", 2}}},
              {"bystander_pick", first("Black Jack Mulroney", "bystander")}}}});
  t.accept("conflict_resolved",
           {{"kind", "brawl"},
            {"input",
             {{"fighters",
               {{{"code", badge("Big Mike Costigan")}}, {{"code", badge("Dutch Hennessey")}}, {{"code", badge("Hiram Stubbs")}}}},
              {"rounds",
               {{{"cards", {{"Big Mike Costigan", 9}, {"Dutch Hennessey", 8}, {"Hiram Stubbs", 2}}}},
                {{"cards", {{"Big Mike Costigan", 9}, {"Dutch Hennessey", 2}}}}}}}}});
  t.refuse("trick_flipped", {{"character", badge("Hiram Stubbs")}, {"trick", first("Hiram Stubbs", "trick")}}, "knocked_out");
  t.accept("conflict_resolved",
           {{"kind", "fistfight"},
            {"input",
             {{"fighters", {{{"code", badge("James Riordan")}}, {{"code", badge("Nathaniel Rourke")}}}},
              {"splits",
               {{"James Riordan", {{"offense", 2}, {"defense", 0}}}, {"Nathaniel Rourke", {{"offense", 0}, {"defense", 2}}}}},
              {"rounds", {{{"cards", {{"James Riordan", 10}, {"Nathaniel Rourke", 1}}}}}}}}});
  t.accept("conflict_resolved",
           {{"kind", "chase"},
            {"input",
             {{"varmint", {{{"character", {{"code", badge("Black Jack Mulroney")}}}, {"horse", 3}}}},
              {"posse", {{{"character", {{"code", badge("Deputy Wade Hollis")}}}, {"horse", 2}}}},
              {"hands",
               {{"varmint", {"North Road", "Dry Gulch", "Two-horn Rock", "Box Canyon", "Mesa Blanca"}},
                {"posse", {"South Road", "Mesa Blanca", "Coyote Wash", "Apache Springs", "Sawmill Flats"}}}},
              {"turns",
               {{{"varmint", "North Road"}, {"posse", {"South Road"}}},
                {{"varmint", "Dry Gulch"}, {"posse", {"Mesa Blanca"}}},
                {{"varmint", "Two-horn Rock"}, {"posse", {"Coyote Wash"}}}}}}}});
  t.accept("correction", {{"character", badge("Cole Varney")}, {"corrects", duel.seq}, {"note", "only wounded"},
                          {"dead", false}, {"wounded", true}});
  t.accept("wound_healed", {{"character", badge("Cole Varney")}, {"doctor", badge("Doc Ephraim Sloane")}});
  t.accept("bystander_lost", {{"character", badge("Cole Varney")}});
  t.advance_ms(five_minutes_ms);  // the headaches are over
  t.accept("trick_flipped", {{"character", badge("Hiram Stubbs")}, {"trick", first("Hiram Stubbs", "trick")}});
  t.accept("horse_stolen", {{"horse", t.card_titled("horse", "Gettysburg")}, {"by", badge("Black Jack Mulroney")}});
  t.accept("secret_given", {{"secret", ballot}, {"from", badge("Kid Calloway")}, {"to", badge("Zechariah Chamberlain")}});
  t.accept("bystander_lost", {{"character", badge("Kid Calloway")}});
  t.accept("bystander_bestowed", {{"character", badge("Kid Calloway")}, {"name", "A grateful widow"}});
  return t.ledger().last_seq();
}

// Runs SQL on the file with the plain sqlite3 C API, as a forger would; returns rows changed.
int tamper(const std::string& path, const std::string& sql) {
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
  char* error = nullptr;
  int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &error);
  std::string message = error ? error : "";
  sqlite3_free(error);
  int changed = sqlite3_total_changes(db);
  sqlite3_close(db);
  INFO(sql << ": " << message);
  REQUIRE(rc == SQLITE_OK);
  return changed;
}

std::int64_t seq_of_last(TestLedger& t, const std::string& type) {
  return t.count("SELECT MAX(seq) FROM events WHERE type = '" + type + "'");
}

}  // namespace

TEST_CASE("after a long mixed evening every projection rebuilds from the events alone", "[db][verify]") {
  TestLedger t;
  std::int64_t events = play_evening(t);
  CHECK(events >= 40);
  CHECK(t.count("SELECT COUNT(DISTINCT type) FROM events") == 20);  // every event type
  CHECK(t.count("SELECT COUNT(*) FROM refusals") == 3);
  CHECK(t.count("SELECT COUNT(*) FROM timers WHERE kind != 'healing'") == 3);
  CHECK(t.count("SELECT COUNT(*) FROM timers WHERE kind = 'healing'") == 2);  // the evening's two healings run on

  std::vector<std::pair<std::int64_t, std::int64_t>> progress;
  VerifyReport report = verify_ledger(t.path(), [&](std::int64_t done, std::int64_t total) {
    progress.emplace_back(done, total);
  });
  INFO(report.reason);
  CHECK(report.ok);
  CHECK(report.events == events);
  CHECK(report.failed_seq == 0);
  REQUIRE(progress.size() == static_cast<std::size_t>(events));
  CHECK(progress.back() == std::make_pair(events, events));

  // Closed and opened again, the file still verifies and takes more events.
  t.close();
  CHECK(verify_ledger(t.path()).ok);
  Ledger reopened(t.path(), seeded_randomness(99));
  CHECK(reopened.last_seq() == events);
}

TEST_CASE("an altered event payload is named by its seq", "[db][verify]") {
  TestLedger t;
  play_evening(t);
  std::int64_t duel = seq_of_last(t, "conflict_resolved") - 5;  // the duel, first of six conflicts
  REQUIRE(t.db().scalar_text("SELECT payload FROM events WHERE seq = " + std::to_string(duel)).find("\"duel\"") !=
          std::string::npos);
  t.close();
  // The triggers refuse the forger until dropped.
  sqlite3* raw = nullptr;
  REQUIRE(sqlite3_open(t.path().c_str(), &raw) == SQLITE_OK);
  CHECK(sqlite3_exec(raw, "UPDATE events SET station = 'forger' WHERE seq = 2", nullptr, nullptr, nullptr) ==
        SQLITE_CONSTRAINT);
  sqlite3_close(raw);

  CHECK(tamper(t.path(), "DROP TRIGGER events_no_update; UPDATE events SET payload = replace(payload, "
                         "'\"Kid Calloway\":7', '\"Kid Calloway\":1') WHERE seq = " +
                             std::to_string(duel)) == 1);
  VerifyReport report = verify_ledger(t.path());
  CHECK_FALSE(report.ok);
  CHECK(report.failed_seq == duel);
  CHECK(report.reason.find("altered") != std::string::npos);
  CHECK(report.events == duel - 1);
}

TEST_CASE("an altered event whose hash is recomputed breaks the chain at the next event", "[db][verify]") {
  TestLedger t;
  t.accept("bystander_lost", {{"character", t.badge("Kid Calloway")}});
  t.accept("bystander_lost", {{"character", t.badge("Kid Calloway")}});
  t.accept("bystander_lost", {{"character", t.badge("Kid Calloway")}});
  // The forger rewrites event 2 to pick another bystander, with a hash that fits its contents.
  EventRow row;
  {
    Statement s = t.db().prepare(
        "SELECT uuid, station, client_time_ms, server_time_ms, type, payload, prev_hash FROM events WHERE seq = 2");
    REQUIRE(s.step());
    row.seq = 2;
    row.uuid = s.text(0);
    row.station = s.text(1);
    row.client_time_ms = s.int64(2);
    row.server_time_ms = s.int64(3);
    row.type = s.text(4);
    row.payload = s.text(5) + " ";
    row.prev_hash = s.blob(6);
  }  // the statement goes before its database is closed
  std::string hex = to_hex(event_hash(row));
  t.close();
  tamper(t.path(), "DROP TRIGGER events_no_update; UPDATE events SET payload = payload || ' ', hash = X'" + hex +
                       "' WHERE seq = 2");
  VerifyReport report = verify_ledger(t.path());
  CHECK_FALSE(report.ok);
  CHECK(report.failed_seq == 3);
  CHECK(report.reason.find("prev_hash") != std::string::npos);
}

TEST_CASE("deleted events: the last one only if nothing shows it, a middle one always", "[db][verify]") {
  SECTION("the last event, which changed nothing, leaves a consistent shorter chain") {
    TestLedger t;
    std::int64_t events = play_evening(t);
    // Releasing someone never arrested changes no projection.
    t.accept("released", {{"character", t.badge("Gray Eagle")}});
    t.close();
    tamper(t.path(), "DROP TRIGGER events_no_delete; DELETE FROM events WHERE seq = " + std::to_string(events + 1));
    VerifyReport report = verify_ledger(t.path());
    INFO(report.reason);
    CHECK(report.ok);
    CHECK(report.events == events);
  }
  SECTION("the last event, whose effect is still in the projections, is caught by the rebuild") {
    TestLedger t;
    std::int64_t events = play_evening(t);
    t.close();
    tamper(t.path(), "DROP TRIGGER events_no_delete; DELETE FROM events WHERE seq = " + std::to_string(events));
    VerifyReport report = verify_ledger(t.path());
    CHECK_FALSE(report.ok);
    CHECK(report.failed_seq == 0);
    CHECK(report.events == events - 1);  // the chain itself is whole
    CHECK(report.reason.find("differs") != std::string::npos);
  }
  SECTION("a middle event is named as missing") {
    TestLedger t;
    play_evening(t);
    t.close();
    tamper(t.path(), "DROP TRIGGER events_no_delete; DELETE FROM events WHERE seq = 17");
    VerifyReport report = verify_ledger(t.path());
    CHECK_FALSE(report.ok);
    CHECK(report.failed_seq == 17);
    CHECK(report.reason.find("event 17 is missing") != std::string::npos);
  }
}

TEST_CASE("a projection row changed behind the ledger's back is found", "[db][verify]") {
  TestLedger t;
  play_evening(t);
  t.close();
  REQUIRE(tamper(t.path(), "UPDATE characters SET wounded = 1 WHERE name = 'Kid Calloway'") == 1);
  VerifyReport report = verify_ledger(t.path());
  CHECK_FALSE(report.ok);
  CHECK(report.failed_seq == 0);
  CHECK(report.reason.find("table characters differs") != std::string::npos);
  CHECK(report.reason.find("Kid Calloway") != std::string::npos);

  TestLedger other;
  other.accept("trick_flipped", {{"character", other.badge("Deuce Lomax")}, {"trick", other.held("Deuce Lomax", "trick").at(0)}});
  other.close();
  tamper(other.path(), "UPDATE cards SET spent = 0 WHERE fate = 'flipped'");
  VerifyReport cards = verify_ledger(other.path());
  CHECK_FALSE(cards.ok);
  CHECK(cards.reason.find("table cards differs") != std::string::npos);
}

TEST_CASE("verify refuses what is not a ledger", "[db][verify]") {
  TempDir dir;
  VerifyReport missing = verify_ledger(dir.file("nothing.db"));
  CHECK_FALSE(missing.ok);
  CHECK(missing.reason.find("no ledger file") != std::string::npos);

  { Database empty(dir.file("empty.db"), true); }
  VerifyReport empty = verify_ledger(dir.file("empty.db"));
  CHECK_FALSE(empty.ok);
  CHECK(empty.reason.find("not a ledger") != std::string::npos);
}
