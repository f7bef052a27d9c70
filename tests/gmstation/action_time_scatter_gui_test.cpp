// The Action Time screen's ancillary effects under Xvfb (issue 32 item 10; 003 L363, L470-508;
// docs/twtw.md): the sample TWTW posse on a real ledger file, Angus Laroq dodging all round.
// Miranda throws dynamite (Ctrl+T) and misses with a drawn card: where it lands (TN - result +
// the range step, toward the card's clock) and Angus's leap that way. Jonah fires a Scatter
// weapon (Ctrl+B) into a melee (Ctrl+I) and misses: 4 stray shots hit the card's first two icons,
// and Angus stays put because the card points back at Jonah. Hank's card is typed from the
// table's deck, someone near the path: the words say what to read on it. A throw hand to hand is refused on the TN line.
// The steps are recorded and verify passes.
#include <catch2/catch.hpp>

#include <fstream>

#include "import/twtw_deck.h"
#include "ledger/verify.h"
#include "action_time_keys.h"
#include "sample_town.h"
#include "support/in_language.h"
#include "support/screen_text.h"

using namespace marshal;
using namespace gui_testing;
using namespace action_time_testing;

namespace {

// A deck of one card, made up for this test (not the game's), so the station's draw is known.
std::vector<core::twtw::ActionCard> one_card_deck(const SampleTown& town, const std::string& name, const std::string& row) {
  const std::string file = town.dir.file(name + ".csv");
  {
    std::ofstream out(file);
    out << "card,result,locations,effects,failure,scatter,unintended,copies,note\n" << row << ",1,made up for this test\n";
  }
  db::TwtwDeck deck = db::read_twtw_deck(file);
  INFO((deck.errors.empty() ? std::string() : deck.errors.front().to_string()));
  REQUIRE(deck.ok());
  return deck.cards;
}

}  // namespace

