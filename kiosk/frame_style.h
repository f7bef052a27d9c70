#pragma once
// What the kiosk's screens share (kiosk_frame*.cpp): type sizes and colours for arm's length at
// 1024 x 600, touch-sized controls, codes compared as the ledger compares them, and the window's
// text as a person reads it.
#include <cctype>
#include <cstdint>
#include <functional>
#include <string>

#include <wx/button.h>
#include <wx/cursor.h>
#include <wx/stattext.h>
#include <wx/textctrl.h>
#include <wx/time.h>

#include "ui/theme.h"
#include "ui/words.h"

namespace marshal::kiosk::style {

// What a player reads after a hand-over, sale or ballot, below what was done: the kiosk never
// goes back to their state by itself (docs/kiosk.md, "Who is at the keypad").
inline std::string anything_else() {
  return "\n\n" + ui::tr("Anything else? Touch the screen or scan your badge. Otherwise you are signed out in a few "
                         "seconds.");
}

inline std::int64_t now_ms() { return wxGetLocalTimeMillis().GetValue(); }
// The wall clock a record's client_time_ms carries (milliseconds since 1970, UTC).
inline std::int64_t unix_now_ms() { return wxGetUTCTimeMillis().GetValue(); }

// Type sizes for arm's length at 1024 x 600: body text 18 pt is 24 px.
inline constexpr int body_points = 18;
inline constexpr int headline_points = 28;
inline constexpr int title_points = 34;
// Touch targets of at least 15 mm: 72 px high at 1024 x 600.
inline constexpr int button_height_px = 72;
// The PIN keypad's keys: 110 x 90 px, wider only when a language's word for Clear or OK needs it
// (its text and GTK's border and padding around a button's label, 40 px in all).
inline constexpr int keypad_key_width_px = 110;
inline constexpr int keypad_key_height_px = 90;
inline constexpr int button_label_padding_px = 40;
// The PIN screen's headline wraps within its left column (the keypad takes the rest of 1024 px).
inline constexpr int pin_headline_wrap_px = 600;

// White on these reads at 7:1 or better.
inline const wxColour refusal_background{160, 16, 16};
inline const wxColour done_background{10, 90, 30};
inline const wxColour busy_background{30, 40, 90};  // "Asking the ledger...": white on it, 11:1

// A code as the ledger compares it: no spaces or dashes, upper case.
inline std::string canonical(const std::string& code) {
  std::string out;
  for (unsigned char c : code)
    if (std::isalnum(c)) out += static_cast<char>(std::toupper(c));
  return out;
}

inline wxStaticText* label(wxWindow* parent, const wxString& text, int points, bool bold = false) {
  auto* l = new wxStaticText(parent, wxID_ANY, text);
  l->SetFont(ui::font(points, bold));
  return l;
}

// One line of text as a person reads it: the line breaks wrapping put in become spaces.
inline std::string flat(const wxString& text) {
  std::string out;
  for (char c : text.utf8_string()) {
    if (c == '\n' || c == '\t') c = ' ';
    if (c == ' ' && (out.empty() || out.back() == ' ')) continue;
    out += c;
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

inline void collect_text(const wxWindow* w, std::string& out) {
  if (!w->IsShown()) return;
  if (auto* t = dynamic_cast<const wxTextCtrl*>(w)) {
    if (!t->HasFlag(wxTE_PASSWORD)) out += flat(t->GetValue()) + "\n";
  } else if (dynamic_cast<const wxStaticText*>(w) || dynamic_cast<const wxButton*>(w)) {
    out += flat(w->GetLabel()) + "\n";
  }
  for (const wxWindow* child : w->GetChildren()) collect_text(child, out);
}

// A touch anywhere (a label, a page) counts as input, like a key or a scan.
inline void watch_touches(wxWindow* w, const std::function<void()>& touched) {
  w->Bind(wxEVT_LEFT_DOWN, [touched](wxMouseEvent& e) {
    touched();
    e.Skip();
  });
  for (wxWindow* child : w->GetChildren()) watch_touches(child, touched);
}

// The pointer moved anywhere in the window.
inline void watch_pointer(wxWindow* w, const std::function<void()>& moved) {
  w->Bind(wxEVT_MOTION, [moved](wxMouseEvent& e) {
    moved();
    e.Skip();
  });
  for (wxWindow* child : w->GetChildren()) watch_pointer(child, moved);
}

// The same cursor on the window and all within it (a blank one hides the pointer).
inline void set_cursor_everywhere(wxWindow* w, const wxCursor& cursor) {
  w->SetCursor(cursor);
  for (wxWindow* child : w->GetChildren()) set_cursor_everywhere(child, cursor);
}

}  // namespace marshal::kiosk::style
