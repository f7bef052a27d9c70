// The event log itself: created once, append-only, hash-chained, and idempotent per uuid.
#include <catch2/catch.hpp>

#include "db_test_helpers.h"
#include "ledger/verify.h"
#include "store/hash_chain.h"

using namespace marshal::db;
using namespace marshal::db::testing;

namespace {

std::vector<EventRow> all_events(Database& db) {
  Statement s = db.prepare(std::string("SELECT ") + event_columns + " FROM events ORDER BY seq");
  std::vector<EventRow> rows;
  while (s.step()) rows.push_back(event_row_from(s));
  return rows;
}

}  // namespace

TEST_CASE("a created ledger holds the definition as its one event and verifies", "[db][ledger]") {
  TestLedger t;
  CHECK(t.ledger().last_seq() == 1);
  CHECK(t.count("SELECT COUNT(*) FROM events WHERE type = 'event_defined'") == 1);
  CHECK(t.count("SELECT COUNT(*) FROM characters") == static_cast<std::int64_t>(t.definition().characters.size()));
  CHECK(t.count("SELECT COUNT(*) FROM cards") == static_cast<std::int64_t>(t.definition().cards.size()));
  CHECK(t.count("SELECT COUNT(*) FROM locations") == static_cast<std::int64_t>(t.definition().locations.size()));
  CHECK(t.count("SELECT COUNT(*) FROM card_holders WHERE how = 'dealt'") == t.count("SELECT COUNT(*) FROM cards"));
  CHECK(t.character_text("Zechariah Chamberlain", "powers") == "mayor");
  CHECK(t.db().scalar_text("PRAGMA journal_mode") == "wal");
  CHECK(t.db().scalar_int("PRAGMA synchronous") == 2);  // FULL

  VerifyReport report = verify_ledger(t.path());
  INFO(report.reason);
  CHECK(report.ok);
  CHECK(report.events == 1);
  CHECK(report.failed_seq == 0);
}

TEST_CASE("Ledger::create refuses a file that is already there", "[db][ledger]") {
  TestLedger t;
  try {
    Ledger::create(t.path(), t.definition(), evening_start_ms);
    FAIL("a second create was accepted");
  } catch (const LedgerRefusal& r) {
    CHECK(r.code == "bad_input");
    CHECK(std::string(r.what()).find("already exists") != std::string::npos);
  }
  CHECK(t.ledger().last_seq() == 1);

  // Any file, not only a ledger.
  std::string other = t.dir().file("notes.txt");
  write_text(other, "not a ledger");
  CHECK_THROWS_AS(Ledger::create(other, t.definition(), evening_start_ms), LedgerRefusal);
  CHECK(read_text(other) == "not a ledger");
  // And opening a file that is not there is refused rather than creating one.
  CHECK_THROWS_AS(Ledger(t.dir().file("missing.db")), LedgerRefusal);
  CHECK_FALSE(fs::exists(t.dir().file("missing.db")));
}

TEST_CASE("the triggers refuse UPDATE and DELETE on events", "[db][ledger]") {
  TestLedger t;
  t.accept("trick_flipped", {{"character", t.badge("Deuce Lomax")}, {"trick", t.held("Deuce Lomax", "trick").at(0)}});
  std::string payload = t.db().scalar_text("SELECT payload FROM events WHERE seq = 2");

  auto refused_by_trigger = [&](const std::string& sql) {
    try {
      t.db().exec(sql);
    } catch (const SqliteError& e) {
      return std::string(e.what()).find("append-only") != std::string::npos;
    }
    return false;
  };
  CHECK(refused_by_trigger("UPDATE events SET payload = '{}' WHERE seq = 2"));
  CHECK(refused_by_trigger("UPDATE events SET station = 'forger'"));
  CHECK(refused_by_trigger("DELETE FROM events WHERE seq = 2"));
  CHECK(refused_by_trigger("DELETE FROM events"));
  t.refuse("trick_flipped", {{"character", t.badge("Kid Calloway")}, {"trick", "nonsense"}}, "bad_code");
  CHECK(refused_by_trigger("UPDATE refusals SET code = 'x'"));  // the refusal trail too
  CHECK(refused_by_trigger("DELETE FROM refusals"));
  CHECK(t.count("SELECT COUNT(*) FROM events") == 2);
  CHECK(t.db().scalar_text("SELECT payload FROM events WHERE seq = 2") == payload);
  // Appending still works after the refused statements.
  t.accept("trick_flipped", {{"character", t.badge("Deuce Lomax")}, {"trick", t.held("Deuce Lomax", "trick").at(0)}});
  CHECK(t.ledger().last_seq() == 3);
}

