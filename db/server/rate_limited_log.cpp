#include "server/rate_limited_log.h"

#include <cstdio>

#include <fmt/format.h>

#include "i18n/translate.h"
#include "protocol/utf8.h"

namespace marshal::db {

RateLimitedLog::RateLimitedLog(Sink sink, std::int64_t interval_ms)
    : sink_(std::move(sink)), interval_ms_(interval_ms) {
  if (!sink_) sink_ = [](const std::string& line) { std::fprintf(stderr, "%s\n", line.c_str()); };
}

void RateLimitedLog::write(const std::string& reason, const std::string& line, std::int64_t now_ms) {
  std::string text;
  {
    std::lock_guard lock(mutex_);
    Reason& r = reasons_[reason];
    if (r.said && now_ms - r.last_said_ms < interval_ms_) {
      ++r.unsaid;
      return;
    }
    text = "marshal serve: " + protocol::valid_utf8(line);  // i18n: not words (the command's name)
    if (r.unsaid > 0)
      // TRANSLATORS: {0} is a line of the server's log, {1} how many more like it were not written
      text = fmt::format(fmt::runtime(i18n::tr("{} ({} more like it since the last such line)")), text, r.unsaid);
    r = {now_ms, 0, true};
  }
  sink_(text);
}

}  // namespace marshal::db
