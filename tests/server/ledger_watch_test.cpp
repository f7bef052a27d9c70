// A station's watch (shared/client/ledger_watch.h) against a real ledger server on 127.0.0.1: it
// finds the ledger there and reads the feed and the timers; finds it gone (connections refused)
// and silent (a listener that never answers, as Wi-Fi that drops packets); and, the ledger back,
// sends an outbox filled meanwhile, in order and once each, while the window's own client syncs
// beside it on the same cache file.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <thread>

#include "client/ledger_watch.h"
#include "client/repeater.h"
#include "server_test_helpers.h"
#include "support/silent_listener.h"

using namespace marshal;
using namespace marshal::server_testing;
using namespace std::chrono_literals;

TEST_CASE("a repeater's first turn comes at once, the next when asked, and none after it stops", "[server][watch]") {
  std::atomic<int> turns{0};
  {
    client::Repeater repeater(1h, [&] { ++turns; });  // never by the clock in this test
    REQUIRE(repeater.wait_for_turn(5s));
    const int first = turns;
    CHECK(first >= 1);
    repeater.ask_now();
    REQUIRE(repeater.wait_for_turn(5s));
    CHECK(turns > first);
  }
  const int at_stop = turns;
  std::this_thread::sleep_for(50ms);
  CHECK(turns == at_stop);
}

TEST_CASE("the watch reads the ledger, knows it gone or silent, and sends the outbox once in order",
          "[server][offline][watch]") {
  TempDir dir;
  TestLedger ledger = make_ledger(dir, {.tricks = 1, .bystanders = 1}, 5);
  const std::string code = add_station(ledger.path, "saloon-gm", db::Role::gm);
  db::ServerConfig server_config;
  server_config.db_path = ledger.path;
  server_config.host = "127.0.0.1";
  auto server = std::make_unique<db::LedgerServer>(server_config);
  server_config.port = server->port();  // a restart comes back on the same port
  const std::string url = "http://127.0.0.1:" + std::to_string(server_config.port);

  client::ClientConfig config{url, dir.file("cache.db"), 1000};
  client::LedgerClient window(config);
  std::string error;
  REQUIRE(window.enroll(code, error));
  client::LedgerWatch watch(config, 100ms);
  REQUIRE(watch.wait_for_turn(5s));
  CHECK(watch.online() == std::optional<bool>(true));
  CHECK(watch.timers().has_value());
  client::FeedCursor live;
  std::vector<Json> seen = watch.events_after(live);
  REQUIRE_FALSE(seen.empty());
  CHECK(seen.back().value("type", "") == "station_enrolled");
  CHECK(live.after == seen.back()["seq"].get<std::int64_t>());
  // Another reader (the offices page) has its own place: what the first read is still there.
  client::FeedCursor offices;
  CHECK(watch.events_after(offices).size() == seen.size());

  const std::string badge = ledger.badge(ada);
  auto bestow = [&](int i) {
    return window.record("bystander_bestowed", {{"character", badge}, {"name", "Bystander " + std::to_string(i)}},
                         now_ms());
  };
  client::Record online_record = bestow(0);
  CHECK(online_record.status == client::RecordStatus::accepted);
  REQUIRE(watch.wait_for_turn(5s));
  seen = watch.events_after(live);
  REQUIRE(seen.size() == 1);
  CHECK(seen[0].value("type", "") == "bystander_bestowed");
  CHECK(watch.events_after(live).empty());
  CHECK(watch.events_after(offices).size() == 1);

  REQUIRE(window.card(badge).found);  // seen once online: in the cache

  server.reset();  // gone: connections refused
  REQUIRE(watch.wait_for_turn(5s));
  CHECK(watch.known_offline());
  window.set_known_offline(true);  // what the GM station does with the watch's answer
  std::vector<client::Record> offline;
  for (int i = 1; i <= 40; ++i) offline.push_back(bestow(i));
  CHECK(std::all_of(offline.begin(), offline.end(),
                    [](const client::Record& r) { return r.status == client::RecordStatus::provisional; }));
  CHECK(window.card(badge).from_cache);  // nothing asked of the network

  {
    marshal::test_support::SilentListener silence(server_config.port);  // silent: every request waits its timeout
    REQUIRE(watch.wait_for_turn(10s));
    CHECK(watch.known_offline());
    CHECK(watch.timers().has_value());  // the last read stays
  }

  server = std::make_unique<db::LedgerServer>(server_config);
  window.set_known_offline(false);
  // The window syncs while the watch does: the shared lock sends the outbox one sender at a time.
  std::thread window_sync([&] { window.sync(); });
  REQUIRE(watch.wait_for_turn(10s));
  window_sync.join();
  CHECK(watch.online() == std::optional<bool>(true));
  CHECK(window.provisional().empty());
  std::vector<std::int64_t> seqs;
  for (const auto& r : offline) {
    auto now = window.find(r.uuid);
    REQUIRE(now);
    CHECK(now->status == client::RecordStatus::accepted);
    seqs.push_back(now->seq);
  }
  CHECK(std::is_sorted(seqs.begin(), seqs.end()));
  CHECK(count_rows(ledger.path, "SELECT COUNT(*) FROM events WHERE type = 'bystander_bestowed'") == 41);
  REQUIRE(watch.wait_for_turn(5s));
  CHECK(watch.events_after(live).size() == offline.size());
}

TEST_CASE("a feed reader who missed two promotions goes back to the lower of their places, once", "[server][watch]") {
  client::FeedRestarts restarts;
  client::FeedCursor live, offices;
  live.after = offices.after = 120;
  restarts.bring_back(live);  // no restart yet: nothing moves
  CHECK(live.after == 120);
  CHECK_FALSE(live.went_back_to);
  // The first promotion's feed starts again after 100; the live panel reads in between.
  restarts.restarted_from(100);
  restarts.bring_back(live);
  CHECK(live.after == 100);
  CHECK(live.went_back_to == std::optional<std::int64_t>(100));
  live.went_back_to.reset();
  live.after = 130;  // it read on: the new ledger's 101..130
  // A second promotion after 110 (the new ledger's 111.. never reached the third machine).
  restarts.restarted_from(110);
  restarts.bring_back(live);
  CHECK(live.after == 110);
  // The offices page missed both: back to 100, not 110 (the old 101..110 were not the new ledger's).
  restarts.bring_back(offices);
  CHECK(offices.after == 100);
  CHECK(offices.went_back_to == std::optional<std::int64_t>(100));
  offices.after = 140;
  restarts.bring_back(offices);  // seen: once only
  CHECK(offices.after == 140);
  CHECK(restarts.count() == 2);
}
