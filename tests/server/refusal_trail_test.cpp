// A kiosk sending thousands of refused requests and lookups of unknown codes cannot grow the
// ledger file without bound: the refusal trail keeps the first of each (station, reason, minute)
// whole and counts the repeats, and nothing refused is lost from the count.
#include "server_test_helpers.h"

#include "ledger/refusal_trail.h"

using namespace marshal;
using namespace marshal::server_testing;

namespace {
std::uintmax_t ledger_bytes(const std::string& path) {
  std::uintmax_t bytes = fs::file_size(path);
  if (fs::exists(path + "-wal")) bytes += fs::file_size(path + "-wal");
  return bytes;
}
}  // namespace

TEST_CASE("5,000 refused requests from one kiosk grow the ledger by under 1 MB, every one counted",
          "[server][refusals]") {
  constexpr int requests = 5000;
  TempDir dir;
  TestLedger ledger = make_ledger(dir, {.tricks = 1, .bystanders = 1}, 16);
  std::string kiosk = enrolled_token(ledger.path, "kiosk-1", db::Role::kiosk);
  std::string secret = ledger.cards("secret", bo).at(0);  // not the kiosk player's to give
  std::uintmax_t before = ledger_bytes(ledger.path);
  std::int64_t events_before = event_count(ledger.path);

  auto server = std::make_unique<InProcessServer>(ledger.path);
  RawSocket socket(server->port());
  REQUIRE(socket.connected());
  std::string padding(30'000, 'x');  // a big body each time: a naive trail would keep them all
  int refused = 0;
  core::Csprng codes(core::seed_from_number(0xBAD5EED));  // codes the ledger has never issued
  for (int i = 0; i < requests; ++i) {
    std::string request;
    if (i % 2 == 0) {
      request = http_request("GET", "/cards/" + core::card_code_from(codes), kiosk, "");
    } else {
      std::string body = R"({"uuid":")" + client::new_uuid_v7(now_ms()) + R"(","type":"secret_given","payload":{"secret":")" +
                         secret + R"(","from":")" + ledger.badge(ada) + R"(","to":")" + ledger.badge(bo) +
                         R"(","padding":")" + padding + R"("}})";
      request = http_request("POST", "/events", kiosk, body);
    }
    if (!socket.send_all(request)) FAIL("the server closed the kiosk's connection at request " << i);
    RawReply r = socket.read_reply(10'000);
    REQUIRE(r.complete);
    REQUIRE(r.status / 100 == 4);
    ++refused;
  }
  CHECK(health_ok(server->url()));
  server.reset();  // stopping writes the counts of the last minute

  std::uintmax_t after = ledger_bytes(ledger.path);
  INFO("the ledger grew by " << (after - before) << " bytes");
  CHECK(after - before < 1'000'000);
  CHECK(event_count(ledger.path) == events_before);
  // Every refusal is in the trail: whole, or counted in a summary row.
  CHECK(count_rows(ledger.path, "SELECT SUM(repeats) FROM refusals WHERE station = 'kiosk-1'") == refused);
  CHECK(count_rows(ledger.path, "SELECT COUNT(*) FROM refusals WHERE station = 'kiosk-1' AND repeats = 1") <=
        db::refusal_rows_per_station_per_minute * 3);
  CHECK(count_rows(ledger.path, "SELECT MAX(LENGTH(payload)) FROM refusals") <=
        static_cast<std::int64_t>(db::refusal_payload_max_bytes));
}

TEST_CASE("the refusal trail: whole rows up to the cap per station and minute, then counts", "[db][refusals]") {
  TempDir dir;
  TestLedger ledger = make_ledger(dir, {.tricks = 1, .bystanders = 1}, 17);
  db::Database db(ledger.path, false);
  db::RefusalTrail trail;
  const std::int64_t minute = 1'000 * db::refusal_bucket_ms;
  auto refusal = [&](const std::string& station, const std::string& code, std::int64_t at) {
    db::RefusalRecord r;
    r.server_time_ms = at;
    r.station = station;
    r.type = "card_lookup";
    r.code = code;
    r.field = "code";
    r.reason = "the ledger knows no such card";
    r.payload = "Ж" + std::string(db::refusal_payload_max_bytes, 'x');  // cut on a character boundary
    trail.record(db, r);
  };
  auto rows = [&] { return db.scalar_int("SELECT COUNT(*) FROM refusals"); };
  std::int64_t start = rows();
  // The same code again and again in one minute: one row, the rest counted.
  for (int i = 0; i < 100; ++i) refusal("kiosk-1", "unknown_code", minute + i);
  CHECK(rows() == start + 1);
  CHECK(trail.pending_repeats() == 99);
  // Distinct codes: whole rows up to the cap, then counted.
  for (int i = 0; i < db::refusal_rows_per_station_per_minute + 5; ++i)
    refusal("kiosk-1", "code_" + std::to_string(i), minute + 200);
  CHECK(rows() == start + db::refusal_rows_per_station_per_minute);
  // Another station has its own cap.
  refusal("kiosk-2", "unknown_code", minute + 300);
  CHECK(rows() == start + db::refusal_rows_per_station_per_minute + 1);
  // Nothing is flushed before the minute is over; then one summary row per bucket with repeats.
  CHECK(trail.flush(db, minute + db::refusal_bucket_ms - 1) == 0);
  int summaries = trail.flush(db, minute + db::refusal_bucket_ms);
  CHECK(summaries == 1 + 6);  // unknown_code of kiosk-1, and the 6 codes past the cap
  CHECK(trail.pending_repeats() == 0);
  CHECK(db.scalar_int("SELECT SUM(repeats) FROM refusals WHERE station = 'kiosk-1'") ==
        100 + db::refusal_rows_per_station_per_minute + 5);
  CHECK(db.scalar_int("SELECT MAX(LENGTH(CAST(payload AS BLOB))) FROM refusals") <=
        static_cast<std::int64_t>(db::refusal_payload_max_bytes));
  // A new minute starts again: its first refusal is written whole.
  std::int64_t before_new_minute = rows();
  refusal("kiosk-1", "unknown_code", minute + db::refusal_bucket_ms + 5);
  CHECK(rows() == before_new_minute + 1);
}
