#pragma once
// When a camera's screen says "a card is seen: hold it still": a card waved past the camera, or
// held in a lamp's glare, shows its code on frame after frame without a read. CardHint is fed
// every frame's outcome and says when the hint is to appear or go. One frame's glimpse is not
// enough (a patterned sleeve passing by), and it goes at the read or soon after the card left.
// Something on the table that looks like a code to the finder would keep it up for ever: it goes
// after max_hint_ms, and comes back only once that something has left the view.
#include <cstdint>
#include <optional>

namespace marshal::scan {

// Decoded frames in a row with a code seen and none read before the hint shows (a tenth of a
// second of a card in view when the decoder keeps up with a 30 fps camera).
inline constexpr int seen_frames_to_show = 3;
// After a read, the card is taken away through frames too blurred to read: no hint for this long
// (milliseconds; the camera's double-read window, in which that card would not count again).
inline constexpr std::int64_t quiet_after_read_ms = 2000;
// The hint goes when no code has been seen for this long (milliseconds), so a card the finder
// misses on the odd frame keeps it steady rather than blinking.
inline constexpr std::int64_t unseen_ms_to_hide = 300;
// The longest the hint stays up without a read (milliseconds): a person holding a card has read
// it by then; what is still "seen" is part of the scene.
inline constexpr std::int64_t max_hint_ms = 5000;

class CardHint {
 public:
  // One frame: whether a code was read on it, and whether one was seen (read or not); a wait
  // for a frame that brought none counts as a frame with nothing seen. Returns true when the hint
  // is to appear, false when it is to go, nothing when it stays as it is.
  std::optional<bool> frame(bool read, bool seen, std::int64_t time_ms);
  bool shown() const { return shown_; }

 private:
  bool shown_ = false;
  bool silenced_ = false;  // up for max_hint_ms; quiet until nothing is seen for unseen_ms_to_hide
  int seen_in_a_row_ = 0;
  std::int64_t last_seen_ms_ = 0;
  std::int64_t shown_at_ms_ = 0;
  std::int64_t read_at_ms_ = -quiet_after_read_ms;  // no read yet: not quiet at the start
};

}  // namespace marshal::scan
