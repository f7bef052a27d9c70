// The accusation screen driven by keys and scanner bursts under Xvfb against a real ledger.
#include <catch2/catch.hpp>

#include <unistd.h>

#include "sample_town.h"
#include "store/sqlite.h"

using namespace marshal;
using namespace gui_testing;

TEST_CASE("an accusation: badge, trick and accuser scanned, cards typed, the bystander named and recorded",
          "[gui][accusation]") {
  SampleTown town(77);
  const std::string& db = town.db;
  auto badge = [&](const std::string& name) { return town.badge(name); };
  const auto& imported_definition = town.definition;
  std::string royal_flush;
  for (const auto& card : imported_definition.cards)
    if (card.kind == "trick" && card.holder == "Gentleman Beau Fontaine" && card.title == "Royal Flush")
      royal_flush = card.code;
  REQUIRE_FALSE(royal_flush.empty());

  gm::MainFrame* frame = open_station(db, "card-room-gm");
  wxUIActionSimulator sim;

  sim.Char(WXK_F3);
  pump(300);
  CHECK(frame->accusation()->instruction().Contains("accused of cheating"));
  scan_burst(sim, badge("Gentleman Beau Fontaine"));
  CHECK(frame->accusation()->instruction().Contains("Scan the trick"));
  // The scanner reads the badge twice in a row (a card held too long): one read, no refusal.
  scan_burst(sim, badge("Gentleman Beau Fontaine"));
  CHECK(frame->accusation()->instruction().Contains("Scan the trick"));
  // Someone else's trick is refused: the Sheriff holds none of Beau's cards.
  scan_burst(sim, badge("Sheriff Amos Brady"));
  CHECK(frame->accusation()->refusal_text().Contains("Refused"));
  scan_burst(sim, royal_flush);
  CHECK(frame->accusation()->instruction().Contains("accuser"));
  scan_burst(sim, badge("Sheriff Amos Brady"));
  CHECK(frame->accusation()->instruction().Contains("Both draw"));

  // The Sheriff: 9 + Gambling 1 = 10 against Beau: Ace + Gambling 4 = 5. The trick is opened.
  enter_fields(sim, {"9", "A"});
  pump(800, [&] { return frame->accusation()->recorded(); });
  CHECK(frame->accusation()->result_text().Contains("CHEAT"));
  CHECK(frame->accusation()->result_text().Contains("Gentleman Beau Fontaine loses an innocent bystander"));
  REQUIRE(frame->accusation()->recorded());
  CHECK(frame->accusation()->instruction().Contains("Recorded in the ledger as event #2"));
  screenshot(frame, "accusation-result");
  frame->Destroy();
  pump(200);

  db::Database ledger(db, false);
  CHECK(ledger.scalar_int("SELECT spent FROM cards WHERE code = '" + royal_flush + "'") == 1);
  CHECK(ledger.scalar_int(
            "SELECT COUNT(*) FROM cards k JOIN characters c ON c.id = k.holder WHERE k.kind = 'bystander' "
            "AND k.spent = 1 AND k.fate = 'lost' AND c.name = 'Gentleman Beau Fontaine'") == 1);
  CHECK(ledger.scalar_int("SELECT COUNT(*) FROM cards WHERE kind = 'bystander' AND spent = 1") == 1);
}

TEST_CASE("an accusation by scans alone: accused, trick, accuser, then the two action cards settle it",
          "[gui][accusation]") {
  SampleTown town(77);
  std::string royal_flush;
  for (const auto& card : town.definition.cards)
    if (card.kind == "trick" && card.holder == "Gentleman Beau Fontaine" && card.title == "Royal Flush") royal_flush = card.code;
  gm::MainFrame* frame = open_station(town.db, "card-room-gm");
  wxUIActionSimulator sim;
  sim.Char(WXK_F3);
  pump(300);
  scan_burst(sim, "ACT09");  // too early: said so
  CHECK(frame->accusation()->refusal_text().Contains("scan the accused, the trick and the accuser first"));
  scan_burst(sim, town.badge("Gentleman Beau Fontaine"));
  scan_burst(sim, royal_flush);
  scan_burst(sim, town.badge("Sheriff Amos Brady"));
  // The Sheriff's 9 + Gambling 1 = 10 against Beau's Ace + Gambling 4 = 5: opened, a cheat.
  scan_burst(sim, "ACT09");
  CHECK(frame->accusation()->instruction().Contains("Now Gentleman Beau Fontaine's card"));
  scan_burst(sim, "ACT01");
  pump(2000, [&] { return frame->accusation()->recorded(); });
  INFO(frame->accusation()->instruction().ToStdString() << " / " << frame->accusation()->result_text().ToStdString());
  REQUIRE(frame->accusation()->recorded());
  CHECK(frame->accusation()->result_text().Contains("CHEAT"));
  frame->Destroy();
  pump(200);
  db::Database ledger(town.db, false);
  CHECK(ledger.scalar_text("SELECT json_extract(payload, '$.draws.table') FROM events WHERE type = 'conflict_resolved'") ==
        "[9,1]");
}
