// The ledger machine dies mid-evening (issue 29's test of done, plan step 11), with real `marshal`
// processes over TLS on 127.0.0.1: laptop A serves, laptop B follows it as a synchronous
// standby (its address learnt by the stations from A's /health), 8 GM stations record as fast as
// they can, A is killed (kill -9) at a random moment, B is promoted with `marshal promote` while it
// runs, and the stations go on at B by themselves. Afterwards every record a station holds as
// accepted is in B's chain exactly once, `marshal audit` passes on B with the stations' caches
// as anchors, and A, brought back with the line promote printed, follows B to the same head
// (setting aside the tail B never received, if A died holding one). Ten times in a row.
#include <atomic>
#include <random>
#include <regex>
#include <set>
#include <thread>

#include "server_test_helpers.h"

using namespace marshal;
using namespace marshal::server_testing;

namespace {

constexpr int failover_stations = 8;
constexpr int failover_runs = 10;
constexpr int records_after_promotion = 20;  // each station's, once B takes writes

std::string failover_code(const std::string& out, const std::string& pattern) {
  std::smatch m;
  REQUIRE(std::regex_search(out, m, std::regex(pattern)));
  return m[1];
}

Json failover_health(const std::string& url) { return client::HttpClient(url).get("/health", 3000).body; }

// One GM station recording on its own thread until told to stop, then `after` more once the
// standby is promoted, then until its outbox is empty.
struct RecordingStation {
  std::string cache;
  std::string badge;
  std::thread thread;
  std::atomic<int> accepted_before_crash{0};
  std::string failure;  // what went wrong on the thread (checked on the test's thread)

