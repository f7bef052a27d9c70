// A whole Deadlands fight of three rounds at the Table screen under Xvfb (issue 32's "done"), from
// the keys and scans alone at 1024 x 600, on a real ledger file: the posse in deadlands-ru (the GM
// names the fate; chips after the fight, 002 L15-23). Round 1 a real deck's cards typed, the Black
// Joker to Smith (+2 on his damage, 000 L54), Smith's hit wounds Hannah, her chip buys a Soak (its
// dice typed from a real roll), the
// Deputy (an Extra) Shaken, Hannah Shaken; round 2 dealt by the station after the Joker's shuffle,
// Hannah's Spirit roll with dice typed (a wrong face refused, kept to mend), the Deputy Shaken again: out; round 3 Hannah Incapacitated, her fate
// typed, her Injury card typed from a real deck (the longest, broken in the roster); the fight ended with its chips. Then what `marshal verify` runs
// replays it, and her character view (GET /characters/BADGE: the GM's and her kiosk's) shows the
// wounds. The station's dice are random: each step checks what the ledger judged of them.
#include <catch2/catch.hpp>

#include "ledger/ledger.h"
#include "ledger/verify.h"
#include "protocol/fight_words.h"
#include "sample_town.h"
#include "server/views.h"
#include "store/sqlite.h"
#include "support/screen_text.h"
#include "table_keys.h"

using namespace marshal;
using namespace gui_testing;

namespace {

// The fighter numbers of the posse's roster before any deal: the order of characters.csv.
constexpr char hannah_number = '2', deputy_number = '7';

struct FightScreen {
  gm::TablePage* table;
  wxUIActionSimulator sim;
  const SampleTown& posse;

  void scan(const std::string& name) {
    scan_burst(sim, posse.badge(name));
    pump(300);
  }
  void key(char k) {
    sim.Char(k, wxMOD_CONTROL);
    pump(400);
  }
  void hit(const std::string& hitter, char target, const char* damage) { table_hit(sim, posse.badge(hitter), target, damage); }
  // Ctrl+D, then Enter (the station's deal) or a real deck's cards.
  void deal(const char* typed = "") {
    key('D');
    REQUIRE(table->dice_field()->HasFocus());
    sim.Text(typed);
    sim.Char(WXK_RETURN);
    pump(500);
  }
};

std::int64_t fight_count(const std::string& db, const std::string& sql) {
  marshal::db::Database ledger(db, false);
  return ledger.scalar_int(sql);
}

}  // namespace

