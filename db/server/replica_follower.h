#pragma once
// A standby ledger's side of the copy (issue 29, docs/server.md "A standby ledger"): one thread
// asks the primary for the chain after this file's head (GET /replica/follow, a long-poll) and
// appends what comes, every link and hash checked (Ledger::append_replicated), in one durable
// transaction per answer. The head it asks from is its acknowledgement: the primary knows the
// standby holds every event up to it. It replays them through the rules into its tables when
// the primary is idle (replay_idle_wait_ms), each outcome checked against the one stored.
//
// The follower never writes anything of its own into the chain. It stops for good when the
// file is not the primary's (a chain that parted, an event that does not replay, a primary at
// an older epoch than this file) and says why on every turn (status(), the log); it retries
// while the primary does not answer.
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "ledger/ledger.h"
#include "protocol/json_fields.h"

namespace marshal::db {

// What a GET to the primary gave: the HTTP client lives outside db/ (shared/client), so the
// program that runs a standby hands the follower this function (db/cli: the pinned HTTPS client).
struct FetchReply {
  bool reached = false;  // false: no answer (down, stopped, timed out, another key)
  long status = 0;
  std::string text;      // the answer as it came (JSON, read by ledger/replica_answer.h)
  std::string error;     // why it was not reached
};
// `path` with its query ("/replica/follow?after=..."); `epoch` goes in X-Marshal-Epoch.
using Fetch = std::function<FetchReply(const std::string& path, std::int64_t epoch, long timeout_ms)>;

// The header a standby's follow requests carry: where stations reach it ("https://HOST:PORT#sha256=
// PIN", from `marshal serve --advertise`). The primary writes it into the chain (standby_joined)
// and names it in /health, so that stations learn where to go when it dies.
inline constexpr const char* standby_url_header = "X-Marshal-Standby-Url";

// How long one follow waits on the primary for a new event: also how long stopping the
// follower may take, and how often an idle standby asks.
inline constexpr std::int64_t follow_wait_ms = 1000;
// On top of the wait, how long an answer may take to arrive before the primary counts as gone.
inline constexpr long follow_answer_margin_ms = 4000;
// After no answer or an error answer, the follower asks again this much later.
inline constexpr std::int64_t follow_retry_ms = 1000;
// When nothing new comes, or only the primary's head moved while the standby is in step, its
// position (replica_state: last contact, the primary's head) is written at most this often.
inline constexpr std::int64_t replica_state_write_every_ms = 5000;
// Replaying the events into the standby's tables (its views; Ledger::project_replicated) waits
// until the primary has had nothing new for this long: under load, the primary's replies wait
// for the standby's disk only, not for its replay too. At an evening's pace the views lag by it.
inline constexpr std::int64_t replay_idle_wait_ms = 50;
// Events written but not replayed are at most about this many (what `marshal promote` replays
// before the new epoch, about a second's work): past it, the standby replays under load too.
inline constexpr std::int64_t replay_lag_max_events = 10000;
// One replay's events, in one transaction: a new event's acknowledgement may wait for it.
inline constexpr std::int64_t replay_chunk_events = 200;

class ReplicaFollower {
 public:
  struct Options {
    std::string primary;  // the primary's pinned URL, as given to marshal serve --standby-of
    Fetch fetch;
    // After each durable batch, with the new head (the server wakes its feed's waiters).
    std::function<void(std::int64_t seq)> on_commit;
    // A line for the server's log, with its rate-limit key.
    std::function<void(const std::string& key, const std::string& line)> log;
    std::function<std::int64_t()> clock;  // ms since 1970
  };
  // Starts following at once on its own thread; `ledger` is this thread's alone until stop().
  ReplicaFollower(Ledger& ledger, Options options);
  ~ReplicaFollower();  // stop()
  ReplicaFollower(const ReplicaFollower&) = delete;
  ReplicaFollower& operator=(const ReplicaFollower&) = delete;

  // Ends the thread (within follow_wait_ms and an answer's time); the ledger is the caller's again.
  void stop();

  struct FollowStatus {
    std::int64_t seq = 0;              // this file's head
    std::int64_t replayed_seq = 0;     // the last event replayed into its tables (its views)
    std::int64_t primary_head = 0;     // the primary's, at its last answer
    std::int64_t primary_epoch = 0;    // 0 before the first answer
    std::int64_t last_contact_ms = 0;  // its last answer (0: none yet)
    bool in_sync = false;              // this file held the primary's whole chain at its last answer
    bool stopped = false;              // for good: `problem` says why
    std::string problem;               // empty while all is well
  };
  FollowStatus status() const;
  // Where the follower's time went, since it started (bench_ledger prints it).
  struct Stats {
    std::int64_t answers = 0;  // follow answers that brought events
    std::int64_t events = 0;
    double fetch_s = 0;        // asking and waiting for answers (the primary's long-poll included)
    double append_s = 0;       // checking and writing them, COMMIT included
    double replay_s = 0;       // replaying into the tables
  };
  Stats stats() const;

 private:
  void run();
  void start_checked();  // this file's own check before the first fetch (stops on a failure)
  void follow();
  bool follow_once();  // one ask and its append; false when the follower must stop
  void replay_backlog();  // every event held but not replayed, a chunk at a time (stops with stop())
  // One replay of at most `max_events` (Ledger::project_replicated); `left` gets how many remain.
  // False when it could not: an event that does not replay stops the follower for good, naming
  // it; another error (a locked file) stays in status().problem until a replay succeeds, and is
  // tried again later: it never holds up the copy, nor so the primary's replies.
  bool replay_chunk(std::int64_t max_events, std::int64_t& left);
  void set_problem(const std::string& key, const std::string& problem, bool stop_for_good);

  Ledger& ledger_;
  Options options_;
  mutable std::mutex mutex_;
  FollowStatus status_;  // guarded by mutex_
  Stats stats_;          // guarded by mutex_
  std::string replay_problem_;  // guarded by mutex_: why the last replay failed (empty: it did not)
  std::int64_t state_written_ms_ = 0;
  std::optional<ReplicaState> state_written_;  // what replica_state holds since state_written_ms_
  std::optional<std::string> admin_digest_;  // the admin snapshot this file holds (read once)
  std::condition_variable wake_;
  bool stopping_ = false;  // guarded by mutex_
  std::mutex join_mutex_;
  std::thread thread_;
};

}  // namespace marshal::db
