// The GM station window driven like a GM drives it: keys and scanner bursts (wxUIActionSimulator)
// under Xvfb, against a real ledger file; what the duel recorded is read back from the ledger.
#include <catch2/catch.hpp>

#include <unistd.h>


#include "sample_town.h"
#include "store/sqlite.h"
#include "ui/theme.h"

using namespace marshal;
using namespace gui_testing;


TEST_CASE("a duel with physical cards: two badges scanned, cards typed, the result recorded", "[gui][duel]") {
  SampleTown town(1875);
  gm::MainFrame* frame = open_station(town.db, "saloon-gm");
  wxUIActionSimulator sim;
  frame->scan_input()->focus_field();
  pump(100);
  sim.Char(WXK_F2);
  pump(300);
  CHECK(frame->duel()->instruction().Contains("first duelist"));
  screenshot(frame, "duel-1-start");

  scan_burst(sim, town.badge("Kid Calloway"));
  CHECK(frame->duel()->instruction().Contains("second duelist"));
  scan_burst(sim, town.badge("Sheriff Amos Brady"));
  CHECK(frame->duel()->instruction().Contains("Scan both duelists' cards"));

  // The focus waits on the first duelist's commitment: Enter keeps each at 0 and moves on to the
  // first card's field (typed here; scanned in the next test). Kid 9 + Speed 4 = 13, Sheriff
  // 3 + Speed 3 = 6: the Kid is faster.
  sim.Char(WXK_RETURN);
  sim.Char(WXK_RETURN);
  enter_fields(sim, {"9", "3"});
  pump(400);
  CHECK(frame->duel()->result_text().Contains("Kid Calloway is faster"));
  // The draw's arithmetic, as the table checks it.
  CHECK(frame->duel()->result_text().Contains("Kid Calloway: 9 + Speed 4 + 0 committed = 13"));
  CHECK(frame->duel()->result_text().Contains("Sheriff Amos Brady: 3 + Speed 3 + 0 committed = 6"));
  screenshot(frame, "duel-2-draw");

  // Round 1: the Kid draws an 8: 8 + Accuracy 4 = 12, dead. The Sheriff never draws.
  enter_fields(sim, {"8"});
  pump(600, [&] { return frame->duel()->recorded(); });
  CHECK(frame->duel()->result_text().Contains("Kid Calloway wins the duel"));
  CHECK(frame->duel()->result_text().Contains("Sheriff Amos Brady is dead"));
  REQUIRE(frame->duel()->recorded());
  CHECK(frame->duel()->instruction().Contains("Recorded in the ledger as event #2"));
  screenshot(frame, "duel-3-result");
  frame->Destroy();
  pump(200);

  // In the ledger: the duel with every card, replayed by the ledger, and the Sheriff dead.
  db::Database ledger(town.db, false);
  db::Statement s = ledger.prepare("SELECT type, station, payload FROM events WHERE seq = 2");
  REQUIRE(s.step());
  CHECK(s.text(0) == "conflict_resolved");
  CHECK(s.text(1) == "saloon-gm");
  auto payload = nlohmann::json::parse(s.text(2));
  CHECK(payload["input"]["draw_cards"]["Kid Calloway"] == 9);
  CHECK(payload["input"]["rounds"][0]["cards"]["Kid Calloway"] == 8);
  CHECK(payload["ledger"]["result"]["winner"] == "Kid Calloway");
  CHECK(ledger.scalar_int("SELECT dead FROM characters WHERE name = 'Sheriff Amos Brady'") == 1);
  CHECK(ledger.scalar_text("SELECT killing FROM characters WHERE name = 'Sheriff Amos Brady'") == "duel");
}

TEST_CASE("an unknown code and a dead man's badge are refused on screen", "[gui][refusal]") {
  SampleTown town(1875);
  {
    db::Ledger ledger(town.db);
    std::string duel = R"({"kind":"duel","input":{"duelists":[{"code":")" + town.badge("Kid Calloway") +
                       R"("},{"code":")" + town.badge("Deuce Lomax") +
                       R"("}],"draw_cards":{"Kid Calloway":9,"Deuce Lomax":2},"rounds":[{"cards":{"Kid Calloway":9}}]}})";
    REQUIRE(ledger.append({db::make_uuid_v7(2000), "test", 2000, "conflict_resolved", nlohmann::ordered_json::parse(duel)}, 2000).accepted);
  }
  gm::MainFrame* frame = open_station(town.db, "saloon-gm");
  wxUIActionSimulator sim;
  frame->scan_input()->focus_field();
  pump(100);
  std::string unknown = "000000000000000A";
  unknown += core::card_code_check_char(unknown);
  scan_burst(sim, unknown);
  CHECK(frame->scan_answer().StartsWith("Refused"));
  CHECK(frame->scan_answer().Contains("knows no card"));
  screenshot(frame, "refusal-unknown-code");

  scan_burst(sim, town.badge("Kid Calloway"));
  CHECK(frame->scan_answer().Contains("Kid Calloway"));
  CHECK(frame->scan_answer().Contains("Accuracy"));

  sim.Char(WXK_F2);
  pump(300);
  scan_burst(sim, town.badge("Deuce Lomax"));
  CHECK(frame->duel()->refusal_text().Contains("Refused"));
  CHECK(frame->duel()->refusal_text().Contains("dead"));
  screenshot(frame, "refusal-dead-duelist");
  frame->Destroy();
  pump(200);
}

