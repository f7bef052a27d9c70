#pragma once
// Asks the ledger, on a thread of its own, what a station's window shows without anyone asking:
// whether the ledger answers, what is new in the feed, the timers; and sends the station's
// outbox. The window reads the last answers and never waits on the network for them. On a venue
// network that drops packets silently every request costs its whole timeout (2 s at a GM
// station), and a window asking from its own thread was held up for seconds at a time, keys and
// scans waiting (docs/gmstation.md "When the network drops", tests/bench/bench_offline.cpp).
#include <chrono>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include "client/feed_cursor.h"
#include "client/ledger_client.h"
#include "client/repeater.h"

namespace marshal::client {

class LedgerWatch {
 public:
  // How often the watch asks the ledger when nobody asks it to ask sooner.
  static constexpr std::chrono::milliseconds default_every{2000};
  // Feed events kept for the window between two of its reads; older ones are dropped first
  // (the window shows the newest few dozen).
  static constexpr std::size_t max_events_kept = 1000;

  // `config` names the station's cache file: the watch opens its own connection to it (and its
  // own HTTP connection), sharing the config's sync lock with the window's client.
  explicit LedgerWatch(ClientConfig config, std::chrono::milliseconds every = default_every);

  // What the last turn found: the ledger answered, or did not. Unknown before the first turn.
  std::optional<bool> online() const;
  // True only when the last turn found the ledger out of reach: the window then goes to its
  // cache at once instead of waiting a timeout on every scan.
  bool known_offline() const { return online() == false; }
  // The last turn met a server with another key than the one the station's card pinned.
  bool wrong_key() const;
  // The address the watch talks to now (pinned; it moves to another listed server when this one
  // stops answering as the ledger: client/server_list.h).
  std::string current_server() const;
  // The current server's last /health (its role, its standby's state); null before any.
  Json health() const;
  // The feed's events after the cursor (each as GET /events gives it), oldest first; the cursor
  // moves past them. After the feed started again before a promotion, each cursor goes back to
  // where it started (the new ledger's seqs after it are not the old one's), once, and says so
  // (FeedCursor::went_back_to).
  std::vector<Json> events_after(FeedCursor& cursor);
  // GET /timers as the last turn that reached the ledger read it.
  std::optional<Json> timers() const;
  // Asks again now rather than at the next turn (a record just made).
  void ask_now() { repeater_.ask_now(); }
  // Waits at most `max_wait` for a turn begun after this call; true when one ended.
  bool wait_for_turn(std::chrono::milliseconds max_wait) { return repeater_.wait_for_turn(max_wait); }

 private:
  void turn();

  LedgerClient client_;  // used by the watch's thread only
  mutable std::mutex mutex_;
  std::optional<bool> online_;
  bool wrong_key_ = false;
  std::string current_server_;
  Json health_;
  // Where the feed started again before each promotion.
  FeedRestarts restarts_;
  std::optional<Json> timers_;
  std::deque<Json> events_;
  std::int64_t after_ = 0;
  std::int64_t epoch_seen_ = 0;  // the epoch the feed's after_ belongs to (the watch's thread only)
  Repeater repeater_;  // last: its thread starts once the rest is ready, and stops first
};

}  // namespace marshal::client
