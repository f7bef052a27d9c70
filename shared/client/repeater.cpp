#include "client/repeater.h"

namespace marshal::client {

Repeater::Repeater(std::chrono::milliseconds every, std::function<void()> task)
    : every_(every), task_(std::move(task)), thread_([this] { run(); }) {}

Repeater::~Repeater() {
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

void Repeater::run() {
  std::unique_lock lock(mutex_);
  while (!stop_) {
    turning_ = true;
    lock.unlock();
    try {
      task_();
    } catch (const std::exception&) {
      // A turn that failed (an answer of the wrong shape, a cache file that could not be written)
      // is a turn without news: the next one asks again. The thread never ends the program.
    }
    lock.lock();
    turning_ = false;
    ++turns_;
    turned_.notify_all();
    wake_.wait_for(lock, every_, [this] { return stop_ || asked_; });
    asked_ = false;
  }
}

void Repeater::ask_now() {
  {
    std::lock_guard lock(mutex_);
    asked_ = true;
  }
  wake_.notify_all();
}

bool Repeater::wait_for_turn(std::chrono::milliseconds max_wait) {
  std::unique_lock lock(mutex_);
  // A turn under way may have begun before the call: then wait for the end of the one after it.
  const std::int64_t target = turns_ + (turning_ ? 2 : 1);
  asked_ = true;
  wake_.notify_all();
  return turned_.wait_for(lock, max_wait, [&] { return turns_ >= target || stop_; });
}

}  // namespace marshal::client
