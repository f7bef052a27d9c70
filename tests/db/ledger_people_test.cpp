// Events about people: wounds named and healed by a Doctor, arrests by a Lawman, jail and
// release, and a GM's correction.
#include <catch2/catch.hpp>

#include "db_test_helpers.h"
#include "core/options.h"
#include "ledger/town.h"
#include "server/views.h"

using namespace marshal::db;
using namespace marshal::db::testing;

TEST_CASE("a correction sets a character right without touching the earlier event", "[db][people]") {
  TestLedger t;
  const std::string cole = t.badge("Cole Varney");
  std::string genesis = t.db().scalar_text("SELECT payload FROM events WHERE seq = 1");

  t.accept("correction", {{"character", cole}, {"corrects", 1}, {"note", "wounded at the bar before the count"}, {"wounded", true}});
  CHECK(t.character_text("Cole Varney", "wounded") == "1");
  CHECK(t.character_text("Cole Varney", "dead") == "0");
  CHECK(t.db().scalar_text("SELECT payload FROM events WHERE seq = 1") == genesis);

  t.accept("correction", {{"character", cole}, {"corrects", 2}, {"note", "the GM misread the card"}, {"dead", true}});
  CHECK(t.character_text("Cole Varney", "dead") == "1");
  CHECK(t.character_text("Cole Varney", "wounded") == "1");  // left as it was
  t.accept("correction", {{"character", cole}, {"corrects", 3}, {"note", "he was only playing dead"}, {"dead", false}});
  CHECK(t.character_text("Cole Varney", "dead") == "0");

  CHECK(t.ledger().last_seq() == 4);
  t.refuse("correction", {{"character", cole}, {"corrects", 5}, {"note", "names itself"}}, "bad_input");
  t.refuse("correction", {{"character", cole}, {"corrects", 99}, {"note", "the future"}}, "bad_input");
  t.refuse("correction", {{"character", cole}, {"note", "which one?"}, {"wounded", false}}, "bad_input");
  t.refuse("correction", {{"character", cole}, {"corrects", 2}, {"note", ""}, {"wounded", false}}, "bad_input");
}

