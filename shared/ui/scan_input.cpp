#include "ui/scan_input.h"

#include "core/card_code.h"

#include <wx/sizer.h>
#include <wx/time.h>

#include "ui/theme.h"
#include "ui/words.h"

namespace marshal::ui {

ScanInput::ScanInput(wxWindow* parent, OnCode on_code)
    : wxPanel(parent, wxID_ANY), on_code_(std::move(on_code)) {
  auto* sizer = new wxBoxSizer(wxHORIZONTAL);
  auto* label = new wxStaticText(this, wxID_ANY, wx_tr("Scan or type a code:"));
  label->SetFont(font(14, true));
  field_ = new wxTextCtrl(this, wxID_ANY, "", wxDefaultPosition, wxDefaultSize, wxTE_PROCESS_ENTER);
  field_->SetFont(font(18));
  // TRANSLATORS: a hint inside an empty field; the code is an example to keep as it is.
  field_->SetHint(wx_tr("e.g. K3M0 7XQ2 W9RT AB4C D"));
  // TRANSLATORS: shown beside the scan field while a camera sees a card it cannot read yet
  // (moving, in a lamp's glare): keep it short.
  camera_hint_ = new wxStaticText(this, wxID_ANY, wx_tr("Card seen: hold it still"));
  camera_hint_->SetFont(font(18, true));
  camera_hint_->SetForegroundColour(provisional_amber);
  camera_hint_->Hide();
  sizer->Add(label, 0, wxALIGN_CENTER_VERTICAL | wxALL, 8);
  sizer->Add(field_, 1, wxEXPAND | wxALL, 6);
  sizer->Add(camera_hint_, 0, wxALIGN_CENTER_VERTICAL | wxALL, 8);
  SetSizer(sizer);
  field_->Bind(wxEVT_TEXT_ENTER, &ScanInput::on_enter, this);
}

void ScanInput::watch_keyboard(wxWindow* frame) { frame->Bind(wxEVT_CHAR_HOOK, &ScanInput::on_char_hook, this); }

void ScanInput::focus_field() { field_->SetFocus(); }

void ScanInput::show_camera_hint(bool seen) {
  if (camera_hint_->IsShown() == seen) return;
  camera_hint_->Show(seen);
  Layout();
}

bool ScanInput::camera_hint_shown() const { return camera_hint_->IsShown(); }

void ScanInput::person_key() {
  wedge_.interrupt();
  last_burst_.clear();
}

void ScanInput::deliver(const std::string& code) {
  if (debouncer_.accept(code, wxGetLocalTimeMillis().GetValue())) on_code_(code);
}

void ScanInput::deliver_scanned(const std::string& code) {
  const std::int64_t now = wxGetLocalTimeMillis().GetValue();
  const bool deck_card = core::deck_card_number(core::location_deck_prefix, code) ||
                         core::deck_card_number(core::action_deck_prefix, code);
  const bool double_read = code == last_burst_ && now - last_burst_ms_ < scan::double_read_window_ms;
  last_burst_ = code;
  last_burst_ms_ = now;
  if (keep_mistyped_ && field_->GetBackgroundColour() == mistyped_pink) {
    field_->Clear();  // scanned instead of retyped: the typo kept for correction is done with
    field_->SetBackgroundColour(*wxWHITE);
    field_->Refresh();
  }
  if (deck_card || !double_read) on_code_(code);
}

void ScanInput::on_char_hook(wxKeyEvent& event) {
  // A key's time is when the keyboard (or scanner) sent it, as the display server stamped it,
  // not when this program got round to it: a station busy drawing a result must not see a
  // scanner's fast burst as slow typing. Events without a stamp fall back to the clock.
  const long stamp = event.GetTimestamp();
  const std::int64_t now = stamp != 0 ? static_cast<std::int64_t>(stamp) : wxGetLocalTimeMillis().GetValue();
  int key = event.GetKeyCode();
  if (key == WXK_RETURN || key == WXK_NUMPAD_ENTER) {
    if (wedge_.feed('\r', now) == scan::WedgeDetector::Verdict::scanned) {
      std::string code = wedge_.code();
      // The burst also went into the focused field: take it back out.
      // It went in at the cursor, which is not always the end: remove it where it is and put
      // the cursor back there (a field keeps what the GM typed before the scan).
      if (auto* text = dynamic_cast<wxTextCtrl*>(wxWindow::FindFocus())) {
        wxString value = text->GetValue();
        size_t at = value.rfind(wxString::FromUTF8(code));
        if (at != wxString::npos) {
          text->ChangeValue(value.Left(at) + value.Mid(at + code.size()));
          text->SetInsertionPoint(static_cast<long>(at));
        }
      }
      deliver_scanned(code);
      return;  // the Enter belonged to the scanner
    }
    last_burst_.clear();  // a person's Enter: the same card scanned next is meant again
    event.Skip();
    return;
  }
  wxChar c = event.GetUnicodeKey();
  // Ctrl or Alt with a letter is a person's shortcut, never a scanner's character.
  if (c != WXK_NONE && c >= 32 && c < 127 && !event.HasModifiers()) wedge_.feed(static_cast<char>(c), now);
  else if (key != WXK_SHIFT && key != WXK_CAPITAL) person_key();  // Tab, arrows: a person
  event.Skip();  // keys always reach the focused control; a scan is recognised at its Enter
}

void ScanInput::on_enter(wxCommandEvent&) {
  std::string typed = field_->GetValue().ToStdString();
  const bool deck_card = core::deck_card_number(core::location_deck_prefix, typed) ||
                         core::deck_card_number(core::action_deck_prefix, typed);
  const bool mistyped = keep_mistyped_ && !typed.empty() && !deck_card && typed.rfind("MARSHAL-", 0) != 0 &&
                        !core::parse_card_code(typed).ok();
  if (mistyped) {
    field_->SetBackgroundColour(mistyped_pink);  // kept, marked, the cursor at its end for the fix
    field_->SetInsertionPointEnd();
  } else {
    field_->Clear();
    field_->SetBackgroundColour(*wxWHITE);
  }
  field_->Refresh();
  // Typed and Enter pressed: the person means it, even twice (two copies of a location card).
  if (!typed.empty()) on_code_(typed);
  else if (on_empty_enter_) on_empty_enter_();
}

}  // namespace marshal::ui
