// The GM station read and driven as at a noisy table (issue 14): every text at least 18 px at
// 1024 x 600 and no GTK size warnings on start; one key for a choice, a digit out of range
// refused with the range beside its step without moving the page; a recorded result as a
// banner in large type with the inputs gone; the odds box never taking the keyboard.
#include <catch2/catch.hpp>

#include <glib.h>

#include <wx/button.h>
#include <wx/checkbox.h>
#include <wx/stattext.h>
#include <wx/statusbr.h>

#include "sample_town.h"
#include "support/screen_text.h"
#include "ui/theme.h"

using namespace marshal;
using namespace gui_testing;

namespace {

int gtk_size_warnings = 0;

// GTK logs through GLib's structured log: every message passes here, then is written as usual.
GLogWriterOutput count_gtk_size_warnings(GLogLevelFlags level, const GLogField* fields, gsize n_fields, gpointer data) {
  for (gsize i = 0; i < n_fields; ++i)
    if (std::string(fields[i].key) == "MESSAGE" && fields[i].length < 0 &&
        std::string(static_cast<const char*>(fields[i].value)).find("size >= 0") != std::string::npos)
      ++gtk_size_warnings;
  return g_log_writer_default(level, fields, n_fields, data);
}

// Every text a window shows, with its height in pixels on this screen.
void check_text_sizes(wxWindow* window, const std::string& screen) {
  for (wxWindow* child : window->GetChildren()) {
    check_text_sizes(child, screen);
    const bool text = dynamic_cast<wxStaticText*>(child) || dynamic_cast<wxTextCtrl*>(child) ||
                      dynamic_cast<wxButton*>(child) || dynamic_cast<wxCheckBox*>(child) ||
                      dynamic_cast<wxStatusBar*>(child);
    if (!text || !child->IsShownOnScreen() || child->GetLabel().empty()) continue;  // a blank is a spacer
    INFO(screen << ": '" << child->GetLabel().ToStdString() << "' (" << wxString(child->GetClassInfo()->GetClassName()).ToStdString() << ")");
    CHECK(ui::pixels(child->GetFont().GetPointSize()) >= 18.0);
  }
}

}  // namespace

TEST_CASE("every screen at 1024 x 600, in English and Russian: each text at least 18 px, no GTK size warning on start",
          "[gui][readable]") {
  static const bool counting = [] {  // GLib takes one writer a process
    g_log_set_writer_func(count_gtk_size_warnings, nullptr, nullptr);
    return true;
  }();
  REQUIRE(counting);
  gtk_size_warnings = 0;
  // In English, and in Russian on the Russian sample town (longer words, the same 18 px).
  for (const auto& [language, event] : {std::pair{"en", "lincoln-1875"}, std::pair{"ru", "lincoln-1875-ru"}}) {
    test_support::InLanguage in(language);
    SampleTown town(1875, event);
    gm::MainFrame* frame = open_station(town.db, "saloon-gm");
    CHECK(frame->GetSize() == wxSize(1024, 600));
    check_text_sizes(frame, std::string(language) + " home");
    for (gm::ConflictPage* page : std::initializer_list<gm::ConflictPage*>{
             frame->duel(), frame->accusation(), frame->fistfight(), frame->actions(), frame->shootout(), frame->brawl(),
             frame->chase(), frame->table(), frame->action_time()}) {
      frame->show_screen(page);
      pump(200);
      check_text_sizes(frame, std::string(language) + " " + page->instruction().utf8_string());
    }
    CHECK(gtk_size_warnings == 0);
    frame->Destroy();
    pump(200);
  }
}

TEST_CASE("the Action Time screen with a TWTW posse: each text at least 18 px", "[gui][readable][action_time]") {
  SampleTown posse(18, "twtw-posse");  // the Lincoln town above has no TWTW characters: the roster is empty there
  gm::MainFrame* frame = open_station(posse.db, "twtw-gm");
  frame->show_screen(frame->action_time());
  pump(200);
  REQUIRE(frame->action_time()->mode() == gm::ActionTimePage::Mode::declaration);
  check_text_sizes(frame, "action time");
  frame->Destroy();
  pump(200);
}

TEST_CASE("a duel's commitments by one key each, a digit out of range refused with the range, nothing moves",
          "[gui][readable][duel]") {
  SampleTown town(1875);
  gm::MainFrame* frame = open_station(town.db, "saloon-gm");
  wxUIActionSimulator sim;
  gm::DuelPage* duel = scan_duelists(frame, sim, town);
  CHECK(duel->instruction().Contains("Kid Calloway 0-4, Sheriff Amos Brady 0-3"));
  REQUIRE(duel->commitment(0)->HasFocus());
  sim.Char('2');
  pump(1000, [&] { return duel->commitment(1)->HasFocus(); });
  CHECK(duel->commitment(0)->value() == 2);
  REQUIRE(duel->commitment(1)->HasFocus());

  // 9 is more than the Sheriff's Accuracy: refused with the range, beside the step; the prompt
  // stays, the value is not clamped, and nothing on the page moves.
  const wxPoint card_at = duel->card_field(0)->GetScreenPosition();
  const wxString prompt = duel->instruction();
  sim.Char('9');
  pump(1000, [&] { return !duel->refusal_text().empty(); });
  CHECK(duel->refusal_text() == "Sheriff Amos Brady: Accuracy committed: 9 is out of range: 0 to 3");
  CHECK(duel->instruction() == prompt);
  CHECK(duel->commitment(1)->value() == 0);
  CHECK(duel->commitment(1)->HasFocus());
  CHECK(duel->card_field(0)->GetScreenPosition() == card_at);
  screenshot(frame, "duel-commitment-refused");

  // The odds box clicked: the keyboard stays where the next key goes.
  click(sim, duel->odds_toggle());
  CHECK(duel->odds_toggle()->IsChecked());
  CHECK(duel->commitment(1)->HasFocus());
  CHECK(duel->odds_shown().Contains("Odds:"));

  sim.Char('1');
  pump(1000, [&] { return duel->card_field(0)->HasFocus(); });
  CHECK(duel->commitment(1)->value() == 1);
  CHECK(duel->card_field(0)->HasFocus());
  CHECK(duel->refusal_text().empty());
  // The cards scanned: the draw's arithmetic carries the commitments.
  scan_burst(sim, "ACT09");
  scan_burst(sim, "ACT03");
  pump(2000, [&] { return duel->result_text().Contains("is faster"); });
  INFO(duel->result_text().ToStdString());
  CHECK(duel->result_text().Contains("Kid Calloway: 9 + Speed 4 + 2 committed = 15"));
  CHECK(duel->result_text().Contains("Sheriff Amos Brady: 3 + Speed 3 + 1 committed = 7"));
  CHECK_FALSE(duel->commitment(0)->IsEnabled());  // committed for the draw only
  frame->Destroy();
  pump(200);
}

