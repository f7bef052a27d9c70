// Backups without a second laptop (issue 29, audit/backup.h): a copy taken while the server on
// 127.0.0.1 is written by two GM stations is one consistent, verified ledger; a tampered ledger
// gives no backup and names the event; `marshal backup` and `marshal serve --backup-to` as an
// organiser types them; the interval's boundaries.
#include "audit/backup.h"
#include "server_test_helpers.h"

using namespace marshal;
using namespace marshal::server_testing;

namespace {

// Bestows bystanders on `badge` until `stop`, counting the acknowledged ones.
void bestow_until(const std::string& url, const std::string& token, const std::string& badge,
                  const std::atomic<bool>& stop, std::atomic<int>& acknowledged) {
  client::HttpClient http(url, 3000);
  http.set_token(token);
  for (int i = 0; !stop; ++i) {
    client::HttpReply r = post_event(http, client::new_uuid_v7(now_ms()), "bystander_bestowed",
                                     {{"character", badge}, {"name", "Backup witness " + std::to_string(i)}});
    if (r.status == 200 && r.body.value("accepted", false)) ++acknowledged;
  }
}

// The finished backups in `folder` (a copy under way is NAME.db.part).
std::vector<fs::path> backups_in(const fs::path& folder) {
  std::vector<fs::path> files;
  if (fs::exists(folder))
    for (const auto& entry : fs::directory_iterator(folder))
      if (entry.path().extension() == ".db") files.push_back(entry.path());
  return files;
}

std::vector<fs::path> files_in(const fs::path& folder) {
  std::vector<fs::path> files;
  if (fs::exists(folder))
    for (const auto& entry : fs::directory_iterator(folder)) files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace

TEST_CASE("a backup taken while two stations write is a whole, verified ledger", "[server][backup]") {
  TempDir dir;
  TestLedger ledger = make_ledger(dir, {.tricks = 2, .bystanders = 2}, 29);
  const std::string token_a = enrolled_token(ledger.path, "saloon-gm", db::Role::gm);
  const std::string token_b = enrolled_token(ledger.path, "jail-gm", db::Role::gm);
  InProcessServer server(ledger.path);
  std::atomic<bool> stop{false};
  std::atomic<int> acknowledged{0};
  std::thread a(bestow_until, server.url(), token_a, ledger.badge(ada), std::cref(stop), std::ref(acknowledged));
  std::thread b(bestow_until, server.url(), token_b, ledger.badge(bo), std::cref(stop), std::ref(acknowledged));
  while (acknowledged < 20) std::this_thread::sleep_for(std::chrono::milliseconds(5));

  const fs::path folder = dir.path() / "stick";
  std::vector<db::BackupResult> made;
  for (int i = 0; i < 3; ++i) made.push_back(db::backup_ledger(ledger.path, folder.string(), now_ms()));
  stop = true;
  a.join();
  b.join();

  REQUIRE(files_in(folder).size() == 3);  // taken in the same second: -2, -3 after the name
  std::int64_t last = 0;
  for (const auto& copy : made) {
    INFO(copy.path);
    CHECK(fs::path(copy.path).filename().string().rfind("ledger-", 0) == 0);
    CHECK(fs::path(copy.path).extension() == ".db");
    const db::VerifyReport report = db::verify_ledger(copy.path);
    CHECK(report.ok);
    CHECK(report.events == copy.events);
    CHECK(copy.events >= last);  // each a snapshot at least as late as the one before
    last = copy.events;
    // The head names the copy's last event: an anchor that the copy passes.
    CHECK(copy.head.rfind(std::to_string(copy.events) + ":", 0) == 0);
  }
  CHECK(made.back().events > 20);
  // Nothing half-written is left beside the copies.
  for (const auto& file : files_in(folder)) CHECK(file.extension() == ".db");
}

TEST_CASE("a ledger edited behind the chain's back gives no backup, and the event is named", "[server][backup]") {
  TempDir dir;
  TestLedger ledger = make_ledger(dir, {.tricks = 2, .bystanders = 2}, 30);
  const std::int64_t events = event_count(ledger.path);
  REQUIRE(events >= 1);  // the event set up (seq 1) at least
  {
    db::Database db(ledger.path, false);
    // As an attacker with the file would: the append-only triggers dropped first.
    db.exec("DROP TRIGGER IF EXISTS events_no_update");
    db.exec("UPDATE events SET payload = replace(payload, 'Ada', 'Adam') WHERE seq = 1");
  }
  const fs::path folder = dir.path() / "stick";
  try {
    db::backup_ledger(ledger.path, folder.string(), now_ms());
    FAIL("a tampered ledger was backed up");
  } catch (const db::BackupError& e) {
    CHECK_THAT(e.what(), Catch::Contains("fails its check at event 1"));
    CHECK_THAT(e.what(), Catch::Contains("no backup was kept"));
    CHECK(e.copy_failed_check);
  }
  CHECK(files_in(folder).empty());
  // As typed: exit 4, the ledger failed its check (as marshal verify says it).
  ProgramRun run = run_marshal({"backup", "--db", ledger.path, "--to", folder.string()}, dir.file("tampered.log"));
  CHECK(run.exit_code == 4);
  CHECK_THAT(run.out, Catch::Contains("fails its check at event 1"));
}

TEST_CASE("a backup's folder that cannot be made, and a ledger that is not there, are said", "[server][backup]") {
  TempDir dir;
  TestLedger ledger = make_ledger(dir, {.tricks = 1, .bystanders = 1}, 31);
  write_text(dir.path() / "a-file", "not a folder");
  CHECK_THROWS_WITH(db::backup_ledger(ledger.path, (dir.path() / "a-file").string(), now_ms()),
                    Catch::Contains("cannot make the folder"));
  CHECK_THROWS_WITH(db::backup_ledger(dir.file("none.db"), dir.file("stick"), now_ms()),
                    Catch::Contains("no ledger file at"));
}

TEST_CASE("the backups' interval (--every): a number and s, m or h, from 1 minute to 24 hours", "[server][backup]") {
  std::string why;
  CHECK(db::parse_backup_interval("60s", why) == 60);
  CHECK(db::parse_backup_interval("1m", why) == db::backup_every_min_s);
  CHECK(db::parse_backup_interval("5m", why) == 300);
  CHECK(db::parse_backup_interval("24h", why) == db::backup_every_max_s);
  CHECK(db::parse_backup_interval("1440m", why) == db::backup_every_max_s);
  for (const char* too_far : {"59s", "0m", "1441m", "25h"}) {
    why.clear();
    CHECK(db::parse_backup_interval(too_far, why) == 0);
    CHECK(why == "between 1m and 24h");
  }
  for (const char* wrong : {"", "5", "m", "5x", "-5m", "5 m", "5min", "99999999999h"}) {
    why.clear();
    INFO(wrong);
    CHECK(db::parse_backup_interval(wrong, why) == 0);
    CHECK_FALSE(why.empty());
  }
}

TEST_CASE("marshal backup as an organiser types it", "[server][backup][cli]") {
  TempDir dir;
  TestLedger ledger = make_ledger(dir, {.tricks = 1, .bystanders = 1}, 32);
  const std::string folder = dir.file("stick");
  ProgramRun run = run_marshal({"backup", "--db", ledger.path, "--to", folder}, dir.file("backup.log"));
  INFO(run.out);
  CHECK(run.exit_code == 0);
  CHECK_THAT(run.out, Catch::Contains("Backed up: " + folder + "/ledger-"));
  CHECK_THAT(run.out, Catch::Contains("(1 event, checked), head 1:"));  // a new ledger: its set-up event
  CHECK(files_in(folder).size() == 1);

  ProgramRun missing = run_marshal({"backup", "--db", dir.file("none.db"), "--to", folder}, dir.file("none.log"));
  CHECK(missing.exit_code != 0);
  CHECK_THAT(missing.out, Catch::Contains("no ledger file at"));
  ProgramRun no_folder = run_marshal({"backup", "--db", ledger.path}, dir.file("usage.log"));
  CHECK(no_folder.exit_code != 0);
  CHECK_THAT(no_folder.out, Catch::Contains("--to"));
}

TEST_CASE("marshal serve --backup-to takes a backup at once, then on its interval", "[server][backup]") {
  TempDir dir;
  TestLedger ledger = make_ledger(dir, {.tricks = 1, .bystanders = 1}, 33);
  const std::string folder = dir.file("stick");
  SpawnedServer served(ledger.path, dir.file("serve"), Channel::plain_loopback, {"--backup-to", folder, "--every", "1m"});
  served.start();
  const auto start = Clock::now();
  while (backups_in(folder).empty() && ms_since(start) < 20'000)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  REQUIRE(backups_in(folder).size() == 1);
  CHECK(db::verify_ledger(backups_in(folder)[0].string()).ok);
  const auto said = Clock::now();
  while (served.log().find("marshal serve: backed up: ") == std::string::npos && ms_since(said) < 5'000)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  CHECK_THAT(served.log(), Catch::Contains("Backups into " + folder + " every 1 min, the first now"));
  CHECK_THAT(served.log(), Catch::Contains("marshal serve: backed up: " + backups_in(folder)[0].string()));

  // Wrong arguments are refused before anything starts.
  ProgramRun too_often = run_marshal({"serve", "--db", ledger.path, "--listen", "127.0.0.1:0", "--insecure-http",
                                      "--backup-to", folder, "--every", "10s"},
                                     dir.file("often.log"));
  CHECK(too_often.exit_code == 1);  // usage
  CHECK_THAT(too_often.out, Catch::Contains("--every 10s: between 1m and 24h"));
  ProgramRun no_folder = run_marshal(
      {"serve", "--db", ledger.path, "--listen", "127.0.0.1:0", "--insecure-http", "--every", "5m"}, dir.file("nf.log"));
  CHECK(no_folder.exit_code == 1);
  CHECK_THAT(no_folder.out, Catch::Contains("--every needs --backup-to DIR"));
}
