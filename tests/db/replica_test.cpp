// A standby's copy of the primary's chain (ledger/replica.h, issue 29): a played evening copied
// row by row into an empty replica, in batches of any size, is the primary again (the audit's
// replay passes, every projection and the stations equal); a batch with a row altered, missing or
// linked elsewhere is refused naming the row, and nothing of it is written; the replay into the
// tables comes after (project_replicated), and refuses an outcome that is not the stored one.
#include <catch2/catch.hpp>

#include "db_test_helpers.h"
#include "ledger/replica.h"
#include "ledger/replica_admin.h"
#include "protocol/json_text.h"
#include "ledger/station_events.h"
#include "ledger/verify.h"
#include "server/stations.h"
#include "store/hash_chain.h"
#include "support/played_evening.h"

using namespace marshal::db;
using namespace marshal::db::testing;

namespace {

std::vector<EventRow> events_after(Database& db, std::int64_t after, std::int64_t limit = 1'000'000) {
  Statement s = db.prepare(std::string("SELECT ") + event_columns + " FROM events WHERE seq > ? ORDER BY seq LIMIT ?");
  s.bind(1, after).bind(2, limit);
  std::vector<EventRow> rows;
  while (s.step()) rows.push_back(event_row_from(s));
  return rows;
}

std::vector<RefusalRow> all_refusals(Database& db) {
  Statement s = db.prepare(std::string("SELECT ") + refusal_columns + " FROM refusals ORDER BY id");
  std::vector<RefusalRow> rows;
  while (s.step()) rows.push_back(refusal_row_from(s));
  return rows;
}

std::string chain_dump(Database& db) {
  return db.scalar_text("SELECT group_concat(seq || ':' || hex(hash), ',') FROM (SELECT seq, hash FROM events ORDER BY seq)") +
         " / " +
         db.scalar_text("SELECT COALESCE(group_concat(id || ':' || COALESCE(hex(hash), '-'), ','), '') FROM "
                        "(SELECT id, hash FROM refusals ORDER BY id)");
}

std::string stations_dump(Database& db) {
  return db.scalar_text("SELECT COALESCE(group_concat(name || ' ' || role || ' ' || COALESCE(hex(token_hash), '-') || ' ' || "
                        "revoked || ' ' || COALESCE(enrolled_seq, '-'), '; '), '') FROM (SELECT * FROM stations ORDER BY name)");
}

// The primary: an evening of 300 events with refusals, two stations enrolled, one revoked.
struct Primary {
  marshal::test_support::TempDir dir;
  std::string path = dir.file("primary.db");
  std::string gm_token;
  Primary() {
    marshal::test_support::EveningPlan plan;
    plan.events = 300;
    plan.refuse_every = 40;
    marshal::test_support::play_evening(path, plan);
    Ledger ledger(path);
    auto enrol = [&](const std::string& name, Role role) {
      auto e = enroll_station(ledger.database(), add_station(ledger.database(), name, role, 5), 6);
      REQUIRE(e);
      return e->token;
    };
    gm_token = enrol("saloon-gm", Role::gm);
    enrol("lobby-kiosk", Role::kiosk);
    revoke_station(ledger.database(), "lobby-kiosk", 7);
  }
};

// A standby's file holding the primary's whole chain, its tables replayed to `replayed_to` only
// (INT64_MAX: all of them); its path.
std::string copied_replica(Primary& primary, std::int64_t replayed_to) {
  Database source(primary.path, false);
  const std::string path = primary.dir.file("replica.db");
  Ledger::create_replica(path);
  Ledger replica(path);
  replica.append_replicated({events_after(source, 0), {}, std::nullopt});
  replica.project_replicated(replayed_to);
  return path;
}

std::int64_t head_of(const std::string& path) {
  return Database(path, false).scalar_int("SELECT MAX(seq) FROM events");
}

}  // namespace

