// A GM station's cache as the audit's evidence (audit/station_cache.h): the server answers every
// accepted record with its seq and hash, the station keeps the answer, and `marshal audit
// --station-cache` proves the ledger file still holds each of them. The last events deleted, or
// the whole chain rewritten with fresh hashes, is caught by the station that was there.
#include "audit/audit.h"
#include "server_test_helpers.h"
#include "store/hash_chain.h"

using namespace marshal;
using namespace marshal::server_testing;

namespace {

struct RecordedEvening {
  TempDir dir;
  TestLedger ledger = make_ledger(dir, {.tricks = 1, .bystanders = 1}, 5);
  std::string cache_path = dir.file("saloon-gm.db");

  RecordedEvening() {
    std::string code = add_station(ledger.path, "saloon-gm", db::Role::gm);
    InProcessServer server{ledger.path};
    client::LedgerClient station({server.url(), cache_path, 2000});
    std::string error;
    REQUIRE(station.enroll(code, error));
    for (int i = 0; i < 6; ++i) {
      client::Record r = station.record(
          "bystander_bestowed", {{"character", ledger.badge(ada)}, {"name", "Drover " + std::to_string(i)}}, now_ms());
      REQUIRE(r.status == client::RecordStatus::accepted);
    }
  }

  const db::AuditCheck& cache_check(const db::AuditReport& report) {
    for (const auto& c : report.checks)
      if (c.name == "station cache saloon-gm") return c;
    FAIL("no station cache check");
    return report.checks.front();
  }

  void tamper(const std::string& sql) {
    db::Database db(ledger.path, false);
    db.exec("DROP TRIGGER IF EXISTS events_no_update; DROP TRIGGER IF EXISTS events_no_delete;");
    db.exec(sql);
  }
};

}  // namespace

TEST_CASE("the server's answer to a record names its hash, and the station keeps it", "[server][audit]") {
  RecordedEvening e;
  db::StationCache cache = db::read_station_cache(e.cache_path);
  CHECK(cache.station == "saloon-gm");
  REQUIRE(cache.anchors.size() == 6);
  db::Database db(e.ledger.path, false);
  for (const auto& a : cache.anchors) {
    db::Statement s = db.prepare("SELECT hash FROM events WHERE seq = ?");
    s.bind(1, a.seq);
    REQUIRE(s.step());
    CHECK(db::to_hex(s.blob(0)).substr(0, 16) == a.hash_hex);
  }
  db::AuditReport report = db::audit_ledger(e.ledger.path, {}, {cache});
  const db::AuditCheck& check = e.cache_check(report);
  INFO(check.evidence);
  CHECK(check.status == db::CheckStatus::pass);
  // The cache stands in for the anchors a person would have written down.
  for (const auto& c : report.checks) CHECK(c.name != "anchors");
}

TEST_CASE("the last events deleted, or the chain rewritten, fail the station's cache check", "[server][audit]") {
  RecordedEvening e;
  std::int64_t last = count_rows(e.ledger.path, "SELECT MAX(seq) FROM events");
  std::string expected;
  SECTION("the last three deleted") {
    e.tamper("DELETE FROM events WHERE seq > " + std::to_string(last - 3));
    expected = "saloon-gm recorded event " + std::to_string(last - 2) + " with the hash";
  }
  SECTION("the last event edited, its hash made anew so that the chain holds") {
    e.tamper("UPDATE events SET payload = replace(payload, 'Drover 5', 'Nobody') WHERE seq = " + std::to_string(last));
    // It is the last event: no link after it to mend.
    db::Database db(e.ledger.path, false);
    db::Statement s = db.prepare(std::string("SELECT ") + db::event_columns + " FROM events WHERE seq = ?");
    s.bind(1, last);
    REQUIRE(s.step());
    db::EventRow row = db::event_row_from(s);
    s.reset();
    row.hash = db::event_hash(row);
    db.prepare("UPDATE events SET hash = ? WHERE seq = ?").bind(1, row.hash).bind(2, last).run();
    expected = "saloon-gm recorded event " + std::to_string(last) + " with the hash";
  }
  db::AuditReport report = db::audit_ledger(e.ledger.path, {}, {db::read_station_cache(e.cache_path)});
  const db::AuditCheck& check = e.cache_check(report);
  INFO(check.evidence);
  CHECK(check.status == db::CheckStatus::fail);
  CHECK(check.evidence.find(expected) == 0);
  CHECK(report.any(db::CheckStatus::fail));
}

TEST_CASE("a file that is not a station's cache is refused by name", "[server][audit]") {
  TempDir dir;
  CHECK_THROWS_WITH(db::read_station_cache(dir.file("none.db")), Catch::Contains("no station cache at"));
  TestLedger ledger = make_ledger(dir, {.tricks = 1, .bystanders = 1}, 5);
  CHECK_THROWS_WITH(db::read_station_cache(ledger.path), Catch::Contains("not a GM station's cache"));
}
