#pragma once
// The scan field every screen has: a large text field for typing a short code (Enter to send),
// plus keyboard-wedge scanners anywhere in the window (a fast burst of keys ending in Enter,
// caught on the frame's char hook, wherever the focus is). Cameras report through on_code too.
// The same card code scanned (a burst or a camera) within 2 s counts once; a code typed and sent
// with Enter counts every time, and so does a deck card's (LOC07, ACT10) from a scanner: its
// copies share the code, and two copies dealt in a row are meant.
#include <functional>
#include <string>

#include <wx/panel.h>
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
  wxTextCtrl* field() { return field_; }

 private:
  void on_char_hook(wxKeyEvent& event);
  void on_enter(wxCommandEvent& event);
  void deliver_scanned(const std::string& code);  // from a wedge burst

  OnCode on_code_;
  wxTextCtrl* field_;
  scan::WedgeDetector wedge_;
  scan::Debouncer debouncer_;
};

}  // namespace marshal::ui
