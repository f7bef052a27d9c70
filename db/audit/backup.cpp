#include "audit/backup.h"

#include <fcntl.h>
#include <sqlite3.h>
#include <unistd.h>

#include <ctime>
#include <filesystem>

#include <fmt/format.h>

#include "audit/anchors.h"
#include "i18n/translate.h"
#include "ledger/ledger.h"
#include "ledger/verify.h"
#include "store/sqlite.h"

namespace marshal::db {

using i18n::tr;

namespace {

namespace fs = std::filesystem;

// A file's contents on the disk before its name is trusted (a USB stick pulled out right after).
void sync_file(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY);
  if (fd < 0) return;
  ::fsync(fd);
  ::close(fd);
}

// The live file copied page by page in one read transaction: a consistent snapshot while the
// server keeps writing (WAL: the server is never blocked).
void copy_online(const std::string& from, const std::string& to) {
  Database source(from, false);
  Database copy(to, true);
  sqlite3_backup* backup = sqlite3_backup_init(copy.handle(), "main", source.handle(), "main");
  if (!backup) throw BackupError(sqlite3_errmsg(copy.handle()));
  const int stepped = sqlite3_backup_step(backup, -1);  // all pages at once: one snapshot
  sqlite3_backup_finish(backup);
  if (stepped != SQLITE_DONE) throw BackupError(sqlite3_errstr(stepped));
  copy.exec("PRAGMA wal_checkpoint(TRUNCATE)");  // the copy whole in its one file
}

}  // namespace

std::string utc_stamp(std::int64_t now_ms) {
  const std::time_t seconds = static_cast<std::time_t>(now_ms / 1000);
  std::tm utc{};
  gmtime_r(&seconds, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y%m%d-%H%M%SZ", &utc);
  return text;
}

BackupResult backup_ledger(const std::string& db_path, const std::string& to_dir,
                           std::int64_t now_ms,
                           const std::function<void(std::int64_t, std::int64_t)>& progress) {
  if (!fs::exists(db_path))
    throw BackupError(fmt::format(fmt::runtime(tr("no ledger file at {}")), db_path));
  std::error_code made;
  fs::create_directories(to_dir, made);
  if (made || !fs::is_directory(to_dir))
    // TRANSLATORS: {0} is the folder, {1} why it cannot be made.
    throw BackupError(fmt::format(fmt::runtime(tr("cannot make the folder {}: {}")), to_dir,
                                  made ? made.message() : tr("a file has that name")));
  const std::string stem = fs::path(db_path).stem().string() + "-" + utc_stamp(now_ms);
  std::string name = (fs::path(to_dir) / (stem + ".db")).string();
  for (int n = 2; fs::exists(name); ++n)
    name = (fs::path(to_dir) / fmt::format("{}-{}.db", stem, n)).string();
  const std::string part = name + ".part";
  auto remove_part = [&] {
    std::error_code ignored;
    for (const char* suffix : {"", "-wal", "-shm"}) fs::remove(part + suffix, ignored);
  };
  try {
    copy_online(db_path, part);
  } catch (const std::exception& e) {
    remove_part();
    // TRANSLATORS: {0} is the ledger file, {1} the copy, {2} why the copy failed.
    throw BackupError(
        fmt::format(fmt::runtime(tr("cannot copy {} to {}: {}")), db_path, part, e.what()));
  }
  const VerifyReport report = verify_ledger(part, progress);
  if (!report.ok) {
    remove_part();
    // TRANSLATORS: {0} is the ledger file; {1} the event whose check failed; {2} why.
    throw BackupError(
        report.failed_seq > 0
            ? fmt::format(
                  fmt::runtime(tr("the copy of {} fails its check at event {}: {}; no backup was "
                                  "kept")),
                  db_path, report.failed_seq, report.reason)
            // TRANSLATORS: {0} is the ledger file; {1} why its check failed.
            : fmt::format(
                  fmt::runtime(tr("the copy of {} fails its check: {}; no backup was kept")),
                  db_path, report.reason),
        true);
  }
  BackupResult result;
  {
    Database copy(part, false);
    result.head = head_line(copy);
  }
  sync_file(part);
  std::error_code renamed;
  fs::rename(part, name, renamed);
  if (renamed) {
    remove_part();
    throw BackupError(fmt::format(fmt::runtime(tr("cannot copy {} to {}: {}")), db_path, name,
                                  renamed.message()));
  }
  for (const char* suffix : {"-wal", "-shm"}) {
    std::error_code ignored;
    fs::remove(part + suffix, ignored);
  }
  sync_file(to_dir);
  result.path = name;
  result.events = report.events;
  return result;
}

BackupSchedule::BackupSchedule(std::string db_path, std::string to_dir, std::int64_t every_s,
                               std::function<void(const std::string& line)> log)
    : db_path_(std::move(db_path)),
      to_dir_(std::move(to_dir)),
      every_s_(every_s),
      log_(std::move(log)),
      thread_([this] { run(); }) {}

BackupSchedule::~BackupSchedule() {
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

void BackupSchedule::run() {
  for (;;) {
    try {
      const BackupResult made = backup_ledger(db_path_, to_dir_, unix_time_ms());
      // TRANSLATORS: {0} is the copy's file, {1} how many events, {2} its head (an anchor).
      log_(fmt::format(fmt::runtime(tr("backed up: {} ({} events, checked), head {}")), made.path,
                       made.events, made.head));
    } catch (const std::exception& e) {
      // TRANSLATORS: {} says why, with the file or folder it concerns.
      log_(fmt::format(fmt::runtime(tr("BACKUP FAILED: {}")), e.what()));
    }
    std::unique_lock lock(mutex_);
    if (wake_.wait_for(lock, std::chrono::seconds(every_s_), [this] { return stop_; })) return;
  }
}

std::int64_t parse_backup_interval(const std::string& text, std::string& why) {
  std::size_t digits = 0;
  while (digits < text.size() && digits < 9 &&
         std::isdigit(static_cast<unsigned char>(text[digits])))
    ++digits;
  const std::string unit = text.substr(digits);
  const std::int64_t per_unit = unit == "s" ? 1 : unit == "m" ? 60 : unit == "h" ? 3600 : 0;
  if (digits == 0 || per_unit == 0) {
    why = tr("a number and its unit: 90s, 5m or 1h");
    return 0;
  }
  const std::int64_t seconds = std::stoll(text.substr(0, digits)) * per_unit;
  if (seconds < backup_every_min_s || seconds > backup_every_max_s) {
    why = tr("between 1m and 24h");
    return 0;
  }
  return seconds;
}

}  // namespace marshal::db
