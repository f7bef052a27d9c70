// How a duel ends besides a death (004 L87, issue 34 point 1), at the GM station under Xvfb
// against a real ledger file: both stop by one key, and a third badge scanned on the duel screen
// opens the shootout with the three, the duel's wounds carried over into it and into the ledger.
#include <catch2/catch.hpp>

#include "sample_town.h"
#include "store/sqlite.h"

using namespace marshal;
using namespace gui_testing;

namespace {

// Round 1 after kid_draws_first: the Kid's 5 + Accuracy 4 = 9 wounds the Sheriff, whose 2 +
// Accuracy 2 (wounded) = 4 misses. The duel goes on to round 2.
void sheriff_wounded_in_round_one(gm::MainFrame* frame, wxUIActionSimulator& sim, const SampleTown& town) {
  gm::DuelPage* duel = kid_draws_first(frame, sim, town);
  enter_fields(sim, {"5", "2"});
  pump(3000, [&] { return duel->instruction().Contains("Round 2"); });
  INFO(duel->instruction().ToStdString() << " / " << duel->result_text().ToStdString());
  REQUIRE(duel->result_text().Contains("Kid Calloway -> Sheriff Amos Brady: 5 + 4 = 9  wounded"));
  REQUIRE(duel->instruction().Contains("Round 2"));
}

nlohmann::json conflict_payload(db::Database& ledger, int nth) {
  return nlohmann::json::parse(ledger.scalar_text(
      "SELECT payload FROM events WHERE type = 'conflict_resolved' ORDER BY seq LIMIT 1 OFFSET " + std::to_string(nth)));
}

}  // namespace

TEST_CASE("a duel both stop: one key (Ctrl+S) records it with the wound it left", "[gui][duel][duel-ends]") {
  SampleTown town(1875);
  gm::MainFrame* frame = open_station(town.db, "saloon-gm");
  wxUIActionSimulator sim;
  // Before the draw there is nothing to record: the key says so and records nothing.
  gm::DuelPage* duel = scan_duelists(frame, sim, town);
  sim.Char('S', wxMOD_CONTROL);
  pump(300);
  CHECK(duel->refusal_text().Contains("Nothing is drawn yet"));
  CHECK_FALSE(duel->recorded());
  sim.Char(WXK_ESCAPE);
  pump(300);

  sheriff_wounded_in_round_one(frame, sim, town);
  sim.Char('S', wxMOD_CONTROL);
  pump(3000, [&] { return duel->recorded(); });
  REQUIRE(duel->recorded());
  CHECK(duel->result_text().Contains("Both duelists agree to stop"));
  CHECK(duel->result_text().Contains("Sheriff Amos Brady is wounded"));
  CHECK_FALSE(duel->result_text().Contains("wins the duel"));
  // The wounded Sheriff is asked which limb he loses: one key. Enter alone answers nothing.
  REQUIRE(duel->asking_limb());
  CHECK(duel->limb_field()->HasFocus());
  screenshot(frame, "duel-both-stop-limb");
  sim.Char(WXK_RETURN);
  pump(200);
  CHECK(duel->refusal_text().Contains("a digit, 1 to 4"));
  sim.Char('2');
  pump(2000, [&] { return !duel->asking_limb(); });
  CHECK_FALSE(duel->asking_limb());
  CHECK(duel->result_text().Contains("Sheriff Amos Brady loses the use of the right arm"));
  screenshot(frame, "duel-both-stop");
  // A second stop, or a card, after the end: refused, nothing more recorded.
  sim.Char('S', wxMOD_CONTROL);
  pump(200);
  CHECK(duel->refusal_text().Contains("The duel is over"));
  frame->Destroy();
  pump(200);

  db::Database ledger(town.db, false);
  CHECK(ledger.scalar_int("SELECT COUNT(*) FROM events WHERE type = 'conflict_resolved'") == 1);
  auto payload = conflict_payload(ledger, 0);
  CHECK(payload["kind"] == "duel");
  CHECK(payload["input"]["stop"] == true);
  CHECK(payload["ledger"]["result"]["over"] == true);
  CHECK(payload["ledger"]["result"]["winner"].is_null());
  CHECK(ledger.scalar_int("SELECT wounded FROM characters WHERE name = 'Sheriff Amos Brady'") == 1);
  CHECK(ledger.scalar_int("SELECT dead FROM characters WHERE name = 'Sheriff Amos Brady'") == 0);
  CHECK(ledger.scalar_text("SELECT wounded_limb FROM characters WHERE name = 'Sheriff Amos Brady'") == "right arm");
  CHECK(ledger.scalar_int("SELECT COUNT(*) FROM events WHERE type = 'wound_limb_named'") == 1);
}

