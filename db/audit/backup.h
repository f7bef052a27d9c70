#pragma once
// A backup of a live ledger without a second laptop (issue 29): SQLite's online backup copies
// the file while the server goes on writing it (one consistent snapshot: every event up to one
// seq, the refusal trail with it), the copy's hash chain is checked and every event replayed
// (verify_ledger), and only a copy that passes gets its final name, written to disk first. So a
// folder of backups (a USB stick) holds only whole, verified ledgers, each named by its time.
// `marshal backup --db F --to DIR` takes one; `marshal serve --backup-to DIR --every 5m` takes
// one every 5 minutes (docs/server.md, "Backups").
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>

namespace marshal::db {

// The shortest and longest time between two backups of `marshal serve --backup-to` (s): a
// backup replays the evening, which takes a moment; a day apart is no backup at all.
inline constexpr std::int64_t backup_every_min_s = 60;
inline constexpr std::int64_t backup_every_max_s = 24 * 60 * 60;

struct BackupResult {
  std::string path;         // the verified copy
  std::int64_t events = 0;  // how many events it holds
  std::string head;         // its head, as `marshal head` prints it (an anchor for the audit)
};

struct BackupError : std::runtime_error {
  explicit BackupError(const std::string& what, bool check_failed = false)
      : std::runtime_error(what), copy_failed_check(check_failed) {}
  bool copy_failed_check;  // the copy was made but its chain or replay failed: the ledger is bad
};

// Copies the ledger at `db_path` into `to_dir` (made if missing) as NAME-YYYYMMDD-HHMMSSZ.db
// (the file's name without .db, the time in UTC at `now_ms`). `progress(done, total)` as the
// copy is checked. Throws BackupError saying what failed and where; a copy that fails its check
// is removed, never left under a backup's name.
BackupResult backup_ledger(const std::string& db_path, const std::string& to_dir,
                           std::int64_t now_ms,
                           const std::function<void(std::int64_t, std::int64_t)>& progress = {});

// `marshal serve --backup-to DIR --every 5m`: a backup at once, then one every `every_s`, on a
// thread of its own, each said in `log` (the copy and its head, or why it failed: a stick full or
// pulled out is said on every turn until it works again). Stops when destroyed, after the
// backup under way. (Its own small loop rather than client::Repeater: db/ never depends on
// shared/client, DESIGN.md's arrows; the two are siblings over protocol.)
class BackupSchedule {
 public:
  BackupSchedule(std::string db_path, std::string to_dir, std::int64_t every_s,
                 std::function<void(const std::string& line)> log);
  ~BackupSchedule();
  BackupSchedule(const BackupSchedule&) = delete;
  BackupSchedule& operator=(const BackupSchedule&) = delete;

 private:
  void run();

  std::string db_path_, to_dir_;
  std::int64_t every_s_;
  std::function<void(const std::string&)> log_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stop_ = false;
  std::thread thread_;  // last: started once the rest is ready
};

// `now_ms` as a file name's time: YYYYMMDD-HHMMSSZ (UTC).
std::string utc_stamp(std::int64_t now_ms);

// "5m", "90s", "1h" (a number and its unit: s, m or h) in seconds, within backup_every_min_s..
// backup_every_max_s; 0 with `why` otherwise.
std::int64_t parse_backup_interval(const std::string& text, std::string& why);

}  // namespace marshal::db
