#pragma once
// Where one reader of a station's feed stands (the GM window's live panel, the offices page):
// the last event it read, and how many times it has seen the feed start again (a standby
// promoted: client/ledger_watch.h). Each reader keeps its own, so none takes another's events.
#include <algorithm>
#include <cstdint>
#include <optional>
#include <vector>

namespace marshal::client {

struct FeedCursor {
  std::int64_t after = 0;
  std::int64_t restarts_seen = 0;
  // Set when the feed started again since this reader's last read, to where it went back: what
  // the reader keeps past it (a list of decisions) was the old ledger's, not the new one's. The
  // reader clears it once it has dropped those.
  std::optional<std::int64_t> went_back_to;
};

// The places the feed started again from, one per promotion seen, kept so that a reader who
// missed several goes back to the lowest of those it missed (two promotions between two reads of
// the offices page: the second's place may be above what the first one took away).
class FeedRestarts {
 public:
  void restarted_from(std::int64_t after) { floors_.push_back(after); }
  std::int64_t count() const { return static_cast<std::int64_t>(floors_.size()); }
  // Moves the cursor back for every restart it has not seen yet, once.
  void bring_back(FeedCursor& cursor) const {
    if (cursor.restarts_seen >= count()) return;
    const std::int64_t floor = *std::min_element(floors_.begin() + cursor.restarts_seen, floors_.end());
    cursor.after = std::min(cursor.after, floor);
    cursor.went_back_to = std::min(floor, cursor.went_back_to.value_or(floor));
    cursor.restarts_seen = count();
  }

 private:
  std::vector<std::int64_t> floors_;  // a few an evening at most: one per promotion
};

}  // namespace marshal::client
