// A poker trick played at the GM station's home screen (004 L109-119, issue 34 point 3), under
// Xvfb against a real ledger file: one scan and Enter records it flipped by its holder; played
// again, the ledger refuses it naming when and at which station; F3 then accuses with it.
#include <catch2/catch.hpp>

#include "sample_town.h"
#include "store/sqlite.h"

using namespace marshal;
using namespace gui_testing;

namespace {

std::string trick_titled(const SampleTown& town, const std::string& holder, const std::string& title) {
  for (const auto& card : town.definition.cards)
    if (card.kind == "trick" && card.holder == holder && card.title == title) return card.code;
  FAIL("no trick " << title << " held by " << holder);
  return "";
}

}  // namespace

TEST_CASE("a trick played at home: one scan and Enter, a second play refused naming when and where, F3 accuses with it",
          "[gui][trick]") {
  SampleTown town(77);
  const std::string royal_flush = trick_titled(town, "Gentleman Beau Fontaine", "Royal Flush");
  gm::MainFrame* frame = open_station(town.db, "card-room-gm");
  wxUIActionSimulator sim;

  // Two inputs: the scan shows the trick and offers Enter; Enter plays it.
  scan_burst(sim, royal_flush);
  INFO(frame->scan_answer().ToStdString());
  CHECK(frame->scan_answer().Contains("trick card: Royal Flush"));
  CHECK(frame->scan_answer().Contains("Enter: play this trick"));
  // The scanner's own Enter ended the burst: nothing is played until a person presses Enter.
  {
    db::Database ledger(town.db, false);
    CHECK(ledger.scalar_int("SELECT COUNT(*) FROM events WHERE type = 'trick_flipped'") == 0);
  }
  sim.Char(WXK_RETURN);
  pump(2000, [&] { return frame->scan_answer().Contains("Played"); });
  INFO(frame->scan_answer().ToStdString());
  CHECK(frame->scan_answer().Contains("Played: Royal Flush, by Gentleman Beau Fontaine"));
  CHECK(frame->scan_answer().Contains("F3: accuse"));
  screenshot(frame, "trick-played");

  // Scanned again: it says it was played, when and where; Enter again is refused by the ledger,
  // which names when and where.
  scan_burst(sim, royal_flush);
  CHECK(frame->scan_answer().Contains("PLAYED at "));
  CHECK(frame->scan_answer().Contains("at card-room-gm"));
  CHECK_FALSE(frame->scan_answer().Contains("Enter: play"));
  sim.Char(WXK_RETURN);
  pump(2000, [&] { return frame->scan_answer().Contains("Refused"); });
  INFO(frame->scan_answer().ToStdString());
  CHECK(frame->scan_answer().Contains("was already played this evening, at "));
  CHECK(frame->scan_answer().Contains(" at card-room-gm"));
  screenshot(frame, "trick-played-twice");

  // F3 right after: the accusation starts with Beau accused and the trick in; the accuser next.
  sim.Char(WXK_F3);
  pump(400);
  gm::AccusationPage* accusation = frame->accusation();
  INFO(accusation->instruction().ToStdString() << " / " << accusation->refusal_text().ToStdString());
  CHECK(accusation->instruction().Contains("accuser"));
  scan_burst(sim, town.badge("Sheriff Amos Brady"));
  CHECK(accusation->instruction().Contains("Both draw"));
  // The Sheriff: 9 + Gambling 1 = 10 against Beau: Ace + Gambling 4 = 5. The cheat is opened.
  enter_fields(sim, {"9", "A"});
  pump(2000, [&] { return accusation->recorded(); });
  REQUIRE(accusation->recorded());
  CHECK(accusation->result_text().Contains("CHEAT"));
  frame->Destroy();
  pump(200);

  db::Database ledger(town.db, false);
  CHECK(ledger.scalar_int("SELECT COUNT(*) FROM events WHERE type = 'trick_flipped'") == 1);
  CHECK(ledger.scalar_int("SELECT COUNT(*) FROM events WHERE type = 'conflict_resolved'") == 1);
  CHECK(ledger.scalar_text("SELECT fate FROM cards WHERE code = '" + royal_flush + "'") == "accused");
  // The second play went into the refusal trail.
  CHECK(ledger.scalar_int("SELECT COUNT(*) FROM refusals WHERE type = 'trick_flipped' AND code = 'already_spent'") == 1);
}