TEST_CASE("a third badge scanned mid-duel: the duel is recorded as joined and the shootout opens with the three",
          "[gui][duel][duel-ends]") {
  SampleTown town(1875);
  gm::MainFrame* frame = open_station(town.db, "saloon-gm");
  wxUIActionSimulator sim;
  sheriff_wounded_in_round_one(frame, sim, town);
  scan_burst(sim, town.badge("Deputy Wade Hollis"));
  gm::ShootoutPage* shootout = frame->shootout();
  pump(3000, [&] { return shootout->IsShownOnScreen(); });
  REQUIRE(shootout->IsShownOnScreen());
  INFO(shootout->instruction().ToStdString());
  CHECK(shootout->instruction().Contains("The duel is now a shootout"));
  // The Sheriff's wound came along: his Accuracy 3 shows as 2, and he is marked wounded.
  CHECK(shootout->meaning_text(1).Contains("Acc 2"));
  CHECK(shootout->meaning_text(1).Contains("wounded"));
  CHECK(shootout->meaning_text(2).Contains("Acc 2"));  // the Deputy, as he came in
  screenshot(frame, "duel-became-shootout");
  check_fits(frame, "a duel that became a shootout");

  // The shooting as any: Ctrl+N, everyone in cover, Enter; then everyone stops.
  sim.Char('N', wxMOD_CONTROL);
  pump(300);
  for (int row = 0; row < 3; ++row) {
    sim.Text("C");
    pump(1500, [&] { return !shootout->order_field(row)->HasFocus(); });
  }
  sim.Char(WXK_RETURN);
  pump(600);
  sim.Char('S', wxMOD_CONTROL);
  pump(3000, [&] { return shootout->recorded(); });
  INFO(shootout->refusal_text().ToStdString() << " / " << shootout->result_text().ToStdString());
  REQUIRE(shootout->recorded());
  // The wound he took in the duel is his to place once the shooting is over.
  REQUIRE(shootout->asking_limb());
  sim.Char('3');
  pump(2000, [&] { return !shootout->asking_limb(); });
  CHECK(shootout->result_text().Contains("Sheriff Amos Brady loses the use of the left leg"));
  frame->Destroy();
  pump(200);

  // The ledger: the duel ends as joined (the Sheriff wounded), then the shootout of the three,
  // which the ledger replayed with the wound it holds and found the same.
  db::Database ledger(town.db, false);
  REQUIRE(ledger.scalar_int("SELECT COUNT(*) FROM events WHERE type = 'conflict_resolved'") == 2);
  auto duel = conflict_payload(ledger, 0);
  CHECK(duel["kind"] == "duel");
  REQUIRE(duel["input"]["join"].size() == 1);
  CHECK(duel["input"]["join"][0] == nlohmann::json{{"code", town.badge("Deputy Wade Hollis")}});
  auto shooting = conflict_payload(ledger, 1);
  CHECK(shooting["kind"] == "shootout");
  CHECK(shooting["input"]["participants"].size() == 3);
  CHECK(shooting["ledger"]["result"]["participants"][1]["wounded"] == true);
  CHECK(ledger.scalar_int("SELECT wounded FROM characters WHERE name = 'Sheriff Amos Brady'") == 1);
  CHECK(ledger.scalar_text("SELECT wounded_limb FROM characters WHERE name = 'Sheriff Amos Brady'") == "left leg");
}

TEST_CASE("a third badge before the draw: the shootout opens with the three and no duel is recorded",
          "[gui][duel][duel-ends]") {
  SampleTown town(1875);
  gm::MainFrame* frame = open_station(town.db, "saloon-gm");
  wxUIActionSimulator sim;
  gm::DuelPage* duel = scan_duelists(frame, sim, town);
  // The same badge again is still refused as in the duel, not taken for a joiner.
  scan_burst(sim, town.badge("Kid Calloway"));
  CHECK(duel->refusal_text().Contains("already in this duel"));
  scan_burst(sim, town.badge("Deputy Wade Hollis"));
  gm::ShootoutPage* shootout = frame->shootout();
  pump(3000, [&] { return shootout->IsShownOnScreen(); });
  REQUIRE(shootout->IsShownOnScreen());
  CHECK(shootout->instruction().Contains("The duel is now a shootout"));
  // One more may still come in before the shooting starts.
  scan_burst(sim, town.badge("Captain Josiah Thorne"));
  INFO(shootout->instruction().ToStdString() << " / " << shootout->refusal_text().ToStdString());
  CHECK(shootout->instruction().Contains("4 in"));
  frame->Destroy();
  pump(200);
  db::Database ledger(town.db, false);
  CHECK(ledger.scalar_int("SELECT COUNT(*) FROM events WHERE type = 'conflict_resolved'") == 0);
}
