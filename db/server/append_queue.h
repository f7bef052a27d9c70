#pragma once
// Group commit: every append from every connection goes through one writer thread, which takes
// all that are waiting and writes them in one durable transaction. Under load, one fsync serves
// many stations; alone, a request is written at once.
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "ledger/ledger.h"
#include "server/checkpointer.h"

namespace marshal::db {

class AppendQueue {
 public:
  // Runs on the writer thread: keep it short (store the result, wake the connection). The
  // request comes back with its result so that the thread that built it also frees it: with
  // mimalloc, memory freed on another thread takes a slow path on both threads.
  using Done = std::function<void(AppendRequest, AppendResult)>;
  // clock gives the server time (ms) for each batch; on_commit(last_seq) runs after each
  // durable commit (the live feed wakes its waiters there). on_readable(last_seq), when given,
  // runs once a batch is committed and readable but before it is on disk (Ledger::append_batch's
  // `committed`): a standby is handed the batch there, and writes it while this disk does.
  AppendQueue(Ledger& ledger, std::function<std::int64_t()> clock,
              std::function<void(std::int64_t)> on_commit,
              std::function<void(std::int64_t)> on_readable = {});
  ~AppendQueue();

  // done runs on the writer thread once the request is durable or refused.
  void submit(AppendRequest request, Done done);

  // `task` runs on the writer thread between two batches, with the ledger (the standby link's
  // ledger_alone and standby_in_sync: admin events written on the writer's own connection);
  // on_commit follows it. A task handles its own errors.
  void run_in_writer(std::function<void(Ledger&)> task);

  static constexpr std::size_t max_batch = 256;

  // What the writer has done so far: for benchmarks and the operator (batch sizes, how busy).
  struct Stats {
    std::int64_t batches = 0;
    std::int64_t requests = 0;
    double busy_s = 0;    // checking, replaying and writing, commit included
    double commit_s = 0;  // of which in COMMIT and the log's sync
  };
  Stats stats() const;

 private:
  void run();

  Ledger& ledger_;
  std::function<std::int64_t()> clock_;
  std::function<void(std::int64_t)> on_commit_;
  std::function<void(std::int64_t)> on_readable_;
  std::string log_not_synced_;  // the writer thread's: why a committed batch's sync failed
  mutable std::mutex mutex_;
  Stats stats_;  // guarded by mutex_
  std::unique_ptr<Checkpointer> checkpointer_;  // copies the log back off the writer's thread
  std::condition_variable wake_;
  std::deque<std::pair<AppendRequest, Done>> waiting_;
  std::deque<std::function<void(Ledger&)>> tasks_;
  bool stopping_ = false;
  std::thread writer_;
};

}  // namespace marshal::db
