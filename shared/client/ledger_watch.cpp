#include "client/ledger_watch.h"

#include <algorithm>

namespace marshal::client {

LedgerWatch::LedgerWatch(ClientConfig config, std::chrono::milliseconds every)
    : client_(std::move(config)), repeater_(every, [this] { turn(); }) {}

void LedgerWatch::turn() {
  // The outbox first (or /health when it is empty): whether the ledger answers at all.
  const SyncReport sync = client_.sync();
  const bool online = sync.online;
  std::optional<Json> feed;
  View timers;
  if (online) {
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

std::vector<Json> LedgerWatch::events_after(std::int64_t after) {
  std::lock_guard lock(mutex_);
  while (!events_.empty() && events_.front()["seq"].get<std::int64_t>() <= after) events_.pop_front();
  return {events_.begin(), events_.end()};
}

std::optional<Json> LedgerWatch::timers() const {
  std::lock_guard lock(mutex_);
  return timers_;
}

}  // namespace marshal::client
