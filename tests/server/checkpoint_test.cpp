// The server's checkpointer (db/server/checkpointer.h) copies the write-ahead log back into the
// database file on its own thread, so that no batch of stations waits for it in COMMIT.
#include "server/checkpointer.h"
#include "server_test_helpers.h"

using namespace marshal;
using namespace marshal::server_testing;

TEST_CASE("the checkpointer copies the log into the database file while events are appended",
          "[server][checkpoint]") {
  TempDir dir;
  TestLedger made = make_ledger(dir, {.tricks = 1, .bystanders = 40}, 11);
  const auto size_before = fs::file_size(made.path);  // creating the ledger checkpointed it all
  {
    db::Ledger ledger(made.path);
    db::Checkpointer checkpointer(ledger.database(), 4);  // a log of 4 pages is due
    for (int i = 0; i < 30; ++i) {
      db::AppendResult r = ledger.append(
          {db::make_uuid_v7(now_ms()), "gm-1", now_ms(), "bystander_lost", {{"character", made.badge(ada)}}},
          now_ms());
      REQUIRE(r.accepted);
    }
    // SQLite's own checkpoints would wait for 1000 pages: only the checkpointer grows the file.
    auto start = Clock::now();
    while ((checkpointer.checkpoints() == 0 || fs::file_size(made.path) <= size_before) &&
           ms_since(start) < 10'000)
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    CHECK(checkpointer.checkpoints() > 0);
    CHECK(fs::file_size(made.path) > size_before);
  }
  CHECK(event_count(made.path) == 31);
  db::VerifyReport report = db::verify_ledger(made.path);
  INFO(report.reason);
  CHECK(report.ok);
}
