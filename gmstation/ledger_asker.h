#pragma once
// How the GM station's screens ask the ledger (issue 28; docs/gmstation.md "When the network
// drops"). On a ledger server, every lookup and record runs on a request worker
// (ui/request_worker.h) and its answer comes back to the window's thread with CallAfter: the
// window never waits on the network, and a silent Wi-Fi holds a request for its whole timeout.
// On the embedded local ledger (a file on this machine, no network) a request runs at once, as
// it always did. While a request is out the window queues the scans that come (each is handled
// after the answer before it, as if the window had waited), and while a record's is out it holds
// the screen's keys, so the GM always sees what came of a record.
#include <chrono>
#include <cstdio>
#include <functional>
#include <memory>
#include <string>
#include <type_traits>

#include <wx/event.h>

#include "gmstation/station_backend.h"
#include "ui/request_worker.h"

namespace marshal::gm {

class LedgerAsker {
 public:
  // `window` receives the answers and must outlive the asker (the window's member, declared last).
  LedgerAsker(StationBackend& backend, wxEvtHandler* window);

  // Runs `request` with the backend (on the worker when on a server), then `then` with its reply
  // on the window's thread. A request that throws on the worker is answered with a refusal in
  // its words (a Lookup's refusal, a RecordOutcome's reason; a reply of several parts has a
  // `static Reply failed(const std::string& what)` that says it in each).
  template <class Reply>
  void ask(std::function<Reply(StationBackend&)> request, std::function<void(const Reply&)> then) {
    if (!worker_) return then(request(backend_));
    ++out_;
    auto answered = [this, then = std::move(then)](const Reply& reply) {
      --out_;
      then(reply);
      if (out_ == 0 && all_answered_) all_answered_();
    };
    StationBackend* backend = &backend_;
    worker_->ask<Reply>([backend, request = std::move(request)] { return request(*backend); }, answered,
                        [answered](const std::string& what) {
                          std::fprintf(stderr, "marshal-gm: %s\n", what.c_str());
                          answered(failure<Reply>(what));
                        });
  }
  // A record (with whatever else the answer needs): as ask(), and recording() until its answer is in.
  template <class Reply>
  void record(std::function<Reply(StationBackend&)> request, std::function<void(const Reply&)> then) {
    ++records_out_;
    ask<Reply>(std::move(request), [this, then = std::move(then)](const Reply& reply) {
      --records_out_;
      then(reply);
    });
  }

  // Records `type` with `payload` and, once recorded (not when refused), runs `read` in the same
  // request: what the screen shows after the record comes with its answer, and nothing the GM
  // presses meanwhile meets the view before it.
  void record_and_read(std::string type, Json payload, std::function<Lookup(StationBackend&)> read,
                       std::function<void(const RecordOutcome&, const Lookup& after)> then) {
    struct RecordAndRead {
      RecordOutcome outcome;
      Lookup after;
      static RecordAndRead failed(const std::string& what) {
        RecordAndRead answer;
        answer.outcome.reason = answer.after.refusal = what;
        return answer;
      }
    };
    record<RecordAndRead>(
        [type = std::move(type), payload = std::move(payload), read = std::move(read)](StationBackend& backend) {
          RecordAndRead answer{backend.record(type, payload), {}};
          if (answer.outcome.status != RecordOutcome::Status::refused) answer.after = read(backend);
          return answer;
        },
        [then = std::move(then)](const RecordAndRead& answer) { then(answer.outcome, answer.after); });
  }

  // A request asked and not yet answered (never on the local ledger).
  bool waiting() const { return out_ > 0; }
  bool recording() const { return records_out_ > 0; }
  // How long the oldest request out has waited; zero when none is.
  std::chrono::milliseconds waited() const;
  // Runs on the window's thread each time the last answer out has been handled.
  void on_all_answered(std::function<void()> then) { all_answered_ = std::move(then); }
  // For what never touches the network (the outbox, the feed the watch read, the known event).
  StationBackend& backend() { return backend_; }

 private:
  // A request that threw, answered in its words: a compound reply says how (its static failed()).
  template <class Reply>
  static Reply failure(const std::string& what) {
    if constexpr (requires { Reply::failed(what); }) return Reply::failed(what);
    Reply reply;
    if constexpr (std::is_same_v<Reply, Lookup>) reply.refusal = what;
    if constexpr (std::is_same_v<Reply, RecordOutcome>) reply.reason = what;
    return reply;
  }

  StationBackend& backend_;
  int out_ = 0;          // asked, not yet answered (the window's thread only)
  int records_out_ = 0;  // of which records
  std::function<void()> all_answered_;
  std::unique_ptr<ui::RequestWorker> worker_;  // last: stops first; none on a local ledger
};

}  // namespace marshal::gm
