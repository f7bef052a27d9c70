#pragma once
// Asks the ledger off the window's thread (docs/kiosk.md "When the network drops"): requests run
// one after another, in the order asked, on a thread of the worker's own, and what each answers
// comes back to the window's thread with CallAfter. The window never waits on the network: a
// silent Wi-Fi holds a request for its whole timeout, and a window that waited would freeze
// that long. While a request is out, the window can say so (waited()).
#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>

#include <wx/event.h>

namespace marshal::ui {

class RequestWorker {
 public:
  // `window` receives the answers; it must outlive the worker (make the worker its member,
  // declared last, so it stops first).
  explicit RequestWorker(wxEvtHandler* window);
  // Waits for the request under way (its timeout at most) and drops those not begun.
  ~RequestWorker();
  RequestWorker(const RequestWorker&) = delete;
  RequestWorker& operator=(const RequestWorker&) = delete;

  // Runs `request` on the worker's thread, then `then` with its reply on the window's thread.
  // A request that throws is answered by `failed` (its what()) instead; the worker goes on.
  template <class Reply>
  void ask(std::function<Reply()> request, std::function<void(Reply)> then,
           std::function<void(const std::string&)> failed) {
    post_job([request = std::move(request), then = std::move(then),
              failed = std::move(failed)]() -> std::function<void()> {
      try {
        return [then, reply = request()] { then(reply); };
      } catch (const std::exception& e) {
        return [failed, what = std::string(e.what())] { failed(what); };
      }
    });
  }
  // Runs `job` on the worker's thread, wanting no answer (a sign-out); what it throws is dropped.
  void post(std::function<void()> job);

  // How long the oldest request not yet answered has been waiting; zero when none is.
  std::chrono::milliseconds waited() const;
  // Whether no request is queued or under way (one asked this instant counts).
  bool idle() const;

 private:
  // A job runs on the worker and returns what the window's thread runs with its answer (or
  // nothing).
  using Job = std::function<std::function<void()>()>;
  void post_job(Job job);
  void run();

  wxEvtHandler* window_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  struct Queued {
    Job job;
    std::chrono::steady_clock::time_point asked;
  };
  std::deque<Queued> queue_;                            // not begun yet
  std::chrono::steady_clock::time_point running_since_;  // the job under way, if any
  bool running_ = false;
  bool stop_ = false;
  std::thread thread_;  // last: started once everything above is ready
};

}  // namespace marshal::ui