TEST_CASE("Table: a whole Deadlands fight of three rounds from the keys at 1024 x 600, verify, the character view",
          "[gui][table][fight]") {
  SampleTown posse(35, "deadlands-posse");
  const std::string file =
      posse.variant("fight.db", [](db::EventDefinition& d) { d.options.ruleset = core::Ruleset::deadlands_ru; });
  gm::MainFrame* frame = open_station(file, "table-gm");
  frame->SetSize(1024, 600);
  FightScreen s{frame->table(), {}, posse};
  gm::TablePage* table = s.table;
  s.sim.Char(WXK_F9);
  pump(500);
  // Hannah holds a chip for her Soak.
  s.scan("Hannah Two Rivers");
  s.key('A');
  REQUIRE(fight_count(file, "SELECT COALESCE(SUM(count), 0) FROM chips JOIN characters c ON c.id = holder "
                       "WHERE c.name = 'Hannah Two Rivers'") == 1);
  s.key('F');
  CHECK(table->result_text().Contains("A fight has begun: deal the Action Cards"));

  // Round 1: a real deck's cards in the roster's order, the Black Joker to Smith (6).
  s.deal("2c 3c 4c 5c 6c bj 7c");
  REQUIRE(table->fight_text().StartsWith("Round 1"));
  CHECK(table->result_text().Contains("Smith the Gunhand acts first (Black Joker)"));
  // Smith's 4 + 3 + 1, and the Joker's +2: 10 against Hannah's Toughness 6, a wound and Shaken.
  s.hit("Smith the Gunhand", hannah_number, "2d6+1: 4, 3");
  INFO(table->result_text().utf8_string());
  CHECK(table->result_text().Contains("Smith the Gunhand hits Hannah Two Rivers"));
  CHECK(fighter_column(file, "Hannah Two Rivers", "wounds") == "1");
  CHECK(table->instruction().Contains("Ctrl+S: soak it (a chip)"));
  // Her chip buys a Vigor roll (d8, TN 4 in deadlands-ru), rolled by hand and typed in the Dice
  // field first: 6 and a Wild Die of 2, a success, soaks the wound (001 L44).
  table->dice_field()->SetFocus();
  s.sim.Text("6, 2");
  pump(200);
  s.key('S');
  INFO(table->result_text().utf8_string());
  CHECK(table->result_text().Contains("Hannah Two Rivers soaks (Vigor d8): 6, Wild Die 2"));
  CHECK(table->dice_field()->GetValue().IsEmpty());
  CHECK(fight_count(file, "SELECT COUNT(*) FROM events WHERE type = 'soaked'") == 1);
  CHECK(fight_count(file, "SELECT COALESCE(SUM(count), 0) FROM chips JOIN characters c ON c.id = holder "
                     "WHERE c.name = 'Hannah Two Rivers'") == 0);
  CHECK(fighter_column(file, "Hannah Two Rivers", "wounds") == "0");
  // Lucky Jack's 3 + 2 against the Deputy's Toughness 5: Shaken.
  s.hit("Lucky Jack Dawson", deputy_number, "2d6: 3, 2");
  CHECK(fighter_column(file, "Gomorra Deputy", "shaken") == "1");
  CHECK(table->roster_text().Contains("Gomorra Deputy"));
  // Smith shoots Hannah again: 2 + 2 and the Joker's +2 reach her Toughness 6, no raise: Shaken, no wound.
  s.hit("Smith the Gunhand", hannah_number, "2d6: 2, 2");
  CHECK(fighter_column(file, "Hannah Two Rivers", "wounds") == "0");
  CHECK(fighter_column(file, "Hannah Two Rivers", "shaken") == "1");

  // Round 2: the station deals (a Joker was out: the deck is shuffled first, SWD).
  s.deal();
  REQUIRE(table->fight_text().StartsWith("Round 2"));
  CHECK(fight_count(file, "SELECT json_extract(payload, '$.shuffled') FROM events WHERE type = 'cards_dealt' ORDER BY seq DESC "
                     "LIMIT 1") == 1);
  // Hannah, Shaken by Smith's second shot, rolls Spirit at the start of her turn (001 L43) with
  // dice rolled by hand: a face her d8 cannot show is refused and stays to be mended, nothing
  // recorded; then 5 and a Wild Die of 3 against 4: no longer Shaken.
  REQUIRE(fighter_column(file, "Hannah Two Rivers", "shaken") == "1");
  s.scan("Hannah Two Rivers");
  s.key('U');
  CHECK(table->instruction().Contains("Enter rolls Spirit"));
  REQUIRE(table->dice_field()->HasFocus());
  s.sim.Text("9, 3");
  s.sim.Char(WXK_RETURN);
  pump(500);
  CHECK(table->refusal_text().Contains("9"));
  CHECK(table->dice_field()->GetValue() == "9, 3");
  CHECK(table->instruction().Contains("Enter rolls Spirit"));
  CHECK(fight_count(file, "SELECT COUNT(*) FROM events WHERE type = 'unshaken'") == 0);
  table->dice_field()->SetValue("5, 3");
  table->dice_field()->SetInsertionPointEnd();
  s.sim.Char(WXK_RETURN);
  pump(500);
  INFO(table->result_text().utf8_string());
  CHECK(table->result_text().Contains("Hannah Two Rivers rolls Spirit d8: 5, Wild Die 3"));
  CHECK(table->result_text().Contains("no longer Shaken; acts next round"));
  CHECK(fight_count(file, "SELECT COUNT(*) FROM events WHERE type = 'unshaken'") == 1);
  CHECK(fighter_column(file, "Hannah Two Rivers", "shaken") == "0");
  // The Deputy Shaken again: a wound, and an Extra is out with one (001 L4).
  s.hit("Lucky Jack Dawson", deputy_number, "2d6: 3, 2");
  CHECK(fighter_column(file, "Gomorra Deputy", "state") == "out");
  CHECK(table->roster_text().Contains("OUT"));

  // Round 3: the station deals to those still in; Smith hits Hannah past her last Wound level.
  s.deal();
  REQUIRE(table->fight_text().StartsWith("Round 3"));
  s.hit("Smith the Gunhand", hannah_number, "2d6+1: 6 6 6 3, 6 2");
  REQUIRE(fighter_column(file, "Hannah Two Rivers", "state") == "incapacitated");
  CHECK(table->keys_text().Contains("I Incapacitation"));
  // Her fate by its number (the GM's, deadlands-ru): 3, unconscious with a temporary Injury; its
  // card drawn from the station's full deck, the posse's injuries.csv naming it (000 L174, L178).
  s.key('I');
  s.sim.Char('3');
  s.sim.Char(WXK_RETURN);
  pump(500);
  CHECK(table->result_text().Contains("unconscious until healed, with a temporary Injury"));
  s.key('I');
  CHECK(table->instruction().Contains("Hannah Two Rivers owes a temporary Injury"));
  // The card drawn from a real deck and typed: the two of clubs, the posse's longest Injury. The
  // roster breaks it inside its column (longest_unbroken_part) rather than pushing the list past
  // the live panel at 1024 x 600.
  s.sim.Text("2c");
  s.sim.Char(WXK_RETURN);
  pump(500);
  INFO(table->result_text().utf8_string());
  CHECK(table->result_text().Contains("Hannah Two Rivers's Injury card: "));
  CHECK(table->result_text().Contains("Unmentionables: a wound that is nobody's business"));
  CHECK(fight_count(file, "SELECT COUNT(*) FROM injuries") == 1);
  screenshot(frame, "table-fight-three-rounds");
  test_support::check_in_view(frame, "Hannah Two Rivers's Injury card", "table fight");
  REQUIRE(table->roster_text().Contains("nobody's business"));
  test_support::check_in_view(frame, "nobody's business", "table fight roster");
  test_support::check_nothing_cut(frame, "table fight roster");

  // The fight ends (Ctrl+F twice): Shaken ends for all, and each player gets a chip or more
  // (002 L15-23), the GM's pool two.
  s.key('F');
  CHECK(table->instruction().Contains("Ctrl+F again ends the fight"));
  s.key('F');
  INFO(table->result_text().utf8_string());
  CHECK(table->result_text().Contains("The fight is over"));
  CHECK(table->result_text().Contains("Doc Ezekiel Hale: "));
  CHECK(fight_count(file, "SELECT COUNT(*) FROM events WHERE type = 'fight_ended'") == 1);
  CHECK(fight_count(file, "SELECT COUNT(*) FROM combatants WHERE shaken = 1") == 0);
  CHECK(table->keys_text().Contains("F fight"));

  db::VerifyReport report = db::verify_ledger(file);
  INFO(report.reason);
  CHECK(report.ok);
  // Her view as a GM's station and her own kiosk read it: three wounds, unconscious, the Injury.
  db::Database ledger(file, false);
  const std::optional<protocol::Json> view =
      db::character_view(ledger, posse.badge("Hannah Two Rivers"), db::Role::gm, 0);
  REQUIRE(view);
  INFO(view->dump());
  CHECK((*view)["combat"]["wounds"] == 3);
  CHECK((*view)["combat"]["state"] == "unconscious");
  CHECK((*view)["combat"]["injuries"].size() == 1);
  const std::string words = protocol::fight_condition_words((*view)["combat"]);
  CHECK(words.find("3 wounds, UNCONSCIOUS, ") == 0);
}

