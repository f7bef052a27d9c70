#pragma once
// Keyboard-wedge scanners type a code as a burst of keystrokes ending in Enter, far faster than
// a person types. WedgeDetector is fed every key with its time and says when a burst was a scan;
// keys typed by a person are left for the focused field. The Debouncer makes the same code read
// twice within 2 s count once (a scanner that fires twice, a card held in front of a camera).
#include <cstdint>
#include <map>
#include <optional>
#include <string>

namespace marshal::scan {

struct WedgeOptions {
  std::int64_t max_gap_ms = 35;   // between keys of one burst
  std::size_t min_length = 5;     // shorter bursts are typing (LOC07 and ACT10 are 5 long)
};

class WedgeDetector {
 public:
  explicit WedgeDetector(WedgeOptions options = {}) : options_(options) {}

  enum class Verdict {
    pass,      // an ordinary key: let the focused control have it
    swallow,   // part of a possible burst: hold it back for now
    scanned,   // Enter closed a burst: code() holds the scanned text
  };
  // key: a printable character, or '\r' / '\n' for Enter.
  Verdict feed(char key, std::int64_t time_ms);
  const std::string& code() const { return code_; }
  // Keys held back that turned out to be typing (the burst was too slow or too short): the
  // caller hands them to the focused control.
  std::string take_released();
  // Called from a timer: a burst with no key for longer than the gap was typing after all.
  void idle(std::int64_t time_ms);
  // A key no scanner sends inside a code (Tab, an arrow, a function key): what came before it
  // was typing, however fast.
  void interrupt();

 private:
  WedgeOptions options_;
  std::string burst_;
  std::string released_;
  std::string code_;
  std::int64_t last_ms_ = 0;
};

// A code read again within this time is the same reading (a scanner's double read, a card held
// in front of a camera).
inline constexpr std::int64_t double_read_window_ms = 2000;

class Debouncer {
 public:
  explicit Debouncer(std::int64_t window_ms = double_read_window_ms) : window_ms_(window_ms) {}
  // True when this code should count: not seen within the window.
  bool accept(const std::string& code, std::int64_t time_ms);

 private:
  std::int64_t window_ms_;
  std::map<std::string, std::int64_t> last_seen_;
};

}  // namespace marshal::scan
