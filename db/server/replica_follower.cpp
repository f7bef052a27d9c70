#include "server/replica_follower.h"

#include <pthread.h>

#include <chrono>

#include <fmt/format.h>

#include "i18n/translate.h"
#include "ledger/replica_answer.h"
#include "ledger/station_events.h"
#include "ledger/verify.h"
#include "store/hash_chain.h"

namespace marshal::db {

using i18n::tr;

namespace {
using SteadyClock = std::chrono::steady_clock;
double seconds_since(SteadyClock::time_point start) {
  return std::chrono::duration<double>(SteadyClock::now() - start).count();
}
}  // namespace

ReplicaFollower::ReplicaFollower(Ledger& ledger, Options options) : ledger_(ledger), options_(std::move(options)) {
  thread_ = std::thread([this] {
    pthread_setname_np(pthread_self(), "ledger-follow");  // named in top, perf and gdb
    run();
  });
}

ReplicaFollower::~ReplicaFollower() { stop(); }

void ReplicaFollower::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  std::lock_guard once(join_mutex_);  // the server's shutdown and a promotion may both stop it
  if (thread_.joinable()) thread_.join();
}

ReplicaFollower::FollowStatus ReplicaFollower::status() const {
  std::lock_guard lock(mutex_);
  return status_;
}

ReplicaFollower::Stats ReplicaFollower::stats() const {
  std::lock_guard lock(mutex_);
  return stats_;
}

void ReplicaFollower::set_problem(const std::string& key, const std::string& problem, bool stop_for_good) {
  {
    std::lock_guard lock(mutex_);
    status_.problem = problem;
    status_.stopped = stop_for_good;
    status_.in_sync = false;
  }
  if (options_.log) options_.log(key, problem);
}

void ReplicaFollower::run() {
  // A file edited since it was last served is refused before anything is added to it: the
  // verification names the first event that fails.
  try {
    start_checked();
  } catch (const ReplicaMismatch& e) {
    // Its replay mark is not an event's number, or names one past its last (replayed_seq).
    // TRANSLATORS: {} says what is wrong with the file (it names the mark).
    set_problem("standby", fmt::format(fmt::runtime(tr("this standby's own file fails its check: {}. It follows no more: "
                                                       "start it from a new file")),
                                       e.what()),
                true);
  } catch (const std::exception& e) {
    // TRANSLATORS: {} says what went wrong (an unreadable file).
    set_problem("standby", fmt::format(fmt::runtime(tr("could not check this standby's own file: {}")), e.what()), true);
  }
  if (status().stopped) return;
  follow();
}

void ReplicaFollower::start_checked() {
  const ReplicaHead start = ledger_.replica_head();
  {
    std::lock_guard lock(mutex_);
    status_.seq = start.seq;
    status_.replayed_seq = replayed_seq(ledger_.database()).value_or(start.seq);
  }
  if (start.seq > 0) {
    const VerifyReport report = verify_ledger(ledger_.database().path());
    if (!report.ok) {
      // TRANSLATORS: {0} is the event that failed (0: none in particular), {1} why.
      set_problem("standby", fmt::format(fmt::runtime(tr("this standby's own file fails its check at event {}: {}. It "
                                                         "follows no more: start it from a new file")),
                                         report.failed_seq, report.reason),
                  true);
    }
  }
}

void ReplicaFollower::follow() {
  for (;;) {
    {
      std::lock_guard lock(mutex_);
      if (stopping_) return;
    }
    bool again = false;
    try {
      again = follow_once();
    } catch (const ReplicaMismatch& m) {
      // TRANSLATORS: {0} is the primary's address, {1} why its answer cannot be appended.
      set_problem("standby", fmt::format(fmt::runtime(tr("the chain from {} cannot follow this file's: {}. It follows no "
                                                         "more (docs/server.md, A standby ledger)")),
                                         options_.primary, m.what()),
                  true);
      return;
    } catch (const std::exception& e) {
      // TRANSLATORS: {} says what went wrong (a full disk, a locked file).
      set_problem("standby", fmt::format(fmt::runtime(tr("could not write what the primary sent: {}")), e.what()), false);
      again = false;
    }
    if (status().stopped) return;
    if (!again) {
      // The primary brought nothing (gone, refusing, or an answer that is not a chain): the very
      // time stations read from this standby, so its views catch up with what it holds.
      replay_backlog();
      if (status().stopped) return;
      std::unique_lock lock(mutex_);
      wake_.wait_for(lock, std::chrono::milliseconds(follow_retry_ms), [this] { return stopping_; });
    }
  }
}

