// WedgeDetector: a keyboard-wedge scanner's burst (keys a few ms apart, then Enter) is a scan;
// the same keys at a person's pace, a short burst, a burst left hanging, or one that slows down
// are typing, and every key held back reaches the focused field in order.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "scan/wedge.h"

using marshal::scan::WedgeDetector;
using marshal::scan::WedgeOptions;
using Verdict = WedgeDetector::Verdict;

namespace {

const std::string code = "K3M0ZQ7RT2VX9BHCA";  // 17 characters, as printed on a card

// Feeds `keys` one every `gap_ms` from `start_ms`; the verdicts, and the time of the last key.
std::vector<Verdict> type(WedgeDetector& wedge, const std::string& keys, std::int64_t start_ms, std::int64_t gap_ms,
                          std::int64_t* last_ms = nullptr) {
  std::vector<Verdict> verdicts;
  std::int64_t t = start_ms;
  for (std::size_t i = 0; i < keys.size(); ++i, t += gap_ms) verdicts.push_back(wedge.feed(keys[i], t));
  if (last_ms) *last_ms = t - gap_ms;
  return verdicts;
}

}  // namespace

TEST_CASE("a 17-character burst 5 ms apart ending in Enter is a scan of that code") {
  REQUIRE(code.size() == 17);
  WedgeDetector wedge;
  std::int64_t last = 0;
  auto verdicts = type(wedge, code, 1'000, 5, &last);
  CHECK(verdicts == std::vector<Verdict>(17, Verdict::swallow));  // held back while it may be a scan
  CHECK(wedge.feed('\r', last + 5) == Verdict::scanned);
  CHECK(wedge.code() == code);
  CHECK(wedge.take_released().empty());  // nothing reaches the focused field

  SECTION("a second scan right after reads its own code; '\\n' is Enter too") {
    const std::string second = "7XW2PQRS9ABCDEFGH";
    type(wedge, second, last + 500, 4, &last);
    CHECK(wedge.feed('\n', last + 4) == Verdict::scanned);
    CHECK(wedge.code() == second);
    CHECK(wedge.take_released().empty());
  }
}

TEST_CASE("the same keys typed 150 ms apart are released as typing and Enter passes") {
  WedgeDetector wedge;
  std::string released;
  std::int64_t t = 1'000;
  for (std::size_t i = 0; i < code.size(); ++i, t += 150) {
    CHECK(wedge.feed(code[i], t) == Verdict::swallow);
    // Each key is released as soon as the next one shows the pace is a person's.
    const std::string now = wedge.take_released();
    CHECK(now == (i == 0 ? std::string() : code.substr(i - 1, 1)));
    released += now;
  }
  CHECK(wedge.feed('\r', t) == Verdict::pass);
  released += wedge.take_released();
  CHECK(released == code);  // every key, in order, none lost or doubled
  CHECK(wedge.code().empty());
  CHECK(wedge.take_released().empty());
}

TEST_CASE("a fast burst shorter than min_length is typing") {
  WedgeDetector wedge;  // min_length 5
  std::int64_t last = 0;
  type(wedge, "AB12", 1'000, 5, &last);
  CHECK(wedge.feed('\r', last + 5) == Verdict::pass);
  CHECK(wedge.take_released() == "AB12");
  CHECK(wedge.code().empty());

  SECTION("one key more makes it a scan: a location or action card's code") {
    type(wedge, "LOC07", 2'000, 5, &last);
    CHECK(wedge.feed('\r', last + 5) == Verdict::scanned);
    CHECK(wedge.code() == "LOC07");
  }
  SECTION("min_length is an option") {
    WedgeDetector strict(WedgeOptions{35, 17});
    type(strict, code.substr(0, 16), 1'000, 5, &last);
    CHECK(strict.feed('\r', last + 5) == Verdict::pass);
    CHECK(strict.take_released() == code.substr(0, 16));
    type(strict, code, 2'000, 5, &last);
    CHECK(strict.feed('\r', last + 5) == Verdict::scanned);
    CHECK(strict.code() == code);
  }
}

TEST_CASE("idle() releases a burst held back once no key came for longer than the gap") {
  WedgeDetector wedge;  // max_gap_ms 35
  std::int64_t last = 0;
  type(wedge, "ABCDEFGH", 1'000, 5, &last);
  wedge.idle(last + 35);  // not yet longer than the gap: still possibly a scan
  CHECK(wedge.take_released().empty());
  wedge.idle(last + 36);
  CHECK(wedge.take_released() == "ABCDEFGH");
  wedge.idle(last + 1'000);  // nothing left to release
  CHECK(wedge.take_released().empty());
  // An Enter after that is the person's own Enter, not a scan of what went before.
  CHECK(wedge.feed('\r', last + 1'000) == Verdict::pass);
  CHECK(wedge.code().empty());
  CHECK(wedge.take_released().empty());
}

TEST_CASE("a burst that starts fast and slows down mid-way is not a scan") {
  WedgeDetector wedge;
  std::int64_t t = 1'000;
  for (std::size_t i = 0; i < 9; ++i, t += 5) wedge.feed(code[i], t);        // a scanner's pace ...
  for (std::size_t i = 9; i < code.size(); ++i, t += 120) wedge.feed(code[i], t);  // ... then a person's
  CHECK(wedge.feed('\r', t) == Verdict::pass);
  CHECK(wedge.code().empty());
  CHECK(wedge.take_released() == code);

  SECTION("also when only the last gap before Enter is slow") {
    std::int64_t last = 0;
    type(wedge, code, 5'000, 5, &last);
    CHECK(wedge.feed('\r', last + 200) == Verdict::pass);
    CHECK(wedge.code().empty());
    CHECK(wedge.take_released() == code);
  }
}

TEST_CASE("a key no scanner sends (Tab) between fast keys makes them typing") {
  WedgeDetector wedge;
  std::int64_t last = 0;
  // A GM filling a row of fields fast: "2", Tab, "8", Tab, "1!", Tab, "3c", Enter.
  type(wedge, "28", 1'000, 5, &last);
  wedge.interrupt();
  type(wedge, "1!3c", last + 5, 5, &last);
  CHECK(wedge.feed('\r', last + 5) == Verdict::pass);
  CHECK(wedge.take_released() == "281!3c");
  CHECK(wedge.code().empty());

  SECTION("a burst after the interruption is still a scan") {
    wedge.interrupt();
    type(wedge, code, 5'000, 5, &last);
    CHECK(wedge.feed('\r', last + 5) == Verdict::scanned);
    CHECK(wedge.code() == code);
  }
}
