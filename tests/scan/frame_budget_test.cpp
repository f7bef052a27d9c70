// How long the decoder may work on a camera frame (scan/frame_budget.h): most of the camera's
// frame interval, measured from the frames' timestamps and numbers, within its floor and ceiling.
#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <string>
#include <thread>
#include <vector>

#include "scan/frame_budget.h"
#include "scan/frame_source.h"

using namespace marshal::scan;

namespace {

constexpr std::int64_t ns_per_ms = 1'000'000;
constexpr double unknown_ms = 25;  // DecoderOptions::budget_ms
constexpr std::int64_t interval30_ns = 1'000'000'000 / 30;

// Frames 0, 1, ... every `interval_ns` from `start_ns`; the budget given for the last.
double budget_after(FrameBudget& budget, int count, std::int64_t interval_ns,
                    std::int64_t start_ns = 0) {
  double last = 0;
  for (int i = 0; i < count; ++i) last = budget.for_frame(start_ns + i * interval_ns, i);
  return last;
}

// The interval whose budget is `budget_ms`, within the floor and ceiling.
std::int64_t interval_for(double budget_ms) {
  return static_cast<std::int64_t>(budget_ms / budget_share_of_interval * ns_per_ms);
}

}  // namespace

TEST_CASE("without an interval the budget is the decoder's own", "[scan][budget]") {
  FrameBudget budget(unknown_ms);
  CHECK(budget.for_frame(-1, -1) == unknown_ms);  // no timestamp, no number
  CHECK(budget.for_frame(0, 0) == unknown_ms);    // the first frame: no gap yet
  CHECK(budget.interval_ms() == 0);
  CHECK(budget.for_frame(-1, 1) == unknown_ms);  // a frame without a timestamp changes nothing
  CHECK(budget.interval_ms() == 0);
  // Frames without numbers: their gaps may hide frames the appsink dropped, so none counts.
  FrameBudget unnumbered(unknown_ms);
  for (int i = 0; i < 5; ++i) CHECK(unnumbered.for_frame(i * interval30_ns, -1) == unknown_ms);
  CHECK(unnumbered.interval_ms() == 0);
}

TEST_CASE("a 30 fps camera gives each frame most of its 33 ms, a 15 fps one twice that",
          "[scan][budget]") {
  FrameBudget thirty(unknown_ms);
  CHECK(budget_after(thirty, 2, interval30_ns) ==
        Approx(33.333 * budget_share_of_interval).epsilon(0.001));
  CHECK(thirty.interval_ms() == Approx(33.333).epsilon(0.001));
  FrameBudget fifteen(unknown_ms);
  CHECK(budget_after(fifteen, 5, 2 * interval30_ns) ==
        Approx(66.667 * budget_share_of_interval).epsilon(0.001));
}

TEST_CASE("frames dropped while the decoder worked do not lengthen the interval",
          "[scan][budget]") {
  // A 30 fps camera whose frames reach a decoder slower than it 2 or 3 frames apart, every one:
  // each gap divided by the frames it spans is the camera's interval, and the budget stays under
  // it (were it measured from the gaps alone, it would grow with the decoder's lag, to the
  // ceiling).
  FrameBudget budget(unknown_ms);
  std::int64_t number = 0;
  budget.for_frame(0, number);
  for (int i = 0; i < 40; ++i) {
    number += 2 + i % 2;
    CHECK(budget.for_frame(number * interval30_ns, number) ==
          Approx(33.333 * budget_share_of_interval).epsilon(0.001));
  }
}

TEST_CASE("a camera that slows down is followed within the gaps kept", "[scan][budget]") {
  // The shortest of the last interval_gaps_kept intervals counts: a frame late from the driver
  // makes one gap long and the next short, and the short one is the camera's.
  FrameBudget budget(unknown_ms);
  std::int64_t pts = 0, number = 0;
  budget.for_frame(pts, number);
  budget.for_frame(pts += interval30_ns, ++number);  // one 30 fps interval, then 15 fps ones
  for (std::size_t i = 0; i < interval_gaps_kept - 1; ++i)
    budget.for_frame(pts += 2 * interval30_ns, ++number);
  CHECK(budget.interval_ms() ==
        Approx(33.333).epsilon(0.001));  // the 30 fps gap is the oldest kept
  budget.for_frame(pts += 2 * interval30_ns, ++number);
  CHECK(budget.interval_ms() == Approx(66.667).epsilon(0.001));  // now it is gone
}

