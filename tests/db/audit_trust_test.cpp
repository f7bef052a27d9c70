// Who may write, proved by the chain (ledger/station_events.h, audit/audit_trust.h): a station's
// enrolment and revocation are events; a station row written into the file with SQL, or one
// whose role was edited, fails the audit and its token is refused. The refusal trail is chained:
// a row deleted or edited is named, and its last rows deleted are caught by its anchor.
#include <catch2/catch.hpp>

#include <sodium.h>

#include "audit/audit.h"
#include "db_test_helpers.h"
#include "ledger/verify.h"
#include "server/stations.h"
#include "store/hash_chain.h"

using namespace marshal::db;
using namespace marshal::db::testing;

namespace {
std::string enrolled_token(TestLedger& t, const std::string& name, Role role) {
  std::string code = add_station(t.db(), name, role, t.now_ms());
  auto enrolled = enroll_station(t.db(), code, t.now_ms());
  REQUIRE(enrolled);
  return enrolled->token;
}

// What an attacker with the file runs: a plain connection, the append-only triggers dropped.
void tamper_refusals(const std::string& path, const std::string& sql) {
  Database db(path, false);
  db.exec("DROP TRIGGER IF EXISTS refusals_no_update; DROP TRIGGER IF EXISTS refusals_no_delete;");
  db.exec(sql);
}

std::string sha256_hex(const std::string& text) {
  Blob out(crypto_hash_sha256_BYTES);
  crypto_hash_sha256(out.data(), reinterpret_cast<const unsigned char*>(text.data()), text.size());
  return to_hex(out);
}

}  // namespace

TEST_CASE("enrolment and revocation are events, the replay and the audit accept them", "[db][audit][stations]") {
  TestLedger t;
  std::int64_t before = t.count("SELECT COUNT(*) FROM events");
  std::string gm = enrolled_token(t, "saloon-gm", Role::gm);
  std::string kiosk = enrolled_token(t, "lobby-kiosk", Role::kiosk);
  CHECK(t.count("SELECT COUNT(*) FROM events") == before + 2);
  Statement e = t.db().prepare("SELECT type, payload FROM events ORDER BY seq DESC LIMIT 1");
  REQUIRE(e.step());
  CHECK(e.text(0) == "station_enrolled");
  Json payload = Json::parse(e.text(1));
  CHECK(payload["name"] == "lobby-kiosk");
  CHECK(payload["role"] == "kiosk");
  CHECK(payload["token_hash"] == sha256_hex(kiosk));
  CHECK(e.text(1).find(kiosk) == std::string::npos);  // the hash, never the token
  e.reset();

  // The ledger's own appends chain after the admin's events written on the same connection.
  t.accept("bystander_lost", {{"character", t.badge("Kid Calloway")}});
  revoke_station(t.db(), "lobby-kiosk", t.now_ms());
  CHECK_FALSE(station_for_token(t.db(), kiosk));
  REQUIRE(station_for_token(t.db(), gm));
  t.accept("bystander_lost", {{"character", t.badge("Rosa Velarde")}});
  // A station cannot record them itself.
  t.refuse("station_enrolled", {{"name", "rogue"}, {"role", "gm"}, {"token_hash", std::string(64, 'a')}}, "not_allowed");
  t.close();

  REQUIRE(verify_ledger(t.path()).ok);
  AuditReport report = audit_ledger(t.path(), {});
  const AuditCheck& enrolments = check_named(report, "enrolments");
  INFO(enrolments.evidence);
  CHECK(enrolments.status == CheckStatus::pass);
  CHECK(enrolments.figures["live"].size() == 1);
  CHECK(enrolments.figures["revoked_in_chain"] == 1);
  CHECK(check_named(report, "chain").status == CheckStatus::pass);
  CHECK(check_named(report, "replay").status == CheckStatus::pass);
}

