#include "server/rate_limited_log.h"

#include <cstdio>

#include <fmt/format.h>

#include "protocol/utf8.h"

namespace marshal::db {

RateLimitedLog::RateLimitedLog(Sink sink, std::int64_t interval_ms)
    : sink_(std::move(sink)), interval_ms_(interval_ms) {
  if (!sink_) sink_ = [](const std::string& line) { std::fprintf(stderr, "%s\n", line.c_str()); };
}

void RateLimitedLog::say(const std::string& reason, const std::string& line, std::int64_t now_ms) {
  std::string text;
  {
    std::lock_guard lock(mutex_);
    Reason& r = reasons_[reason];
    if (r.said && now_ms - r.last_said_ms < interval_ms_) {
      ++r.unsaid;
      return;
    }
    text = "marshal serve: " + protocol::valid_utf8(line);
    if (r.unsaid > 0) text += fmt::format(" ({} more like it since the last such line)", r.unsaid);
    r = {now_ms, 0, true};
  }
  sink_(text);
}

}  // namespace marshal::db
