#include "scan/card_hint.h"

#include <algorithm>

namespace marshal::scan {

std::optional<bool> CardHint::frame(bool read, bool seen, std::int64_t time_ms) {
  const bool was_shown = shown_;
  if (read) {  // the card in view was read: the hint is done with
    seen_in_a_row_ = 0;
    last_seen_ms_ = read_at_ms_ = time_ms;
    shown_ = silenced_ = false;
  } else if (seen) {
    last_seen_ms_ = time_ms;
    if (time_ms - read_at_ms_ < quiet_after_read_ms) return std::nullopt;  // the card read, going
    seen_in_a_row_ = std::min(seen_in_a_row_ + 1, seen_frames_to_show);
    if (shown_ && time_ms - shown_at_ms_ >= max_hint_ms) {
      shown_ = false;
      silenced_ = true;
    } else if (!shown_ && !silenced_ && seen_in_a_row_ >= seen_frames_to_show) {
      shown_ = true;
      shown_at_ms_ = time_ms;
    }
  } else {
    seen_in_a_row_ = 0;
    if (time_ms - last_seen_ms_ >= unseen_ms_to_hide) shown_ = silenced_ = false;
  }
  if (shown_ == was_shown) return std::nullopt;
  return shown_;
}

}  // namespace marshal::scan
