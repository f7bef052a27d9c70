// A station working through a network outage (DESIGN.md "Stations on a venue network"): what it
// records while the ledger is away stays provisional in its outbox, and lands exactly once when
// the ledger is back, however often and in whatever order the events are sent.
#include <algorithm>
#include <set>

#include "server_test_helpers.h"

using namespace marshal;
using namespace marshal::server_testing;

namespace {

constexpr int offline_records = 500;

std::int64_t bestowed_count(const std::string& ledger_path) {
  return count_rows(ledger_path, "SELECT COUNT(*) FROM events WHERE type = 'bystander_bestowed'");
}

std::string cached_token(const std::string& cache_path) {
  sqlite::Database cache(cache_path, false);
  return cache.scalar_text("SELECT value FROM settings WHERE key = 'token'");
}

client::HttpReply resend(client::HttpClient& http, const client::Record& r) {
  return http.post("/events", Json{{"uuid", r.uuid},
                                   {"type", r.type},
                                   {"payload", r.payload},
                                   {"client_time_ms", r.created_ms}});
}

// A GM station enrolled while the ledger was up, which then recorded 500 bystanders while the
// ledger was down. The server is running again (on a new port) when this returns.
struct Outage {
  TempDir dir;
  TestLedger ledger = make_ledger(dir, {.tricks = 1, .bystanders = 1}, 3);
  std::string cache_path = dir.file("station-cache.db");
  InProcessServer server{ledger.path};
  std::vector<client::Record> recorded;

  Outage() {
    std::string code = add_station(ledger.path, "saloon-gm", db::Role::gm);
    {
      client::LedgerClient station({server.url(), cache_path, 1000});
      std::string error;
      REQUIRE(station.enroll(code, error));
      REQUIRE(station.online());
      server.stop();

      std::string badge = ledger.badge(ada);
      for (int i = 0; i < offline_records; ++i)
        recorded.push_back(station.record(
            "bystander_bestowed",
            {{"character", badge}, {"name", "Offline bystander " + std::to_string(i)}}, now_ms()));
      CHECK(!station.online());
      CHECK(std::all_of(recorded.begin(), recorded.end(), [](const client::Record& r) {
        return r.status == client::RecordStatus::provisional;
      }));
      CHECK(station.provisional().size() == offline_records);
      CHECK(station.refused().empty());
    }
    CHECK(bestowed_count(ledger.path) == 0);
    server.start();
  }
};

}  // namespace

TEST_CASE("500 records made offline sync once each when the ledger is back", "[server][offline]") {
  Outage outage;
  std::set<std::string> uuids;
  for (const auto& r : outage.recorded) uuids.insert(r.uuid);
  REQUIRE(uuids.size() == offline_records);

  client::LedgerClient station({outage.server.url(), outage.cache_path, 3000});
  client::SyncReport report = station.sync();
  CHECK(report.online);
  CHECK(station.online());
  CHECK(report.sent == offline_records);
  CHECK(report.accepted == offline_records);
  CHECK(report.refused == 0);
  CHECK(report.left == 0);
  CHECK(station.provisional().empty());
  std::vector<std::int64_t> seqs;
  for (const auto& r : outage.recorded) {
    auto now = station.find(r.uuid);
    REQUIRE(now);
    if (now->status != client::RecordStatus::accepted)
      FAIL_CHECK(r.uuid << " is " << to_string(now->status));
    seqs.push_back(now->seq);
  }
  // Sent in the order recorded: the ledger's order is the station's order.
  CHECK(std::is_sorted(seqs.begin(), seqs.end()));
  CHECK(bestowed_count(outage.ledger.path) == offline_records);
  {
    db::Database file(outage.ledger.path, false);
    db::Statement s = file.prepare("SELECT uuid FROM events WHERE type = 'bystander_bestowed'");
    std::set<std::string> stored;
    while (s.step()) stored.insert(s.text(0));
    CHECK(stored == uuids);
  }

  SECTION("all 500 sent again, newest first: every answer is the stored one") {
    client::HttpClient http(outage.server.url());
    http.set_token(cached_token(outage.cache_path));
    int duplicates = 0, reported = 0;
    for (std::size_t i = outage.recorded.size(); i-- > 0;) {
      client::HttpReply r = resend(http, outage.recorded[i]);
      bool same = r.status == 200 && r.body.value("accepted", false) &&
                  r.body.value("duplicate", false) &&
                  r.body.value("seq", std::int64_t{0}) == seqs[i];
      duplicates += same;
      if (!same && reported++ < 5) FAIL_CHECK(outage.recorded[i].uuid << ": " << describe(r));
    }
    CHECK(duplicates == offline_records);
    CHECK(bestowed_count(outage.ledger.path) == offline_records);
    // The station's own sync has nothing left to send, and sends nothing twice.
    client::SyncReport again = station.sync();
    CHECK(again.sent == 0);
    CHECK(again.left == 0);
    CHECK(bestowed_count(outage.ledger.path) == offline_records);
  }
}

TEST_CASE("outbox entries that reach the ledger out of order before the sync land once",
          "[server][offline]") {
  Outage outage;
  // Another path (a retry from a second process, a proxy replaying) delivers every seventh
  // record, newest first, before the station's own sync runs.
  client::HttpClient http(outage.server.url());
  http.set_token(cached_token(outage.cache_path));
  std::set<std::string> early;
  for (std::size_t i = outage.recorded.size(); i-- > 0;) {
    if (i % 7 != 3) continue;
    client::HttpReply r = resend(http, outage.recorded[i]);
    INFO(describe(r));
    CHECK(r.status == 200);
    CHECK(r.body.value("duplicate", true) == false);
    early.insert(outage.recorded[i].uuid);
  }
  REQUIRE(early.size() == 71);
  CHECK(bestowed_count(outage.ledger.path) == 71);

  client::LedgerClient station({outage.server.url(), outage.cache_path, 3000});
  client::SyncReport report = station.sync();
  CHECK(report.sent == offline_records);
  CHECK(report.accepted == offline_records);
  CHECK(report.left == 0);
  int marked_duplicate = 0;
  for (const auto& r : outage.recorded) {
    auto now = station.find(r.uuid);
    REQUIRE(now);
    CHECK(now->status == client::RecordStatus::accepted);
    bool duplicate = now->reply.is_object() && now->reply.value("duplicate", false);
    marked_duplicate += duplicate;
    if (duplicate != (early.count(r.uuid) == 1)) FAIL_CHECK(r.uuid << ": " << now->reply.dump());
  }
  CHECK(marked_duplicate == 71);
  CHECK(bestowed_count(outage.ledger.path) == offline_records);
  CHECK(db::verify_ledger(outage.ledger.path).ok);
}
