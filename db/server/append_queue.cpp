#include "server/append_queue.h"

#include <pthread.h>

#include <cassert>
#include <chrono>
#include <vector>

namespace marshal::db {

AppendQueue::AppendQueue(Ledger& ledger, std::function<std::int64_t()> clock,
                         std::function<void(std::int64_t)> on_commit,
                         std::function<void(std::int64_t)> on_readable)
    : ledger_(ledger), clock_(std::move(clock)), on_commit_(std::move(on_commit)),
      on_readable_(std::move(on_readable)),
      checkpointer_(std::make_unique<Checkpointer>(ledger.database())) {
  writer_ = std::thread([this] {
    pthread_setname_np(pthread_self(), "ledger-writer");  // named in top, perf and gdb
    run();
  });
}

AppendQueue::~AppendQueue() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  writer_.join();
  checkpointer_.reset();  // after the writer: its hook is on the writer's connection
}

void AppendQueue::submit(AppendRequest request, Done done) {
  {
    std::lock_guard lock(mutex_);
    waiting_.emplace_back(std::move(request), std::move(done));
  }
  wake_.notify_one();
}

void AppendQueue::run_in_writer(std::function<void(Ledger&)> task) {
  {
    std::lock_guard lock(mutex_);
    tasks_.push_back(std::move(task));
  }
  wake_.notify_one();
}

AppendQueue::Stats AppendQueue::stats() const {
  std::lock_guard lock(mutex_);
  return stats_;
}

void AppendQueue::run() {
  for (;;) {
    std::vector<AppendRequest> requests;
    std::vector<Done> dones;
    std::deque<std::function<void(Ledger&)>> tasks;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [&] { return stopping_ || !waiting_.empty() || !tasks_.empty(); });
      if (waiting_.empty() && tasks_.empty() && stopping_) return;
      tasks.swap(tasks_);
      while (!waiting_.empty() && requests.size() < max_batch) {
        requests.push_back(std::move(waiting_.front().first));
        dones.push_back(std::move(waiting_.front().second));
        waiting_.pop_front();
      }
    }
    for (auto& task : tasks) task(ledger_);
    if (!tasks.empty() && on_commit_) on_commit_(ledger_.last_seq());
    if (requests.empty()) continue;
    std::vector<AppendResult> results;
    auto started = std::chrono::steady_clock::now();
    double commit_s = 0;
    if (!log_not_synced_.empty()) {
      // A log that once failed to reach the disk may have lost what it held, whatever a later
      // sync says (PostgreSQL stops likewise): no more writes here. The stations keep their
      // records, and send them again to a restarted ledger or the promoted standby.
      results.assign(requests.size(),
                     AppendResult::refused(LedgerRefusal(
                         RefusalCode::server_error, "",
                         say("this ledger's disk failed and it takes no more writes until it is restarted: {}",
                             log_not_synced_))));
    } else {
      bool committed = false;  // then a failure is the log's sync: the batch stays, maybe not on disk
      std::function<void(std::int64_t)> readable;
      if (on_readable_)
        readable = [&](std::int64_t seq) {
          committed = true;
          on_readable_(seq);
        };
      try {
        results = ledger_.append_batch(requests, clock_(), &commit_s, readable);
      } catch (const std::exception& e) {
        // The disk or the database failed: rolled back, or committed but not known to be on
        // disk (then no more writes, above). Either way no station is told it was recorded.
        if (committed) log_not_synced_ = e.what();
        AppendResult failed = AppendResult::refused(
            LedgerRefusal(RefusalCode::server_error, "", say("the ledger could not write: {}", e.what())));
        results.assign(requests.size(), failed);
      }
    }
    assert(results.size() == requests.size());  // one result a request, in their order
    {
      std::lock_guard lock(mutex_);
      stats_.batches += 1;
      stats_.requests += static_cast<std::int64_t>(requests.size());
      stats_.busy_s += std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
      stats_.commit_s += commit_s;
    }
    for (std::size_t i = 0; i < dones.size(); ++i) dones[i](std::move(requests[i]), std::move(results[i]));
    if (on_commit_) on_commit_(ledger_.last_seq());
  }
}

}  // namespace marshal::db
