#pragma once
// A small number a GM sets with one key (a duelist's Accuracy committed, a fighter's offense):
// a digit sets it and the keyboard moves on to the next input; Enter or Tab keeps what is shown
// (the default) and moves on too. Where the range passes 9, a digit that could begin a number
// of two waits 0.7 s for the second (1 then 2: 12). A digit outside the range is refused with the range, never
// clamped in silence.
//
// Scanner bursts pass through whatever has the focus: "ACT07" typed by a scanner must not set
// a 0 and a 7. A digit counts only when no other key comes within the scanner's gap
// (scan::WedgeDetector::max_gap_ms) before or after it; the field never shows typed text.
#include <functional>

#include <wx/textctrl.h>
#include <wx/timer.h>

namespace marshal::gm {

class OneKeyNumber : public wxTextCtrl {
 public:
  // `what` names the number in a refusal, in the language of the screens: "Accuracy committed".
  OneKeyNumber(wxWindow* parent, const wxString& what);

  int value() const { return value_; }
  void set_value(int value);
  // The values a digit may set; the value shown is kept inside it.
  void set_range(int low, int high);
  int low() const { return low_; }
  int high() const { return high_; }

  // After a digit set the value, or Enter or Tab kept it: give the keyboard to the next input.
  void on_done(std::function<void()> done) { done_ = std::move(done); }
  // A digit out of range: the message says the range.
  void on_refused(std::function<void(const wxString&)> refused) { refused_ = std::move(refused); }
  // After the value changed (to update the odds).
  void on_changed(std::function<void()> changed) { changed_ = std::move(changed); }

 private:
  void on_char(wxKeyEvent& event);
  void apply_pending();
  void show();

  wxString what_;
  int value_ = 0, low_ = 0, high_ = 0;
  int pending_ = -1;  // a digit waiting to be sure it was a person's key
  std::int64_t last_key_ms_ = 0;
  wxTimer settle_;
  std::function<void()> done_, changed_;
  std::function<void(const wxString&)> refused_;
};

}  // namespace marshal::gm
