// The GM station in Russian (docs/i18n.md) on the Russian sample town at 1024 x 600: every
// conflict screen gives its instruction in Russian, and the home screen cuts no text in either
// language; a duel is begun by scanning two Russian names. Every conflict screen's fit, in both
// languages, is tests/gmstation/fits_gui_test.cpp's. Screenshots: build/<preset>/screenshots/gm-ru-*.
#include <catch2/catch.hpp>

#include "sample_town.h"
#include "support/screen_text.h"
#include "ui/command_keys.h"

using namespace marshal;
using namespace gui_testing;

TEST_CASE("the GM station's home screen in English cuts no text at 1024 x 600", "[gui][i18n]") {
  SampleTown town(1875);
  gm::MainFrame* frame = open_station(town.db, "saloon-gm");
  check_fits(frame, "home");
  frame->Destroy();
  pump(200);
}

TEST_CASE("the GM station in Russian: every screen's instruction in Russian, nothing cut at 1024 x 600",
          "[gui][i18n]") {
  test_support::InLanguage russian("ru");
  SampleTown town(1875, "lincoln-1875-ru");
  gm::MainFrame* frame = open_station(town.db, "saloon-gm");
  CHECK(frame->GetSize() == wxSize(1024, 600));
  check_fits(frame, "home");
  screenshot(frame, "gm-ru-home");
  for (gm::ConflictPage* page : std::initializer_list<gm::ConflictPage*>{
           frame->duel(), frame->accusation(), frame->fistfight(), frame->actions(), frame->shootout(), frame->brawl(),
           frame->chase(), frame->table(), frame->action_time()}) {
    frame->show_screen(page);
    pump(200);
    const std::string instruction = page->instruction().utf8_string();
    INFO(page->GetName().utf8_string() << ": " << instruction);
    CHECK(test_support::has_cyrillic(instruction));
  }
  frame->show_screen(frame->shootout());
  pump(200);
  screenshot(frame, "gm-ru-shootout");
  frame->show_screen(frame->table());
  pump(200);
  screenshot(frame, "gm-ru-table");

  wxUIActionSimulator sim;
  sim.Char(WXK_F2);
  pump(300);
  scan_burst(sim, town.badge("Малыш Кэллоуэй"));
  scan_burst(sim, town.badge("Шериф Эймос Брэди"));
  pump(300);
  CHECK(test_support::has_cyrillic(frame->duel()->instruction().utf8_string()));
  screenshot(frame, "gm-ru-duel");
  frame->Destroy();
  pump(200);
}

TEST_CASE("a Ctrl command is its Latin letter on a Russian keyboard layout", "[gui][i18n][keys]") {
  // By the standard Russian layout: the key of N types т, of B и, of S ы, of Q й, of Z я.
  CHECK(ui::command_key(WXK_NONE, L'т') == 'N');
  CHECK(ui::command_key(WXK_NONE, L'Т') == 'N');
  CHECK(ui::command_key(WXK_NONE, L'и') == 'B');
  CHECK(ui::command_key(WXK_NONE, L'ы') == 'S');
  CHECK(ui::command_key(WXK_NONE, L'й') == 'Q');
  CHECK(ui::command_key(WXK_NONE, L'я') == 'Z');
  CHECK(ui::command_key(WXK_NONE, L'ф') == 'A');
  CHECK(ui::command_key('n', 0) == 'N');
  CHECK(ui::command_key('N', L'т') == 'N');                // a Latin key code wins
  CHECK(ui::command_key(WXK_NONE, L'х') == WXK_NONE);      // on the [ key: no command
  CHECK(ui::command_key(WXK_NONE, L'ё') == WXK_NONE);
  CHECK(ui::command_key(WXK_F2, 0) == WXK_F2);

  // Ctrl+Т as a Russian layout sends it (no key code, the letter т) begins a shootout as Ctrl+N does.
  test_support::InLanguage russian("ru");
  SampleTown town(1875, "lincoln-1875-ru");
  gm::MainFrame* frame = open_station(town.db, "saloon-gm");
  wxUIActionSimulator sim;
  sim.Char(WXK_F6);
  pump(300);
  for (const char* name : {"Малыш Кэллоуэй", "Шериф Эймос Брэди", "Помощник шерифа Уэйд Холлис"})
    scan_burst(sim, town.badge(name));
  pump(200);
  const wxString before = frame->shootout()->instruction();
  wxKeyEvent ctrl_te(wxEVT_CHAR_HOOK);
  ctrl_te.m_keyCode = WXK_NONE;
  ctrl_te.m_uniChar = L'т';
  ctrl_te.m_controlDown = true;
  ctrl_te.SetEventObject(frame);
  frame->GetEventHandler()->ProcessEvent(ctrl_te);
  pump(300);
  INFO(before.utf8_string() << " -> " << frame->shootout()->instruction().utf8_string());
  CHECK(frame->shootout()->instruction() != before);
  CHECK(frame->shootout()->instruction().Contains(wxString::FromUTF8("1")));  // round 1's orders
  frame->Destroy();
  pump(200);
}