TEST_CASE("each event's prev_hash is the hash of the one before, and every hash recomputes", "[db][ledger]") {
  TestLedger t;
  t.accept("bystander_lost", {{"character", t.badge("Kid Calloway")}});
  t.accept("trick_flipped", {{"character", t.badge("Deuce Lomax")}, {"trick", t.held("Deuce Lomax", "trick").at(0)}});
  t.accept("correction", {{"character", t.badge("Cole Varney")}, {"corrects", 2}, {"note", "was wounded"}, {"wounded", true}});
  t.refuse("trick_flipped", {{"character", t.badge("Kid Calloway")}, {"trick", "nonsense"}}, "bad_code");

  std::vector<EventRow> rows = all_events(t.db());
  REQUIRE(rows.size() == 4);
  Blob previous = genesis_hash();
  CHECK(previous == Blob(32, 0));
  for (std::size_t i = 0; i < rows.size(); ++i) {
    INFO("seq " << rows[i].seq);
    CHECK(rows[i].seq == static_cast<std::int64_t>(i) + 1);
    CHECK(rows[i].prev_hash == previous);
    CHECK(rows[i].hash.size() == hash_bytes);
    CHECK(event_hash(rows[i]) == rows[i].hash);
    previous = rows[i].hash;
  }
  // The hash covers every field: changing any one changes it.
  EventRow row = rows[2];
  Blob original = event_hash(row);
  auto changed = [&](const std::function<void(EventRow&)>& edit) {
    EventRow copy = row;
    edit(copy);
    return event_hash(copy) != original;
  };
  CHECK(changed([](EventRow& r) { r.seq += 1; }));
  CHECK(changed([](EventRow& r) { r.uuid[0] = r.uuid[0] == '0' ? '1' : '0'; }));
  CHECK(changed([](EventRow& r) { r.station += "x"; }));
  CHECK(changed([](EventRow& r) { r.client_time_ms.reset(); }));
  CHECK(changed([](EventRow& r) { r.server_time_ms += 1; }));
  CHECK(changed([](EventRow& r) { r.type += "s"; }));
  CHECK(changed([](EventRow& r) { r.payload += " "; }));
  CHECK(changed([](EventRow& r) { r.prev_hash[31] ^= 1; }));
  CHECK(to_hex(original).size() == 64);
}

TEST_CASE("appends from two connections to one file chain on each other's events", "[db][ledger]") {
  // The ledger keeps the chain's head between appends; another connection appending to the same
  // file (marshal record while the server runs) must be seen, not chained over.
  TestLedger t;
  Ledger other(t.path());
  t.accept("bystander_lost", {{"character", t.badge("Kid Calloway")}});
  AppendResult theirs = other.append(t.request("bystander_lost", {{"character", t.badge("Deuce Lomax")}}),
                                     t.now_ms() + 500);
  REQUIRE(theirs.accepted);
  CHECK(theirs.seq == 3);
  AppendResult ours = t.append("bystander_lost", {{"character", t.badge("Cole Varney")}});
  REQUIRE(ours.accepted);
  CHECK(ours.seq == 4);
  AppendResult theirs_again = other.append(t.request("bystander_lost", {{"character", t.badge("Kid Calloway")}}),
                                           t.now_ms() + 500);
  CHECK(theirs_again.seq == 5);
  std::vector<EventRow> rows = all_events(t.db());
  REQUIRE(rows.size() == 5);
  for (std::size_t i = 1; i < rows.size(); ++i) CHECK(rows[i].prev_hash == rows[i - 1].hash);
  CHECK(verify_ledger(t.path()).ok);
}

TEST_CASE("the same request twice is stored once and answered the same", "[db][ledger]") {
  TestLedger t;
  AppendRequest request = t.request("bystander_lost", {{"character", t.badge("Miss Lillian Delacroix")}});
  AppendResult first = t.send(request);
  REQUIRE(first.accepted);
  CHECK_FALSE(first.duplicate);
  REQUIRE(first.ledger.contains("pick"));
  std::int64_t events = t.count("SELECT COUNT(*) FROM events");
  std::string projections = projection_dump(t.db());

  AppendResult second = t.send(request);
  CHECK(second.accepted);
  CHECK(second.duplicate);
  CHECK(second.seq == first.seq);
  CHECK(second.ledger == first.ledger);  // the stored pick, not a new one
  CHECK(t.count("SELECT COUNT(*) FROM events") == events);
  CHECK(t.count("SELECT COUNT(*) FROM events WHERE uuid = '" + request.uuid + "'") == 1);
  CHECK(projection_dump(t.db()) == projections);
  CHECK(t.held("Miss Lillian Delacroix", "bystander").size() == 4);  // one of five lost, not two

  // Even after other events, the old answer comes back.
  t.accept("bystander_lost", {{"character", t.badge("Miss Lillian Delacroix")}});
  AppendResult third = t.send(request);
  CHECK(third.duplicate);
  CHECK(third.seq == first.seq);
  CHECK(third.ledger == first.ledger);
  CHECK(t.held("Miss Lillian Delacroix", "bystander").size() == 3);
}