TEST_CASE("Action time: a thrown miss scatters, a dodger leaps, stray shots hit the card's icons, verify",
          "[gui][action_time][scatter]") {
  SampleTown posse(42, "twtw-posse");
  ActionTimeScreen screen(posse);
  gm::MainFrame* frame = screen.frame;
  gm::ActionTimePage* page = screen.page;
  wxUIActionSimulator& sim = screen.sim;
  using Mode = gm::ActionTimePage::Mode;
  // Miranda, Jonah and Hank fast; Angus dodges (and stands still); the flunkies sit out.
  declare_round(sim, {"f", "f", "f", "x", "d", "x", "x"});
  INFO(page->instruction().utf8_string() << " | " << page->refusal_text().utf8_string());
  REQUIRE(page->mode() == Mode::step);
  CHECK(page->step_text().Contains("the Declaration (dodges declared): Angus Laroq"));
  key(sim, WXK_RETURN);  // that step recorded: the d12 count next
  CHECK(page->step_text().Contains("Phase I, the d12 count: Miranda"));

  // Miranda throws dynamite at Angus. The card S1: result 2, its clock at 2 o'clock.
  page->set_deck(one_card_deck(posse, "s1", "S1,2,head;chest;belly;left leg,1 2 3 4,3,2,1"));
  // Hand to hand a throw is no throw: the TN line says so.
  aim(sim, '5', "0");
  key(sim, 'T', wxMOD_CONTROL);
  CHECK(page->tn_text().Contains("a throw, stray shots and a Scatter weapon count for a shot"));
  // 20 paces at increment 8: the range step is 2.
  page->paces_field()->SetFocus();
  page->paces_field()->SelectAll();
  sim.Text("20");
  pump(150);
  CHECK(page->tn_text().Contains("Set: thrown"));
  const std::string tn_line = page->tn_text().utf8_string();
  INFO(tn_line);
  key(sim, WXK_RETURN);
  page->card_field()->SetFocus();
  key(sim, WXK_RETURN);  // the station draws S1
  INFO(page->entries_text().utf8_string());
  CHECK(page->drawn_text().Contains("failure 3; clock 2"));
  CHECK(page->entries_text().Contains("card S1, 2 vs TN 9"));  // 5, +2 range, +2 dodging
  // TN 9 - result 2 + range step 2 = 9 m, under half the throw (10).
  CHECK(page->entries_text().Contains("a miss; the throw lands 9 m from Angus Laroq at 2 o'clock"));
  CHECK(page->entries_text().Contains("Angus Laroq leaps a pace to 2 o'clock"));
  CHECK_FALSE(page->entries_text().Contains("stray shot"));  // a throw scatters instead
  test_support::check_in_view(frame, "leaps a pace to 2 o'clock", "action time scatter");
  test_support::check_nothing_cut(frame, "action time scatter");
  screenshot(frame, "action-time-scatter");
  key(sim, WXK_RETURN);  // the step recorded
  REQUIRE(page->mode() == Mode::step);

  // Jonah's shotgun (Scatter weapon, +1 stray shot at this range: Ctrl+B) into a melee (Ctrl+I):
  // a miss makes (1 + 1) x 2 = 4 stray shots (003 L508). The card S2: result 1, its clock at 6 (back
  // at Jonah: Angus stays put), icons 2, 4 and 5: the first two hit.
  CHECK(page->step_text().Contains("the d10 count: Jonah"));
  page->set_deck(one_card_deck(posse, "s2", "S2,1,head;chest;belly;left leg,1 2 3 4,3,6,2;4;5"));
  aim(sim, '5', "6");
  key(sim, 'B', wxMOD_CONTROL);
  key(sim, 'I', wxMOD_CONTROL);
  CHECK(page->tn_text().Contains("Set: someone near the path, Scatter weapon +1"));
  key(sim, 'I', wxMOD_CONTROL);
  CHECK(page->tn_text().Contains("Set: into a melee, Scatter weapon +1"));
  test_support::check_nothing_cut(frame, "action time stray keys");
  screenshot(frame, "action-time-stray-keys");
  key(sim, WXK_RETURN);
  page->card_field()->SetFocus();
  key(sim, WXK_RETURN);  // the station draws S2
  INFO(page->entries_text().utf8_string());
  CHECK(page->entries_text().Contains("card S2, 1 vs TN"));
  CHECK(page->entries_text().Contains("Angus Laroq stays put (the card points at the attacker)"));
  CHECK(page->entries_text().Contains("4 stray shots: icons 1, 2 hit the Judge's unintended targets"));
  key(sim, WXK_RETURN);

  // Hank's card from the table's deck, typed, with someone near the path: the words say what to
  // read on it.
  CHECK(page->step_text().Contains("the d6 count: Hank"));
  aim(sim, '5', "4");
  key(sim, 'I', wxMOD_CONTROL);
  key(sim, WXK_RETURN);
  type(sim, "0");
  CHECK(page->entries_text().Contains("Hank at Angus Laroq: card 0 vs TN"));
  CHECK(page->entries_text().Contains("Angus Laroq leaps a pace to the card's o'clock, unless 6"));
  CHECK(page->entries_text().Contains("1 stray shot: an icon of 1 or under hits an unintended target"));
  key(sim, WXK_RETURN);
  REQUIRE(page->mode() == Mode::end_step);
  db::VerifyReport report = db::verify_ledger(posse.db);
  INFO(report.reason);
  CHECK(report.ok);
}

TEST_CASE("Action time in Russian: an attack's keys, a throw's landing and stray shots fit 1024 x 600",
          "[gui][action_time][scatter][i18n]") {
  test_support::InLanguage russian("ru");
  SampleTown posse(43, "twtw-posse");
  ActionTimeScreen screen(posse);
  gm::MainFrame* frame = screen.frame;
  gm::ActionTimePage* page = screen.page;
  wxUIActionSimulator& sim = screen.sim;
  declare_round(sim, {"f", "f", "x", "x", "d", "x", "x"});
  REQUIRE(page->mode() == gm::ActionTimePage::Mode::step);
  key(sim, WXK_RETURN);  // the dodges' step
  page->set_deck(one_card_deck(posse, "s1", "S1,2,head;chest;belly;left leg,1 2 3 4,3,2,1"));
  aim(sim, '5', "20");
  key(sim, 'T', wxMOD_CONTROL);
  CHECK(test_support::has_cyrillic(page->keys_help_text().utf8_string()));
  test_support::check_nothing_cut(frame, "action time keys ru");
  screenshot(frame, "action-time-keys-ru");
  key(sim, WXK_RETURN);
  page->card_field()->SetFocus();
  key(sim, WXK_RETURN);  // S1 drawn: a miss
  INFO(page->entries_text().utf8_string());
  CHECK(page->entries_text().Contains(wxString::FromUTF8("бросок падает в 9 м от Angus Laroq, к отметке 2 на часах")));
  CHECK(page->tn_text().IsEmpty());  // the attack is in the step's list: its TN line gives way
  test_support::check_in_view(frame, wxString::FromUTF8("к отметке 2 на часах"), "action time scatter ru");
  test_support::check_nothing_cut(frame, "action time scatter ru");
  screenshot(frame, "action-time-scatter-ru");
}