TEST_CASE("an evening copied into an empty replica in batches of any size is the primary again", "[db][standby][replica]") {
  Primary primary;
  Database source(primary.path, false);
  const std::vector<RefusalRow> refusals = all_refusals(source);
  REQUIRE(refusals.size() >= 5);
  for (std::int64_t batch : {1, 7, 1000}) {
    INFO("batches of " << batch);
    const std::string path = primary.dir.file("replica-" + std::to_string(batch) + ".db");
    Ledger::create_replica(path);
    CHECK_THROWS_AS(Ledger::create_replica(path), LedgerRefusal);  // never over a file
    {
      Ledger replica(path);
      CHECK(replica.replica_head().seq == 0);
      CHECK(replica.replica_head().hash == genesis_hash());
      std::size_t refusals_sent = 0;
      for (auto rows = events_after(source, 0, batch); !rows.empty();
           rows = events_after(source, replica.replica_head().seq, batch)) {
        // The refusal trail comes along a row at a time, as a follow answer brings what is new.
        ReplicaBatch next{rows, {}, std::nullopt};
        if (refusals_sent < refusals.size()) next.refusals.push_back(refusals[refusals_sent++]);
        replica.append_replicated(next);
      }
      replica.append_replicated({{}, {refusals.begin() + static_cast<std::ptrdiff_t>(refusals_sent), refusals.end()}, std::nullopt});
      CHECK(replica.replica_head().refusal_id == static_cast<std::int64_t>(refusals.size()));
      CHECK(chain_dump(replica.database()) == chain_dump(source));
      CHECK(stations_dump(replica.database()) == stations_dump(source));
      // The GM station's token works on the replica the moment it is promoted.
      auto station = station_for_token(replica.database(), primary.gm_token);
      REQUIRE(station);
      CHECK(station->name == "saloon-gm");
      // Nothing is replayed into the tables yet: the primary's replies wait for the copy only.
      CHECK(replayed_seq(replica.database()) == std::optional<std::int64_t>(0));
      CHECK(replica.database().scalar_int("SELECT COUNT(*) FROM characters") == 0);
      CHECK(replica.project_replicated(120) == replica.replica_head().seq - 120);
    }
    // Replayed part way, the file passes the audit's check: its tables are those of event 120.
    VerifyReport part_way = verify_ledger(path);
    INFO(part_way.reason);
    CHECK(part_way.ok);
    {
      Ledger replica(path);
      CHECK(replica.project_replicated(INT64_MAX) == 0);
      CHECK(replica.project_replicated(INT64_MAX) == 0);  // nothing left: nothing done
      CHECK_FALSE(replayed_seq(replica.database()));  // no mark: every event is, as in a primary's file
      CHECK(projection_dump(replica.database()) == projection_dump(source));
    }
    VerifyReport verified = verify_ledger(path);
    INFO(verified.reason);
    CHECK(verified.ok);
  }
}

TEST_CASE("a standby's tables replayed part way are checked as they stood at their last replayed event",
          "[db][standby][replica]") {
  Primary primary;
  const std::string path = copied_replica(primary, 150);
  // A character's row edited by hand: the tables are no longer event 150's.
  Database(path, false).exec("UPDATE characters SET dead = 1 - dead WHERE id = (SELECT MIN(id) FROM characters)");
  VerifyReport edited = verify_ledger(path);
  CHECK_FALSE(edited.ok);
  CHECK(edited.reason.find("characters") != std::string::npos);
}