TEST_CASE("Table in Russian: a fate and its Injury card from the Russian posse's table at 1024 x 600, nothing cut",
          "[gui][table][fight][i18n]") {
  test_support::InLanguage russian("ru");
  SampleTown posse(36, "deadlands-posse-ru");
  gm::MainFrame* frame = open_station(posse.db, "table-gm");
  frame->SetSize(1024, 600);
  FightScreen s{frame->table(), {}, posse};
  gm::TablePage* table = s.table;
  s.sim.Char(WXK_F9);
  pump(500);
  s.key('F');
  s.hit("Стрелок Смит", hannah_number, "2d6+1: 6 6 6 3, 6 2");
  REQUIRE(fighter_column(posse.db, "Ханна Две Реки", "state") == "incapacitated");
  // The GM's fate 3 (unconscious, a temporary Injury), then the card from the station's deck.
  s.key('I');
  s.sim.Char('3');
  s.sim.Char(WXK_RETURN);
  pump(500);
  s.key('I');
  s.sim.Char(WXK_RETURN);
  pump(500);
  REQUIRE(fight_count(posse.db, "SELECT COUNT(*) FROM injuries") == 1);
  std::string injury;
  {
    db::Database ledger(posse.db, false);
    injury = ledger.scalar_text("SELECT injury FROM injuries");
  }
  INFO(table->result_text().utf8_string());
  CHECK(test_support::has_cyrillic(injury));  // the group's own table (events/deadlands-posse-ru/injuries.csv)
  CHECK(table->result_text().Contains(wxString::FromUTF8(injury)));
  CHECK(test_support::has_cyrillic(table->instruction().utf8_string()));
  CHECK(test_support::has_cyrillic(table->keys_text().utf8_string()));
  test_support::check_in_view(frame, wxString::FromUTF8(injury), "table injury ru");
  // The fight's keys, the last of them too, in two lines under the result (issue 32: the third was cut).
  test_support::check_in_view(frame, wxString::FromUTF8("F конец боя"), "table injury ru keys");
  test_support::check_nothing_cut(frame, "table injury ru");
  screenshot(frame, "table-injury-ru");
}