void ReplicaFollower::replay_backlog() {
  for (;;) {
    {
      std::lock_guard lock(mutex_);
      if (stopping_) return;
    }
    std::int64_t left = 0;
    if (!replay_chunk(replay_chunk_events, left) || left == 0) return;
  }
}

bool ReplicaFollower::replay_chunk(std::int64_t max_events, std::int64_t& left) {
  const auto start = SteadyClock::now();
  try {
    left = ledger_.project_replicated(max_events);
    std::lock_guard lock(mutex_);
    stats_.replay_s += seconds_since(start);
    status_.replayed_seq = status_.seq - left;
    if (!replay_problem_.empty() && status_.problem == replay_problem_) status_.problem.clear();
    replay_problem_.clear();
    return true;
  } catch (const ReplicaMismatch& m) {
    // TRANSLATORS: {} why an event held here does not replay.
    set_problem("standby", fmt::format(fmt::runtime(tr("an event this standby holds does not replay: {}. It follows "
                                                       "no more (docs/server.md, A standby ledger)")),
                                       m.what()),
                true);
  } catch (const std::exception& e) {
    // TRANSLATORS: {} says what went wrong (a full disk, a locked file).
    const std::string problem = fmt::format(fmt::runtime(tr("could not replay what this standby holds: {}")), e.what());
    bool first_time = false;
    {
      std::lock_guard lock(mutex_);
      first_time = replay_problem_ != problem;
      replay_problem_ = status_.problem = problem;
    }
    if (first_time && options_.log) options_.log("standby", problem);  // once, not on every turn it lasts
  }
  return false;
}

