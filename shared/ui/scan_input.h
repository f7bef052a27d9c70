#pragma once
// The scan field every screen has: a large text field for typing a short code (Enter to send),
// plus keyboard-wedge scanners anywhere in the window (a fast burst of keys ending in Enter,
// caught on the frame's char hook, wherever the focus is). Cameras report through on_code too.
// A scanner's double read (the same code twice in a row within 2 s, no other key between)
// counts once, and so does a camera's reading of a card held in view (once per 2 s per code); a
// code typed and sent with Enter counts every time, and so does a deck card's (LOC07, ACT10)
// from a scanner: its copies share the code, and two copies dealt in a row are meant.
#include <functional>
#include <string>

#include <wx/panel.h>
#include <wx/stattext.h>
#include <wx/textctrl.h>

#include "scan/wedge.h"

namespace marshal::ui {

class ScanInput : public wxPanel {
 public:
  using OnCode = std::function<void(const std::string& code)>;
  ScanInput(wxWindow* parent, OnCode on_code);

  // Listens for scanner bursts on the whole frame.
  void watch_keyboard(wxWindow* frame);
  // For cameras and tests: a code from elsewhere, debounced (a card held in view is read on
  // every frame).
  void deliver(const std::string& code);
  void focus_field();
  // A camera's "Card seen: hold it still" beside the field (ui::start_camera's on_card_seen).
  void show_camera_hint(bool seen);
  bool camera_hint_shown() const;
  // A key a person pressed that the window handled before this input saw it (an F-key, Esc, a
  // Ctrl command): a burst under way was typing, and the same card scanned next is meant.
  void person_key();
  wxTextCtrl* field() { return field_; }
  // Enter pressed by a person with nothing typed (a scanner's Enter ends its burst and never
  // comes here): the GM station's home screen plays the trick it shows.
  void on_empty_enter(std::function<void()> then) { on_empty_enter_ = std::move(then); }
  // A code typed with a mistake (a typo the check character catches, a wrong length, a letter
  // no code has) stays in the field, marked, for the GM to correct, instead of vanishing; it is
  // still handed on, so the screen says what is wrong. Off by default: a kiosk's field must
  // never keep what a player typed.
  void keep_mistyped_codes(bool keep) { keep_mistyped_ = keep; }

 private:
  void on_char_hook(wxKeyEvent& event);
  void on_enter(wxCommandEvent& event);
  void deliver_scanned(const std::string& code);  // from a wedge burst

  OnCode on_code_;
  std::function<void()> on_empty_enter_;
  wxTextCtrl* field_;
  wxStaticText* camera_hint_;
  bool keep_mistyped_ = false;
  scan::WedgeDetector wedge_;
  scan::Debouncer debouncer_;
  // The last burst, to drop a scanner's double read of it; cleared by any other key.
  std::string last_burst_;
  std::int64_t last_burst_ms_ = 0;
};

}  // namespace marshal::ui