  void run(const std::string& url, const std::atomic<bool>& crashed, const std::atomic<bool>& promoted) {
    try {
      client::LedgerClient gm(client::ClientConfig{url, cache, 2000});
      int n = 0;
      auto record_one = [&] {
        return gm.record("bystander_bestowed", {{"character", badge}, {"name", "Witness " + std::to_string(++n)}},
                         now_ms());
      };
      while (!crashed)
        if (record_one().status == client::RecordStatus::accepted) ++accepted_before_crash;
      while (!promoted) std::this_thread::sleep_for(std::chrono::milliseconds(5));
      for (int i = 0; i < records_after_promotion; ++i) record_one();
      const auto start = std::chrono::steady_clock::now();
      while (gm.sync().left > 0) {
        if (std::chrono::steady_clock::now() - start > std::chrono::seconds(30)) {
          failure = "records still in the outbox after 30 s";
          return;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
      }
    } catch (const std::exception& e) {
      failure = e.what();
    }
  }
};

}  // namespace

TEST_CASE("the ledger machine killed under load: the promoted standby holds every acknowledged record once",
          "[server][standby][failover]") {
  std::random_device entropy;
  for (int run = 0; run < failover_runs; ++run) {
    const unsigned seed = entropy();
    CAPTURE(run, seed);
    std::mt19937 random(seed);
    TempDir dir;
    TestLedger town = make_ledger(dir, {.tricks = 1, .bystanders = 1}, 40 + static_cast<std::uint64_t>(run));
    ProgramRun added = run_marshal({"station", "add", "laptop-b", "--role", "standby", "--db", town.path}, dir.file("add.log"));
    REQUIRE(added.exit_code == 0);
    const std::string standby_code = failover_code(added.out, R"(--standby-of \S+ --code (\S+)\n)");
    std::vector<std::string> codes;
    for (int i = 0; i < failover_stations; ++i) codes.push_back(add_station(town.path, "gm-" + std::to_string(i), db::Role::gm));

    SpawnedServer a(town.path, dir.file("a"), Channel::tls);
    a.start();
    const std::string b_path = dir.file("b.db");
    SpawnedServer b(b_path, dir.file("b"), Channel::tls, {"--standby-of", a.url(), "--code", standby_code});
    b.start();
    REQUIRE(comes_true([&] {
      const Json h = failover_health(a.url());
      return h.value("standby_url", "") == b.url() && h["standby"].is_object() && h["standby"]["state"] == "in_sync";
    }));

    std::vector<std::unique_ptr<RecordingStation>> gms;
    for (int i = 0; i < failover_stations; ++i) {
      auto station = std::make_unique<RecordingStation>();
      station->cache = dir.file("gm-" + std::to_string(i) + ".db");
      station->badge = town.badge(i % 2 ? ada : bo);
      client::LedgerClient gm(client::ClientConfig{a.url(), station->cache, 2000});
      std::string error;
      REQUIRE(gm.enroll(codes[static_cast<std::size_t>(i)], error));
      REQUIRE(gm.sync().online);
      REQUIRE(gm.servers().contains(b.url()));  // learnt from A's /health
      gms.push_back(std::move(station));
    }
    std::atomic<bool> crashed{false}, promoted{false};
    for (auto& s : gms) s->thread = std::thread([&, station = s.get()] { station->run(a.url(), crashed, promoted); });

    // The load under way first (slow to start under a sanitizer), then A dies at a random moment.
    REQUIRE(comes_true([&] {
      int accepted = 0;
      for (auto& s : gms) accepted += s->accepted_before_crash;
      return accepted > 0;
    }));
    std::this_thread::sleep_for(std::chrono::milliseconds(std::uniform_int_distribution<int>(100, 800)(random)));
    a.crash();
    crashed = true;
    ProgramRun promote = run_marshal({"promote", "--db", b_path}, dir.file("promote.log"));
    INFO(promote.out);
    REQUIRE(promote.exit_code == 0);
    const std::string rejoin_code = failover_code(promote.out, R"(--standby-of https://THIS-LAPTOP:PORT#sha256=[0-9a-f]{64} --code (\S+))");
    REQUIRE(comes_true([&] { return failover_health(b.url()).value("role", "") == "primary"; }));
    promoted = true;
    for (auto& s : gms) s->thread.join();

    // Every record a station holds as accepted is in B's chain once; none is left or refused.
    int accepted_before_crash = 0;
    db::Database chain(b_path, false);
    for (auto& s : gms) {
      INFO(s->failure);
      CHECK(s->failure.empty());
      accepted_before_crash += s->accepted_before_crash;
      db::Database cache(s->cache, false);
      CHECK(cache.scalar_int("SELECT COUNT(*) FROM records WHERE status <> 'accepted'") == 0);
      CHECK(cache.scalar_text("SELECT value FROM settings WHERE key = 'server_current'") == b.url());
      db::Statement records = cache.prepare("SELECT uuid, seq FROM records");
      while (records.step()) {
        db::Statement in_chain = chain.prepare("SELECT COUNT(*), MIN(seq) FROM events WHERE uuid = ?");
        in_chain.bind(1, records.text(0));
        in_chain.step();
        CHECK(in_chain.int64(0) == 1);
        CHECK(in_chain.int64(1) == records.int64(1));
      }
    }
    CHECK(accepted_before_crash > 0);  // the load was under way when A died
    CHECK(chain.scalar_int("SELECT COUNT(*) FROM (SELECT uuid FROM events WHERE uuid IS NOT NULL GROUP BY uuid "
                           "HAVING COUNT(*) > 1)") == 0);

    std::vector<std::string> audit{"audit", "--db", b_path, "--out", dir.file("audit")};
    for (auto& s : gms) audit.insert(audit.end(), {"--station-cache", s->cache});
    ProgramRun audited = run_marshal(audit, dir.file("audit.log"));
    INFO(audited.out);
    CHECK(audited.exit_code == 0);

    // Laptop A back, with the line promote printed: it follows B to the same head.
    SpawnedServer rejoined(town.path, dir.file("a-again"), Channel::tls, {"--standby-of", b.url(), "--code", rejoin_code});
    rejoined.start();
    REQUIRE(comes_true([&] {
      const Json h = failover_health(rejoined.url());
      return h.value("in_sync", false) && h.value("events", std::int64_t{-1}) == failover_health(b.url()).value("events", std::int64_t{-2});
    }));
    // A tail set aside is kept beside the file, never deleted.
    if (rejoined.log().find("Set " + town.path + " aside") != std::string::npos) {
      bool kept = false;
      for (const auto& entry : std::filesystem::directory_iterator(std::filesystem::path(town.path).parent_path()))
        kept = kept || entry.path().filename().string().find("-diverged-") != std::string::npos;
      CHECK(kept);
    }
  }
}
