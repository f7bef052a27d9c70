#pragma once
// Telling a person's key from a scanner's burst in a field that takes single keys
// (one_key_number, key_field): a key counts only when no other key comes within the scanner's
// gap (scan::WedgeOptions::max_gap_ms) before or after it.
#include <cstdint>

#include <wx/event.h>
#include <wx/time.h>

#include "scan/wedge.h"

namespace marshal::gm {

// A key's time as the display server stamped it (as the scan input reads bursts), else now.
inline std::int64_t key_time_ms(const wxKeyEvent& event) {
  const long stamp = event.GetTimestamp();
  return stamp != 0 ? static_cast<std::int64_t>(stamp) : wxGetLocalTimeMillis().GetValue();
}

// How long a key waits for a following one before it counts: longer than a scanner's gap.
inline constexpr int settle_ms = static_cast<int>(scan::WedgeOptions{}.max_gap_ms) + 15;

}  // namespace marshal::gm
