#pragma once
// A progress bar on standard error for long work (verify, audit), only when it is a terminal.
#include <unistd.h>

#include <cstdint>
#include <ostream>
#include <string>

#include <fmt/format.h>

#include "i18n/translate.h"

namespace marshal::cli {

class ProgressBar {
 public:
  explicit ProgressBar(std::ostream& err) : err_(err), shown_(isatty(STDERR_FILENO) != 0) {}
  void update(std::int64_t done, std::int64_t total) {
    if (!shown_ || total <= 0) return;
    int percent = static_cast<int>(100 * done / total);
    if (percent == last_ && done != total) return;
    last_ = percent;
    int bar = percent / 5;
    // TRANSLATORS: a progress bar: the bar (20 characters), the events done and their number.
    const std::string line = i18n::trn("[{:<20}] {}/{} event", "[{:<20}] {}/{} events", static_cast<std::uint64_t>(total));
    err_ << "\r" << fmt::format(fmt::runtime(line), std::string(static_cast<std::size_t>(bar), '#'), done, total)
         << (done == total ? "\n" : "") << std::flush;
  }

 private:
  std::ostream& err_;
  bool shown_;
  int last_ = -1;
};

}  // namespace marshal::cli
