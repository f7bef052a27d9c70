// The GM station in Russian (docs/i18n.md) on the Russian sample town at 1024 x 600: every
// conflict screen gives its instruction in Russian, and the home screen cuts no text in either
// language; a duel is begun by scanning two Russian names. Every conflict screen's fit, in both
// languages, is tests/gmstation/fits_gui_test.cpp's. Screenshots: build/<preset>/screenshots/gm-ru-*.
#include <catch2/catch.hpp>

#include "sample_town.h"
#include "support/screen_text.h"

using namespace marshal;
using namespace gui_testing;

namespace {

void check_fits(gm::MainFrame* frame, const std::string& screen) {
  pump(100);
  const std::vector<std::string> cut = test_support::cut_texts(frame);
  std::string cuts;
  for (const auto& c : cut) cuts += c + "\n";
  INFO(screen << ": cut:\n" << cuts);
  CHECK(cut.empty());
}

}  // namespace

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
