#pragma once
// What the Action Time screen's tests (action_time_gui_test, _extras_, _scatter_, _care_) type.
#include <initializer_list>

#include <wx/uiaction.h>

#include "gmstation/action_time_page.h"
#include "gmstation/main_frame.h"
#include "sample_town.h"
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

// A, the target's number, the paces typed (then the Ctrl keys come, the card after).
inline void aim(wxUIActionSimulator& sim, char target, const char* paces) {
  key(sim, 'a');
  key(sim, target);
  gui_testing::pump(100);
  sim.Text(paces);
  gui_testing::pump(150);
}

// The sample TWTW posse's GM station at 1024 x 600 on the Action Time screen (F10), in the
// Declaration: where each Action Time test begins.
struct ActionTimeScreen {
  explicit ActionTimeScreen(const SampleTown& posse)
      : frame(open_station(posse.db, "twtw-gm")), page(frame->action_time()) {
    frame->SetSize(1024, 600);
    key(sim, WXK_F10);
    REQUIRE(page->mode() == marshal::gm::ActionTimePage::Mode::declaration);
  }
  marshal::gm::MainFrame* frame;
  marshal::gm::ActionTimePage* page;
  wxUIActionSimulator sim;
};

}  // namespace action_time_testing
