#pragma once
// QR codes from camera frames (8-bit grey, any row stride) with ZXing-C++. A real table is hard
// on a camera: any rotation, skew, blur, dim and uneven light, small modules. One ZXing pass
// misses some frames, so the decoder retries with other binarizers and scales while its time
// budget lasts, and reports how long it took.
#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

namespace marshal::scan {

struct GrayFrame {
  const std::uint8_t* data = nullptr;
  int width = 0;
  int height = 0;
  int stride = 0;  // bytes from one row to the next (>= width)
  // When the camera took it (GStreamer's PTS, nanoseconds) and its number in the camera's stream
  // (GStreamer's buffer offset), -1 when unknown: the camera's frame interval, and so the
  // decoder's budget (scan/frame_budget.h), comes from these.
  std::int64_t pts_ns = -1;
  std::int64_t number = -1;
};

struct DecodeResult {
  std::vector<std::string> codes;  // every QR text read, once each
  // A QR code was in view: read, or found but not readable (blurred, glared). The camera shows
  // "hold it still" on this.
  bool card_in_view = false;
  int passes = 0;  // how many attempts it took
  double elapsed_ms = 0;
};

struct DecoderOptions {
  // Stop retrying after this (milliseconds). Under a 30 fps camera's frame interval (33 ms), so
  // that one core keeps up with it; issue 31 asks a median within 30 ms. A camera's frames get a
  // budget from their interval instead (scan/frame_budget.h); this one is for images and for the
  // frames whose interval is not known (the first, those without a timestamp or a number).
  // bench_scan --corpus camera (500 hard frames, one core of the 2-core VM) at 25 ms: 62.2 % read
  // before the contrast attempt, 68.8 % with it, 83.6 % with the crops read and deblurred.
  double budget_ms = 25;
};

class FrameDecoder {
 public:
  explicit FrameDecoder(DecoderOptions options = {}) : options_(options) {}
  DecodeResult decode(const GrayFrame& frame) const { return decode(frame, options_.budget_ms); }
  // With a budget of its own for this frame (milliseconds).
  DecodeResult decode(const GrayFrame& frame, double budget_ms) const;

 private:
  DecoderOptions options_;
};

}  // namespace marshal::scan
