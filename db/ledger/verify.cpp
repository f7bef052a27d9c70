#include "ledger/verify.h"

#include <condition_variable>
#include <deque>
#include <filesystem>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include <sqlite3.h>

#include <fmt/format.h>

#include "i18n/translate.h"
#include "ledger/ledger.h"
#include "ledger/replica.h"
#include "store/hash_chain.h"
#include "store/schema.h"

namespace marshal::db {

using i18n::tr;

namespace {

std::vector<std::string> table_rows(Database& db, const std::string& table) {
  Statement s = db.prepare("SELECT * FROM " + table);
  std::vector<std::string> rows;
  while (s.step()) {
    std::string row;
    for (int c = 0; c < s.columns(); ++c) {
      if (c) row += " | ";
      row += s.is_null(c) ? "NULL" : s.text(c);
    }
    rows.push_back(row);
  }
  std::sort(rows.begin(), rows.end());
  return rows;
}

}  // namespace

// An event read from the file and parsed, ready to replay; or, with `problem` set, where the
// replay must stop (a missing seq, a broken link or hash, a payload that is not JSON).
struct ReadEvent {
  EventRow row;
  Json payload;  // without the ledger's part
  Json stored;   // the ledger's part as stored
  std::string problem;
};

// Reads the file's events on a thread of its own, checks their seq, link and hash, and parses
// them a batch at a time while the replay applies the batch before (parsing is a third of the
// replay's work). At most max_batches_ahead batches wait. Once the replay stops (stop()), the
// reader reads on to check the chain to its end, without parsing.
class EventReader {
 public:
  static constexpr std::size_t batch_size = 256, max_batches_ahead = 8;

  EventReader(Database& source, const ReplayHooks& hooks) : thread_([this, &source, &hooks] { read(source, hooks); }) {}
  ~EventReader() { finish(); }
  EventReader(const EventReader&) = delete;
  EventReader& operator=(const EventReader&) = delete;

  // The next batch; empty when there is no more to replay.
  std::vector<ReadEvent> next() {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return !ready_.empty() || done_; });
    if (ready_.empty()) return {};
    std::vector<ReadEvent> batch = std::move(ready_.front());
    ready_.pop_front();
    changed_.notify_all();
    return batch;
  }
  // Ends the replay's part and waits for the reader, which checks the chain to its end first.
  void finish() {
    {
      std::lock_guard lock(mutex_);
      stopping_ = true;
      changed_.notify_all();
    }
    if (thread_.joinable()) thread_.join();
  }
  // Once finish() returned:
  bool read_to_end() const { return read_to_end_; }
  const std::string& error() const { return error_; }  // a database error while reading

 private:
  void read(Database& source, const ReplayHooks& hooks) {
    try {
      Statement s = source.prepare(std::string("SELECT ") + event_columns + " FROM events ORDER BY seq");
      Blob previous = genesis_hash();
      std::int64_t expected_seq = 1;
      std::vector<ReadEvent> batch;
      bool replaying = true;
      while (s.step()) {
        ReadEvent e;
        e.row = event_row_from(s);
        if (e.row.seq != expected_seq) {
          e.problem = fmt::format(fmt::runtime(tr("event {} is missing (the next is {})")), expected_seq, e.row.seq);
          e.row.seq = expected_seq;
        } else if (e.row.prev_hash != previous) {
          e.problem = tr("its prev_hash does not match the hash of the event before it");
        } else if (event_hash(e.row) != e.row.hash) {
          e.problem = tr("its hash does not match its contents: the event was altered");
        }
        if (!e.problem.empty()) {
          chain_failed_ = true;
          if (replaying) batch.push_back(std::move(e));
          break;
        }
        if (hooks.on_read) hooks.on_read(e.row);
        previous = e.row.hash;
        ++expected_seq;
        if (!replaying) continue;
        parse(e);
        if (e.problem.empty() && hooks.on_parsed) hooks.on_parsed(e.row, e.payload, e.stored);
        batch.push_back(std::move(e));
        if (batch.size() == batch_size) replaying = hand_over(batch);
      }
      if (replaying && !batch.empty()) hand_over(batch);
      read_to_end_ = !chain_failed_;
    } catch (const std::exception& e) {
      error_ = e.what();
    }
    std::lock_guard lock(mutex_);
    done_ = true;
    changed_.notify_all();
  }

  // Waits for room; false when the replay has stopped (the batch is dropped). The batches the
  // replay is done with are freed here, off the replay's thread.
  bool hand_over(std::vector<ReadEvent>& batch) {
    std::deque<std::vector<ReadEvent>> spent;
    {
      std::unique_lock lock(mutex_);
      changed_.wait(lock, [&] { return ready_.size() < max_batches_ahead || stopping_; });
      if (stopping_) return false;
      ready_.push_back(std::move(batch));
      batch.clear();
      spent.swap(spent_);
      changed_.notify_all();
    }
    return true;
  }

 public:
  // Gives a replayed batch back, to be freed on the reading thread.
  void give_back(std::vector<ReadEvent>&& batch) {
    std::lock_guard lock(mutex_);
    spent_.push_back(std::move(batch));
  }

 private:

  // The payload parsed, the ledger's part taken out; a payload that is not JSON is a problem.
  static void parse(ReadEvent& e) {
    try {
      e.payload = Json::parse(e.row.payload);
    } catch (const std::exception&) {
      e.problem = tr("its payload is not JSON");
      return;
    }
    auto ledger = e.payload.find("ledger");
    if (ledger != e.payload.end()) {
      e.stored = std::move(*ledger);
      e.payload.erase(ledger);
    } else {
      e.stored = Json::object();
    }
  }

  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<std::vector<ReadEvent>> ready_, spent_;
  bool done_ = false, stopping_ = false;
  // Written by the reading thread only, read once it is done (after the mutex handed done_ over).
  bool chain_failed_ = false, read_to_end_ = false;
  std::string error_;
  std::thread thread_;  // last: started once everything above exists
};