TEST_CASE("a batch that cannot be the primary's next is refused naming the row, nothing of it is written",
          "[db][standby][replica]") {
  Primary primary;
  Database source(primary.path, false);
  const std::string path = primary.dir.file("replica.db");
  Ledger::create_replica(path);
  Ledger replica(path);
  replica.append_replicated({events_after(source, 0, 100), {}, std::nullopt});
  const std::string before = chain_dump(replica.database());
  const std::vector<EventRow> next = events_after(source, 100, 40);  // 101..140
  // The altered outcome below needs a conflict: its outcome is the rules' (a new code or a
  // bystander picked is taken from the stored part on a replay, as the audit's replay does).
  auto conflict = [&] {
    for (std::size_t i = 0; i < next.size(); ++i)
      if (next[i].type == "conflict_resolved") return i;
    FAIL("no conflict among 101..140");
    return std::size_t{0};
  }();
  auto rechain_from = [](std::vector<EventRow>& rows, std::size_t i) {  // what a forger does after an edit
    for (; i < rows.size(); ++i) {
      if (i > 0) rows[i].prev_hash = rows[i - 1].hash;
      rows[i].hash = event_hash(rows[i]);
    }
  };
  struct Case {
    const char* name;
    std::function<void(std::vector<EventRow>&)> spoil;
    std::int64_t seq;
    const char* says;
  };
  const std::vector<Case> cases{
      {"a byte of a payload flipped", [](auto& rows) { rows[4].payload[2] ^= 1; }, 105, "does not match its own hash"},
      {"an event missing", [](auto& rows) { rows.erase(rows.begin() + 3); }, 105, "the events between are missing"},
      {"the batch starting too late", [](auto& rows) { rows.erase(rows.begin()); }, 102, "the events between are missing"},
      {"a link to another chain",
       [&](auto& rows) {
         rows[0].prev_hash[0] ^= 1;
         rechain_from(rows, 0);
       },
       101, "does not link to event 100"},
  };
  for (const Case& c : cases) {
    INFO(c.name);
    std::vector<EventRow> rows = next;
    c.spoil(rows);
    try {
      replica.append_replicated({rows, {}, std::nullopt});
      FAIL("accepted");
    } catch (const ReplicaMismatch& m) {
      INFO(m.what());
      CHECK(m.seq == c.seq);
      CHECK(std::string(m.what()).find(c.says) != std::string::npos);
    }
    CHECK(chain_dump(replica.database()) == before);
  }
  // A refusal row altered: named by its id, and the events sent with it are not written either.
  std::vector<RefusalRow> refusals = all_refusals(source);
  refusals[1].reason += "!";
  try {
    replica.append_replicated({next, refusals, std::nullopt});
    FAIL("accepted");
  } catch (const ReplicaMismatch& m) {
    CHECK(m.seq == 0);
    CHECK(m.refusal_id == 2);
    CHECK_FALSE(m.names_the_mark());
  }
  CHECK(chain_dump(replica.database()) == before);
  // The batch as sent goes in.
  replica.append_replicated({next, {}, std::nullopt});
  CHECK(replica.replica_head().seq == 140);

  // An outcome altered and re-hashed links and hashes as a chain should: it is written, and its
  // replay refuses it naming it; nothing of that replay is written.
  const std::string forged_path = primary.dir.file("forged.db");
  Ledger::create_replica(forged_path);
  Ledger forged(forged_path);
  forged.append_replicated({events_after(source, 0, 100), {}, std::nullopt});
  std::vector<EventRow> rows = next;
  Json payload = Json::parse(rows[conflict].payload);
  payload["ledger"] = Json::object();  // the outcome taken out
  rows[conflict].payload = payload.dump();
  rechain_from(rows, conflict);
  forged.append_replicated({rows, {}, std::nullopt});
  CHECK(forged.project_replicated(100) == 40);
  const std::string replayed = projection_dump(forged.database());
  try {
    forged.project_replicated(INT64_MAX);
    FAIL("replayed");
  } catch (const ReplicaMismatch& m) {
    INFO(m.what());
    CHECK(m.seq == 101 + static_cast<std::int64_t>(conflict));
    CHECK(std::string(m.what()).find("gives another outcome than the one stored") != std::string::npos);
  }
  CHECK(projection_dump(forged.database()) == replayed);
  CHECK(replayed_seq(forged.database()) == std::optional<std::int64_t>(100));
}

TEST_CASE("a promotion is replicated, and a batch with one that fails is taken whole when sent again",
          "[db][standby][replica]") {
  Primary primary;
  {
    Ledger ledger(primary.path);
    append_ledger_promoted(ledger.database(),
                           {.epoch = 2, .key_pin = std::string(64, 'b'), .primary_was = "https://10.0.0.2:8080",
                            .last_contact_ms = 1, .was_in_sync = true, .forced = false},
                           8);
    // And a second: replayed later, the first still follows epoch 1 (the events before it).
    append_ledger_promoted(ledger.database(),
                           {.epoch = 3, .key_pin = std::string(64, 'c'), .primary_was = "https://10.0.0.3:8080",
                            .last_contact_ms = 9, .was_in_sync = true, .forced = false},
                           10);
  }
  Database source(primary.path, false);
  const std::string path = primary.dir.file("replica.db");
  Ledger::create_replica(path);
  Ledger replica(path);
  const std::vector<EventRow> everything = events_after(source, 0);
  REQUIRE(everything.back().type == "ledger_promoted");
  std::vector<RefusalRow> refusals = all_refusals(source), spoiled = refusals;
  spoiled.back().reason += "!";
  // The spoiled refusal fails the batch: nothing of it stays.
  CHECK_THROWS_AS(replica.append_replicated({everything, spoiled, std::nullopt}), ReplicaMismatch);
  CHECK(replica.replica_head().seq == 0);
  replica.append_replicated({everything, refusals, std::nullopt});
  CHECK(current_epoch(replica.database()).epoch == 3);
  CHECK(chain_dump(replica.database()) == chain_dump(source));
  // Each promotion is checked against the epoch before it, though both are in the file.
  CHECK(replica.project_replicated(INT64_MAX) == 0);
  CHECK(verify_ledger(path).ok);
}

