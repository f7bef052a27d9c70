#include "gmstation/one_key_number.h"

#include <algorithm>

#include <wx/time.h>

#include "gmstation/person_keys.h"
#include "scan/wedge.h"
#include "ui/theme.h"
#include "ui/words.h"

namespace marshal::gm {

namespace {
// How long a digit that could begin a number of two (a range past 9) waits for the second.
constexpr int second_digit_ms = 700;
}  // namespace

OneKeyNumber::OneKeyNumber(wxWindow* parent, const wxString& what)
    : wxTextCtrl(parent, wxID_ANY, "0", wxDefaultPosition, wxSize(130, -1), wxTE_PROCESS_ENTER | wxTE_PROCESS_TAB),
      what_(what),
      settle_(this) {
  SetFont(ui::font(16));
  Bind(wxEVT_CHAR, &OneKeyNumber::on_char, this);
  Bind(wxEVT_TIMER, [this](wxTimerEvent&) { apply_pending(); });
  // Focused: the whole number selected, as a field about to be replaced looks.
  Bind(wxEVT_SET_FOCUS, [this](wxFocusEvent& event) {
    event.Skip();
    CallAfter([this] { SelectAll(); });
  });
}

void OneKeyNumber::set_value(int value) {
  value_ = std::clamp(value, low_, high_);
  show();
}

void OneKeyNumber::set_range(int low, int high) {
  // A new range is a new step (or a new conflict): a digit still waiting belongs to the old one.
  settle_.Stop();
  pending_ = -1;
  last_key_ms_ = 0;
  low_ = low;
  high_ = std::max(low, high);
  set_value(value_);
}

void OneKeyNumber::show() {
  ChangeValue(wxString::Format("%d", value_));
  if (HasFocus()) SelectAll();
}

void OneKeyNumber::on_char(wxKeyEvent& event) {
  const int key = event.GetKeyCode();
  if (key == WXK_RETURN || key == WXK_NUMPAD_ENTER || key == WXK_TAB) {
    // A person's key (a scanner's Enter is taken by the scan input before it gets here): a digit
    // still waiting counts now, then the keyboard moves on.
    last_key_ms_ = 0;
    settle_.Stop();
    if (pending_ >= 0) return apply_pending();
    if (done_) done_();
    return;
  }
  const wxChar c = event.GetUnicodeKey();
  if (c == WXK_NONE || c < 32 || event.HasModifiers()) {
    event.Skip();  // arrows, F-keys, Ctrl commands: the window's
    return;
  }
  // Nothing typed shows here (GTK may still have cleared the selected number: shown again);
  // a character right after another is a scanner's burst.
  CallAfter([this] { show(); });
  const std::int64_t now = key_time_ms(event);
  const bool follows_closely = last_key_ms_ != 0 && now - last_key_ms_ <= scan::WedgeOptions{}.max_gap_ms;
  last_key_ms_ = now;
  if (follows_closely) {
    settle_.Stop();
    pending_ = -1;
    return;
  }
  if (c >= '0' && c <= '9') {
    const int digit = c - '0';
    // A second digit completes a number of two (Accuracy 10 or more), typed while the first waits.
    if (pending_ > 0 && pending_ * 10 + digit <= high_) {
      pending_ = pending_ * 10 + digit;
      settle_.Stop();
      return apply_pending();
    }
    pending_ = digit;
    // A first digit that could begin a number of two waits a moment longer for the second.
    settle_.StartOnce(digit > 0 && digit * 10 <= high_ ? second_digit_ms : settle_ms);
  }
}

void OneKeyNumber::apply_pending() {
  if (pending_ < 0) return;
  const int digit = pending_;
  pending_ = -1;
  if (digit < low_ || digit > high_) {
    if (refused_)
      // TRANSLATORS: the number's name (Accuracy committed), the digit typed, then the range.
      refused_(wxString::Format(ui::wx_tr("%s: %d is out of range: %d to %d"), what_, digit, low_, high_));
    return;
  }
  value_ = digit;
  show();
  if (changed_) changed_();
  if (done_) done_();
}

}  // namespace marshal::gm
