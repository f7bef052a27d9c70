// The standby ledger's first pieces in the file (issue 29, docs/plans/standby-ledger.md §1-2):
// migration 19 lets a station be a standby and gives a standby its replica_state; the servers'
// own events (a promotion with its epoch, going on alone, back in step, a standby joining) are
// chained like the admin's, checked by the replay, and refused from any station.
#include <catch2/catch.hpp>

#include <algorithm>

#include "audit/audit.h"
#include "db_test_helpers.h"
#include "ledger/apply.h"
#include "ledger/station_events.h"
#include "ledger/verify.h"
#include "server/stations.h"
#include "store/schema.h"

using namespace marshal::db;
using namespace marshal::db::testing;

namespace {
const std::string pin_a(64, 'a'), pin_b(64, 'b');

Promotion promotion_to(std::int64_t epoch) {
  return {.epoch = epoch, .key_pin = pin_b, .primary_was = "https://10.0.0.2:8080#sha256=" + pin_a,
          .last_contact_ms = 1000, .was_in_sync = true, .forced = false};
}
}  // namespace

TEST_CASE("migration 19 on a ledger of schema 18: its stations kept, a standby may be added", "[db][standby][migrations]") {
  TempDir dir;
  Database db(dir.file("old.db"), true);
  migrate_to_version(db, 18);
  db.exec("INSERT INTO stations(name, role, token_hash, created_ms, enrolled_ms, admin_check, enrolled_seq) "
          "VALUES ('saloon-gm', 'gm', x'01', 5, 6, NULL, 2), ('lobby', 'kiosk', x'02', 7, 8, 'check', 3)");
  CHECK_THROWS(db.exec("INSERT INTO stations(name, role, created_ms) VALUES ('laptop-b', 'standby', 9)"));
  migrate(db);
  CHECK(schema_version(db) == static_cast<int>(migrations().size()));
  CHECK(db.scalar_text("SELECT group_concat(name || ' ' || role || ' ' || hex(token_hash) || ' ' || created_ms || ' ' || "
                       "enrolled_ms || ' ' || COALESCE(admin_check, '-') || ' ' || enrolled_seq, '; ') FROM "
                       "(SELECT * FROM stations ORDER BY name)") == "lobby kiosk 02 7 8 check 3; saloon-gm gm 01 5 6 - 2");
  db.exec("INSERT INTO stations(name, role, created_ms) VALUES ('laptop-b', 'standby', 9)");
  CHECK_THROWS(db.exec("INSERT INTO stations(name, role, created_ms) VALUES ('laptop-c', 'primary', 9)"));
  CHECK_THROWS(db.exec("INSERT INTO stations(name, role, token_hash, created_ms) VALUES ('dup', 'gm', x'01', 9)"));  // still UNIQUE
  db.exec("INSERT INTO replica_state(key, value) VALUES ('primary', 'https://10.0.0.2:8080')");
  CHECK(db.scalar_text("SELECT value FROM replica_state WHERE key = 'primary'") == "https://10.0.0.2:8080");
}

TEST_CASE("a standby is a station's role: added, enrolled, in the chain, and the audit accepts it", "[db][standby]") {
  CHECK(role_from_string("standby") == Role::standby);
  CHECK(to_string(Role::standby) == "standby");
  CHECK_FALSE(role_from_string("primary"));
  TestLedger t;
  std::string code = add_station(t.db(), "laptop-b", Role::standby, t.now_ms());
  auto enrolled = enroll_station(t.db(), code, t.now_ms());
  REQUIRE(enrolled);
  CHECK(enrolled->station.role == Role::standby);
  CHECK(t.db().scalar_text("SELECT json_extract(payload, '$.role') FROM events ORDER BY seq DESC LIMIT 1") == "standby");
  t.close();
  REQUIRE(verify_ledger(t.path()).ok);
  AuditReport report = audit_ledger(t.path(), {});
  const AuditCheck& enrolments = check_named(report, "enrolments");
  INFO(enrolments.evidence);
  CHECK(enrolments.status == CheckStatus::pass);
  REQUIRE(enrolments.figures["live"].size() == 1);
  CHECK(enrolments.figures["live"][0]["role"] == "standby");
}

TEST_CASE("the standby's events are chained, replayed and give the ledger's epoch", "[db][standby]") {
  TestLedger t;
  CHECK(current_epoch(t.db()).epoch == 1);
  CHECK(current_epoch(t.db()).seq == 0);
  t.accept("bystander_lost", {{"character", t.badge("Kid Calloway")}});
  append_standby_joined(t.db(), "laptop-b", "https://10.0.0.3:8080", pin_b, t.now_ms());
  append_ledger_alone(t.db(), "laptop-b", 3, 1000, "no_answer", t.now_ms());
  append_standby_in_sync(t.db(), "laptop-b", 4, t.now_ms());
  const std::int64_t promoted = append_ledger_promoted(t.db(), promotion_to(2), t.now_ms());
  // The ledger's own appends chain after them (a station's event after a promotion).
  t.accept("bystander_lost", {{"character", t.badge("Rosa Velarde")}});
  CHECK(current_epoch(t.db()).epoch == 2);
  CHECK(current_epoch(t.db()).seq == promoted);
  const std::int64_t again = append_ledger_promoted(t.db(), promotion_to(3), t.now_ms());
  CHECK(current_epoch(t.db()).epoch == 3);
  CHECK(current_epoch(t.db()).seq == again);
  // A station can record none of them.
  for (const char* type : {ledger_promoted_event, ledger_alone_event, standby_in_sync_event, standby_joined_event})
    t.refuse(type, {{"standby", "x"}}, "not_allowed");
  t.close();
  VerifyReport verified = verify_ledger(t.path());
  INFO(verified.reason);
  CHECK(verified.ok);
  // Each is listed once among the ledger's types.
  for (const std::string& type : station_event_types())
    CHECK(std::count(event_types().begin(), event_types().end(), type) == 1);
}

