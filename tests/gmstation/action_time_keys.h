#pragma once
// What the Action Time screen's tests (action_time_gui_test, action_time_extras_gui_test) type.
#include <initializer_list>

#include <wx/uiaction.h>

#include "support/gui_fixture.h"

namespace action_time_testing {

// A person's key: the keys field counts a letter only when no other key follows closely.
inline void key(wxUIActionSimulator& sim, int k, int modifiers = wxMOD_NONE) {
  sim.Char(k, modifiers);
  gui_testing::pump(150);
}

// Text typed into the focused field, then Enter.
inline void type(wxUIActionSimulator& sim, const char* text) {
  sim.Text(text);
  gui_testing::pump(100);
  key(sim, WXK_RETURN);
}

// A Declaration typed character by character (each key, then Enter for the next), then Ctrl+N.
inline void declare_round(wxUIActionSimulator& sim, std::initializer_list<const char*> keys) {
  for (const char* k : keys) {
    key(sim, *k);
    key(sim, WXK_RETURN);
  }
  key(sim, 'N', wxMOD_CONTROL);
}

}  // namespace action_time_testing
