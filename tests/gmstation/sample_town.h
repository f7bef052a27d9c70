#pragma once
// What the GUI tests share: a ledger of the sample town (seeded codes) in a temporary folder,
// and a station window (on that file, or on any backend) shown with the keyboard given to it.
#include <catch2/catch.hpp>

#include <initializer_list>
#include <string>
#include <vector>

#include <wx/uiaction.h>

#include "core/card_code.h"
#include "core/csprng.h"
#include "gmstation/main_frame.h"
#include "support/gui_fixture.h"
#include "support/screen_text.h"
#include "import/import_event.h"
#include "ledger/ledger.h"
#include "support/sample_town.h"

namespace gui_testing {

using marshal::test_support::SampleTown;

// Shows the station with the keyboard given to it (show_with_keyboard), the scan field focused.
inline marshal::gm::MainFrame* open_station(std::unique_ptr<marshal::gm::StationBackend> backend) {
  start_wx();
  auto* frame = new marshal::gm::MainFrame(std::move(backend));
  show_with_keyboard(frame);
  frame->scan_input()->focus_field();
  pump(200);
  return frame;
}

// A check that the station's window cuts no text once laid out (tests/support/screen_text.h).
inline void check_fits(marshal::gm::MainFrame* frame, const std::string& screen) {
  pump(150);
  marshal::test_support::check_nothing_cut(frame, screen);
}

// A mouse click on the left of `w` (a check box's box), as a GM clicks it.
inline void click(wxUIActionSimulator& sim, wxWindow* w) {
  wxRect r = w->GetScreenRect();
  sim.MouseMove(r.x + 8, r.y + r.height / 2);
  pump(100);
  sim.MouseClick();
  pump(300);
}

// Types the screen's fields in focus order, Tab between them and Return after the last, as a
// GM does at the table. An empty field is passed over as it is.
inline void enter_fields(wxUIActionSimulator& sim, std::initializer_list<const char*> fields) {
  bool first = true;
  for (const char* field : fields) {
    if (!first) sim.Char(WXK_TAB);
    first = false;
    if (*field) sim.Text(field);
  }
  sim.Char(WXK_RETURN);
}

// A screen opened by its function key with `names` scanned in, then Ctrl+N to begin: how a GM
// starts a shootout or a brawl.
inline void start_with(wxUIActionSimulator& sim, const SampleTown& town, int key,
                       std::initializer_list<const char*> names) {
  sim.Char(key);
  pump(300);
  for (const char* name : names) scan_burst(sim, town.badge(name));
  sim.Char('N', wxMOD_CONTROL);
  pump(300);
}

// F2, then Kid Calloway (Speed 4, Accuracy 4) and the Sheriff (Speed 3, Accuracy 3) scanned:
// the duel waits on the Kid's commitment.
inline marshal::gm::DuelPage* scan_duelists(marshal::gm::MainFrame* frame, wxUIActionSimulator& sim,
                                            const SampleTown& town) {
  sim.Char(WXK_F2);
  pump(300);
  scan_burst(sim, town.badge("Kid Calloway"));
  scan_burst(sim, town.badge("Sheriff Amos Brady"));
  return frame->duel();
}

// The duelists scanned, no commitment, the draw typed: 9 + 4 = 13 against 3 + 3 = 6. The Kid
// shoots first.
inline marshal::gm::DuelPage* kid_draws_first(marshal::gm::MainFrame* frame, wxUIActionSimulator& sim,
                                              const SampleTown& town) {
  scan_duelists(frame, sim, town);
  // The focus waits on the first duelist's commitment: Enter keeps each at 0, then the cards.
  sim.Char(WXK_RETURN);
  sim.Char(WXK_RETURN);
  enter_fields(sim, {"9", "3"});
  // Waits for the draw's result rather than a fixed time: a loaded machine can take longer.
  pump(5000, [&] { return frame->duel()->result_text().Contains("Kid Calloway is faster"); });
  INFO("duel: " << frame->duel()->result_text().ToStdString());
  REQUIRE(frame->duel()->result_text().Contains("Kid Calloway is faster"));
  return frame->duel();
}

// The same on a local ledger file (the embedded default).
inline marshal::gm::MainFrame* open_station(const std::string& db, const std::string& station) {
  return open_station(marshal::gm::open_local_ledger(db, station));
}

}  // namespace gui_testing