TEST_CASE("a promotion that skips or repeats an epoch fails the replay, naming it", "[db][standby]") {
  for (std::int64_t wrong : {2, 4}) {  // after epoch 2 comes 3: 2 again, or 4
    TestLedger t;
    append_ledger_promoted(t.db(), promotion_to(2), t.now_ms());
    const std::int64_t bad = append_ledger_promoted(t.db(), promotion_to(wrong), t.now_ms());
    t.close();
    VerifyReport verified = verify_ledger(t.path());
    INFO(verified.reason);
    CHECK_FALSE(verified.ok);
    CHECK(verified.failed_seq == bad);
    CHECK(verified.reason.find("epoch") != std::string::npos);
  }
}

TEST_CASE("the standby's events are checked field by field on the replay", "[db][standby]") {
  struct Case {
    const char* type;
    Json payload;
    const char* field;
  };
  const std::vector<Case> cases{
      {ledger_alone_event, {{"standby", "laptop-b"}, {"acked_seq", 3}, {"waited_ms", 1000}, {"why", "bored"}}, "why"},
      {ledger_alone_event, {{"standby", "laptop-b"}, {"acked_seq", -1}, {"waited_ms", 1000}, {"why", "behind"}}, "acked_seq"},
      {standby_in_sync_event, {{"standby", ""}, {"seq", 3}}, "standby"},
      {standby_joined_event, {{"name", "laptop-b"}, {"url", "http://10.0.0.3:8080"}, {"key_pin", pin_b}}, "url"},
      {standby_joined_event, {{"name", "laptop-b"}, {"url", "https://10.0.0.3:8080"}, {"key_pin", "AB"}}, "key_pin"},
      {ledger_promoted_event,
       {{"epoch", 2}, {"key_pin", pin_b}, {"primary_was", "https://a"}, {"last_contact_ms", 0}, {"extra", 1}},
       "extra"},
  };
  for (const Case& c : cases) {
    TestLedger t;
    EventRow row;
    row.uuid = "00000000-0000-7000-8000-000000000001";
    row.station = "admin";
    row.client_time_ms = row.server_time_ms = t.now_ms();
    row.type = c.type;
    row.payload = c.payload.dump();
    append_chained(t.db(), row);
    t.close();
    VerifyReport verified = verify_ledger(t.path());
    INFO(c.type << " " << c.payload.dump() << ": " << verified.reason);
    CHECK_FALSE(verified.ok);
    CHECK(verified.failed_seq == row.seq);
    CHECK(verified.reason.find(c.field) != std::string::npos);
  }
}

TEST_CASE("the audit names each period without a standby and each forced promotion", "[db][standby][audit]") {
  SECTION("no standby ever: PASS, said") {
    TestLedger t;
    t.close();
    const AuditReport report = audit_ledger(t.path(), {});
    const AuditCheck& standby = check_named(report, "standby");
    CHECK(standby.status == CheckStatus::pass);
    CHECK(standby.figures["alone"].empty());
    CHECK(standby.evidence.find("no standby") != std::string::npos);
  }
  SECTION("in step throughout, then a promotion in step: PASS") {
    TestLedger t;
    append_standby_in_sync(t.db(), "laptop-b", 1, t.now_ms());
    append_ledger_promoted(t.db(), promotion_to(2), t.now_ms());
    t.close();
    const AuditReport report = audit_ledger(t.path(), {});
    const AuditCheck& standby = check_named(report, "standby");
    INFO(standby.evidence);
    CHECK(standby.status == CheckStatus::pass);
    CHECK(standby.figures["epochs"].size() == 1);
  }
  SECTION("alone, back, alone to a forced promotion, alone to the end: WARN naming each") {
    TestLedger t;
    append_standby_in_sync(t.db(), "laptop-b", 1, t.now_ms());
    const std::int64_t first = append_ledger_alone(t.db(), "laptop-b", 2, 1000, "behind", t.now_ms());
    t.accept("bystander_lost", {{"character", t.badge("Kid Calloway")}});
    const std::int64_t back = append_standby_in_sync(t.db(), "laptop-b", first + 1, t.now_ms());
    const std::int64_t second = append_ledger_alone(t.db(), "laptop-b", back, 3000, "no_answer", t.now_ms());
    Promotion forced = promotion_to(2);
    forced.forced = true;
    const std::int64_t promoted = append_ledger_promoted(t.db(), forced, t.now_ms());
    const std::int64_t third = append_ledger_alone(t.db(), "laptop-a", promoted, 1000, "no_answer", t.now_ms());
    t.close();
    const AuditReport report = audit_ledger(t.path(), {});
    const AuditCheck& standby = check_named(report, "standby");
    INFO(standby.evidence);
    CHECK(standby.status == CheckStatus::warn);
    const Json& alone = standby.figures["alone"];
    REQUIRE(alone.size() == 3);
    CHECK(alone[0]["from_seq"] == first);
    CHECK(alone[0]["to_seq"] == back);
    CHECK(alone[1]["from_seq"] == second);
    CHECK(alone[1]["to_seq"] == promoted);
    CHECK(alone[2]["from_seq"] == third);
    CHECK(alone[2]["to_seq"].is_null());
    CHECK(standby.evidence.find("event " + std::to_string(first)) != std::string::npos);
    CHECK(standby.evidence.find("forced") != std::string::npos);
    CHECK(standby.evidence.find("laptop-a never caught up") != std::string::npos);
  }
}
