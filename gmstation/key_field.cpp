#include "gmstation/key_field.h"

#include <wx/time.h>

#include "gmstation/person_keys.h"
#include "scan/wedge.h"
#include "ui/theme.h"
#include "ui/words.h"

namespace marshal::gm {

KeyField::KeyField(wxWindow* parent)
    : wxTextCtrl(parent, wxID_ANY, "", wxDefaultPosition, wxSize(90, -1), wxTE_PROCESS_ENTER), settle_(this) {
  SetFont(ui::font(16));
  // TRANSLATORS: a hint inside an empty, narrow field (90 px) that takes one-letter commands.
  SetHint(ui::wx_tr("keys"));
  Bind(wxEVT_CHAR, &KeyField::on_char, this);
  Bind(wxEVT_TIMER, [this](wxTimerEvent&) { apply_pending(); });
}

void KeyField::on_char(wxKeyEvent& event) {
  const int key = event.GetKeyCode();
  if (key == WXK_RETURN || key == WXK_NUMPAD_ENTER) {
    // A person's Enter (a scanner's is taken by the scan input first): a waiting letter first.
    last_key_ms_ = 0;
    settle_.Stop();
    apply_pending();
    if (enter_) enter_();
    return;
  }
  if (key == WXK_BACK) {
    if (back_) back_();
    return;
  }
  const wxChar c = event.GetUnicodeKey();
  if (c == WXK_NONE || c < 32 || event.HasModifiers()) {
    event.Skip();  // arrows, F-keys, Tab, Ctrl commands: the window's
    return;
  }
  const std::int64_t now = key_time_ms(event);
  const bool follows_closely = last_key_ms_ != 0 && now - last_key_ms_ <= scan::WedgeOptions{}.max_gap_ms;
  last_key_ms_ = now;
  if (follows_closely) {  // a scanner's burst: nothing it sent counts
    settle_.Stop();
    pending_ = 0;
    return;
  }
  if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) {
    pending_ = static_cast<char>(c >= 'a' ? c - 'a' + 'A' : c);
    settle_.StartOnce(settle_ms);
  }
}

void KeyField::apply_pending() {
  if (!pending_) return;
  const char letter = pending_;
  pending_ = 0;
  if (letter_) letter_(letter);
}

}  // namespace marshal::gm
