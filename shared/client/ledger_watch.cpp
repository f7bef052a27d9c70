#include "client/ledger_watch.h"

#include <algorithm>

namespace marshal::client {

LedgerWatch::LedgerWatch(ClientConfig config, std::chrono::milliseconds every)
    : client_(std::move(config)), epoch_seen_(client_.known_epoch()), repeater_(every, [this] { turn(); }) {}

void LedgerWatch::turn() {
  // The outbox first (or /health when it is empty): whether the ledger answers at all.
  const SyncReport sync = client_.sync();
  const bool online = sync.online;
  // A new epoch (a standby promoted): its events after the promotion may carry seqs this watch
  // saw on the old ledger (events the old one held that never reached the standby); the feed
  // goes on from just before the promotion, once /health has said where that is.
  if (client_.known_epoch() > epoch_seen_ && client_.epoch_seq() > 0) {
    std::lock_guard lock(mutex_);
    if (epoch_seen_ > 0) {
      after_ = std::min(after_, client_.epoch_seq() - 1);
      restarts_.restarted_from(after_);
      // What the old ledger showed past the promotion never reached the new one.
      std::erase_if(events_, [&](const Json& e) { return e["seq"].get<std::int64_t>() > after_; });
    }
    epoch_seen_ = client_.known_epoch();
  }
  std::optional<Json> feed;
  View timers;
  // A new epoch whose start /health has not told yet: its feed waits a turn, rather than be read
  // from the old ledger's place.
  const bool epoch_start_unknown = client_.known_epoch() > epoch_seen_ && epoch_seen_ > 0 && client_.epoch_seq() == 0;
  if (online && !epoch_start_unknown) {
    std::int64_t after;
    {
      std::lock_guard lock(mutex_);
      after = after_;
    }
    feed = client_.feed(after, 0);
    timers = client_.timers();
  }
  std::lock_guard lock(mutex_);
  online_ = online;
  wrong_key_ = sync.wrong_key;
  current_server_ = client_.servers().current();
  health_ = client_.last_health();
  if (feed && feed->contains("events") && (*feed)["events"].is_array()) {
    for (const Json& e : (*feed)["events"]) {
      if (!e.is_object() || !e.contains("seq") || !e["seq"].is_number_integer()) continue;
      after_ = std::max(after_, e["seq"].get<std::int64_t>());
      events_.push_back(e);
    }
    while (events_.size() > max_events_kept) events_.pop_front();
  }
  if (timers.found && !timers.from_cache) timers_ = timers.data;
}

std::optional<bool> LedgerWatch::online() const {
  std::lock_guard lock(mutex_);
  return online_;
}

bool LedgerWatch::wrong_key() const {
  std::lock_guard lock(mutex_);
  return wrong_key_;
}

std::string LedgerWatch::current_server() const {
  std::lock_guard lock(mutex_);
  return current_server_;
}

Json LedgerWatch::health() const {
  std::lock_guard lock(mutex_);
  return health_;
}

std::vector<Json> LedgerWatch::events_after(FeedCursor& cursor) {
  std::lock_guard lock(mutex_);
  restarts_.bring_back(cursor);
  // Kept for every reader (the watch keeps the newest max_events_kept): none takes another's.
  std::vector<Json> newer;
  for (const Json& e : events_)
    if (e["seq"].get<std::int64_t>() > cursor.after) newer.push_back(e);
  if (!newer.empty()) cursor.after = newer.back()["seq"].get<std::int64_t>();
  return newer;
}

std::optional<Json> LedgerWatch::timers() const {
  std::lock_guard lock(mutex_);
  return timers_;
}

}  // namespace marshal::client