TEST_CASE("a standby's file written to as a primary replays what it holds before it judges the event",
          "[db][standby][replica]") {
  Primary primary;
  Database source(primary.path, false);
  const std::string badge = source.scalar_text(
      "SELECT c.code FROM cards c JOIN characters h ON h.id = c.holder WHERE c.kind = 'badge' ORDER BY h.id LIMIT 1");
  const std::string path = primary.dir.file("replica.db");
  Ledger::create_replica(path);
  Ledger replica(path);
  replica.append_replicated({events_after(source, 0), {}, std::nullopt});
  REQUIRE(replayed_seq(replica.database()) == std::optional<std::int64_t>(0));
  // Judged against empty tables, the badge would be unknown; the held events are replayed first.
  const AppendResult r =
      replica.append({make_uuid_v7(9), "saloon-gm", 9, "bystander_lost", Json{{"character", badge}}}, 9);
  INFO(r.reason);
  CHECK(r.accepted);
  CHECK_FALSE(replayed_seq(replica.database()));
  CHECK(verify_ledger(path).ok);
}

TEST_CASE("an admin snapshot read before station events does not undo them, nor replays the backlog",
          "[db][standby][replica]") {
  Primary primary;
  AdminSnapshot snapshot;
  {
    Ledger ledger(primary.path);
    Database& db = ledger.database();
    const std::string code = add_station(db, "bar-gm", Role::gm, 20);
    // The primary reads its snapshot at most once a second: this one is older than what follows.
    snapshot = read_admin_snapshot(db, ledger.last_seq());
    REQUIRE(enroll_station(db, code, 21));  // the code used up, in the chain
    revoke_station(db, "saloon-gm", 22);
  }
  Database source(primary.path, false);
  const std::string path = primary.dir.file("replica.db");
  Ledger::create_replica(path);
  Ledger replica(path);
  replica.append_replicated({events_after(source, 0), {}, snapshot});
  auto code_usable = [](Database& db, const std::string& name) {
    return db.scalar_int("SELECT enroll_hash IS NOT NULL FROM stations WHERE name = '" + name + "'") == 1;
  };
  REQUIRE(replica.database().scalar_int("SELECT COUNT(*) FROM stations WHERE name = 'bar-gm'") == 1);
  CHECK_FALSE(code_usable(replica.database(), "bar-gm"));  // the printed code is not usable again
  CHECK_FALSE(code_usable(source, "bar-gm"));
  CHECK(stations_dump(replica.database()) == stations_dump(source));
  CHECK(replica.database().scalar_int("SELECT revoked FROM stations WHERE name = 'saloon-gm'") == 1);
  // The PINs need the characters (event 1), not the rest: the primary's reply waits for the copy only.
  CHECK(replayed_seq(replica.database()) == std::optional<std::int64_t>(1));
  CHECK(replica.database().scalar_int("SELECT COUNT(*) FROM kiosk_pins") ==
        source.scalar_int("SELECT COUNT(*) FROM kiosk_pins"));
}

