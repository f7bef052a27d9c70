// How long the decoder may work on a camera frame (scan/frame_budget.h): most of the camera's
// frame interval, measured from the frames' timestamps, within its floor and ceiling.
#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

#include "scan/frame_budget.h"
#include "scan/frame_source.h"

using namespace marshal::scan;

namespace {

constexpr std::int64_t ms = 1'000'000;  // nanoseconds
constexpr double unknown = 25;          // DecoderOptions::budget_ms

// Frames every `interval_ns` from `start_ns`; the budget given for the last.
double budget_after(FrameBudget& budget, int count, std::int64_t interval_ns,
                    std::int64_t start_ns = 0) {
  double last = 0;
  for (int i = 0; i < count; ++i) last = budget.for_frame(start_ns + i * interval_ns);
  return last;
}

}  // namespace

TEST_CASE("without an interval the budget is the decoder's own", "[scan][budget]") {
  FrameBudget budget(unknown);
  CHECK(budget.for_frame(-1) == unknown);  // no timestamp
  CHECK(budget.for_frame(0) == unknown);   // the first frame: no gap yet
  CHECK(budget.interval_ms() == 0);
  CHECK(budget.for_frame(-1) == unknown);  // a frame without a timestamp changes nothing
  CHECK(budget.interval_ms() == 0);
}

TEST_CASE("a 30 fps camera gives each frame most of its 33 ms, a 15 fps one twice that",
          "[scan][budget]") {
  FrameBudget thirty(unknown);
  const std::int64_t interval30 = 1'000'000'000 / 30;
  CHECK(budget_after(thirty, 2, interval30) ==
        Approx(33.333 * budget_share_of_interval).epsilon(0.001));
  CHECK(thirty.interval_ms() == Approx(33.333).epsilon(0.001));
  FrameBudget fifteen(unknown);
  CHECK(budget_after(fifteen, 5, 2 * interval30) ==
        Approx(66.667 * budget_share_of_interval).epsilon(0.001));
}

TEST_CASE("frames dropped while the decoder worked do not lengthen the interval",
          "[scan][budget]") {
  // A 30 fps camera whose frames reach the decoder 1, 2 or 3 intervals apart: the shortest gap
  // is the camera's.
  FrameBudget budget(unknown);
  const std::int64_t interval = 1'000'000'000 / 30;
  std::int64_t pts = 0;
  budget.for_frame(pts);
  for (int skipped : {3, 2, 1}) budget.for_frame(pts += skipped * interval);
  CHECK(budget.interval_ms() == Approx(33.333).epsilon(0.001));
  // Only the last interval_gaps_kept gaps count: a camera that slows down is followed.
  for (std::size_t i = 0; i < interval_gaps_kept - 1; ++i) budget.for_frame(pts += 2 * interval);
  CHECK(budget.interval_ms() ==
        Approx(33.333).epsilon(0.001));  // the 30 fps gap is the oldest kept
  budget.for_frame(pts += 2 * interval);
  CHECK(budget.interval_ms() == Approx(66.667).epsilon(0.001));  // now it is gone
}

TEST_CASE("the budget stays within its floor and ceiling", "[scan][budget]") {
  const auto interval_for = [](double budget_ms) {
    return static_cast<std::int64_t>(budget_ms / budget_share_of_interval * ms);
  };
  FrameBudget fast(unknown);  // 120 fps: 6.7 ms of 8.3
  CHECK(budget_after(fast, 3, 1'000'000'000 / 120) == budget_floor_ms);
  FrameBudget at_floor(unknown);
  CHECK(budget_after(at_floor, 3, interval_for(budget_floor_ms)) == Approx(budget_floor_ms));
  FrameBudget above_floor(unknown);
  CHECK(budget_after(above_floor, 3, interval_for(budget_floor_ms + 1)) ==
        Approx(budget_floor_ms + 1));
  FrameBudget at_ceiling(unknown);
  CHECK(budget_after(at_ceiling, 3, interval_for(budget_ceiling_ms)) == Approx(budget_ceiling_ms));
  FrameBudget below_ceiling(unknown);
  CHECK(budget_after(below_ceiling, 3, interval_for(budget_ceiling_ms - 1)) ==
        Approx(budget_ceiling_ms - 1));
  FrameBudget slow(unknown);  // 4 fps
  CHECK(budget_after(slow, 3, 250 * ms) == budget_ceiling_ms);
}

TEST_CASE("a pause is not the camera's rate, and a stream that starts again is measured again",
          "[scan][budget]") {
  FrameBudget budget(unknown);
  budget.for_frame(0);
  CHECK(budget.for_frame(longest_gap_ms * ms + 1) == unknown);  // one gap, too long to count
  CHECK(budget.for_frame(2 * (longest_gap_ms * ms + 1)) == unknown);
  FrameBudget counted(unknown);
  counted.for_frame(0);
  CHECK(counted.for_frame(longest_gap_ms * ms) == budget_ceiling_ms);  // the longest that counts
  // A restarted pipeline's timestamps begin again near 0: what was measured goes.
  FrameBudget restarted(unknown);
  budget_after(restarted, 3, 40 * ms, 5'000 * ms);
  CHECK(restarted.interval_ms() == Approx(40));
  CHECK(restarted.for_frame(0) == unknown);
  CHECK(restarted.interval_ms() == 0);
  CHECK(restarted.for_frame(20 * ms) == Approx(20 * budget_share_of_interval));
  // The same timestamp twice is no interval either.
  CHECK(restarted.for_frame(20 * ms) == unknown);
}

TEST_CASE("a camera's frames carry their timestamps, and their budget follows the camera's rate",
          "[scan][budget]") {
  // videotestsrc stands in for a camera at 15 frames a second; sync=false hands the frames over
  // as fast as they are made, stamped as a camera would stamp them.
  FrameSource source(
      "videotestsrc num-buffers=6 ! video/x-raw,width=64,height=48,framerate=15/1 ! videoconvert ! "
      "video/x-raw,format=GRAY8 ! appsink name=sink sync=false");
  FrameBudget budget(unknown);
  std::vector<std::int64_t> stamps;
  std::vector<double> budgets;
  while (source.next([&](const GrayFrame& frame) {
    stamps.push_back(frame.pts_ns);
    budgets.push_back(budget.for_frame(frame.pts_ns));
  })) {
    if (stamps.size() == 6) break;
  }
  INFO(source.error());
  REQUIRE(stamps.size() == 6);
  for (std::size_t i = 0; i < stamps.size(); ++i)
    CHECK(stamps[i] == static_cast<std::int64_t>(i) * 1'000'000'000 / 15);
  CHECK(budgets.front() == unknown);
  CHECK(budgets.back() == Approx(1000.0 / 15 * budget_share_of_interval).epsilon(0.001));
}