// Replays a ledger's events into a fresh one in memory; friend of Ledger for apply().
class Replayer {
 public:
  static VerifyReport run(Database& source, const ReplayHooks& hooks) {
    VerifyReport report;
    // The mark, the events and the tables as of one commit (a standby's follower may write on).
    ReadTransaction one_read(source);
    std::int64_t total = source.scalar_int("SELECT COUNT(*) FROM events");
    Ledger fresh(":memory:", true, LedgerRandomness{});
    // A standby's file may hold events not yet replayed into its tables (ledger/replica.h): its
    // tables are compared with the rebuilt ones as they stood after its last replayed event.
    const bool has_replica_state =
        source.scalar_int("SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = 'replica_state'") > 0;
    std::optional<std::int64_t> mark;
    try {
      if (has_replica_state) mark = replayed_seq(source);
    } catch (const ReplicaMismatch& m) {
      report.ok = false;
      report.reason = m.what();
      return report;
    }
    const std::int64_t compare_after = mark.value_or(INT64_MAX);
    std::optional<std::vector<std::vector<std::string>>> rebuilt_tables;
    auto take_rebuilt = [&] {
      rebuilt_tables.emplace();
      for (const auto& table : projection_tables()) rebuilt_tables->push_back(table_rows(fresh.db_, table));
    };
    // One transaction for the whole replay (the fresh ledger is in memory and thrown away; a
    // transaction an event would cost a BEGIN and COMMIT each).
    Transaction replay(fresh.db_);
    auto fail = [&](std::int64_t seq, const std::string& reason) {
      report.ok = false;
      report.failed_seq = seq;
      report.reason = reason;
    };
    {
      EventReader reader(source, hooks);
      if (compare_after <= 0) take_rebuilt();
      auto replay_all = [&] {
        for (auto batch = reader.next(); !batch.empty(); batch = reader.next()) {
          for (ReadEvent& e : batch) {
            if (!e.problem.empty()) return fail(e.row.seq, e.problem);
            if (hooks.before_apply) hooks.before_apply(e.row, e.payload, fresh.db_);
            try {
              fresh.replay_parsed(e.row, e.payload, e.stored);  // as a standby replays what it holds
            } catch (const ReplicaMismatch& m) {
              return fail(e.row.seq, m.what());
            }
            ++report.events;
            if (e.row.seq == compare_after) take_rebuilt();
            if (hooks.progress) hooks.progress(report.events, total);
          }
          reader.give_back(std::move(batch));
        }
      };
      replay_all();
      reader.finish();  // from here on, `source` is this thread's again
      if (!reader.error().empty()) throw SqliteError(SQLITE_ERROR, reader.error());
      report.read_to_end = reader.read_to_end();
    }
    if (!report.ok) return report;
    replay.commit();
    if (!rebuilt_tables) take_rebuilt();
    for (std::size_t t = 0; t < projection_tables().size(); ++t) {
      const std::string& table = projection_tables()[t];
      const auto mine = table_rows(source, table);
      const auto& rebuilt = (*rebuilt_tables)[t];
      if (mine != rebuilt) {
        std::size_t i = 0;
        while (i < mine.size() && i < rebuilt.size() && mine[i] == rebuilt[i]) ++i;
        // TRANSLATORS: {0} is a table's name in the ledger file, {1} one of its rows as text
        fail(0, i < mine.size()
                    ? fmt::format(fmt::runtime(tr("table {} differs from the one rebuilt from the events; the file has: {}")),
                                  table, mine[i])
                    // TRANSLATORS: {0} is a table's name in the ledger file, {1} one of its rows as text
                    : fmt::format(fmt::runtime(tr("table {} differs from the one rebuilt from the events; the file lacks: {}")),
                                  table, rebuilt[i]));
        return report;
      }
    }
    return report;
  }
};

VerifyReport verify_ledger(const std::string& path, const ReplayHooks& hooks) {
  if (!std::filesystem::exists(path)) return {false, 0, 0, fmt::format(fmt::runtime(tr("no ledger file at {}")), path)};
  Database source(path, false);
  if (schema_version(source) != static_cast<int>(migrations().size()))
    return {false, 0, 0, tr("the file is not a ledger of this version of Marshal")};
  return Replayer::run(source, hooks);
}

VerifyReport verify_ledger(const std::string& path, const std::function<void(std::int64_t, std::int64_t)>& progress) {
  ReplayHooks hooks;
  hooks.progress = progress;
  return verify_ledger(path, hooks);
}

}  // namespace marshal::db
