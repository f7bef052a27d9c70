#pragma once
// Runs a task on a thread of its own, every so often or sooner when asked: how a station asks the
// ledger without its window waiting (client/ledger_watch.h, the kiosk's health check).
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>

namespace marshal::client {

class Repeater {
 public:
  // Starts at once with a first turn. The task must stay valid until the Repeater is destroyed:
  // declare it after what the task uses, so it stops first.
  Repeater(std::chrono::milliseconds every, std::function<void()> task);
  // Stops after the turn under way (which ends within its requests' timeouts).
  ~Repeater();
  Repeater(const Repeater&) = delete;
  Repeater& operator=(const Repeater&) = delete;

  // The next turn now rather than at its time.
  void ask_now();
  // Waits at most `max_wait` for a turn begun after this call to end; true when one did.
  bool wait_for_turn(std::chrono::milliseconds max_wait);

 private:
  void run();

  std::chrono::milliseconds every_;
  std::function<void()> task_;
  std::mutex mutex_;
  std::condition_variable wake_;    // the thread: time for a turn, or to stop
  std::condition_variable turned_;  // waiters: a turn ended
  bool stop_ = false;
  bool asked_ = false;
  bool turning_ = false;
  std::int64_t turns_ = 0;
  std::thread thread_;  // last: started once everything above is ready
};

}  // namespace marshal::client
