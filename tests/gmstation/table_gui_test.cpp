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
  CHECK(table->roster_text().Contains("Gomorra Deputy (GM) (Extra)"));
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
                           "GM's pool", "Ctrl+B", "token card"})
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
  for (const char* seen : {"was played already", "Doc Ezekiel Hale (Wild Card)", "Chips", "Ctrl+B",
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

TEST_CASE("Table: a fight in the ledger shows in the roster and the log, at 1024 x 600", "[gui][table][fight]") {
  SampleTown posse(32, "deadlands-posse");
  {
    // Round 1 dealt, Hannah hit twice (Shaken, then a wound), the Deputy out (001 L4).
    db::Ledger ledger(posse.db);
    std::int64_t at = db::unix_time_ms() - 60'000;
    auto append = [&](const std::string& type, const db::Json& payload) {
      at += 1000;
      REQUIRE(ledger.append({db::make_uuid_v7(at), "table-gm", at, type, payload}, at).accepted);
    };
    auto d6s = [](std::vector<int> faces) {
      db::Json dice = db::Json::array();
      for (int f : faces) dice.push_back({{"die", "d6"}, {"faces", {f}}});
      return dice;
    };
    append("fight_started", db::Json::object());
    append("cards_dealt", {{"cards",
                            {{{"to", posse.badge("Smith the Gunhand")}, {"card", "BJ"}},
                             {{"to", posse.badge("Hannah Two Rivers")}, {"card", "AS"}},
                             {{"to", posse.badge("Gomorra Deputy")}, {"card", "7D"}}}}});
    append("damage_rolled", {{"by", "gm"}, {"target", posse.badge("Hannah Two Rivers")}, {"dice", d6s({4, 3})}});
    append("damage_rolled", {{"by", "gm"}, {"target", posse.badge("Hannah Two Rivers")}, {"dice", d6s({4, 3})}});
    append("damage_rolled", {{"by", posse.badge("Hannah Two Rivers")}, {"target", posse.badge("Gomorra Deputy")},
                             {"dice", d6s({5, 4})}});
  }
  gm::MainFrame* frame = open_station(posse.db, "table-gm");
  frame->SetSize(1024, 600);
  gm::TablePage* table = frame->table();
  wxUIActionSimulator sim;
  sim.Char(WXK_F9);
  pump(500);
  INFO(table->roster_text().utf8_string());
  CHECK(table->roster_text().Contains("Hannah Two Rivers: 1 wound, SHAKEN"));
  CHECK(table->roster_text().Contains("Gomorra Deputy (GM) (Extra): SHAKEN, OUT"));
  CHECK_FALSE(table->roster_text().Contains("Doc Ezekiel Hale: "));  // unhurt, no chips
  INFO(table->log_text().utf8_string());
  CHECK(table->log_text().Contains("Fight, round 1: 1 Smith the Gunhand (Black Joker: any time, +2), 2 Hannah Two "
                                   "Rivers (Ace of Spades), 3 Gomorra Deputy (7 of Diamonds)"));
  CHECK(table->who_field()->HasFocus());
  screenshot(frame, "table-fight");
}