bool ReplicaFollower::follow_once() {
  ReplicaHead head;
  Epoch mine;
  std::int64_t unreplayed = 0;
  {
    // One read of the file for all four: a read transaction each costs more than its query.
    ReadTransaction one_read(ledger_.database());
    head = ledger_.replica_head();
    mine = current_epoch(ledger_.database());
    if (!admin_digest_) admin_digest_ = read_replica_state(ledger_.database()).value_or(ReplicaState{}).admin_digest;
    unreplayed = head.seq - replayed_seq(ledger_.database()).value_or(head.seq);
  }
  // With events to replay, a short wait: an answer with nothing new says the primary is idle.
  const std::int64_t wait_ms = unreplayed > 0 ? replay_idle_wait_ms : follow_wait_ms;
  const std::string path =
      fmt::format("/replica/follow?after={}&after_hash={}&refusals_after={}&admin={}&wait_ms={}", head.seq,
                  to_hex(head.hash), head.refusal_id, *admin_digest_, wait_ms);
  const auto fetch_start = SteadyClock::now();
  const FetchReply reply = options_.fetch(path, mine.epoch, wait_ms + follow_answer_margin_ms);
  {
    std::lock_guard lock(mutex_);
    stats_.fetch_s += seconds_since(fetch_start);
  }
  const std::int64_t now = options_.clock();
  if (!reply.reached) {
    // TRANSLATORS: {0} is the primary's address, {1} why it did not answer.
    set_problem("primary", fmt::format(fmt::runtime(tr("the primary {} does not answer: {}")), options_.primary,
                                       reply.error),
                false);
    return false;
  }
  // An error answer is small and rare: read as JSON, null when it is not.
  protocol::Json body;
  if (reply.status != 200) {
    try {
      body = protocol::parse_json(reply.text, "");
    } catch (const protocol::InputError&) {
    }
  }
  const protocol::Json* error = body.is_object() && body.contains("error") ? &body["error"] : nullptr;
  if (reply.status == 409 && error && error->value("code", "") == "chain_diverged") {
    // TRANSLATORS: {0} is the primary's address, {1} an event's number.
    set_problem("standby", fmt::format(fmt::runtime(tr("this file and the primary {} part at event {}: it follows no "
                                                       "more (docs/server.md, A standby ledger)")),
                                       options_.primary, error->value("seq", head.seq)),
                true);
    return false;
  }
  if (reply.status != 200) {
    const std::string why = error ? error->value("reason", "") : std::string();
    // TRANSLATORS: {0} is the primary's address, {1} an HTTP status, {2} the primary's reason.
    set_problem("primary", fmt::format(fmt::runtime(tr("the primary {} refused to be followed: {} {}")), options_.primary,
                                       reply.status, why),
                reply.status == 401 || reply.status == 403 || reply.status == 421);
    return false;
  }
  FollowAnswer answer;
  try {
    answer = read_follow_answer(reply.text);
  } catch (const protocol::InputError& e) {
    // TRANSLATORS: {0} is the primary's address, {1} what was wrong in its answer.
    set_problem("primary", fmt::format(fmt::runtime(tr("the primary {} sent an answer that is not a chain: {}")),
                                       options_.primary, e.what()),
                false);
    return false;
  }
  const std::int64_t primary_epoch = answer.epoch, primary_head = answer.head;
  const bool synchronous = answer.synchronous;
  const ReplicaBatch& batch = answer.batch;
  if (primary_epoch < mine.epoch) {
    // TRANSLATORS: {0} is the primary's address, {1} and {2} epochs (1, 2, ...).
    set_problem("standby", fmt::format(fmt::runtime(tr("{} is at epoch {}, this file at {}: it is an old primary, "
                                                       "replaced. This standby follows no more")),
                                       options_.primary, primary_epoch, mine.epoch),
                true);
    return false;
  }
  std::int64_t seq = head.seq;
  if (!batch.events.empty()) seq = batch.events.back().seq;
  const bool admin_applied = batch.admin && seq >= batch.admin->as_of_seq;
  const bool written = !batch.events.empty() || !batch.refusals.empty() || admin_applied;
  // In step: it holds the primary's head, or the primary's replies wait for it (what it lacks
  // was never acknowledged to a station). What marshal promote asks of the last contact.
  const bool in_sync = seq >= primary_head || synchronous;
  {
    std::lock_guard lock(mutex_);
    status_.primary_head = primary_head;
    status_.primary_epoch = primary_epoch;
    status_.last_contact_ms = now;
    status_.in_sync = in_sync;
    status_.problem = replay_problem_;  // a replay that keeps failing stays in view
  }
  ReplicaState state{.primary = options_.primary,
                     .primary_epoch = primary_epoch,
                     .primary_head = primary_head,
                     .last_contact_ms = now,
                     .in_sync = in_sync,
                     .admin_digest = admin_applied ? batch.admin->digest : *admin_digest_,
                     .role = ""};  // the operator's: never undone here
  // In step before and now, at the same epoch with the same admin snapshot: only the primary's
  // head and the time moved, which marshal promote does not weigh then. Written every
  // replica_state_write_every_ms, not with every batch (six rows fewer a turn, under load);
  // append_replicated refuses a promoted file either way.
  const bool state_news = !state_written_ || !in_sync || !state_written_->in_sync ||
                          state_written_->primary_epoch != primary_epoch ||
                          state_written_->admin_digest != state.admin_digest;
  const bool write_state = state_news || now - state_written_ms_ >= replica_state_write_every_ms;
  if (written || write_state) {
    if (written) {
      const auto append_start = SteadyClock::now();
      ledger_.append_replicated(batch, write_state ? &state : nullptr);
      // An admin snapshot replays the event's definition first (its PINs name characters): the
      // mark may have moved, and /health says so now rather than at the next replay.
      const std::optional<std::int64_t> mark =
          admin_applied ? replayed_seq(ledger_.database()) : std::optional<std::int64_t>();
      std::lock_guard lock(mutex_);
      if (mark) status_.replayed_seq = *mark;
      stats_.append_s += seconds_since(append_start);
      if (!batch.events.empty()) {
        ++stats_.answers;
        stats_.events += static_cast<std::int64_t>(batch.events.size());
      }
    } else
      write_replica_state(ledger_.database(), state);
    if (write_state) {
      state_written_ms_ = now;
      state_written_ = state;
    }
    admin_digest_ = state.admin_digest;
  }
  if (!batch.events.empty()) {
    {
      std::lock_guard lock(mutex_);
      status_.seq = seq;
    }
    if (options_.on_commit) options_.on_commit(seq);
  }
  const std::int64_t to_replay = unreplayed + static_cast<std::int64_t>(batch.events.size());
  // Nothing new for replay_idle_wait_ms: the primary is idle.
  const bool idle = batch.events.empty() && batch.refusals.empty();
  if (to_replay > 0 && (idle || (to_replay > replay_lag_max_events && !batch.events.empty()))) {
    // Idle, a chunk. Past the lag bound under load, as many as this answer brought: the backlog
    // does not grow, and each turn takes its share (a whole chunk every dozen turns held the
    // primary's replies some 10 ms each time: bench_ledger --events 20000, p99 16-19 ms).
    std::int64_t left = 0;
    replay_chunk(idle ? replay_chunk_events : static_cast<std::int64_t>(batch.events.size()), left);
  } else if (to_replay == 0) {
    std::lock_guard lock(mutex_);
    status_.replayed_seq = seq;
  }
  return true;
}

}  // namespace marshal::db
