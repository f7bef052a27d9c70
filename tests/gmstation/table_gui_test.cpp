// The Table screen under Xvfb (issue 17): a Deadlands posse's game night played from the
// keyboard and scans on a real ledger file: a roll typed from physical dice with its Ace spelled
// out and its odds shown before, a chip awarded, a failure rerolled with that chip keeping the
// best, a reroll refused without a chip and after a Critical Failure, a Connection Marker played
// and rolled by the station, a Luck Charm played once and refused the second time; verify after.
#include <catch2/catch.hpp>

#include <fmt/format.h>

#include "ledger/verify.h"
#include "scan/wedge.h"
#include "sample_town.h"
#include "support/screen_text.h"
#include "store/sqlite.h"

using namespace marshal;
using namespace gui_testing;

namespace {

std::string percent(double p) { return fmt::format("{:.1f}%", 100 * p); }

// A trait's number, then the modifier and TN stepped with + and -, then the dice (empty: the
// station rolls) and Enter, as a GM does it.
void roll(wxUIActionSimulator& sim, char trait, int modifier_steps, int tn_steps, const char* dice) {
  sim.Char(trait);
  pump(300);
  for (int i = 0; i < std::abs(modifier_steps); ++i) sim.Char(modifier_steps > 0 ? '+' : '-', modifier_steps > 0 ? wxMOD_SHIFT : wxMOD_NONE);
  sim.Char(WXK_RETURN);
  for (int i = 0; i < std::abs(tn_steps); ++i) sim.Char(tn_steps > 0 ? '+' : '-', tn_steps > 0 ? wxMOD_SHIFT : wxMOD_NONE);
  sim.Char(WXK_RETURN);
  if (*dice) sim.Text(dice);
  sim.Char(WXK_RETURN);
  pump(500);
}

}  // namespace