TEST_CASE("a duel: a shot declared not to kill only wounds, at 13 or more the shooter chooses",
          "[gui][duel]") {
  SampleTown town(13);
  gm::MainFrame* frame = open_station(town.db, "saloon-gm");
  wxUIActionSimulator sim;
  gm::DuelPage* duel = kid_draws_first(frame, sim, town);

  // Round 1: the Kid shoots not to kill: 7 + 4 = 11 would kill, and only wounds. The wounded
  // Sheriff answers: 2 + Accuracy 2 = 4, a miss.
  wxRect box = duel->not_to_kill_box(0)->GetScreenRect();
  sim.MouseMove(box.x + 8, box.y + box.height / 2);
  pump(100);
  sim.MouseClick();
  pump(300);
  REQUIRE(duel->not_to_kill_box(0)->IsChecked());
  sim.Char(WXK_TAB, wxMOD_SHIFT);
  sim.Char(WXK_TAB, wxMOD_SHIFT);
  enter_fields(sim, {"7", "2"});
  pump(400);
  INFO(duel->instruction().ToStdString() << " / " << duel->result_text().ToStdString());
  CHECK(duel->result_text().Contains("Kid Calloway -> Sheriff Amos Brady: 7 + 4 = 11  wounded"));
  CHECK(duel->result_text().Contains("Sheriff Amos Brady -> Kid Calloway: 2 + 2 = 4  miss"));

  // Round 2, simultaneous: 9 + 4 = 13: the Kid chooses to shoot the Sheriff out of the fight;
  // the Sheriff's Ace + 2 = 3 misses.
  enter_fields(sim, {"9", "A"});
  pump(400);
  INFO("now: " << duel->instruction().ToStdString() << " / " << duel->result_text().ToStdString());
  REQUIRE(duel->instruction().Contains("13 or more! Kid Calloway chooses"));
  screenshot(frame, "duel-13-choice");
  sim.Char('D', wxMOD_CONTROL);
  pump(800, [&] { return duel->recorded(); });
  REQUIRE(duel->recorded());
  CHECK(duel->result_text().Contains("13+: disable"));
  CHECK(duel->result_text().Contains("Kid Calloway wins the duel"));
  frame->Destroy();
  pump(200);

  db::Database ledger(town.db, false);
  CHECK(ledger.scalar_int("SELECT wounded FROM characters WHERE name = 'Sheriff Amos Brady'") == 1);
  CHECK(ledger.scalar_int("SELECT dead FROM characters WHERE name = 'Sheriff Amos Brady'") == 0);
  CHECK(ledger.scalar_text("SELECT json_extract(payload, '$.input.rounds[1].choices.\"Kid Calloway\".choice_at_13') "
                           "FROM events WHERE type = 'conflict_resolved'") == "disable");
}

TEST_CASE("a duel: the faster duelist's 13+ wounds, and the wounded one shoots back with the card typed",
          "[gui][duel]") {
  SampleTown town(14);
  gm::MainFrame* frame = open_station(town.db, "saloon-gm");
  wxUIActionSimulator sim;
  gm::DuelPage* duel = kid_draws_first(frame, sim, town);
  // Round 1: both cards typed as the screen asks. The Kid first: 9 + 4 = 13, his choice.
  enter_fields(sim, {"9", "2"});
  pump(400);
  INFO(duel->instruction().ToStdString() << " / " << duel->result_text().ToStdString());
  REQUIRE(duel->instruction().Contains("13 or more! Kid Calloway chooses"));
  sim.Char('W', wxMOD_CONTROL);
  pump(400);
  // Wounded, not dead: the Sheriff shoots back with the card typed, 2 + Accuracy 2 = 4.
  CHECK(duel->result_text().Contains("Kid Calloway -> Sheriff Amos Brady: 9 + 4 = 13  13+: wound"));
  CHECK(duel->result_text().Contains("Sheriff Amos Brady -> Kid Calloway: 2 + 2 = 4  miss"));
  CHECK(duel->instruction().Contains("Round 2"));
  frame->Destroy();
  pump(200);
}

