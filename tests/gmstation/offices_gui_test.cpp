// The offices screen (F11) under Xvfb against a real ledger file: a Judge deputizes a man to
// arrest one named outlaw and the deputy's arrest is recorded; a Judge sentences the arrested to
// jail (its timer in the strip); the other Judge overrides it by its number, the first disputes
// that, and the Mayor settles it; the Mayor gives a Fair prize. Refusals on screen: a badge that
// holds no office, a Mayor's key pressed by a Judge.
#include <catch2/catch.hpp>

#include <cctype>

#include "sample_town.h"
#include "store/sqlite.h"

using namespace marshal;
using namespace gui_testing;

namespace {

void type_text(wxUIActionSimulator& sim, const std::string& text) {
  for (char c : text) {
    sim.Char(c, std::isupper(static_cast<unsigned char>(c)) ? wxMOD_SHIFT : wxMOD_NONE);
    pump(30);
  }
  sim.Char(WXK_RETURN);
  pump(400);
}

}  // namespace

TEST_CASE("offices: a deputy's one arrest, a sentence overridden, disputed and settled, a Fair prize",
          "[gui][offices]") {
  SampleTown town(27);
  const std::string whitlock = town.badge("Judge Cornelius Whitlock"), pennington = town.badge("Judge Horace Pennington"),
                    mayor = town.badge("Zechariah Chamberlain"), jubal = town.badge("Jubal Crane"),
                    black_jack = town.badge("Black Jack Mulroney"), kid = town.badge("Kid Calloway");
  gm::MainFrame* frame = open_station(town.db, "court-gm");
  gm::OfficesPage* page = frame->offices();
  wxUIActionSimulator sim;
  auto ctrl = [&](char key) {
    sim.Char(key, wxMOD_CONTROL);
    pump(200);
  };
  sim.Char(WXK_F11);
  pump(300);
  CHECK(page->instruction().Contains("Judge or the Mayor"));
  CHECK(page->decisions_shown().Contains("No decision"));

  // A badge without an office is refused at once.
  scan_burst(sim, kid);
  CHECK(page->refusal_text().Contains("neither the judge nor the mayor"));

  // Whitlock deputizes Jubal Crane to arrest Black Jack: two scans.
  scan_burst(sim, whitlock);
  ctrl('P');  // the Mayor's key: refused, naming the power
  CHECK(page->refusal_text().Contains("mayor power"));
  ctrl('D');
  scan_burst(sim, jubal);
  CHECK(page->instruction().Contains("Jubal Crane"));
  scan_burst(sim, black_jack);
  INFO(page->result_text().ToStdString() << " / " << page->refusal_text().ToStdString());
  CHECK(page->result_text().Contains("deputized to arrest Black Jack Mulroney"));
  screenshot(frame, "offices-deputized");

  // The deputy's arrest at the GM actions screen, allowed once.
  sim.Char(WXK_F5);
  pump(300);
  scan_burst(sim, black_jack);
  ctrl('A');
  scan_burst(sim, jubal);
  CHECK(frame->actions()->result_text().Contains("Arrested"));

  // Whitlock sentences him: 1 jail, 45 minutes, the charge.
  sim.Char(WXK_F11);
  pump(300);
  scan_burst(sim, whitlock);
  ctrl('S');
  scan_burst(sim, black_jack);
  CHECK(page->instruction().Contains("1 jail"));
  sim.Char('1');
  pump(1500, [&] { return page->text_field()->IsShown(); });
  REQUIRE(page->text_field()->HasFocus());
  type_text(sim, "45");
  CHECK(page->instruction().Contains("45 min"));
  type_text(sim, "stage robbery");
  INFO(page->result_text().ToStdString() << " / " << page->refusal_text().ToStdString());
  CHECK(page->result_text().Contains("Black Jack Mulroney is sentenced: jail (stage robbery)"));
  frame->refresh();
  pump(300);
  CHECK(frame->timers_text().Contains("Black Jack Mulroney in jail, free in"));
  const std::int64_t sentence = page->recorded_seq();
  REQUIRE(sentence > 0);
  CHECK(page->decisions_shown().Contains("#" + std::to_string(sentence)));

  // Pennington overrides it by its number; Whitlock disputes that; the Mayor settles it.
  scan_burst(sim, pennington);
  ctrl('O');
  REQUIRE(page->text_field()->HasFocus());
  type_text(sim, std::to_string(sentence));
  type_text(sim, "no witness, free him");
  INFO(page->instruction().ToStdString() << " / " << page->refusal_text().ToStdString());
  CHECK(page->result_text().Contains("Overridden by the Judge"));
  const std::int64_t overridden = page->recorded_seq();
  scan_burst(sim, whitlock);
  ctrl('O');
  type_text(sim, std::to_string(overridden));
  type_text(sim, "the sentence stands");
  CHECK(page->result_text().Contains("the Mayor settles it"));
  const std::int64_t dispute = page->recorded_seq();
  scan_burst(sim, mayor);
  ctrl('T');
  type_text(sim, std::to_string(dispute));
  type_text(sim, "Pennington is right");
  CHECK(page->result_text().Contains("Settled by the Mayor"));
  // A Fair prize.
  ctrl('P');
  scan_burst(sim, kid);
  type_text(sim, "fastest horse");
  CHECK(page->result_text().Contains("Kid Calloway wins: fastest horse"));
  screenshot(frame, "offices-prize");
  frame->Destroy();
  pump(200);

  db::Database ledger(town.db, false);
  CHECK(ledger.scalar_int("SELECT COUNT(*) FROM deputies WHERE ended_how = 'done'") == 1);
  CHECK(ledger.scalar_int("SELECT jailed FROM characters WHERE name = 'Black Jack Mulroney'") == 0);
  CHECK(ledger.scalar_int("SELECT COUNT(*) FROM decisions WHERE dispute = 1 AND settled_seq IS NOT NULL") == 1);
  CHECK(ledger.scalar_text("SELECT prize FROM prizes") == "fastest horse");
}