TEST_CASE("a station event the stations table cannot take stops the copy naming it, not as a disk's trouble",
          "[db][standby][replica]") {
  Primary primary;
  Database source(primary.path, false);
  std::vector<EventRow> rows = events_after(source, 0);
  auto forged_enrolment = [&](const Json& payload) {
    std::vector<EventRow> chain = rows;
    EventRow row;
    row.seq = chain.back().seq + 1;
    row.uuid = make_uuid_v7(30);
    row.station = "admin";
    row.client_time_ms = 30;
    row.server_time_ms = 30;
    row.type = station_enrolled_event;
    row.payload = payload.dump();
    row.prev_hash = chain.back().hash;
    row.hash = event_hash(row);
    chain.push_back(row);
    return chain;
  };
  const std::string hash(64, 'a');
  for (const Json& payload : {Json{{"name", "x"}, {"role", "chief"}, {"token_hash", hash}},  // no such role
                              Json{{"name", "x"}, {"role", "gm"}, {"token_hash", "zz"}},     // not a hash
                              Json{{"name", 7}, {"role", "gm"}, {"token_hash", hash}}}) {   // a name of another type
    INFO(payload.dump());
    const std::vector<EventRow> chain = forged_enrolment(payload);
    const std::string path = primary.dir.file("replica-" + std::to_string(std::hash<std::string>{}(payload.dump())) + ".db");
    Ledger::create_replica(path);
    Ledger replica(path);
    try {
      replica.append_replicated({chain, {}, std::nullopt});
      FAIL("followed");
    } catch (const ReplicaMismatch& m) {
      INFO(m.what());
      CHECK(m.seq == chain.back().seq);
    }
    CHECK(replica.replica_head().seq == 0);  // nothing of the batch
  }
}

TEST_CASE("an admin snapshot with a row the tables would refuse is refused naming the row", "[db][standby][replica]") {
  Primary primary;
  Ledger ledger(primary.path);
  const AdminSnapshot good = read_admin_snapshot(ledger.database(), ledger.last_seq());
  REQUIRE(good.body["kiosk_pins"].size() > 0);
  REQUIRE(good.body["stations"].size() > 0);
  // The snapshot as a primary of another make might send it: the row changed, its digest made anew.
  auto sent = [&](const std::function<void(Json&)>& change) {
    AdminSnapshot s = good;
    change(s.body);
    s.digest = sha256_hex(marshal::protocol::compact_text(s.body));
    return admin_snapshot_json(s);
  };
  auto refusal_path = [](const Json& json) {
    try {
      admin_snapshot_from_json(json);
    } catch (const marshal::protocol::InputError& e) {
      return e.path();
    }
    return std::string("(taken)");
  };
  CHECK(refusal_path(sent([](Json&) {})) == "(taken)");
  CHECK(refusal_path(sent([](Json& b) { b["stations"][0]["role"] = "sheriff"; })) == "admin.body.stations[0].role");
  CHECK(refusal_path(sent([](Json& b) { b["stations"][0]["name"] = ""; })) == "admin.body.stations[0].name");
  CHECK(refusal_path(sent([](Json& b) { b["kiosk_pins"][0][1] = "12a4"; })) == "admin.body.kiosk_pins[0][1]");
  CHECK(refusal_path(sent([](Json& b) { b["kiosk_pins"][0][1] = "12345"; })) == "admin.body.kiosk_pins[0][1]");
  CHECK(refusal_path(sent([](Json& b) { b["kiosk_pins"][0][0] = 0; })) == "admin.body.kiosk_pins[0][0]");
  // Every role a station may have passes.
  for (const char* role : {"gm", "kiosk", "standby"})
    CHECK(refusal_path(sent([&](Json& b) { b["stations"][0]["role"] = role; })) == "(taken)");
}

TEST_CASE("the audit of a standby's file not yet replayed says its story is as of the replayed event",
          "[db][standby][replica][audit]") {
  Primary primary;
  const std::string path = copied_replica(primary, 120);  // the tables as of event 120 only
  const std::int64_t head = head_of(path);
  auto tables_check = [](const AuditReport& report) -> const AuditCheck* {
    for (const AuditCheck& c : report.checks)
      if (c.name == "tables") return &c;
    return nullptr;
  };
  const AuditReport part = audit_ledger(path, {}, {});
  const AuditCheck* tables = tables_check(part);
  REQUIRE(tables);
  CHECK(tables->status == CheckStatus::warn);
  CHECK(tables->figures["replayed_seq"] == 120);
  CHECK(tables->figures["head"] == head);
  CHECK(tables->evidence.find("as of event 120 of " + std::to_string(head)) != std::string::npos);
  {
    Ledger replica(path);
    replica.project_replicated(INT64_MAX);
  }
  CHECK_FALSE(tables_check(audit_ledger(path, {}, {})));  // replayed to its head: nothing to say
  CHECK_FALSE(tables_check(audit_ledger(primary.path, {}, {})));  // a primary's file
}

