#pragma once
// Where one reader of a station's feed stands (the GM window's live panel, the offices page):
// the last event it read, and how many times it has seen the feed start again (a standby
// promoted: client/ledger_watch.h). Each reader keeps its own, so none takes another's events.
#include <cstdint>

namespace marshal::client {

struct FeedCursor {
  std::int64_t after = 0;
  std::int64_t restarts_seen = 0;
};

}  // namespace marshal::client