TEST_CASE("Table: a posse's rolls, chips, rerolls and tokens from the keyboard and scans", "[gui][table]") {
  SampleTown posse(17, "deadlands-posse");
  gm::MainFrame* frame = open_station(posse.db, "table-gm");
  gm::TablePage* table = frame->table();
  wxUIActionSimulator sim;

  sim.Char(WXK_F9);
  pump(300);
  CHECK(table->instruction().Contains("Scan the badge of who rolls"));
  CHECK(table->who_field()->HasFocus());
  CHECK(table->roster_text().Contains("Hannah Two Rivers"));
  CHECK_FALSE(table->roster_text().Contains("Hannah Two Rivers: "));  // no chips: none named
  CHECK(table->roster_text().Contains("Gomorra Deputy (GM, Extra)"));
  CHECK(table->roster_text().Contains("No game night under way"));
  sim.Char('N', wxMOD_CONTROL);
  pump(300);
  CHECK(table->instruction().Contains("The game night has begun"));
  // Joker's Wild is savage's: this deadlands-1876 posse is told so, and nothing is dealt.
  sim.Char('J', wxMOD_CONTROL);
  pump(300);
  CHECK(table->refusal_text().Contains("has no Joker's Wild"));

  // Hannah: her sheet with numbers, the keyboard on the trait; Shooting (6th) d10, +1, TN 6.
  scan_burst(sim, posse.badge("Hannah Two Rivers"));
  CHECK(table->rolling_text().Contains("Hannah Two Rivers (Wild Card)"));
  // Each entry of the trait list holds together with non-breaking spaces.
  CHECK(table->rolling_text().Contains(wxString::FromUTF8("6\u00a0Shooting\u00a0d10")));
  CHECK(table->rolling_text().Contains(wxString::FromUTF8("0\u00a0untrained")));
  CHECK(table->trait_field()->HasFocus());
  sim.Char('6');
  pump(300);
  CHECK(table->modifier_field()->HasFocus());
  sim.Char('+', wxMOD_SHIFT);
  sim.Char(WXK_RETURN);
  sim.Char('+', wxMOD_SHIFT);
  sim.Char('+', wxMOD_SHIFT);
  pump(200);
  CHECK(table->modifier_field()->GetValue() == "+1");
  CHECK(table->tn_field()->GetValue() == "6");
  // The exact odds before the roll: deadlands-1876 puts the modifier on the trait die only.
  const core::TraitRules rules = core::rules_for(core::Ruleset::deadlands_1876);
  const core::TraitOdds odds = core::trait_odds(core::wild_card_roll(rules, 10, 1, 6));
  INFO(table->odds_text().ToStdString());
  CHECK(table->odds_text().Contains("Shooting (d10 + Wild Die d6 +1) vs TN 6: success " + percent(odds.success)));
  CHECK(table->odds_text().Contains("with one more Benny " + percent(odds.success_with_bennies(1))));
  sim.Char(WXK_RETURN);
  pump(200);
  CHECK(table->dice_field()->HasFocus());
  sim.Text("10 4, 3");
  sim.Char(WXK_RETURN);
  pump(500);
  INFO(table->result_text().ToStdString() << " | " << table->refusal_text().ToStdString());
  CHECK(table->result_text().Contains("Hannah Two Rivers, Shooting: d10: 10 Ace + 4 = 14, Wild Die d6: 3, +1 -> 15 vs TN 6: "
                                      "success, 2 raises"));
  CHECK(table->instruction().Contains("Recorded as event"));
  CHECK(table->log_text().Contains("Hannah Two Rivers, Shooting: 15 success, 2 raises"));
  CHECK(table->trait_field()->HasFocus());
  // At 1024 x 600 a GM sees who rolls, the odds, the result, the chips and the keys at once.
  REQUIRE(frame->GetSize() == wxSize(1024, 600));
  for (const char* seen : {"Hannah Two Rivers (Wild Card)", "vs TN 6: success", "-> 15 vs TN 6", "Chips",
                           "GM's pool", "B reroll", "token card"})
    test_support::check_in_view(frame, seen, "a roll shown");
  screenshot(frame, "table-roll");
  // Every station's live panel says it too.
  frame->refresh();
  const wxArrayString live = frame->live_entries();
  CHECK(std::any_of(live.begin(), live.end(), [](const wxString& e) { return e.Contains("roll: Hannah Two Rivers, Shooting 15, success"); }));

  // A chip for her, a failure, the reroll with it keeps the best total.
  sim.Char('A', wxMOD_CONTROL);
  pump(300);
  CHECK(table->roster_text().Contains("Hannah Two Rivers: 1 white"));
  roll(sim, '6', 0, 0, "2, 3");
  CHECK(table->result_text().Contains("-> 3 vs TN 6: failure"));  // the fields kept +1 and TN 6: 2+1 against the 3
  sim.Char('B', wxMOD_CONTROL);
  pump(300);
  CHECK(table->instruction().Contains("roll the dice again"));
  CHECK(table->dice_field()->HasFocus());
  sim.Text("8, 5");
  sim.Char(WXK_RETURN);
  pump(500);
  CHECK(table->result_text().Contains("Kept: the best total, 9: success"));
  CHECK(table->log_text().Contains("(reroll of #"));
  CHECK(table->roster_text().Contains("Hannah Two Rivers"));
  CHECK_FALSE(table->roster_text().Contains("Hannah Two Rivers: "));  // no chips: none named
  sim.Char('B', wxMOD_CONTROL);
  pump(300);
  CHECK(table->refusal_text().Contains("Hannah Two Rivers has no Benny or chip to spend"));

  // A Critical Failure ends the attempt: no reroll, even with a chip (001 L42).
  sim.Char('A', wxMOD_CONTROL);
  pump(300);
  roll(sim, '1', 0, 0, "1, 1");
  CHECK(table->result_text().Contains("CRITICAL FAILURE"));
  sim.Char('B', wxMOD_CONTROL);
  pump(300);
  CHECK(table->refusal_text().Contains("cannot be rerolled"));
  CHECK(table->roster_text().Contains("Hannah Two Rivers: 1 white"));  // nothing spent

  // Lucky Jack's Connection Marker: played, stepped down, its d8 rolled alone by the station.
  std::string marker;
  for (const auto& card : posse.definition.cards)
    if (card.holder == "Lucky Jack Dawson" && card.kind == "token" && card.detail.value("token", "") == "connection_marker")
      marker = card.code;
  REQUIRE_FALSE(marker.empty());
  scan_burst(sim, marker);
  INFO(table->instruction().ToStdString() << " | " << table->refusal_text().ToStdString());
  CHECK(table->instruction().Contains("Connection Marker: Cullen Bohannon d8 played (the marker is now d6)"));
  CHECK(table->rolling_text().Contains("Lucky Jack Dawson"));
  CHECK(table->odds_text().Contains("Connection: Cullen Bohannon (d8) vs TN 4: success 62.5%"));  // 5/8 (000 L88-90)
  CHECK(table->dice_field()->HasFocus());
  sim.Char(WXK_RETURN);
  pump(500);
  CHECK(table->log_text().Contains("Lucky Jack Dawson, Connection: Cullen Bohannon"));

  // Doc's Luck Charm: played once; a second scan is refused.
  std::string charm = posse.cards("Doc Ezekiel Hale", "token").at(0);
  scan_burst(sim, charm);
  CHECK(table->instruction().Contains("Luck Charm: Healing only played"));
  pump(scan::double_read_window_ms + 100);  // past a scanner's double read: the card shown again
  scan_burst(sim, charm);
  CHECK(table->refusal_text().Contains("was played already"));
  // With a refusal shown too, the result and the keys stay in view.
  for (const char* seen : {"was played already", "Doc Ezekiel Hale (Wild Card)", "Chips", "B reroll",
                           "token card"})
    test_support::check_in_view(frame, seen, "a refusal and a roll shown");
  screenshot(frame, "table");
  frame->Destroy();
  pump(200);

  {
    db::Database ledger(posse.db, false);
    CHECK(ledger.scalar_int("SELECT COUNT(*) FROM rolls") == 5);
    CHECK(ledger.scalar_int("SELECT COUNT(*) FROM events WHERE type = 'chip_spent'") == 1);
    CHECK(ledger.scalar_int("SELECT COUNT(*) FROM cards WHERE kind = 'token' AND title = 'Connection Marker: Cullen Bohannon d6'") == 1);
  }
  db::VerifyReport report = db::verify_ledger(posse.db);
  INFO(report.reason);
  CHECK(report.ok);
}