TEST_CASE("a station row written with SQL is refused by the server's token check and fails the audit",
          "[db][audit][stations]") {
  TestLedger t;
  std::string gm = enrolled_token(t, "saloon-gm", Role::gm);
  std::string kiosk = enrolled_token(t, "lobby-kiosk", Role::kiosk);
  t.close();
  // A token the attacker made up, its hash written straight into the stations table.
  std::string forged(64, 'f');
  std::string sql;
  SECTION("a new row") {
    sql = "INSERT INTO stations(name, role, token_hash, created_ms, enrolled_ms, revoked) VALUES "
          "('back-room', 'gm', X'" + sha256_hex(forged) + "', 1, 1, 0)";
  }
  SECTION("a new row pointing at another station's enrolment event") {
    sql = "INSERT INTO stations(name, role, token_hash, created_ms, enrolled_ms, revoked, enrolled_seq) "
          "SELECT 'back-room', 'gm', X'" + sha256_hex(forged) + "', 1, 1, 0, enrolled_seq FROM stations "
          "WHERE name = 'saloon-gm'";
  }
  tamper_refusals(t.path(), sql);
  Database db(t.path(), false);
  CHECK_FALSE(station_for_token(db, forged));
  REQUIRE(station_for_token(db, gm));
  AuditReport report = audit_ledger(t.path(), {});
  const AuditCheck& enrolments = check_named(report, "enrolments");
  INFO(enrolments.evidence);
  CHECK(enrolments.status == CheckStatus::fail);
  CHECK(enrolments.evidence.find("'back-room'") != std::string::npos);
  CHECK(enrolments.evidence.find("'saloon-gm'") == std::string::npos);
  CHECK(report.any(CheckStatus::fail));
  (void)kiosk;
}

