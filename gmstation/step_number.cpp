#include "gmstation/step_number.h"

#include <algorithm>

#include "ui/theme.h"
#include "ui/words.h"

namespace marshal::gm {

StepNumber::StepNumber(wxWindow* parent, const wxString& what, int low, int high, bool show_sign)
    : wxTextCtrl(parent, wxID_ANY, "", wxDefaultPosition, wxSize(110, -1), wxTE_PROCESS_ENTER | wxTE_PROCESS_TAB),
      what_(what),
      low_(low),
      high_(high),
      show_sign_(show_sign) {
  SetFont(ui::font(16));
  Bind(wxEVT_KEY_DOWN, &StepNumber::on_key_down, this);
  Bind(wxEVT_CHAR, &StepNumber::on_char, this);
  show();
}

void StepNumber::set_value(int value) {
  value_ = std::clamp(value, low_, high_);
  show();
}

void StepNumber::show() {
  ChangeValue(show_sign_ && value_ > 0 ? wxString::Format("+%d", value_) : wxString::Format("%d", value_));
}

void StepNumber::step(int by) {
  if (value_ + by < low_ || value_ + by > high_) {
    // TRANSLATORS: the number's name (Modifier), then the lowest and highest it may be.
    if (refused_) refused_(wxString::Format(ui::wx_tr("%s: %d to %d"), what_, low_, high_));
    return;
  }
  value_ += by;
  show();
  if (changed_) changed_();
}

void StepNumber::on_key_down(wxKeyEvent& event) {
  switch (event.GetKeyCode()) {
    case WXK_UP: return step(1);
    case WXK_DOWN: return step(-1);
    default: event.Skip();
  }
}

void StepNumber::on_char(wxKeyEvent& event) {
  const int key = event.GetKeyCode();
  if (key == WXK_RETURN || key == WXK_NUMPAD_ENTER || key == WXK_TAB) {
    if (done_) done_();
    return;
  }
  if (event.HasModifiers() || key == WXK_NONE || key < 32 || key >= WXK_START) {
    event.Skip();  // F-keys, Ctrl commands: the window's
    return;
  }
  if (key == '+' || key == '=' || key == WXK_NUMPAD_ADD) return step(1);
  if (key == '-' || key == WXK_NUMPAD_SUBTRACT) return step(-1);
  // Anything else (a scanner's burst passing through) changes nothing here.
}

}  // namespace marshal::gm
