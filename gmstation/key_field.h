#pragma once
// A field that takes one-letter commands (the Action Time screen's F fast, D dodge, Y passed...)
// and Enter and Backspace. Scanner bursts pass through whatever has the focus, and a code is
// letters and digits: as in one_key_number.h, a letter counts only when no other key comes
// within the scanner's gap before or after it; the field never shows typed text.
#include <functional>

#include <wx/textctrl.h>
#include <wx/timer.h>

namespace marshal::gm {

class KeyField : public wxTextCtrl {
 public:
  explicit KeyField(wxWindow* parent);

  // A person's letter (upper case), once it is sure no scanner sent it.
  void on_letter(std::function<void(char)> letter) { letter_ = std::move(letter); }
  void on_enter(std::function<void()> enter) { enter_ = std::move(enter); }
  void on_back(std::function<void()> back) { back_ = std::move(back); }

 private:
  void on_char(wxKeyEvent& event);
  void apply_pending();

  char pending_ = 0;
  std::int64_t last_key_ms_ = 0;
  wxTimer settle_;
  std::function<void(char)> letter_;
  std::function<void()> enter_, back_;
};

}  // namespace marshal::gm