TEST_CASE("a duel in six inputs: F2, two badges, three action cards scanned, each step resolves by itself",
          "[gui][duel]") {
  SampleTown town(1875);
  gm::MainFrame* frame = open_station(town.db, "saloon-gm");
  wxUIActionSimulator sim;
  frame->scan_input()->focus_field();
  pump(100);
  int inputs = 0;
  auto scan = [&](const std::string& code) {
    scan_burst(sim, code);
    ++inputs;
  };
  sim.Char(WXK_F2);
  ++inputs;
  pump(300);
  scan(town.badge("Kid Calloway"));
  scan(town.badge("Sheriff Amos Brady"));
  gm::DuelPage* duel = frame->duel();
  // The draw: the Kid's 9 then the Sheriff's 3, shown to the scanner (default commitments, 0).
  scan("ACT09");
  CHECK(duel->instruction().Contains("Now Sheriff Amos Brady's card"));
  screenshot(frame, "duel-scan-waiting");
  scan("ACT03");
  pump(2000, [&] { return duel->result_text().Contains("Kid Calloway is faster"); });
  INFO(duel->instruction().ToStdString() << " / " << duel->result_text().ToStdString());
  REQUIRE(duel->result_text().Contains("Kid Calloway is faster"));
  CHECK(duel->instruction().Contains("Round 1: scan Kid Calloway's card"));
  // Round 1: the Kid's 8 + Accuracy 4 = 12 kills: the Sheriff draws no card, and the one scan
  // ends the duel and records it.
  scan("ACT08");
  pump(3000, [&] { return duel->recorded(); });
  REQUIRE(duel->recorded());
  CHECK(duel->result_text().Contains("Sheriff Amos Brady is dead"));
  CHECK(inputs == 6);
  CHECK(frame->GetStatusBar()->GetStatusText().Contains("Duel recorded as #2"));
  // A card scanned after the end is refused with what to do next, and records nothing more.
  scan("ACT05");
  CHECK(duel->refusal_text().Contains("The duel is over"));
  screenshot(frame, "duel-scan-result");
  // The status bar says what is true now: the next screen forgets the last duel.
  sim.Char(WXK_F4);
  pump(300);
  CHECK_FALSE(frame->GetStatusBar()->GetStatusText().Contains("Duel recorded"));
  CHECK(frame->GetStatusBar()->GetStatusText().Contains("local ledger"));
  frame->Destroy();
  pump(200);

  db::Database ledger(town.db, false);
  CHECK(ledger.scalar_int("SELECT COUNT(*) FROM events WHERE type = 'conflict_resolved'") == 1);
  auto payload = nlohmann::json::parse(ledger.scalar_text("SELECT payload FROM events WHERE type = 'conflict_resolved'"));
  CHECK(payload["input"]["draw_cards"]["Kid Calloway"] == 9);
  CHECK(payload["input"]["draw_cards"]["Sheriff Amos Brady"] == 3);
  CHECK(payload["input"]["rounds"][0]["cards"] == nlohmann::json{{"Kid Calloway", 8}});
  // The cards came from the table, and the station says so for the audit's fairness check.
  CHECK(payload["draws"]["station"].empty());
  CHECK(payload["draws"]["table"] == nlohmann::json::array({9, 3, 8}));
}

TEST_CASE("an action card scanned before the badges, or while the station draws, is refused with what to do", "[gui][duel]") {
  SampleTown town(1875);
  gm::MainFrame* frame = open_station(town.db, "saloon-gm");
  wxUIActionSimulator sim;
  frame->scan_input()->focus_field();
  pump(100);
  sim.Char(WXK_F2);
  pump(300);
  scan_burst(sim, "ACT07");
  CHECK(frame->duel()->refusal_text().Contains("scan both duelists' badges first"));
  frame->Destroy();
  pump(200);
}

TEST_CASE("a code typed with a typo stays in the field, marked, and the answer says to scan again", "[gui][refusal]") {
  SampleTown town(1875);
  gm::MainFrame* frame = open_station(town.db, "saloon-gm");
  wxUIActionSimulator sim;
  frame->scan_input()->focus_field();
  pump(100);
  std::string badge = town.badge("Kid Calloway");
  std::string typo = badge;
  typo[3] = typo[3] == '7' ? '8' : '7';  // one character wrong: the check character catches it
  REQUIRE_FALSE(core::parse_card_code(typo).ok());
  // Typed by a person (slow keys, then Enter), not scanned.
  for (char c : typo) {
    sim.Char(c);
    pump(60);
  }
  sim.Char(WXK_RETURN);
  pump(300);
  INFO(frame->scan_answer().ToStdString());
  CHECK(frame->scan_answer().Contains("this code has a typo"));
  CHECK(frame->scan_input()->field()->GetValue().Upper() == typo);  // kept for the fix (as typed)
  CHECK(frame->scan_input()->field()->GetBackgroundColour() == ui::mistyped_pink);
  screenshot(frame, "typo-kept");
  // Corrected and Enter: found, and the field is clear again.
  frame->scan_input()->field()->ChangeValue(badge);
  sim.Char(WXK_RETURN);
  pump(300);
  CHECK(frame->scan_answer().Contains("Kid Calloway"));
  CHECK(frame->scan_input()->field()->GetValue().empty());
  // Mistyped again, then scanned instead of retyped: the kept typo goes with the scan.
  frame->scan_input()->field()->ChangeValue(typo);
  sim.Char(WXK_RETURN);
  pump(300);
  REQUIRE(frame->scan_input()->field()->GetBackgroundColour() == ui::mistyped_pink);
  scan_burst(sim, town.badge("Rosa Velarde"));
  CHECK(frame->scan_answer().Contains("Rosa Velarde"));
  CHECK(frame->scan_input()->field()->GetValue().empty());
  frame->Destroy();
  pump(200);
}