TEST_CASE("a standby's replay mark that is not an event's number, or past its head, fails the check naming it",
          "[db][standby][replica][audit]") {
  Primary primary;
  const std::string path = copied_replica(primary, 150);
  const std::int64_t head = head_of(path);
  std::string mark, expected;
  SECTION("not a number") {
    mark = "15O";  // a letter O for a zero
    expected = "'15O' is not an event's number";
  }
  SECTION("below zero") {
    mark = "-3";
    expected = "'-3' is not an event's number";
  }
  SECTION("empty") {
    mark = "";
    expected = "'' is not an event's number";
  }
  SECTION("with a sign") {
    mark = "+5";
    expected = "'+5' is not an event's number";
  }
  SECTION("past what a number holds") {
    mark = "99999999999999999999";
    expected = "'99999999999999999999' is not an event's number";
  }
  SECTION("past the head") {
    mark = std::to_string(head + 1);
    expected = "names event " + std::to_string(head + 1) + ", past its last event " + std::to_string(head);
  }
  Database(path, false).prepare("UPDATE replica_state SET value = ? WHERE key = 'replayed_seq'").bind(1, mark).run();
  // Read by the standby itself: an error of the mark's (a new file mends it), not of an event's.
  try {
    Database db(path, false);
    replayed_seq(db);
    FAIL("the mark was read");
  } catch (const ReplicaMismatch& m) {
    CHECK(m.names_the_mark());
    CHECK(std::string(m.what()).find(expected) != std::string::npos);
  }
  const VerifyReport report = verify_ledger(path);
  CHECK_FALSE(report.ok);
  CHECK(report.reason.find(expected) != std::string::npos);
  // The audit says the same, as a failed check rather than a crash.
  const AuditReport audit = audit_ledger(path, {}, {});
  bool said = false;
  for (const AuditCheck& c : audit.checks)
    if (c.name == "tables" && c.status == CheckStatus::fail && c.evidence.find(expected) != std::string::npos) said = true;
  CHECK(said);
}

TEST_CASE("the replay mark at the head exactly passes the check", "[db][standby][replica]") {
  Primary primary;
  const std::string path = copied_replica(primary, INT64_MAX);
  // Replayed to its head, the file keeps no mark; one naming the head says the same.
  const std::int64_t head = head_of(path);
  Database(path, false)
      .prepare("INSERT INTO replica_state(key, value) VALUES ('replayed_seq', ?1) ON CONFLICT(key) DO UPDATE SET value = ?1")
      .bind(1, std::to_string(head))
      .run();
  {
    Database replica_file(path, false);
    REQUIRE(replayed_seq(replica_file) == head);
  }
  const VerifyReport report = verify_ledger(path);
  INFO(report.reason);
  CHECK(report.ok);
}

TEST_CASE("a file promoted meanwhile takes no more of the primary's batches, with its state written or not",
          "[db][standby][replica]") {
  // The follower writes replica_state with a batch only when more than the head moved; a file
  // marshal promote made a primary must refuse a batch without it too (refusal rows alone).
  Primary primary;
  Database source(primary.path, false);
  const std::string path = copied_replica(primary, INT64_MAX);
  Ledger replica(path);
  const std::vector<RefusalRow> refusals = all_refusals(source);
  REQUIRE(refusals.size() >= 2);
  set_replica_role(replica.database(), "primary");
  const std::string before = chain_dump(replica.database());
  try {
    replica.append_replicated({{}, {refusals[0]}, std::nullopt}, nullptr);
    FAIL("appended to a promoted file");
  } catch (const ReplicaMismatch& m) {
    CHECK(std::string(m.what()).find("was promoted") != std::string::npos);
    CHECK_FALSE(m.names_the_mark());
  }
  ReplicaState state;
  state.role = "";  // the follower's: never undoes the operator's
  CHECK_THROWS_AS(replica.append_replicated({{}, {refusals[0]}, std::nullopt}, &state), ReplicaMismatch);
  CHECK(chain_dump(replica.database()) == before);
  // A standby's file takes them.
  set_replica_role(replica.database(), "standby");
  replica.append_replicated({{}, {refusals[0]}, std::nullopt}, nullptr);
  CHECK(chain_dump(replica.database()) != before);
}