TEST_CASE("only a Doctor heals, and only the wounded", "[db][people]") {
  TestLedger t;
  const std::string cole = t.badge("Cole Varney"), doc = t.badge("Doc Ephraim Sloane"),
                    kid = t.badge("Kid Calloway");

  t.refuse("wound_healed", {{"character", cole}, {"doctor", doc}}, "illegal_move");  // not wounded
  t.accept("correction", {{"character", cole}, {"corrects", 1}, {"note", "shot behind the livery"}, {"wounded", true}});
  t.accept("wound_limb_named", {{"character", cole}, {"limb", "left arm"}});
  CHECK(t.character_text("Cole Varney", "wounded_limb") == "left arm");

  t.refuse("wound_healed", {{"character", cole}, {"doctor", kid}}, "not_allowed");
  t.refuse("wound_healed", {{"character", cole}, {"doctor", t.held("Kid Calloway", "bystander").at(0)}}, "wrong_kind");
  // The Doctor heals with time (004 L248; heal_minutes, 10 by default): the wound stays until
  // the healing's timer ends, and a second healing meanwhile is refused.
  AppendResult healing = t.accept("wound_healed", {{"character", cole}, {"doctor", doc}});
  CHECK(healing.ledger["heal_minutes"] == marshal::core::default_heal_minutes);
  CHECK(t.character_text("Cole Varney", "wounded") == "1");
  CHECK(t.count("SELECT COUNT(*) FROM timers WHERE kind = 'healing'") == 1);
  AppendResult again = t.refuse("wound_healed", {{"character", cole}, {"doctor", doc}}, "illegal_move");
  CHECK(again.reason == "Cole Varney is being healed already: 10 more minute(s)");
  // A healing keeps nobody from a fight: it is no timer of the rules.
  {
    Town town(t.db(), 0, t.now_ms());
    const marshal::core::Character c = town.character(t.character_id("Cole Varney"));
    CHECK(c.timers.empty());
    CHECK(c.wounded);
    CHECK(town.healing_left_ms(t.character_id("Cole Varney")).value_or(0) > 0);
  }
  // One minute before the end (the last append's time plus 9 minutes): still wounded.
  t.advance_ms(9 * 60'000 - 2'000);
  t.accept("bystander_docked", {{"character", kid}});
  CHECK(t.character_text("Cole Varney", "wounded") == "1");
  // Ended: the rules see it at once, and the next event writes it (the timer dropped).
  t.advance_ms(60'000);
  {
    Town town(t.db(), 0, t.now_ms() + 1'000);
    CHECK_FALSE(town.character(t.character_id("Cole Varney")).wounded);
    CHECK_FALSE(town.healing_left_ms(t.character_id("Cole Varney")).has_value());
  }
  t.accept("bystander_docked", {{"character", kid}});
  CHECK(t.character_text("Cole Varney", "wounded") == "0");
  CHECK(t.character_text("Cole Varney", "wounded_limb") == "");
  CHECK(t.count("SELECT COUNT(*) FROM timers WHERE kind = 'healing'") == 0);
  t.refuse("wound_healed", {{"character", cole}, {"doctor", doc}}, "illegal_move");
  t.refuse("wound_limb_named", {{"character", cole}, {"limb", "right leg"}}, "illegal_move");

  // The dead are past a doctor's help.
  t.accept("correction", {{"character", kid}, {"corrects", 1}, {"note", "hanged"}, {"wounded", true}, {"dead", true}});
  t.refuse("wound_healed", {{"character", kid}, {"doctor", doc}}, "dead");
}

TEST_CASE("a Lawman arrests, the arrested are jailed, and released", "[db][people]") {
  TestLedger t;
  const std::string kid = t.badge("Kid Calloway"), sheriff = t.badge("Sheriff Amos Brady"),
                    banker = t.badge("Reginald Ashby");
  const std::string sheriff_id = std::to_string(t.character_id("Sheriff Amos Brady"));

  t.refuse("jailed", {{"character", kid}}, "illegal_move");  // not arrested yet
  t.refuse("arrested", {{"character", kid}, {"lawman", banker}}, "not_allowed");
  t.refuse("arrested", {{"character", sheriff}, {"lawman", sheriff}}, "illegal_move");

  t.accept("arrested", {{"character", kid}, {"lawman", sheriff}, {"note", "for the Mayor's horse"}});
  CHECK(t.character_text("Kid Calloway", "arrested_by") == sheriff_id);
  CHECK(t.character_text("Kid Calloway", "jailed") == "0");
  t.accept("jailed", {{"character", kid}});
  CHECK(t.character_text("Kid Calloway", "jailed") == "1");
  t.accept("released", {{"character", kid}, {"note", "bail paid by the House"}});
  CHECK(t.character_text("Kid Calloway", "jailed") == "0");
  CHECK(t.character_text("Kid Calloway", "arrested_by") == "NULL");
  t.refuse("jailed", {{"character", kid}}, "illegal_move");  // released means free

  // A dead Lawman arrests nobody, and nobody arrests the dead.
  t.accept("correction", {{"character", banker}, {"corrects", 1}, {"note", "shot at the bank"}, {"dead", true}});
  t.refuse("arrested", {{"character", banker}, {"lawman", sheriff}}, "dead");
  t.accept("correction", {{"character", sheriff}, {"corrects", 1}, {"note", "ambushed"}, {"dead", true}});
  t.refuse("arrested", {{"character", kid}, {"lawman", sheriff}}, "dead");
}

TEST_CASE("only the Mayor calls a vote, its 15 minutes count down in the timers view", "[db][people]") {
  TestLedger t;
  const std::string mayor = t.badge("Zechariah Chamberlain"), sheriff = t.badge("Sheriff Amos Brady");

  t.refuse("vote_called", {{"character", sheriff}, {"office", "Sheriff"}}, "not_allowed");
  t.refuse("vote_called", {{"character", mayor}, {"office", ""}}, "bad_input");
  t.refuse("vote_called", {{"character", mayor}, {"office", std::string(41, 'x')}}, "bad_input");
  t.accept("vote_called", {{"character", mayor}, {"office", "Sheriff"}, {"note", "after the shooting"}});
  t.refuse("vote_called", {{"character", mayor}, {"office", "Judge"}}, "illegal_move");  // one at a time

  Json timers = timers_view(t.db(), t.now_ms());
  REQUIRE(timers["timers"].size() == 1);
  CHECK(timers["timers"][0]["kind"] == "vote");
  CHECK(timers["timers"][0]["office"] == "Sheriff");
  CHECK(timers["timers"][0]["character"] == "Zechariah Chamberlain");
  CHECK(timers["timers"][0]["remaining_ms"] == 15 * 60 * 1000 - 1000);  // called a second before the refusal

  // Once the ballots close, the vote leaves the timers and another may be called.
  t.advance_ms(15 * 60 * 1000);
  CHECK(timers_view(t.db(), t.now_ms())["timers"].empty());
  t.accept("vote_called", {{"character", mayor}, {"office", "Judge"}});
  CHECK(t.db().scalar_int("SELECT COUNT(*) FROM votes") == 2);
}
