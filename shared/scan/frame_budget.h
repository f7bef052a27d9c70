#pragma once
// How long the decoder may work on one camera frame (issue 31): most of the time until the next
// frame, so that it reads every frame the camera gives and no more waits. A webcam in a dim
// saloon lengthens its exposure and gives 15 frames a second or fewer instead of 30: each frame
// then has twice the time, and the decoder's later attempts (crops, deblurring) get to run.
//
// The interval is measured from the frames' timestamps (GStreamer's PTS), not taken from the
// caps: a camera that lowers its rate in poor light still announces 30 a second. While the
// decoder works, the appsink drops all but the newest frame, so two frames that reach it may be
// two or more intervals apart: each gap is divided by the frames it spans, from the frames'
// numbers. Without that division a decoder slower than the camera would measure a longer
// interval, take a longer budget, fall further behind, and so on up to the ceiling. Frames
// without numbers (or without timestamps) give no interval: the budget stays the decoder's own.
#include <cstdint>
#include <deque>

namespace marshal::scan {

// The share of the frame interval the decoder may use: the rest is GStreamer's conversion of the
// next frame and the hint's bookkeeping, on the same core.
inline constexpr double budget_share_of_interval = 0.8;
// Bounds of the budget, in milliseconds. Below the floor the decoder's first pass alone does not
// fit on a 1280x720 frame on this kind of machine (about 4 ms) with a crop read after it; above
// the ceiling a read shows late, and a camera that slow (under 8 frames a second) smears every
// moving card anyway.
inline constexpr double budget_floor_ms = 10;
inline constexpr double budget_ceiling_ms = 100;
// How many gaps between frames the interval is taken from (the shortest of them: a frame late
// from the driver makes one gap long and the next short).
inline constexpr std::size_t interval_gaps_kept = 16;
// A frame interval longer than this (milliseconds) is a pause (the camera stalled), not the
// camera's rate: it is not counted.
inline constexpr std::int64_t longest_gap_ms = 1000;

class FrameBudget {
 public:
  // `unknown_ms`: the budget while no interval is known (the first frame, frames without a
  // timestamp or a number): DecoderOptions::budget_ms.
  explicit FrameBudget(double unknown_ms) : unknown_ms_(unknown_ms) {}
  // The budget for frame `number` of the stream, stamped `pts_ns` (nanoseconds); negative: not
  // known.
  double for_frame(std::int64_t pts_ns, std::int64_t number);
  // The camera's interval as measured (milliseconds), 0 while unknown.
  double interval_ms() const;

 private:
  double unknown_ms_;
  std::int64_t last_pts_ns_ = -1;
  std::int64_t last_number_ = -1;
  std::deque<std::int64_t> gaps_ns_;  // the newest last
};

}  // namespace marshal::scan