TEST_CASE("a uuid reused for a different event is refused", "[db][ledger]") {
  TestLedger t;
  AppendRequest request = t.request("trick_flipped", {{"character", t.badge("Deuce Lomax")},
                                                      {"trick", t.held("Deuce Lomax", "trick").at(0)}});
  REQUIRE(t.send(request).accepted);

  AppendRequest other_payload = request;
  other_payload.payload["trick"] = t.held("Deuce Lomax", "trick").at(0);  // the next trick
  AppendResult r = t.refuse(other_payload, "uuid_reused");
  CHECK(r.field == "uuid");

  AppendRequest other_type = request;
  other_type.type = "bystander_lost";
  other_type.payload = {{"character", t.badge("Kid Calloway")}};
  t.refuse(other_type, "uuid_reused");
}

TEST_CASE("a malformed uuid, station or payload is refused as bad input", "[db][ledger]") {
  TestLedger t;
  Json flip = {{"character", t.badge("Kid Calloway")}, {"trick", t.held("Kid Calloway", "trick").at(0)}};
  for (std::string uuid : {"", "not-a-uuid", "0190f1c2-7a3b-7c4d-8e5f-60718293a4b", "0190f1c2-7a3b-7c4d-8e5f-60718293a4bz",
                           "0190f1c27a3b-7c4d-8e5f-60718293a4bcd"}) {
    INFO("uuid '" << uuid << "'");
    AppendRequest request = t.request("trick_flipped", flip);
    request.uuid = uuid;
    AppendResult r = t.refuse(request, "bad_input");
    CHECK(r.field == "uuid");
  }
  AppendRequest no_station = t.request("trick_flipped", flip);
  no_station.station = "";
  CHECK(t.refuse(no_station, "bad_input").field == "station");

  AppendRequest not_object = t.request("trick_flipped", Json::array({1, 2}));
  CHECK(t.refuse(not_object, "bad_input").field == "payload");

  Json forged = flip;
  forged["ledger"] = {{"pick", nullptr}};
  AppendResult r = t.refuse("trick_flipped", forged, "bad_input");
  CHECK(r.field == "payload.ledger");

  t.refuse("trick_stolen", flip, "bad_input");                               // unknown type
  t.refuse("event_defined", Json::object(), "illegal_move");                 // only the first
  Json extra = flip;
  extra["colour"] = "red";
  t.refuse("trick_flipped", extra, "bad_input");                             // unknown field
  t.refuse("trick_flipped", {{"character", t.badge("Kid Calloway")}}, "bad_input");  // missing field
  t.accept("trick_flipped", flip);  // the good one still goes through
}

TEST_CASE("a batch handed on before its sync is committed and readable, and durable once appended", "[db][ledger]") {
  // The server hands a batch to its standby while its own disk writes it (Ledger::append_batch's
  // `committed`): at that moment another connection must read the whole batch.
  TestLedger t;
  Database other(t.path(), false);
  std::int64_t handed = 0, read_then = 0, synchronous_then = -1;
  const std::vector<AppendRequest> batch = {t.request("bystander_lost", {{"character", t.badge("Kid Calloway")}}),
                                            t.request("bystander_lost", {{"character", t.badge("Deuce Lomax")}})};
  std::vector<AppendResult> results =
      t.ledger().append_batch(batch, t.now_ms() + 1000, nullptr, [&](std::int64_t seq) {
        handed = seq;
        read_then = other.scalar_int("SELECT COALESCE(MAX(seq), 0) FROM events");
        synchronous_then = t.db().scalar_int("PRAGMA synchronous");
      });
  REQUIRE(results.size() == 2);
  REQUIRE(results[0].accepted);
  REQUIRE(results[1].accepted);
  CHECK(handed == results[1].seq);
  CHECK(read_then == results[1].seq);
  CHECK(synchronous_then == 2);  // FULL again for whatever else the connection writes
  CHECK(t.db().scalar_int("PRAGMA synchronous") == 2);
  // Without `committed` nothing is handed on, and the commit is FULL as ever.
  std::vector<AppendResult> plain =
      t.ledger().append_batch({t.request("bystander_lost", {{"character", t.badge("Cole Varney")}})}, t.now_ms() + 2000);
  REQUIRE(plain.at(0).accepted);
  CHECK(plain[0].seq == handed + 1);
  CHECK(verify_ledger(t.path()).ok);
}

TEST_CASE("DeferredSync lets COMMIT skip the disk until sync_log, then restores FULL", "[db][ledger]") {
  TestLedger t;
  {
    DeferredSync deferred(t.db());
    CHECK(t.db().scalar_int("PRAGMA synchronous") == 1);  // NORMAL
    t.accept("bystander_lost", {{"character", t.badge("Kid Calloway")}});
    t.db().sync_log();
  }
  CHECK(t.db().scalar_int("PRAGMA synchronous") == 2);
  Database fresh(t.path(), false);
  fresh.sync_log();  // no log written through this connection yet: nothing to sync, no error
  CHECK(Database(t.path(), false).scalar_int("SELECT COUNT(*) FROM events") == 2);
}
