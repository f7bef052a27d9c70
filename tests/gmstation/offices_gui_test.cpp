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

// Ctrl + a letter, as a GM presses it.
void ctrl_key(wxUIActionSimulator& sim, char key) {
  sim.Char(key, wxMOD_CONTROL);
  pump(200);
}

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
  auto ctrl = [&](char key) { ctrl_key(sim, key); };
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

TEST_CASE("offices: the Mayor notarizes a land sale and reads the register, a Judge a banker's note, printed, "
          "passed on and paid at F5",
          "[gui][offices]") {
  SampleTown town(28);
  const std::string mayor = town.badge("Zechariah Chamberlain"), whitlock = town.badge("Judge Cornelius Whitlock"),
                    costigan = town.badge("Big Mike Costigan"), mahoney = town.badge("Patrick Mahoney"),
                    ashby = town.badge("Reginald Ashby"), tunstead = town.badge("Alexander Tunstead"),
                    rourke = town.badge("Nathaniel Rourke"), kid = town.badge("Kid Calloway");
  const std::string spur = town.cards("Big Mike Costigan", "deed").at(0);
  gm::MainFrame* frame = open_station(town.db, "land-office-gm");
  gm::OfficesPage* page = frame->offices();
  wxUIActionSimulator sim;
  auto ctrl = [&](char key) { ctrl_key(sim, key); };
  sim.Char(WXK_F11);
  pump(300);
  scan_burst(sim, mayor);
  // The Golden Spur lot sold to Mahoney: the deed, 1 (a sale), the buyer, the price.
  ctrl('L');
  scan_burst(sim, kid);  // a badge is no deed
  CHECK(page->refusal_text().Contains("no land deed"));
  scan_burst(sim, spur);
  CHECK(page->instruction().Contains("1 sale"));
  sim.Char('1');
  pump(1500, [&] { return !page->deal_field()->IsShown(); });
  CHECK(page->instruction().Contains("buyer"));
  scan_burst(sim, mahoney);
  REQUIRE(page->text_field()->HasFocus());
  type_text(sim, "3 M");
  INFO(page->result_text().ToStdString() << " / " << page->refusal_text().ToStdString());
  CHECK(page->result_text().Contains("Notarized: sale of Golden Spur lot to Patrick Mahoney for 3 M"));
  ctrl('R');
  CHECK(page->result_text().Contains("Golden Spur lot: Patrick Mahoney (1 deal)"));
  CHECK(page->result_text().Contains("Rocking R: Nathaniel Rourke (0 deals)"));
  screenshot(frame, "offices-land-register");

  // Whitlock notarizes Ashby's note: Tunstead pays Rourke 2 M within the hour; its card is printed.
  scan_burst(sim, whitlock);
  ctrl('N');
  scan_burst(sim, ashby);
  scan_burst(sim, tunstead);
  scan_burst(sim, rourke);
  type_text(sim, "2 M");
  type_text(sim, "60");
  INFO(page->result_text().ToStdString() << " / " << page->refusal_text().ToStdString());
  CHECK(page->result_text().Contains("Notarized: Alexander Tunstead owes 2 M to Nathaniel Rourke, due in 60 min"));
  CHECK(page->result_text().Contains("printed to"));
  const std::vector<std::string> notes{db::Database(town.db, false).scalar_text("SELECT code FROM cards WHERE kind = 'note'")};

  // At F5: Rourke passes the note to the Kid; Tunstead pays it.
  sim.Char(WXK_F5);
  pump(300);
  scan_burst(sim, rourke);
  ctrl('N');
  scan_burst(sim, notes[0]);
  scan_burst(sim, kid);
  CHECK(frame->actions()->result_text().Contains("Passed on"));
  scan_burst(sim, tunstead);
  ctrl('P');
  scan_burst(sim, notes[0]);
  CHECK(frame->actions()->result_text().Contains("Paid"));
  scan_burst(sim, tunstead);
  ctrl('P');
  scan_burst(sim, notes[0]);
  CHECK(frame->actions()->refusal_text().Contains("paid already"));
  frame->Destroy();
  pump(200);

  db::Database ledger(town.db, false);
  CHECK(ledger.scalar_text("SELECT o.name FROM cards d JOIN characters o ON o.id = d.owner WHERE d.code = '" + spur + "'") ==
        "Patrick Mahoney");
  CHECK(ledger.scalar_text("SELECT fate FROM cards WHERE kind = 'note'") == "paid");
}