TEST_CASE("the server's memory of matched enrolments ends nothing later than the file does", "[db][audit][stations]") {
  TestLedger t;
  std::string gm = enrolled_token(t, "saloon-gm", Role::gm);
  std::string kiosk = enrolled_token(t, "lobby-kiosk", Role::kiosk);
  t.close();
  EnrolmentsChecked checked;
  Database db(t.path(), false);
  REQUIRE(station_for_token(db, gm, &checked)->role == Role::gm);
  REQUIRE(station_for_token(db, kiosk, &checked)->role == Role::kiosk);
  CHECK(checked.size() == 2);
  REQUIRE(station_for_token(db, gm, &checked));  // remembered: not added again
  CHECK(checked.size() == 2);
  CHECK_FALSE(station_for_token(db, std::string(64, 'f'), &checked));
  SECTION("a revocation ends the token at once") {
    revoke_station(db, "lobby-kiosk", 1'900'000'000'000);
    CHECK_FALSE(station_for_token(db, kiosk, &checked));
    CHECK(station_for_token(db, gm, &checked));
  }
  SECTION("a rotated token ends the old one at once; the new one is matched to its own enrolment") {
    const Rotation rotation = rotate_station_token(db, "lobby-kiosk", 1'900'000'000'000);
    CHECK_FALSE(station_for_token(db, kiosk, &checked));
    const std::optional<Enrollment> again = enroll_station(db, rotation.code, 1'900'000'000'001);
    REQUIRE(again);
    CHECK_FALSE(station_for_token(db, kiosk, &checked));
    REQUIRE(station_for_token(db, again->token, &checked));
    CHECK(station_for_token(db, again->token, &checked)->role == Role::kiosk);
    CHECK(checked.size() == 3);  // the old match is kept, and never found again: its row is gone
  }
  SECTION("a role edited in the file is refused, though the row matched before") {
    tamper_refusals(t.path(), "UPDATE stations SET role = 'gm' WHERE name = 'lobby-kiosk'");
    CHECK_FALSE(station_for_token(db, kiosk, &checked));
  }
  SECTION("a forged row pointing at a remembered station's enrolment event is refused") {
    const std::string forged(64, 'f');
    tamper_refusals(t.path(), "INSERT INTO stations(name, role, token_hash, created_ms, enrolled_ms, revoked, enrolled_seq) "
                              "SELECT name || '-2', 'gm', X'" + sha256_hex(forged) +
                                  "', 1, 1, 0, enrolled_seq FROM stations WHERE name = 'saloon-gm'");
    CHECK_FALSE(station_for_token(db, forged, &checked));
    tamper_refusals(t.path(), "UPDATE stations SET token_hash = X'" + sha256_hex(forged) +
                                  "', name = 'saloon-gm-3' WHERE name = 'saloon-gm-2'");
    CHECK_FALSE(station_for_token(db, forged, &checked));
  }
  SECTION("past its bound it forgets all and checks again") {
    for (std::size_t i = checked.size(); i < EnrolmentsChecked::max_entries; ++i)
      checked.add({static_cast<std::int64_t>(100'000 + i), Blob(32, 1), "filler", "gm"});
    CHECK(checked.size() == EnrolmentsChecked::max_entries);
    REQUIRE(station_for_token(db, gm, &checked));  // held: nothing added, nothing forgotten
    CHECK(checked.size() == EnrolmentsChecked::max_entries);
    checked.add({1, Blob(32, 2), "one more", "gm"});
    CHECK(checked.size() == 1);
    REQUIRE(station_for_token(db, gm, &checked));
    CHECK(checked.size() == 2);
  }
}

TEST_CASE("a kiosk whose role was edited to gm is refused and named", "[db][audit][stations]") {
  TestLedger t;
  std::string kiosk = enrolled_token(t, "lobby-kiosk", Role::kiosk);
  t.close();
  {
    Database db(t.path(), false);
    REQUIRE(station_for_token(db, kiosk)->role == Role::kiosk);
  }
  tamper_refusals(t.path(), "UPDATE stations SET role = 'gm' WHERE name = 'lobby-kiosk'");
  Database db(t.path(), false);
  CHECK_FALSE(station_for_token(db, kiosk));
  AuditReport report = audit_ledger(t.path(), {});
  const AuditCheck& enrolments = check_named(report, "enrolments");
  CHECK(enrolments.status == CheckStatus::fail);
  CHECK(enrolments.evidence.find("station 'lobby-kiosk' has the role gm in the file, but event") != std::string::npos);
}

namespace {
// Five refusals, each a whole row of the trail (different reasons or minutes).
void refuse_five(TestLedger& t) {
  for (int i = 0; i < 5; ++i) {
    t.advance_ms(refusal_bucket_ms);
    t.refuse("bystander_lost", {{"character", unissued_code()}}, "unknown_code");
  }
  REQUIRE(t.count("SELECT COUNT(*) FROM refusals") == 5);
}
}  // namespace

TEST_CASE("the refusal trail is chained: a row deleted or edited is named", "[db][audit][refusals]") {
  TestLedger t;
  refuse_five(t);
  t.close();
  REQUIRE(check_named(audit_ledger(t.path(), {}), "refusal trail").status == CheckStatus::pass);

  std::string sql, named;
  SECTION("a row deleted in the middle") {
    sql = "DELETE FROM refusals WHERE id = 3";
    named = "TAMPERED at refusal row 4";
  }
  SECTION("a row's reason edited") {
    sql = "UPDATE refusals SET reason = 'nothing to see' WHERE id = 2";
    named = "TAMPERED at refusal row 2";
  }
  SECTION("a row added without a hash") {
    sql = "INSERT INTO refusals(id, server_time_ms, station, code, field, reason) VALUES (6, 1, 'x', 'y', '', 'z')";
    named = "TAMPERED at refusal row 6";
  }
  tamper_refusals(t.path(), sql);
  AuditReport report = audit_ledger(t.path(), {});
  const AuditCheck& trail = check_named(report, "refusal trail");
  INFO(trail.evidence);
  CHECK(trail.status == CheckStatus::fail);
  CHECK(trail.evidence.find(named) == 0);
}

TEST_CASE("the refusal trail's last rows deleted are caught by its anchor from marshal head", "[db][audit][refusals]") {
  TestLedger t;
  refuse_five(t);
  std::string line = head_line(t.db());
  t.close();
  auto space = line.find(' ');
  REQUIRE(space != std::string::npos);
  std::string reason;
  auto trail_anchor = parse_anchor(line.substr(space + 1), reason);
  REQUIRE(trail_anchor);
  CHECK(trail_anchor->refusals);
  CHECK(trail_anchor->seq == 5);
  CHECK(check_named(audit_ledger(t.path(), {*trail_anchor}), "anchor " + format_anchor(*trail_anchor)).status ==
        CheckStatus::pass);

  tamper_refusals(t.path(), "DELETE FROM refusals WHERE id >= 4");
  AuditReport report = audit_ledger(t.path(), {*trail_anchor});
  CHECK(check_named(report, "refusal trail").status == CheckStatus::pass);  // the chain alone cannot tell
  const AuditCheck& anchored = check_named(report, "anchor " + format_anchor(*trail_anchor));
  CHECK(anchored.status == CheckStatus::fail);
  CHECK(anchored.evidence ==
        "the refusal trail ends at row 3, but the anchor was taken at row 5: refusals after 3 were deleted");
}
