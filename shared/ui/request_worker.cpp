#include "ui/request_worker.h"

namespace marshal::ui {

RequestWorker::RequestWorker(wxEvtHandler* window) : window_(window), thread_([this] { run(); }) {}

RequestWorker::~RequestWorker() {
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
    queue_.clear();
  }
  wake_.notify_all();
  thread_.join();
}

void RequestWorker::post(std::function<void()> job) {
  post_job([job = std::move(job)]() -> std::function<void()> {
    try {
      job();
    } catch (...) {  // best effort by its nature: nobody waits for it
    }
    return {};
  });
}

void RequestWorker::post_job(Job job) {
  {
    std::lock_guard lock(mutex_);
    queue_.push_back({std::move(job), std::chrono::steady_clock::now()});
  }
  wake_.notify_one();
}

std::chrono::milliseconds RequestWorker::waited() const {
  std::lock_guard lock(mutex_);
  std::chrono::steady_clock::time_point oldest;
  if (running_) oldest = running_since_;
  else if (!queue_.empty()) oldest = queue_.front().asked;
  else return std::chrono::milliseconds(0);
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - oldest);
}

bool RequestWorker::idle() const {
  std::lock_guard lock(mutex_);
  return !running_ && queue_.empty();
}

void RequestWorker::run() {
  for (;;) {
    Job job;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [this] { return stop_ || !queue_.empty(); });
      if (stop_) return;
      job = std::move(queue_.front().job);
      running_since_ = queue_.front().asked;  // waited() counts from when it was asked
      running_ = true;
      queue_.pop_front();
    }
    std::function<void()> answer = job();
    {
      std::lock_guard lock(mutex_);
      running_ = false;
      // Handed over under the lock: the destructor cannot be past its stop while it is queued.
      if (answer && !stop_) window_->CallAfter(std::move(answer));
    }
  }
}

}  // namespace marshal::ui
