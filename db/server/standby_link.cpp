#include "server/standby_link.h"

#include <algorithm>
#include <vector>

namespace marshal::db {

const char* to_string(StandbyLink::State state) {
  switch (state) {
    case StandbyLink::State::none: return "none";
    case StandbyLink::State::behind: return "behind";
    case StandbyLink::State::in_sync: return "in_sync";
    case StandbyLink::State::going_alone: return "going_alone";
    case StandbyLink::State::alone: return "alone";
  }
  return "?";
}

StandbyLink::StandbyLink(WriteAlone write_alone, WriteInSync write_in_sync)
    : write_alone_(std::move(write_alone)), write_in_sync_(std::move(write_in_sync)) {}

void StandbyLink::set_state(State state, std::int64_t now) {
  status_.state = state;
  status_.since_ms = now;
}

void StandbyLink::followed(const std::string& name, std::int64_t acked, std::int64_t head, std::int64_t now) {
  std::vector<Release> released;
  bool back_in_step = false;
  {
    std::lock_guard lock(mutex_);
    last_request_ms_ = now;
    status_.standby = name;
    status_.acked_seq = std::max(status_.acked_seq, acked);
    while (!held_.empty() && held_.front().seq <= status_.acked_seq) {
      released.push_back(std::move(held_.front().release));
      held_.pop_front();
    }
    const State state = status_.state;
    if (state != State::in_sync && state != State::going_alone) {
      if (acked >= head || (answered_head_ >= 0 && acked >= answered_head_)) {
        set_state(State::in_sync, now);
        back_in_step = true;
      } else if (state == State::none) {
        set_state(State::behind, now);
      }
    }
    status_.held = static_cast<std::int64_t>(held_.size());
  }
  for (Release& r : released) r(true);
  if (back_in_step && write_in_sync_) write_in_sync_(name, acked);
}

void StandbyLink::answered(std::int64_t head) {
  std::lock_guard lock(mutex_);
  answered_head_ = head;
}

void StandbyLink::hold(std::int64_t seq, Release release, std::int64_t now) {
  {
    std::lock_guard lock(mutex_);
    const bool holding = status_.state == State::in_sync || status_.state == State::going_alone;
    if (seq > 0 && holding && seq > status_.acked_seq) {
      held_.push_back({seq, std::move(release), now});
      status_.held = static_cast<std::int64_t>(held_.size());
      return;
    }
  }
  release(true);
}

void StandbyLink::tick(std::int64_t now) {
  std::string standby, why;
  std::int64_t acked = 0, waited = 0;
  {
    std::lock_guard lock(mutex_);
    if (status_.state != State::in_sync) return;
    const bool late = !held_.empty() && now - held_.front().since_ms >= standby_ack_wait_ms;
    const bool absent = now - last_request_ms_ >= standby_absent_after_ms;
    if (!late && !absent) return;
    set_state(State::going_alone, now);
    standby = status_.standby;
    acked = status_.acked_seq;
    waited = late ? now - held_.front().since_ms : now - last_request_ms_;
    why = late ? "behind" : "no_answer";  // i18n: not words (the event's codes)
  }
  write_alone_(standby, acked, waited, why, [this, now](bool durable) {
    std::deque<Held> released;
    {
      std::lock_guard lock(mutex_);
      set_state(State::alone, now);
      released.swap(held_);
      status_.held = 0;
    }
    for (Held& h : released) h.release(durable);
  });
}

void StandbyLink::release_all() {
  std::deque<Held> released;
  {
    std::lock_guard lock(mutex_);
    released.swap(held_);
    status_.held = 0;
  }
  for (Held& h : released) h.release(false);
}

StandbyLink::LinkStatus StandbyLink::status() const {
  std::lock_guard lock(mutex_);
  return status_;
}

}  // namespace marshal::db
