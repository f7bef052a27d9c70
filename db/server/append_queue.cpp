#include "server/append_queue.h"

#include <vector>

namespace marshal::db {

AppendQueue::AppendQueue(Ledger& ledger, std::function<std::int64_t()> clock,
                         std::function<void(std::int64_t)> on_commit)
    : ledger_(ledger), clock_(std::move(clock)), on_commit_(std::move(on_commit)) {
  writer_ = std::thread([this] { run(); });
}

AppendQueue::~AppendQueue() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  writer_.join();
}

void AppendQueue::submit(AppendRequest request, Done done) {
  {
    std::lock_guard lock(mutex_);
    waiting_.emplace_back(std::move(request), std::move(done));
  }
  wake_.notify_one();
}

void AppendQueue::run() {
  for (;;) {
    std::vector<std::pair<AppendRequest, Done>> batch;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [&] { return stopping_ || !waiting_.empty(); });
      if (waiting_.empty() && stopping_) return;
      while (!waiting_.empty() && batch.size() < max_batch) {
        batch.push_back(std::move(waiting_.front()));
        waiting_.pop_front();
      }
    }
    std::vector<AppendRequest> requests;
    requests.reserve(batch.size());
    for (auto& item : batch) requests.push_back(item.first);
    std::vector<AppendResult> results;
    try {
      results = ledger_.append_batch(requests, clock_());
    } catch (const std::exception& e) {
      // The disk or the database failed: nothing of the batch was committed; say so to each.
      AppendResult failed;
      failed.code = "server_error";
      failed.reason = std::string("the ledger could not write: ") + e.what();
      results.assign(batch.size(), failed);
    }
    for (std::size_t i = 0; i < batch.size(); ++i) batch[i].second(results[i]);
    if (on_commit_) on_commit_(ledger_.last_seq());
  }
}

}  // namespace marshal::db