TEST_CASE("the budget stays within its floor and ceiling", "[scan][budget]") {
  FrameBudget fast(unknown_ms);  // 120 fps: 6.7 ms of 8.3
  CHECK(budget_after(fast, 3, 1'000'000'000 / 120) == budget_floor_ms);
  FrameBudget below_floor(unknown_ms);
  CHECK(budget_after(below_floor, 3, interval_for(budget_floor_ms - 1)) == budget_floor_ms);
  FrameBudget at_floor(unknown_ms);
  CHECK(budget_after(at_floor, 3, interval_for(budget_floor_ms)) == Approx(budget_floor_ms));
  FrameBudget above_floor(unknown_ms);
  CHECK(budget_after(above_floor, 3, interval_for(budget_floor_ms + 1)) ==
        Approx(budget_floor_ms + 1));
  FrameBudget below_ceiling(unknown_ms);
  CHECK(budget_after(below_ceiling, 3, interval_for(budget_ceiling_ms - 1)) ==
        Approx(budget_ceiling_ms - 1));
  FrameBudget at_ceiling(unknown_ms);
  CHECK(budget_after(at_ceiling, 3, interval_for(budget_ceiling_ms)) == Approx(budget_ceiling_ms));
  FrameBudget above_ceiling(unknown_ms);
  CHECK(budget_after(above_ceiling, 3, interval_for(budget_ceiling_ms + 1)) == budget_ceiling_ms);
  FrameBudget slow(unknown_ms);  // 4 fps
  CHECK(budget_after(slow, 3, 250 * ns_per_ms) == budget_ceiling_ms);
}

TEST_CASE("a pause is not the camera's rate, and a stream that starts again is measured again",
          "[scan][budget]") {
  FrameBudget budget(unknown_ms);
  budget.for_frame(0, 0);
  CHECK(budget.for_frame(longest_gap_ms * ns_per_ms + 1, 1) == unknown_ms);  // too long to count
  CHECK(budget.for_frame(2 * (longest_gap_ms * ns_per_ms + 1), 2) == unknown_ms);
  FrameBudget counted(unknown_ms);
  counted.for_frame(0, 0);
  CHECK(counted.for_frame(longest_gap_ms * ns_per_ms, 1) ==
        budget_ceiling_ms);  // the longest that counts
  // A stall of two seconds across 60 frames' numbers is 33 ms a frame: it counts.
  FrameBudget stalled(unknown_ms);
  stalled.for_frame(0, 0);
  CHECK(stalled.for_frame(60 * interval30_ns, 60) ==
        Approx(33.333 * budget_share_of_interval).epsilon(0.001));
  // A restarted pipeline's timestamps and numbers begin again near 0: what was measured goes.
  FrameBudget restarted(unknown_ms);
  budget_after(restarted, 3, 40 * ns_per_ms, 5'000 * ns_per_ms);
  CHECK(restarted.interval_ms() == Approx(40));
  CHECK(restarted.for_frame(0, 0) == unknown_ms);
  CHECK(restarted.interval_ms() == 0);
  CHECK(restarted.for_frame(20 * ns_per_ms, 1) == Approx(20 * budget_share_of_interval));
  // The same timestamp or the same number twice is no interval either.
  CHECK(restarted.for_frame(20 * ns_per_ms, 2) == unknown_ms);
  CHECK(restarted.for_frame(40 * ns_per_ms, 2) == unknown_ms);
}

TEST_CASE(
    "a camera's frames carry their timestamps and numbers, and their budget follows the camera's "
    "rate",
    "[scan][budget]") {
  // videotestsrc stands in for a camera at 15 frames a second, numbering its frames as v4l2src
  // does; sync=false hands them over as fast as they are made, stamped as a camera stamps them.
  FrameSource source(
      "videotestsrc num-buffers=6 ! video/x-raw,width=64,height=48,framerate=15/1 ! videoconvert ! "
      "video/x-raw,format=GRAY8 ! appsink name=sink sync=false");
  FrameBudget budget(unknown_ms);
  std::vector<std::int64_t> stamps, numbers;
  std::vector<double> budgets;
  while (source.next([&](const GrayFrame& frame) {
    stamps.push_back(frame.pts_ns);
    numbers.push_back(frame.number);
    budgets.push_back(budget.for_frame(frame.pts_ns, frame.number));
  })) {
    if (stamps.size() == 6) break;
  }
  INFO(source.error());
  REQUIRE(stamps.size() == 6);
  for (std::size_t i = 0; i < stamps.size(); ++i) {
    CHECK(stamps[i] == static_cast<std::int64_t>(i) * 1'000'000'000 / 15);
    CHECK(numbers[i] == static_cast<std::int64_t>(i));
  }
  CHECK(budgets.front() == unknown_ms);
  CHECK(budgets.back() == Approx(1000.0 / 15 * budget_share_of_interval).epsilon(0.001));
}

TEST_CASE("frames a decoder left unnumbered are numbered as they reach the appsink, before its drops",
          "[scan][budget]") {
  // jpegdec (a camera's MJPEG) leaves no buffer offset; FrameSource numbers the frames as they
  // reach the appsink. With max-buffers=1 drop=true and a slow reader the appsink drops frames, and
  // the numbers skip them, as the budget needs (scan/frame_budget.h).
  constexpr int made = 40;
  FrameSource source("videotestsrc num-buffers=" + std::to_string(made) +
                     " ! video/x-raw,width=64,height=48,framerate=15/1 ! jpegenc ! jpegdec ! videoconvert ! "
                     "video/x-raw,format=GRAY8 ! appsink name=sink sync=false max-buffers=1 drop=true");
  std::vector<std::int64_t> numbers;
  while (source.next([&](const GrayFrame& frame) {
    numbers.push_back(frame.number);
    std::this_thread::sleep_for(std::chrono::milliseconds(20));  // a decoder at work
  })) {
  }
  INFO(source.error());
  REQUIRE(!numbers.empty());
  CHECK(numbers.front() >= 0);
  CHECK(numbers.back() <= made - 1);
  CHECK(std::is_sorted(numbers.begin(), numbers.end()));
  CHECK(std::adjacent_find(numbers.begin(), numbers.end()) == numbers.end());  // no number twice
  CHECK(static_cast<int>(numbers.size()) < made);  // some were dropped: their numbers are skipped
}
