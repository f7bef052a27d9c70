#pragma once
// The server's log of why it refused or shed: one line per reason at most every
// log_interval_per_reason_ms, with how many were left unsaid since (a flood of bad requests
// must not become a flood of log lines). Thread-safe.
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <string>

namespace marshal::db {

inline constexpr std::int64_t log_interval_per_reason_ms = 10'000;

class RateLimitedLog {
 public:
  using Sink = std::function<void(const std::string& line)>;
  // Lines go to `sink` (standard error when empty).
  explicit RateLimitedLog(Sink sink = {}, std::int64_t interval_ms = log_interval_per_reason_ms);

  // Writes "marshal serve: <line>" unless a line of this reason was written less than an interval
  // ago; then it is counted, and the next line of the reason says how many were not written.
  // `reason` is a key, never shown; `line` is worded already (tr: the operator's language).
  // (Not named say: xgettext takes say's first argument for a sentence, i18n/sentence.h.)
  void write(const std::string& reason, const std::string& line, std::int64_t now_ms);

 private:
  struct Reason {
    std::int64_t last_said_ms = 0;
    std::int64_t unsaid = 0;
    bool said = false;
  };
  Sink sink_;
  std::int64_t interval_ms_;
  std::mutex mutex_;
  std::map<std::string, Reason> reasons_;
};

}  // namespace marshal::db
