// Crash safety (DESIGN.md "The ledger is the truth": WAL with synchronous=FULL, an acknowledged
// event survives a crash). The real `marshal serve` is killed with SIGKILL while a station
// appends; whatever it acknowledged must be in the file when it comes back, and the file must
// pass SQLite's integrity check and the full audit.
#include "server_test_helpers.h"

using namespace marshal;
using namespace marshal::server_testing;

namespace {

// Appends bystander_bestowed events until the server stops answering (or 20 s, or 100000
// events); keeps the uuid of every one the server acknowledged.
struct Appender {
  std::vector<std::string> acknowledged;
  int unexpected = 0;  // answers that were neither 200 nor a lost connection
  std::string first_unexpected;
};

void append_until_gone(const std::string& url, const std::string& token, const std::string& badge,
                       Appender& out) {
  client::HttpClient http(url, 3000);
  http.set_token(token);
  auto start = Clock::now();
  for (int i = 0; i < 100'000 && ms_since(start) < 20'000; ++i) {
    std::string uuid = client::new_uuid_v7(now_ms());
    client::HttpReply r =
        post_event(http, uuid, "bystander_bestowed",
                   {{"character", badge}, {"name", "Crash witness " + std::to_string(i)}});
    if (!r.reached) return;
    if (r.status == 200 && r.body.value("accepted", false)) {
      out.acknowledged.push_back(uuid);
    } else if (out.unexpected++ == 0) {
      out.first_unexpected = describe(r);
    }
  }
}

}  // namespace

TEST_CASE("events acknowledged before a kill -9 are in the ledger after the restart",
          "[server][crash]") {
  constexpr int runs = 50;
  TempDir dir;
  TestLedger base = make_ledger(dir, {.tricks = 1, .bystanders = 1}, 2, "base.db");
  std::string token = enrolled_token(base.path, "saloon-gm", db::Role::gm);
  std::string badge = base.badge(bo);

  std::random_device device;
  unsigned seed = device();
  CAPTURE(seed);
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> crash_after_ms(20, 300);

  std::size_t total_acknowledged = 0;
  for (int run = 0; run < runs; ++run) {
    CAPTURE(run);
    // A fresh copy of the ledger each time (closed cleanly, so the file alone is the ledger).
    std::string path = dir.file("run-" + std::to_string(run) + ".db");
    fs::copy_file(base.path, path);
    if (fs::exists(base.path + "-wal")) fs::copy_file(base.path + "-wal", path + "-wal");
    std::int64_t events_at_start = event_count(path);

    SpawnedServer server(path, dir.file("serve-" + std::to_string(run)));
    server.start();
    Appender appender;
    std::jthread station(append_until_gone, server.url(), token, badge, std::ref(appender));
    int wait_ms = crash_after_ms(rng);
    std::this_thread::sleep_for(std::chrono::milliseconds(wait_ms));
    server.crash();
    station.join();
    INFO("killed after " << wait_ms << " ms; " << appender.acknowledged.size() << " acknowledged");
    INFO("first unexpected answer: " << appender.first_unexpected);
    CHECK(appender.unexpected == 0);
    total_acknowledged += appender.acknowledged.size();

    // Back up on the same file: it opens, answers, and takes one more event.
    server.start();
    std::int64_t recovered = 0;
    {
      client::HttpClient http(server.url(), 3000);
      http.set_token(token);
      client::HttpReply health = http.get("/health");
      REQUIRE(health.status == 200);
      recovered = health.body.value("events", std::int64_t{0});
      client::HttpReply after =
          post_event(http, client::new_uuid_v7(now_ms()), "bystander_bestowed",
                     {{"character", badge}, {"name", "After the crash"}});
      INFO(describe(after));
      CHECK(after.status == 200);
      CHECK(after.body.value("seq", std::int64_t{0}) == recovered + 1);
    }
    CHECK(server.stop() == 0);

    CHECK(recovered >= events_at_start + static_cast<std::int64_t>(appender.acknowledged.size()));
    {
      db::Database file(path, false);
      std::size_t missing = 0;
      for (const auto& uuid : appender.acknowledged) {
        db::Statement s = file.prepare("SELECT 1 FROM events WHERE uuid = ?");
        s.bind(1, uuid);
        if (!s.step()) ++missing;
      }
      CHECK(missing == 0);
      CHECK(file.scalar_text("PRAGMA integrity_check") == "ok");
      CHECK(file.scalar_int("SELECT MAX(seq) FROM events") == recovered + 1);
    }
    db::VerifyReport audit = db::verify_ledger(path);
    INFO("audit: " << audit.reason << " (seq " << audit.failed_seq << ")");
    CHECK(audit.ok);
    CHECK(audit.events == recovered + 1);
    for (const char* suffix : {"", "-wal", "-shm"}) fs::remove(path + suffix);
  }
  // The station did get answers before the kills: the test checked something.
  CHECK(total_acknowledged > 0);
}
