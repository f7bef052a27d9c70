#include "scan/frame_budget.h"

#include <algorithm>

namespace marshal::scan {

double FrameBudget::for_frame(std::int64_t pts_ns, std::int64_t number) {
  if (pts_ns < 0 || number < 0) return unknown_ms_;
  if (last_pts_ns_ >= 0) {
    const std::int64_t gap = pts_ns - last_pts_ns_, frames = number - last_number_;
    if (gap <= 0 || frames <= 0) {
      gaps_ns_.clear();  // time or the count went back or stood still: a new stream
    } else if (const std::int64_t interval_ns = gap / frames;
               interval_ns <= longest_gap_ms * 1'000'000) {
      gaps_ns_.push_back(interval_ns);
      if (gaps_ns_.size() > interval_gaps_kept) gaps_ns_.pop_front();
    }
  }
  last_pts_ns_ = pts_ns;
  last_number_ = number;
  const double interval = interval_ms();
  if (interval <= 0) return unknown_ms_;
  return std::clamp(interval * budget_share_of_interval, budget_floor_ms, budget_ceiling_ms);
}

double FrameBudget::interval_ms() const {
  if (gaps_ns_.empty()) return 0;
  return static_cast<double>(*std::min_element(gaps_ns_.begin(), gaps_ns_.end())) / 1e6;
}

}  // namespace marshal::scan
