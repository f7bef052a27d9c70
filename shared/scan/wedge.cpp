#include "scan/wedge.h"

namespace marshal::scan {

WedgeDetector::Verdict WedgeDetector::feed(char key, std::int64_t time_ms) {
  const bool enter = key == '\r' || key == '\n';
  const bool in_time = !burst_.empty() && time_ms - last_ms_ <= options_.max_gap_ms;
  if (!burst_.empty() && !in_time) {
    // Too slow to be a scanner: what was held back was typing.
    released_ += burst_;
    burst_.clear();
  }
  last_ms_ = time_ms;
  if (enter) {
    if (burst_.size() >= options_.min_length) {
      code_ = burst_;
      burst_.clear();
      return Verdict::scanned;
    }
    released_ += burst_;
    burst_.clear();
    return Verdict::pass;
  }
  burst_ += key;
  return Verdict::swallow;
}

void WedgeDetector::idle(std::int64_t time_ms) {
  if (!burst_.empty() && time_ms - last_ms_ > options_.max_gap_ms) {
    released_ += burst_;
    burst_.clear();
  }
}

void WedgeDetector::interrupt() {
  released_ += burst_;
  burst_.clear();
}

std::string WedgeDetector::take_released() {
  std::string out = released_;
  released_.clear();
  return out;
}

bool Debouncer::accept(const std::string& code, std::int64_t time_ms) {
  auto it = last_seen_.find(code);
  bool fresh = it == last_seen_.end() || time_ms - it->second >= window_ms_;
  last_seen_[code] = time_ms;
  // Forget old codes so the map stays small over an evening.
  for (auto i = last_seen_.begin(); i != last_seen_.end();)
    i = time_ms - i->second > 10 * window_ms_ ? last_seen_.erase(i) : std::next(i);
  return fresh;
}

}  // namespace marshal::scan
