// The Table screen's wounds and recovery under Xvfb (issue 32): a Deadlands posse's fight at
// 1024 x 600 on a real ledger file, from the keys and scans: the cards of a real deck typed, a
// chip's new Action Card (Ctrl+R, 001 L45), the Joker's +2 in the odds, Hannah hit past her last Wound
// level, Healing refused before her Incapacitation roll, the roll (Ctrl+I: the station rolls her
// Vigor, 000 L170-176) found without a scan, Doc's Healing of her (Ctrl+E), the Deputy's Spirit
// roll failed and a chip from the GM's pool ending his Shaken (Ctrl+U again, 001 L43), then a chip
// with no roll first (Ctrl+U twice); past the golden hour the skill refused and the arcane power
// (Ctrl+G) taken; verify
// after. The station's dice are random: each step checks what the ledger judged of them.
#include <catch2/catch.hpp>

#include "ledger/ledger.h"
#include "ledger/verify.h"
#include "sample_town.h"
#include "store/sqlite.h"
#include "support/screen_text.h"
#include "table_keys.h"

using namespace marshal;
using namespace gui_testing;


TEST_CASE("Table: the GM's fate and an Injury card typed from a real deck, named by the GM without injuries.csv (000 L173-178)",
          "[gui][table][wounds]") {
  // The posse in deadlands-ru (the GM names the fate) without an injury table: the GM types both.
  SampleTown posse(34, "deadlands-posse");
  const std::string file = posse.variant("no-table.db", [](db::EventDefinition& d) {
    d.options.ruleset = core::Ruleset::deadlands_ru;
    d.injuries = {};
  });
  gm::MainFrame* frame = open_station(file, "table-gm");
  frame->SetSize(1024, 600);
  gm::TablePage* table = frame->table();
  wxUIActionSimulator sim;
  sim.Char(WXK_F9);
  pump(500);
  sim.Char('F', wxMOD_CONTROL);
  pump(500);
  table_hit(sim, posse.badge("Smith the Gunhand"), '2', "2d6+1: 6 6 6 3, 6 2");
  REQUIRE(fighter_column(file, "Hannah Two Rivers", "state") == "incapacitated");
  // Her fate by its number: 3, unconscious, a temporary Injury.
  sim.Char('I', wxMOD_CONTROL);
  pump(300);
  CHECK(table->dice_field()->HasFocus());
  sim.Char('3');
  sim.Char(WXK_RETURN);
  pump(500);
  CHECK(table->result_text().Contains("unconscious until healed, with a temporary Injury"));
  CHECK(table->instruction().Contains("Ctrl+I: draw the Injury card"));
  CHECK(table->roster_text().Contains("INJURY TO DRAW"));
  // Ctrl+I with nobody scanned finds her; a card that is none is refused, the field keeps it.
  sim.Char('I', wxMOD_CONTROL);
  pump(300);
  CHECK(table->instruction().Contains("Hannah Two Rivers owes a temporary Injury"));
  sim.Text("zz");
  sim.Char(WXK_RETURN);
  pump(300);
  CHECK(table->refusal_text().Contains("'zz' is no card"));
  CHECK(table->dice_field()->HasFocus());
  sim.Char(WXK_BACK);
  sim.Char(WXK_BACK);
  sim.Text("qh");
  sim.Char(WXK_RETURN);
  pump(300);
  CHECK(table->instruction().Contains(wxString::FromUTF8("Q\u2665")));
  CHECK(table->instruction().Contains("Type the Injury your table gives for it"));
  // Enter with nothing typed is refused; then her Injury as the group's table names it.
  sim.Char(WXK_RETURN);
  pump(300);
  CHECK(table->refusal_text().Contains("Type the Injury your table gives for that card"));
  sim.Text("Broken ribs");
  sim.Char(WXK_RETURN);
  pump(500);
  INFO(table->result_text().utf8_string());
  CHECK(table->result_text().Contains(wxString::FromUTF8("Hannah Two Rivers's Injury card: Q\u2665")));
  CHECK(table->result_text().Contains("Broken ribs ("));
  CHECK(table->roster_text().Contains("Broken ribs ("));
  CHECK_FALSE(table->keys_text().Contains("I Incapacitation"));
  CHECK_FALSE(table->keys_text().Contains("I Injury"));
  screenshot(frame, "table-injury");
  {
    db::Database ledger(file, false);
    CHECK(ledger.scalar_text("SELECT card || ' ' || injury || ' ' || permanent FROM injuries") == "QH Broken ribs 0");
    // 14 - a plain d8 (her Vigor): 6 to 13 days (000 L178).
    const std::int64_t days = ledger.scalar_int("SELECT days FROM injuries");
    CHECK(days >= 6);
    CHECK(days <= 13);
  }
  // A day's natural healing (000 L204, Ctrl+W): not during the fight, not for the dying; Doc,
  // wounded, rolls his Vigor once it is over, after an hour has passed (Ctrl+T).
  table_hit(sim, posse.badge("Smith the Gunhand"), '1', "2d6+1: 5, 4");  // 10 vs Doc's Toughness 5: a wound
  REQUIRE(fighter_column(file, "Doc Ezekiel Hale", "state") == "fighting");
  scan_burst(sim, posse.badge("Doc Ezekiel Hale"));
  pump(300);
  sim.Char('W', wxMOD_CONTROL);
  pump(300);
  CHECK(table->refusal_text().Contains("A fight is under way: a day's healing comes after it"));
  sim.Char('F', wxMOD_CONTROL);
  pump(300);
  sim.Char('F', wxMOD_CONTROL);
  pump(500);
  CHECK(table->keys_text().Contains("W day's healing"));
  // An hour passes (Ctrl+T twice, 000 L188): Father Tomas's Healing skill no longer treats Doc's wound.
  CHECK(table->keys_text().Contains("T an hour passes"));
  sim.Char('T', wxMOD_CONTROL);
  pump(300);
  CHECK(table->instruction().Contains("Ctrl+T again: an hour has passed"));
  sim.Char('T', wxMOD_CONTROL);
  pump(500);
  CHECK(table->result_text().Contains("An hour has passed"));
  scan_burst(sim, posse.badge("Father Tomas Ruiz"));
  pump(300);
  sim.Char('E', wxMOD_CONTROL);
  pump(300);
  sim.Char('1');
  pump(500);
  CHECK(table->refusal_text().Contains("the golden hour after Doc Ezekiel Hale's last wound is past"));
  // The arcane Healing power still may (000 L188, Ctrl+G): Father Tomas's Faith (his 6th trait)
  // chosen in the Trait field, his dice rolled by hand: 2 and a Wild Die of 1, less Doc's wound,
  // fail; the ledger took it as the power's (no golden-hour refusal), and a chip may reroll it.
  CHECK(table->keys_text().Contains("G heal by a power"));
  scan_burst(sim, posse.badge("Father Tomas Ruiz"));
  pump(300);
  REQUIRE(table->trait_field()->HasFocus());
  sim.Char('6');
  pump(300);
  table->dice_field()->SetFocus();
  sim.Text("2, 1");
  pump(200);
  sim.Char('G', wxMOD_CONTROL);
  pump(300);
  CHECK(table->instruction().Contains("Father Tomas Ruiz heals by the arcane power, rolling Faith"));
  sim.Char('1');
  pump(500);
  INFO(table->result_text().utf8_string() << " | " << table->refusal_text().utf8_string());
  CHECK(table->result_text().Contains("Father Tomas Ruiz heals Doc Ezekiel Hale (Faith d10): 2, Wild Die 1"));
  CHECK(table->instruction().Contains("Ctrl+G again: a chip rerolls it"));
  // Between fights with chips dealt and an Injury kept, the result and the keys show whole at
  // 1024 x 600: the keys go up beside the long list, under the odds (TablePage::place_keys).
  test_support::check_in_view(frame, "Wild Die 1", "table after a fight");
  test_support::check_in_view(frame, "F fight", "table after a fight");
  test_support::check_nothing_cut(frame, "table after a fight");
  screenshot(frame, "table-after-fight");
  {
    db::Database ledger(file, false);
    CHECK(ledger.scalar_int("SELECT COUNT(*) FROM events WHERE type = 'healed' AND json_extract(payload, '$.power') = 1 AND "
                            "json_extract(payload, '$.die') = 'd10'") == 1);
  }
  scan_burst(sim, posse.badge("Hannah Two Rivers"));
  pump(300);
  sim.Char('W', wxMOD_CONTROL);
  pump(300);
  CHECK(table->refusal_text().Contains("Hannah Two Rivers has no wound a day's rest heals"));
  scan_burst(sim, posse.badge("Doc Ezekiel Hale"));
  pump(300);
  sim.Char('W', wxMOD_CONTROL);
  pump(500);
  INFO(table->result_text().utf8_string());
  CHECK(table->result_text().Contains("Doc Ezekiel Hale rolls Vigor d6 for a day's healing: "));
  CHECK((table->result_text().Contains("1 wound healed; now") || table->result_text().Contains("no wound healed; now")));
  {
    db::Database ledger(file, false);
    CHECK(ledger.scalar_int("SELECT COUNT(*) FROM events WHERE type = 'natural_healing_rolled'") == 1);
  }
  db::VerifyReport report = db::verify_ledger(file);
  INFO(report.reason);
  CHECK(report.ok);
}

