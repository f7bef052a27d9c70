// When the camera's "hold it still" hint appears and goes (scan/card_hint.h), frame by frame: the
// same rules under every window that shows it (GM station, kiosk).
#include <catch2/catch.hpp>

#include "scan/card_hint.h"

using namespace marshal::scan;

namespace {

constexpr std::int64_t frame_ms = 33;  // a 30 fps camera

}  // namespace

TEST_CASE("the hint appears on the third frame in a row with a code seen and none read", "[scan][hint]") {
  CardHint hint;
  std::int64_t t = 0;
  for (int i = 1; i < seen_frames_to_show; ++i) CHECK_FALSE(hint.frame(false, true, t += frame_ms).has_value());
  CHECK(hint.frame(false, true, t += frame_ms) == std::optional<bool>(true));
  CHECK(hint.shown());
  // Seen again: it stays, and says nothing.
  CHECK_FALSE(hint.frame(false, true, t += frame_ms).has_value());
}

TEST_CASE("a frame with nothing seen starts the count again", "[scan][hint]") {
  CardHint hint;
  std::int64_t t = 0;
  hint.frame(false, true, t += frame_ms);
  hint.frame(false, true, t += frame_ms);
  CHECK_FALSE(hint.frame(false, false, t += frame_ms).has_value());  // a sleeve passing by
  hint.frame(false, true, t += frame_ms);
  CHECK_FALSE(hint.frame(false, true, t += frame_ms).has_value());
  CHECK_FALSE(hint.shown());
  CHECK(hint.frame(false, true, t += frame_ms) == std::optional<bool>(true));
}

TEST_CASE("a read takes the hint away at once, and never shows it", "[scan][hint]") {
  CardHint hint;
  std::int64_t t = 0;
  for (int i = 0; i < seen_frames_to_show; ++i) hint.frame(false, true, t += frame_ms);
  REQUIRE(hint.shown());
  CHECK(hint.frame(true, true, t += frame_ms) == std::optional<bool>(false));
  CHECK_FALSE(hint.shown());
  // Read on every frame: a card held still is never told to hold still.
  for (int i = 0; i < 2 * seen_frames_to_show; ++i) CHECK_FALSE(hint.frame(true, true, t += frame_ms).has_value());
}

TEST_CASE("after a read, the card taken away blurred is no reason for the hint for quiet_after_read_ms",
          "[scan][hint]") {
  CardHint hint;
  const std::int64_t read_at = 1000;
  REQUIRE_FALSE(hint.frame(true, true, read_at).has_value());
  std::int64_t t = read_at;
  while (t + frame_ms < read_at + quiet_after_read_ms) CHECK_FALSE(hint.frame(false, true, t += frame_ms).has_value());
  CHECK_FALSE(hint.shown());
  // From quiet_after_read_ms on, the frames count again: the hint on the third.
  t = read_at + quiet_after_read_ms;
  CHECK_FALSE(hint.frame(false, true, t).has_value());
  CHECK_FALSE(hint.frame(false, true, t += frame_ms).has_value());
  CHECK(hint.frame(false, true, t += frame_ms) == std::optional<bool>(true));
}

TEST_CASE("a camera that stops bringing frames takes the hint away like frames with nothing seen", "[scan][hint]") {
  CardHint hint;
  std::int64_t t = 0;
  for (int i = 0; i < seen_frames_to_show; ++i) hint.frame(false, true, t += frame_ms);
  REQUIRE(hint.shown());
  // CameraScanner feeds each wait that brought no frame (200 ms, camera_poll_ms) as one.
  CHECK_FALSE(hint.frame(false, false, t + 200).has_value());
  CHECK(hint.frame(false, false, t + 400) == std::optional<bool>(false));
}

TEST_CASE("the hint goes once nothing has been seen for unseen_ms_to_hide", "[scan][hint]") {
  CardHint hint;
  std::int64_t t = 0;
  for (int i = 0; i < seen_frames_to_show; ++i) hint.frame(false, true, t += 10);
  REQUIRE(hint.shown());
  const std::int64_t last_seen = t;
  CHECK_FALSE(hint.frame(false, false, last_seen + unseen_ms_to_hide - 1).has_value());  // one miss: it stays
  CHECK(hint.shown());
  CHECK(hint.frame(false, false, last_seen + unseen_ms_to_hide) == std::optional<bool>(false));
  CHECK_FALSE(hint.frame(false, false, last_seen + 2 * unseen_ms_to_hide).has_value());  // said once
}

TEST_CASE("seen again before the time is up keeps the hint without a blink", "[scan][hint]") {
  CardHint hint;
  std::int64_t t = 0;
  for (int i = 0; i < seen_frames_to_show; ++i) hint.frame(false, true, t += frame_ms);
  REQUIRE(hint.shown());
  CHECK_FALSE(hint.frame(false, false, t + unseen_ms_to_hide - 1).has_value());
  t += unseen_ms_to_hide - 1;
  CHECK_FALSE(hint.frame(false, true, t += 1).has_value());  // back in view: still shown, no change
  CHECK_FALSE(hint.frame(false, false, t + unseen_ms_to_hide - 1).has_value());
  CHECK(hint.shown());
}

TEST_CASE("a code-like thing that stays in view has the hint for max_hint_ms, then not until it leaves", "[scan][hint]") {
  CardHint hint;
  std::int64_t t = 0;
  for (int i = 0; i < seen_frames_to_show; ++i) hint.frame(false, true, t += frame_ms);
  REQUIRE(hint.shown());
  const std::int64_t shown_at = t;
  CHECK_FALSE(hint.frame(false, true, shown_at + max_hint_ms - 1).has_value());
  CHECK(hint.frame(false, true, shown_at + max_hint_ms) == std::optional<bool>(false));
  // Still in view: quiet, frame after frame.
  t = shown_at + max_hint_ms;
  for (int i = 0; i < 100; ++i) CHECK_FALSE(hint.frame(false, true, t += frame_ms).has_value());
  // Out of view for less than unseen_ms_to_hide: still quiet when it is back.
  CHECK_FALSE(hint.frame(false, false, t + unseen_ms_to_hide - 1).has_value());
  t += unseen_ms_to_hide - 1;
  for (int i = 0; i < 2 * seen_frames_to_show; ++i) CHECK_FALSE(hint.frame(false, true, t += frame_ms).has_value());
  // Gone for unseen_ms_to_hide: the next card in view has the hint again.
  CHECK_FALSE(hint.frame(false, false, t + unseen_ms_to_hide).has_value());
  t += unseen_ms_to_hide;
  for (int i = 1; i < seen_frames_to_show; ++i) CHECK_FALSE(hint.frame(false, true, t += frame_ms).has_value());
  CHECK(hint.frame(false, true, t += frame_ms) == std::optional<bool>(true));
}