TEST_CASE("one key: a range past 9 takes two digits typed together, a digit waiting when the screen restarts is dropped",
          "[gui][readable][duel]") {
  SampleTown town(1875);
  gm::MainFrame* frame = open_station(town.db, "saloon-gm");
  wxUIActionSimulator sim;
  gm::DuelPage* duel = scan_duelists(frame, sim, town);
  REQUIRE(duel->commitment(0)->HasFocus());
  duel->commitment(0)->set_range(0, 12);  // as for a duelist of Accuracy 12 (max_attribute up to 20)
  sim.Char('1');
  sim.Char('2');
  pump(1500, [&] { return duel->commitment(1)->HasFocus(); });
  CHECK(duel->commitment(0)->value() == 12);
  // A 1 alone, once the moment for a second digit has passed, is 1.
  duel->commitment(1)->set_range(0, 12);
  sim.Char('1');
  pump(1500, [&] { return duel->card_field(0)->HasFocus(); });
  CHECK(duel->commitment(1)->value() == 1);

  // A digit typed and at once a new duel (F2): the new duel is not touched by it.
  scan_duelists(frame, sim, town);
  REQUIRE(duel->commitment(0)->HasFocus());
  sim.Char('3');
  sim.Char(WXK_F2);
  pump(500);
  CHECK(duel->commitment(0)->value() == 0);
  CHECK(duel->instruction().Contains("first duelist"));
  CHECK(duel->refusal_text().empty());  // the old digit, had it counted, would be refused as out of 0 to 0
  frame->Destroy();
  pump(200);
}

TEST_CASE("a fistfight's offense by one key each, Enter keeping the all-out default", "[gui][readable][fistfight]") {
  SampleTown town(1875);
  gm::MainFrame* frame = open_station(town.db, "saloon-gm");
  wxUIActionSimulator sim;
  sim.Char(WXK_F4);
  pump(300);
  scan_burst(sim, town.badge("Sheriff Amos Brady"));  // HtH 3
  scan_burst(sim, town.badge("Kid Calloway"));        // HtH 2
  gm::FistfightPage* fight = frame->fistfight();
  REQUIRE(fight->offense(0)->HasFocus());
  CHECK(fight->offense(0)->value() == 3);
  sim.Char('1');
  pump(1000, [&] { return fight->offense(1)->HasFocus(); });
  CHECK(fight->offense(0)->value() == 1);
  sim.Char(WXK_RETURN);
  pump(500, [&] { return fight->card_field(0)->HasFocus(); });
  CHECK(fight->offense(1)->value() == 2);
  CHECK(fight->card_field(0)->HasFocus());
  frame->Destroy();
  pump(200);
}

TEST_CASE("a recorded result is the screen: a banner of 32 px or more, the inputs gone, nothing cut off",
          "[gui][readable][duel]") {
  SampleTown town(1875);
  gm::MainFrame* frame = open_station(town.db, "saloon-gm");
  wxUIActionSimulator sim;
  gm::DuelPage* duel = kid_draws_first(frame, sim, town);
  CHECK_FALSE(duel->finished());
  CHECK(ui::pixels(duel->result_label()->GetFont().GetPointSize()) < 32);  // live, while playing
  scan_burst(sim, "ACT08");  // 8 + Accuracy 4 = 12: the Sheriff is dead
  pump(3000, [&] { return duel->recorded(); });
  REQUIRE(duel->recorded());
  CHECK(duel->finished());
  CHECK(ui::pixels(duel->result_label()->GetFont().GetPointSize()) >= 32);
  CHECK_FALSE(duel->commitment(0)->IsShownOnScreen());
  CHECK_FALSE(duel->card_field(0)->IsShownOnScreen());
  // Wrapped to the page's width, and all of it within the page's scrollable height.
  const wxRect label = duel->result_label()->GetRect();
  CHECK(label.GetRight() < duel->GetClientSize().x);
  CHECK(duel->CalcUnscrolledPosition(label.GetBottomLeft()).y <= duel->GetVirtualSize().y);
  CHECK(duel->result_label()->GetSize().y >= duel->result_label()->GetBestSize().y);
  wxString shown = duel->result_label()->GetLabel();
  shown.Replace("\n", " ");
  wxString written = duel->result_text();
  written.Replace("\n", " ");
  CHECK(shown == written);
  screenshot(frame, "duel-banner");
  // Esc and a new F-key still work; the next screen starts with its inputs shown again.
  sim.Char(WXK_F2);
  pump(300);
  CHECK_FALSE(duel->finished());
  CHECK(duel->commitment(0)->IsShownOnScreen());
  frame->Destroy();
  pump(200);
}