TEST_CASE("Table: Incapacitation, Healing and a chip against Shaken from the keys at 1024 x 600, verify", "[gui][table][wounds]") {
  SampleTown posse(33, "deadlands-posse");
  gm::MainFrame* frame = open_station(posse.db, "table-gm");
  frame->SetSize(1024, 600);
  gm::TablePage* table = frame->table();
  wxUIActionSimulator sim;
  sim.Char(WXK_F9);
  pump(500);
  sim.Char('I', wxMOD_CONTROL);  // nobody owes the roll
  pump(300);
  CHECK(table->refusal_text().Contains("Nobody is Incapacitated: no Incapacitation roll is owed"));
  sim.Char('F', wxMOD_CONTROL);
  pump(500);
  // The cards of a real deck typed, one per fighter in the numbers' order: Smith (6) the Black
  // Joker. Two cards for seven, then a card that is none, are refused; the field keeps them.
  sim.Char('D', wxMOD_CONTROL);
  pump(300);
  REQUIRE(table->dice_field()->HasFocus());
  sim.Text("AS 10H");
  sim.Char(WXK_RETURN);
  pump(300);
  CHECK(table->refusal_text().Contains("cards to deal: 7, cards typed: 2"));
  CHECK(table->dice_field()->HasFocus());
  table->dice_field()->Clear();
  sim.Text("2c 3c 4c 5c 6c 1c 7c");
  sim.Char(WXK_RETURN);
  pump(300);
  CHECK(table->refusal_text().Contains("'1c' is no card"));
  table->dice_field()->Clear();
  sim.Text("2c 3c 4c 5c 6c bj 7c");
  sim.Char(WXK_RETURN);
  pump(500);
  REQUIRE(table->fight_text().StartsWith("Round 1"));
  CHECK(table->result_text().Contains("Smith the Gunhand acts first (Black Joker)"));
  CHECK_FALSE(table->keys_text().Contains("I Incapacitation"));
  CHECK_FALSE(table->keys_text().Contains("I Injury"));  // shown only while a roll is owed
  CHECK_FALSE(table->keys_text().Contains("E heal"));  // nobody hurt yet
  CHECK(table->keys_text().Contains("R new card"));

  // Before anyone acts, Hannah spends a chip on another Action Card and keeps the better (001 L45).
  scan_burst(sim, posse.badge("Hannah Two Rivers"));
  pump(300);
  sim.Char('R', wxMOD_CONTROL);  // no chip yet
  pump(300);
  CHECK(table->refusal_text().Contains("Hannah Two Rivers has no chip to spend"));
  sim.Char('A', wxMOD_CONTROL);
  pump(300);
  sim.Char('R', wxMOD_CONTROL);
  pump(500);
  INFO(table->result_text().utf8_string());
  CHECK(table->result_text().Contains("Hannah Two Rivers spends a chip for a new card: draws "));
  {
    db::Database ledger(posse.db, false);
    CHECK(ledger.scalar_int("SELECT COUNT(*) FROM events WHERE type = 'card_redrawn'") == 1);
    CHECK(ledger.scalar_int("SELECT COALESCE(SUM(count), 0) FROM chips JOIN characters c ON c.id = holder "
                            "WHERE c.name = 'Hannah Two Rivers'") == 0);
  }

  // Once the cards are chosen, Smith's rolls bear the Joker's +2 (000 L54): the odds line says so
  // (deadlands-1876 has no wound penalty), and the ledger adds it itself.
  scan_burst(sim, posse.badge("Smith the Gunhand"));
  pump(300);
  CHECK(table->odds_text().Contains("(of which +2 Joker)"));
  sim.Char('1');  // his first trait, the modifier 0 and TN 4: the station rolls
  pump(300);
  sim.Char(WXK_RETURN);
  sim.Char(WXK_RETURN);
  sim.Char(WXK_RETURN);
  pump(500);
  {
    db::Database ledger(posse.db, false);
    const std::string sql = "SELECT json_extract(payload, '$.ledger.modifiers') FROM events WHERE type = 'roll_recorded'";
    CHECK(protocol::Json::parse(ledger.scalar_text(sql)) == protocol::Json{{"wounds", 0}, {"joker", 2}});
  }

  // Smith hits Hannah (Toughness 6) for 30 or more: past her third wound, Incapacitated.
  table_hit(sim, posse.badge("Smith the Gunhand"), '2', "2d6+1: 6 6 6 3, 6 2");
  INFO(table->result_text().utf8_string());
  CHECK(table->result_text().Contains("Smith the Gunhand hits Hannah Two Rivers"));
  CHECK(table->roster_text().Contains("INCAPACITATED"));
  CHECK(table->keys_text().Contains("I Incapacitation"));
  CHECK(fighter_column(posse.db, "Hannah Two Rivers", "state") == "incapacitated");

  // Doc tries to heal her first: the ledger refuses, the roll comes first (000 L170).
  scan_burst(sim, posse.badge("Doc Ezekiel Hale"));
  pump(300);
  sim.Char('E', wxMOD_CONTROL);
  pump(300);
  CHECK(table->instruction().Contains("Doc Ezekiel Hale heals: type the patient's number"));
  CHECK(table->who_field()->HasFocus());
  sim.Char('2');
  pump(500);
  CHECK(table->refusal_text().Contains("the Incapacitation roll comes before any Healing"));

  // Ctrl+I with Doc scanned: Hannah is the one who owes it, so hers is rolled (Vigor d8).
  scan_burst(sim, posse.badge("Doc Ezekiel Hale"));
  pump(300);
  sim.Char('I', wxMOD_CONTROL);
  pump(500);
  INFO(table->result_text().utf8_string());
  CHECK(table->result_text().Contains("Hannah Two Rivers rolls Vigor d8: "));
  const std::string fate = fighter_column(posse.db, "Hannah Two Rivers", "state");
  CHECK(fate != "incapacitated");
  {
    db::Database ledger(posse.db, false);
    CHECK(ledger.scalar_int("SELECT COUNT(*) FROM events WHERE type = 'incapacitation_rolled'") == 1);
  }
  screenshot(frame, "table-wounds");
  test_support::check_in_view(frame, "Hannah Two Rivers rolls Vigor d8", "table wounds");
  // Bleeding Out, unconscious or a Last Stand owes an Injury card (000 L173-175): Ctrl+I asks it,
  // Enter draws it from the station's full deck, the posse's injuries.csv names it.
  // Bleeding Out owes a permanent Injury if she lives: healing first, the card after (000 L173).
  if (fate == "bleeding_out") {
    CHECK(table->instruction().Contains("Ctrl+E heals them; the Injury card if they live"));
    CHECK_FALSE(table->keys_text().Contains("I Incapacitation"));
    CHECK_FALSE(table->keys_text().Contains("I Injury"));
    CHECK_FALSE(table->roster_text().Contains("INJURY TO DRAW"));
  }
  if (fate == "unconscious" || fate == "last_stand") {
    CHECK(table->instruction().Contains("Ctrl+I: draw the Injury card"));
    CHECK(table->keys_text().Contains("I Injury"));
    CHECK(table->roster_text().Contains("INJURY TO DRAW"));
    sim.Char('I', wxMOD_CONTROL);
    pump(300);
    CHECK(table->instruction().Contains("Hannah Two Rivers owes a temporary Injury"));
    CHECK(table->dice_field()->HasFocus());
    sim.Char(WXK_RETURN);
    pump(500);
    INFO(table->result_text().utf8_string());
    CHECK(table->result_text().Contains("Hannah Two Rivers's Injury card: "));
    db::Database ledger(posse.db, false);
    const std::string injury = ledger.scalar_text("SELECT injury FROM injuries");
    CHECK(table->result_text().Contains(wxString::FromUTF8(injury)));
    CHECK(table->roster_text().Contains(wxString::FromUTF8(injury + " (")));
    CHECK_FALSE(table->roster_text().Contains("INJURY TO DRAW"));
  }
  CHECK_FALSE(table->keys_text().Contains("I Incapacitation"));
  CHECK_FALSE(table->keys_text().Contains("I Injury"));
  sim.Char('I', wxMOD_CONTROL);
  pump(300);
  CHECK(table->refusal_text().Contains("Nobody is Incapacitated"));

  // Doc heals her now (Healing d10), unless the roll killed her: no Healing permitted (000 L172).
  scan_burst(sim, posse.badge("Doc Ezekiel Hale"));
  pump(300);
  sim.Char('E', wxMOD_CONTROL);
  pump(300);
  sim.Char('2');
  pump(500);
  {
    db::Database ledger(posse.db, false);
    if (fate == "dead") {
      CHECK(table->refusal_text().Contains("dead"));
      CHECK(ledger.scalar_int("SELECT COUNT(*) FROM events WHERE type = 'healed'") == 0);
    } else {
      INFO(table->result_text().utf8_string());
      CHECK(table->result_text().Contains("Doc Ezekiel Hale heals Hannah Two Rivers (Healing d10): "));
      CHECK((table->result_text().Contains("healed; now") || table->result_text().Contains("no wound healed; now")));
      CHECK(ledger.scalar_int("SELECT COUNT(*) FROM events WHERE type = 'healed'") == 1);
      // A failed Healing: Doc tries her again only with a chip (000 L200).
      CHECK(table->instruction().Contains("Ctrl+E again: a chip rerolls it") == table->result_text().Contains("no wound healed"));
    }
  }
  // Doc himself has nothing to heal: refused at the station, nothing recorded. His badge scanned
  // anew first: right after a failed Healing, Ctrl+E would spend a chip on its reroll.
  scan_burst(sim, posse.badge("Doc Ezekiel Hale"));
  pump(300);
  CHECK_FALSE(table->instruction().Contains("Ctrl+E again"));
  sim.Char('E', wxMOD_CONTROL);
  pump(300);
  sim.Char('1');
  pump(300);
  CHECK(table->refusal_text().Contains("Doc Ezekiel Hale has no wound to heal"));

  // The Deputy (an Extra, no Spirit: d4 -2) is Shaken until a Spirit roll fails; then Ctrl+U
  // again spends the GM's pool's chip on him (001 L43).
  sim.Char('P', wxMOD_CONTROL);  // a chip for the GM's pool
  pump(300);
  bool failed = false;
  for (int attempt = 0; attempt < 30 && !failed; ++attempt) {
    table_hit(sim, posse.badge("Smith the Gunhand"), '7', "d6+1: 4");  // 5 or 7 vs Toughness 5: Shaken, no wound
    REQUIRE(table->result_text().Contains("vs Toughness 5: SHAKEN"));
    scan_burst(sim, posse.badge("Gomorra Deputy"));
    pump(300);
    sim.Char('U', wxMOD_CONTROL);
    pump(300);
    REQUIRE(table->instruction().Contains("Gomorra Deputy is SHAKEN: Enter rolls Spirit"));
    REQUIRE(table->dice_field()->HasFocus());
    sim.Char(WXK_RETURN);
    pump(500);
    REQUIRE(table->result_text().Contains("Gomorra Deputy rolls Spirit d4"));
    failed = table->result_text().Contains("still SHAKEN");
  }
  REQUIRE(failed);  // each roll fails four times in five: 30 successes in a row are out of reach
  CHECK(table->instruction().Contains("Ctrl+U again: a chip ends it"));
  sim.Char('U', wxMOD_CONTROL);
  pump(500);
  CHECK(table->result_text().Contains("Gomorra Deputy spends a chip: no longer Shaken"));
  {
    db::Database ledger(posse.db, false);
    CHECK(ledger.scalar_int("SELECT COUNT(*) FROM events WHERE type = 'unshaken' AND json_extract(payload, '$.how') = 'chip'") == 1);
    CHECK(ledger.scalar_int("SELECT shaken FROM combatants JOIN characters c ON c.id = character WHERE c.name = 'Gomorra Deputy'") == 0);
  }
  // Not Shaken now: Ctrl+U is refused, and a second chip is never spent.
  sim.Char('U', wxMOD_CONTROL);
  pump(300);
  CHECK(table->refusal_text().Contains("Gomorra Deputy is not Shaken"));
  // A chip at any time (001 L43), without a Spirit roll first: Ctrl+U, then Ctrl+U again.
  table_hit(sim, posse.badge("Smith the Gunhand"), '7', "d6+1: 4");
  REQUIRE(table->result_text().Contains("vs Toughness 5: SHAKEN"));
  sim.Char('P', wxMOD_CONTROL);
  pump(300);
  scan_burst(sim, posse.badge("Gomorra Deputy"));
  pump(300);
  sim.Char('U', wxMOD_CONTROL);
  pump(300);
  CHECK(table->instruction().Contains("or Ctrl+U again spends a chip (any time)"));
  sim.Char('U', wxMOD_CONTROL);
  pump(500);
  CHECK(table->result_text().Contains("Gomorra Deputy spends a chip: no longer Shaken"));
  {
    db::Database ledger(posse.db, false);
    CHECK(ledger.scalar_int("SELECT COUNT(*) FROM events WHERE type = 'unshaken' AND json_extract(payload, '$.how') = 'chip'") == 2);
  }

  sim.Char('F', wxMOD_CONTROL);
  pump(300);
  sim.Char('F', wxMOD_CONTROL);
  pump(500);
  CHECK(table->result_text().Contains("The fight is over"));
  db::VerifyReport report = db::verify_ledger(posse.db);
  INFO(report.reason);
  CHECK(report.ok);
}