TEST_CASE("Table: a fight from the keys at 1024 x 600: started, dealt, hits typed, a Soak, ended, verify",
          "[gui][table][fight]") {
  SampleTown posse(32, "deadlands-posse");
  gm::MainFrame* frame = open_station(posse.db, "table-gm");
  frame->SetSize(1024, 600);
  gm::TablePage* table = frame->table();
  wxUIActionSimulator sim;
  sim.Char(WXK_F9);
  pump(500);
  CHECK(table->keys_text().Contains("F fight"));
  CHECK(table->fight_text().IsEmpty());
  // A hit before any fight is refused, and so is a deal.
  sim.Char('D', wxMOD_CONTROL);
  pump(300);
  CHECK(table->refusal_text().Contains("No fight is under way: Ctrl+F starts one"));
  sim.Char('N', wxMOD_CONTROL);  // the game night: chips to spend
  pump(300);
  sim.Char('F', wxMOD_CONTROL);
  pump(500);
  CHECK(table->result_text().Contains("A fight has begun"));
  CHECK(table->instruction().Contains("recorded."));
  CHECK(table->fight_text() == "Fight under way: no cards dealt yet");
  CHECK(table->keys_text().Contains("D deal"));
  CHECK_FALSE(table->keys_text().Contains("N game night"));  // the game night waits for the fight's end
  CHECK(table->who_field()->HasFocus());

  // The station deals: one card each to the seven fighters; the list runs in the order they act,
  // who acts first on its first line, the numbers still the ones typed.
  sim.Char('D', wxMOD_CONTROL);
  pump(300);
  CHECK(table->instruction().Contains("Enter: the station deals the Action Cards"));
  CHECK(table->instruction().Contains("for 1, 2, 3, 4, 5, 6, 7 in that order"));
  CHECK(table->dice_field()->HasFocus());
  sim.Char(WXK_RETURN);
  pump(500);
  INFO(table->roster_text().utf8_string());
  CHECK(table->fight_text().StartsWith("Round 1"));
  REQUIRE(table->result_text().StartsWith("Round 1 dealt: "));
  wxString first = table->result_text().AfterFirst(':').BeforeFirst('(');
  first.Replace(" acts first", "");
  first.Trim(true).Trim(false);
  INFO(first.utf8_string());
  CHECK(table->roster_text().BeforeFirst('\n').Contains(first));  // "Round 1 dealt: Smith the Gunhand acts first (K♦)"
  for (const char* name : {"1 Doc Ezekiel Hale ", "2 Hannah Two Rivers ", "6 Smith the Gunhand (GM) ", "7 Gomorra Deputy (GM, Extra) "})
    CHECK(table->roster_text().Contains(name));
  test_support::check_in_view(frame, table->fight_text(), "table fight");  // the list's heading

  // Hannah gets a white chip for later; Smith hits her: target by number (2), faces typed.
  scan_burst(sim, posse.badge("Hannah Two Rivers"));
  pump(300);
  sim.Char('A', wxMOD_CONTROL);
  pump(300);
  scan_burst(sim, posse.badge("Smith the Gunhand"));
  pump(300);
  sim.Char('H', wxMOD_CONTROL);
  pump(300);
  CHECK(table->instruction().Contains("Smith the Gunhand hits: type the target's number"));
  CHECK(table->who_field()->HasFocus());
  sim.Char('6');  // Smith himself: refused, the target still asked
  pump(300);
  CHECK(table->refusal_text().Contains("Type the number of who is hit, not of who hits"));
  CHECK(table->who_field()->HasFocus());
  sim.Char('2');
  pump(300);
  CHECK(table->instruction().Contains("Smith the Gunhand hits Hannah Two Rivers (Toughness 6)"));
  CHECK(table->dice_field()->HasFocus());
  sim.Text("2d6: 6 4");  // one chain for two dice
  sim.Char(WXK_RETURN);
  pump(300);
  CHECK(table->refusal_text().Contains("2 dice rolled but 1 typed"));
  CHECK(table->dice_field()->HasFocus());
  table->dice_field()->Clear();
  sim.Text("2d6+1: 6 4, 3");
  sim.Char(WXK_RETURN);
  pump(500);
  INFO(table->result_text().utf8_string());
  // 14 (16 with a Joker dealt to Smith) against Toughness 6: two raises, two wounds.
  CHECK(table->result_text().Contains("Smith the Gunhand hits Hannah Two Rivers: d6: 6 + 4, d6: 3, +1"));
  CHECK(table->result_text().Contains("vs Toughness 6: 2 wounds, SHAKEN"));
  CHECK(table->instruction().Contains("Ctrl+S: soak it (a chip)"));
  CHECK(table->roster_text().Contains("2 wounds, SHAKEN"));
  {
    // Her card follows her name in the roster, before her chips and condition.
    const wxString roster = table->roster_text();
    const wxString named = "2 Hannah Two Rivers ";
    REQUIRE(roster.Find(named) != wxNOT_FOUND);
    const wxString card = roster.Mid(static_cast<std::size_t>(roster.Find(named)) + named.size()).BeforeFirst(':');
    CHECK_FALSE(card.IsEmpty());
    CHECK(card.size() <= std::string("Black Joker +2").size());
  }
  CHECK(table->who_field()->HasFocus());

  // Hannah soaks with her chip: the station rolls her Vigor d8 and the ledger judges it.
  sim.Char('S', wxMOD_CONTROL);
  pump(500);
  INFO(table->result_text().utf8_string());
  CHECK(table->result_text().Contains("Hannah Two Rivers soaks (Vigor d8): "));
  CHECK(table->result_text().Contains("of 2 wounds soaked"));
  screenshot(frame, "table-fight");
  test_support::check_in_view(frame, table->fight_text(), "table fight");  // the list's heading
  test_support::check_in_view(frame, "S soak", "table fight");
  test_support::check_in_view(frame, "2 Hannah Two Rivers", "table fight");
  {
    db::Database ledger(posse.db, false);
    const std::int64_t soaked = ledger.scalar_int("SELECT soaked FROM hits ORDER BY seq LIMIT 1");
    CHECK(ledger.scalar_int("SELECT wounds FROM combatants JOIN characters c ON c.id = character WHERE c.name = 'Hannah Two Rivers'") ==
          2 - soaked);
    CHECK(ledger.scalar_int("SELECT COUNT(*) FROM events WHERE type = 'soaked'") == 1);
  }
  // Smith hits the Deputy: Shaken, no wound, so nothing to soak.
  sim.Char('H', wxMOD_CONTROL);
  pump(300);
  sim.Char('7');
  pump(300);
  sim.Text("d6+1: 4");  // 5 (7 with a Joker) against the Extra's Toughness 5: Shaken
  sim.Char(WXK_RETURN);
  pump(500);
  CHECK(table->result_text().Contains("vs Toughness 5: SHAKEN"));
  // Ctrl+B right after the hit rerolls its damage with a chip (001 L46): none yet, then the GM's
  // pool's; the dice were typed, so the new faces are typed after the same dice; the better stands.
  sim.Char('B', wxMOD_CONTROL);
  pump(300);
  CHECK(table->refusal_text().Contains("Smith the Gunhand has no Benny or chip to spend, nor has the GM's pool"));
  sim.Char('P', wxMOD_CONTROL);
  pump(300);
  sim.Char('B', wxMOD_CONTROL);
  pump(300);
  CHECK(table->instruction().Contains("Roll the same dice again and type their faces after the colon"));
  CHECK(table->dice_field()->GetValue() == "d6+1: ");
  CHECK(table->dice_field()->HasFocus());
  sim.Text("2");
  sim.Char(WXK_RETURN);
  pump(500);
  INFO(table->result_text().utf8_string());
  INFO(table->refusal_text().utf8_string());
  CHECK(table->result_text().Contains("Smith the Gunhand rerolls the damage on Gomorra Deputy (a chip): d6: 2, +1"));
  CHECK(table->result_text().Contains("the first roll stands ("));
  {
    db::Database ledger(posse.db, false);
    CHECK(ledger.scalar_int("SELECT COUNT(*) FROM events WHERE type = 'damage_rolled' AND json_extract(payload, '$.reroll_of') IS NOT NULL") ==
          1);
    CHECK(ledger.scalar_int("SELECT COUNT(*) FROM hits") == 2);  // the reroll took the hit's place
  }
  sim.Char('S', wxMOD_CONTROL);
  pump(300);
  CHECK(table->refusal_text().Contains("Nothing to soak: the fight's last hit gave no wound"));
  // Spirit against Shaken: refused for Doc, who is not; rolled by the station for the Deputy.
  scan_burst(sim, posse.badge("Doc Ezekiel Hale"));
  pump(300);
  sim.Char('U', wxMOD_CONTROL);
  pump(300);
  CHECK(table->refusal_text().Contains("Doc Ezekiel Hale is not Shaken"));
  scan_burst(sim, posse.badge("Gomorra Deputy"));
  pump(300);
  sim.Char('U', wxMOD_CONTROL);
  pump(300);
  sim.Char(WXK_RETURN);  // Enter: the Spirit roll (Ctrl+U again would spend a chip)
  pump(500);
  INFO(table->result_text().utf8_string());
  CHECK(table->result_text().Contains("Gomorra Deputy rolls Spirit d"));
  CHECK((table->result_text().Contains("still SHAKEN") || table->result_text().Contains("no longer Shaken")));
  {
    db::Database ledger(posse.db, false);
    CHECK(ledger.scalar_int("SELECT COUNT(*) FROM events WHERE type = 'unshaken'") == 1);
  }

  // A hit half asked is dropped by any other key: its damage never reads as a trait roll's dice.
  sim.Char('H', wxMOD_CONTROL);
  pump(300);
  sim.Char('2');
  pump(300);
  REQUIRE(table->dice_field()->HasFocus());
  sim.Text("2d6");
  sim.Char('A', wxMOD_CONTROL);  // a chip to who rolls (Smith) instead
  pump(500);
  CHECK(table->dice_field()->GetValue().IsEmpty());
  // The game night does not end in the middle of a fight.
  sim.Char('N', wxMOD_CONTROL);
  pump(300);
  CHECK(table->refusal_text().Contains("A fight is under way: Ctrl+F ends it before the game night"));

  // Round 2, then the fight ends on the second Ctrl+F.
  sim.Char('D', wxMOD_CONTROL);
  pump(300);
  sim.Char(WXK_RETURN);
  pump(500);
  CHECK(table->fight_text().StartsWith("Round 2"));
  sim.Char('F', wxMOD_CONTROL);
  pump(300);
  CHECK(table->instruction().Contains("Ctrl+F again ends the fight"));
  CHECK(table->fight_text().StartsWith("Round 2"));
  sim.Char('F', wxMOD_CONTROL);
  pump(500);
  CHECK(table->result_text().Contains("The fight is over"));
  CHECK(table->fight_text().IsEmpty());
  CHECK(table->keys_text().Contains("F fight"));
  CHECK_FALSE(table->roster_text().Contains("SHAKEN"));  // Shaken ends with the fight
  db::VerifyReport report = db::verify_ledger(posse.db);
  INFO(report.reason);
  CHECK(report.ok);
}
