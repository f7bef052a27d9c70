// Every GM screen fits at 1024 x 600 and at 1920 x 1080 (issue 28): no text runs past its
// window's edge or is cut inside its label, in English and in Russian, on each page as it opens
// and with the sample town's longest names scanned in (the duel's and fistfight's columns, a
// shootout's list, the Table's chips); the Table's keys and chips show without scrolling.
// Screenshots: build/<preset>/screenshots/fits-LANG-PAGE.png (and fits-LANG-1920-PAGE.png).
#include <catch2/catch.hpp>

#include "i18n/translate.h"

#include "sample_town.h"
#include "support/screen_text.h"

using namespace marshal;
using namespace gui_testing;

namespace {

struct Language {
  const char* code;
  const char* event;
  std::vector<std::string> longest;  // the town's four longest names, longest first
};

const std::vector<Language> languages{
    {"en", "lincoln-1875", {"Lieutenant Henry Ashcroft", "Judge Cornelius Whitlock", "Judge Horace Pennington",
                            "Gentleman Beau Fontaine"}},
    {"ru", "lincoln-1875-ru", {"Помощник шерифа Уэйд Холлис", "Судья Гораций Пеннингтон", "Преподобный Обадайя Финч",
                               "Лейтенант Генри Эшкрофт"}},
};

}  // namespace

TEST_CASE("every GM screen at 1024 x 600 and 1920 x 1080 cuts no text, in English and in Russian", "[gui][fits]") {
  for (const Language& language : languages)
   for (const wxSize size : {wxSize(1024, 600), wxSize(1920, 1080)}) {
    test_support::InLanguage in(language.code);
    SampleTown town(1875, language.event);
    gm::MainFrame* frame = open_station(town.db, "saloon-gm");
    REQUIRE(frame->GetSize() == wxSize(1024, 600));
    frame->SetSize(size);
    pump(300);
    REQUIRE(frame->GetSize() == size);
    const std::string lang = std::string(language.code) + (size.x == 1024 ? "" : "-1920");
    INFO("at " << size.x << " x " << size.y);
    check_fits(frame, lang + " home");
    const std::vector<std::pair<const char*, gm::ConflictPage*>> pages{
        {"duel", frame->duel()},       {"accusation", frame->accusation()}, {"fistfight", frame->fistfight()},
        {"actions", frame->actions()}, {"shootout", frame->shootout()},     {"brawl", frame->brawl()},
        {"chase", frame->chase()},     {"table", frame->table()},           {"action-time", frame->action_time()},
        {"offices", frame->offices()}};
    for (const auto& [name, page] : pages) {
      frame->show_screen(page);
      pump(200);
      check_fits(frame, lang + " " + name);
      screenshot(frame, "fits-" + lang + "-" + name);
    }
    // The Table: the chips and the keys without scrolling.
    frame->show_screen(frame->table());
    pump(200);
    for (const std::string& seen : {std::string("Ctrl+"), marshal::i18n::tr("B reroll (a chip)"), marshal::i18n::tr("V Joker: villains")})
      test_support::check_in_view(frame, wxString::FromUTF8(seen), lang + " table");
    wxUIActionSimulator sim;
    // Two long names side by side: the duel's and the fistfight's columns.
    for (int key : {WXK_F2, WXK_F4}) {
      sim.Char(key);
      pump(300);
      scan_burst(sim, town.badge(language.longest[0]));
      scan_burst(sim, town.badge(language.longest[1]));
      pump(300);
      check_fits(frame, lang + (key == WXK_F2 ? " duel" : " fistfight") + " with the longest names");
      screenshot(frame, "fits-" + lang + (key == WXK_F2 ? "-duel-names" : "-fistfight-names"));
    }
    // Four of them in a shootout.
    sim.Char(WXK_F6);
    pump(300);
    for (const auto& name : language.longest) scan_burst(sim, town.badge(name));
    sim.Char('N', wxMOD_CONTROL);
    pump(300);
    check_fits(frame, lang + " shootout with the longest names");
    screenshot(frame, "fits-" + lang + "-shootout-names");
    frame->Destroy();
    pump(200);
  }
}
