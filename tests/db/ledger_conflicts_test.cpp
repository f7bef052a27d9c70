// conflict_resolved: the ledger fills each participant in from its badge, replays the recorded
// cards through shared/core, refuses a different outcome, and writes what happened.
#include <catch2/catch.hpp>

#include "db_test_helpers.h"
#include "i18n/venue_time.h"

using namespace marshal::db;
using namespace marshal::db::testing;

namespace {

const Json* final_state(const Json& people, const std::string& name) {
  for (const auto& p : people)
    if (p["name"] == name) return &p;
  return nullptr;
}

}  // namespace

TEST_CASE("a duel kills the loser, and the dead duel no more", "[db][conflicts]") {
  TestLedger t;
  AppendResult r = t.accept("conflict_resolved", kid_kills_cole(t));
  const Json& result = r.ledger["result"];
  CHECK(result["winner"] == "Kid Calloway");
  CHECK(result["over"] == true);
  CHECK(t.character_text("Cole Varney", "dead") == "1");
  CHECK(t.character_text("Cole Varney", "killing") == "duel");
  CHECK(t.character_text("Cole Varney", "killed_by") == "Kid Calloway");
  CHECK(t.character_text("Kid Calloway", "dead") == "0");
  CHECK(t.character_text("Kid Calloway", "wounded") == "0");
  // The stored event holds the inputs as sent and the outcome the ledger determined.
  std::string stored_text = t.db().scalar_text("SELECT payload FROM events WHERE seq = " + std::to_string(r.seq));
  Json stored = Json::parse(stored_text);
  CHECK(stored["input"]["duelists"][0]["code"] == t.badge("Kid Calloway"));
  CHECK(stored["ledger"]["result"] == result);
  // Byte for byte: the payload as sent, then "ledger" as its last key (the hash covers the text).
  Json expected = kid_kills_cole(t);
  expected["ledger"] = r.ledger;
  CHECK(stored_text == expected.dump());

  Json again = {{"kind", "duel"},
                {"input",
                 {{"duelists", {{{"code", t.badge("Deuce Lomax")}}, {{"code", t.badge("Cole Varney")}}}},
                  {"draw_cards", {{"Deuce Lomax", 5}, {"Cole Varney", 5}}},
                  {"rounds", {{{"cards", {{"Deuce Lomax", 1}, {"Cole Varney", 1}}}}}}}}};
  AppendResult dead = t.refuse("conflict_resolved", again, "dead");
  CHECK(dead.field.rfind("input.", 0) == 0);
  // Nor can the dead flip a trick.
  t.refuse("trick_flipped", {{"character", t.badge("Cole Varney")}, {"trick", t.held("Cole Varney", "trick").at(0)}}, "dead");
}

TEST_CASE("a claimed outcome must be the one the rules give", "[db][conflicts]") {
  // Two ledgers from the same seed have the same codes: the first tells the true outcome.
  TestLedger first, second;
  REQUIRE(first.badge("Kid Calloway") == second.badge("Kid Calloway"));
  Json truth = first.accept("conflict_resolved", kid_kills_cole(first)).ledger["result"];

  Json wrong = kid_kills_cole(second);
  wrong["outcome"] = truth;
  wrong["outcome"]["winner"] = "Cole Varney";
  AppendResult r = second.refuse("conflict_resolved", wrong, "outcome_mismatch");
  CHECK(r.field == "outcome");

  Json right = kid_kills_cole(second);
  right["outcome"] = truth;
  AppendResult accepted = second.accept("conflict_resolved", right);
  CHECK(accepted.ledger["result"] == truth);
  CHECK(second.character_text("Cole Varney", "dead") == "1");
}

TEST_CASE("a resolution missing a drawn card, or with a wrong card, is refused", "[db][conflicts]") {
  TestLedger t;
  Json missing = kid_kills_cole(t);
  missing["input"]["rounds"] = Json::array();  // the duel is not over: a card is missing
  missing["input"]["rounds"].push_back({{"cards", Json::object()}});
  AppendResult r = t.refuse("conflict_resolved", missing, "illegal_move");
  CHECK(r.reason.find("Kid Calloway") != std::string::npos);

  Json no_draw = kid_kills_cole(t);
  no_draw["input"].erase("draw_cards");
  t.refuse("conflict_resolved", no_draw, "illegal_move");

  Json horse = kid_kills_cole(t);
  horse["input"]["duelists"][1]["code"] = t.card_titled("horse", "Senator");
  t.refuse("conflict_resolved", horse, "wrong_kind");

  Json stranger = kid_kills_cole(t);
  stranger["input"]["duelists"][1]["code"] = unissued_code();
  t.refuse("conflict_resolved", stranger, "unknown_code");

  Json clock = kid_kills_cole(t);
  clock["input"]["now_ms"] = 0;  // the ledger's clock, not the station's
  t.refuse("conflict_resolved", clock, "bad_input");

  Json joust = kid_kills_cole(t);
  joust["kind"] = "joust";
  t.refuse("conflict_resolved", joust, "bad_input");

  t.accept("conflict_resolved", kid_kills_cole(t));  // the complete record goes through
}

TEST_CASE("a shootout bystander takes the bullet and is spent with the shot's result", "[db][conflicts]") {
  TestLedger t;
  std::string shield = t.held("Deuce Lomax", "bystander").at(0);
  // Kid (Accuracy 4) hits Deuce with a 6: 10, wounded; Deuce tears a bystander to cancel it.
  Json shootout = {
      {"kind", "shootout"},
      {"input",
       {{"participants",
         {{{"code", t.badge("Kid Calloway")}}, {{"code", t.badge("Deuce Lomax")}}, {{"code", t.badge("Dutch Hennessey")}}}},
        {"rounds",
         {{{"actions",
            {{"Kid Calloway", {{"shoot", "Deuce Lomax"}}},
             {"Deuce Lomax", {{"shoot", "Dutch Hennessey"}}},
             {"Dutch Hennessey", {{"shoot", "Kid Calloway"}}}}},
           {"cards", {{"Kid Calloway", 6}, {"Deuce Lomax", 1}, {"Dutch Hennessey", 2}}},
           {"sacrifices", {{{"shooter", "Kid Calloway"}, {"target", "Deuce Lomax"}, {"card", shield}}}}}}},
        {"stop", true}}}};
  AppendResult r = t.accept("conflict_resolved", shootout);
  const Json* deuce = final_state(r.ledger["result"]["participants"], "Deuce Lomax");
  REQUIRE(deuce != nullptr);
  CHECK((*deuce)["wounded"] == false);
  CHECK(t.character_text("Deuce Lomax", "wounded") == "0");
  CHECK(t.card_text(shield, "spent") == "1");
  CHECK(t.card_text(shield, "fate") == "wounded");
  CHECK(t.held("Deuce Lomax", "bystander").size() == 1);
  CHECK(t.character_text("Dutch Hennessey", "wounded") == "0");
  CHECK(t.character_text("Kid Calloway", "wounded") == "0");

  // The same card cannot take a second bullet.
  Json twice = shootout;
  twice["input"]["rounds"][0]["cards"]["Kid Calloway"] = 5;
  t.refuse("conflict_resolved", twice, "already_spent");
}

TEST_CASE("an accusation spends the trick given by code and the loser's bystander", "[db][conflicts]") {
  TestLedger t;
  std::string trick = t.card_titled("trick", "Four of a Kind", "Black Jack Mulroney");
  REQUIRE(t.card_text(trick, "holder") == std::to_string(t.character_id("Black Jack Mulroney")));
  std::string pick = t.held("Black Jack Mulroney", "bystander").at(1);
  // Beau (Gambling 4) draws 9: 13 against Black Jack's 2 + 2 = 4. The trick opens: a cheat.
  auto accusation = [&](const std::string& code) {
    return Json{{"kind", "accusation"},
                {"input",
                 {{"accuser", {{"code", t.badge("Gentleman Beau Fontaine")}}},
                  {"accused", {{"code", t.badge("Black Jack Mulroney")}}},
                  {"trick", {{"code", code}}},
                  {"cards", {{"Gentleman Beau Fontaine", 9}, {"Black Jack Mulroney", 2}}},
                  {"bystander_pick", pick}}}};
  };
  // A trick the accused does not hold cannot be the one at the table.
  t.refuse("conflict_resolved", accusation(t.held("Kid Calloway", "trick").at(0)), "not_holder");

  AppendResult r = t.accept("conflict_resolved", accusation(trick));
  const Json& result = r.ledger["result"];
  CHECK(result["opened"] == true);
  CHECK(result["revealed"] == "cheat");
  CHECK(result["loser"] == "Black Jack Mulroney");
  CHECK(result["bystander_lost"] == pick);
  CHECK(t.card_text(trick, "spent") == "1");
  CHECK(t.card_text(trick, "fate") == "accused");
  CHECK(t.card_text(pick, "spent") == "1");
  CHECK(t.card_text(pick, "fate") == "lost");
  CHECK(t.held("Black Jack Mulroney", "bystander").size() == 1);
  CHECK(t.held("Gentleman Beau Fontaine", "bystander").size() == 3);  // the winner keeps all

  // A trick plays once: neither accused again nor flipped again.
  t.refuse("conflict_resolved", accusation(trick), "already_spent");
  t.refuse("trick_flipped", {{"character", t.badge("Black Jack Mulroney")}, {"trick", trick}}, "already_spent");
}

TEST_CASE("a trick played at the table may be accused once, played again, it is refused naming when and where",
          "[db][conflicts][tricks]") {
  TestLedger t;
  std::string trick = t.card_titled("trick", "Four of a Kind", "Black Jack Mulroney");
  const Json play{{"character", t.badge("Black Jack Mulroney")}, {"trick", trick}};
  AppendResult played = t.accept("trick_flipped", play);
  CHECK(t.card_text(trick, "fate") == "flipped");
  CHECK(t.card_text(trick, "spent_seq") == std::to_string(played.seq));
  const std::int64_t played_ms = t.count("SELECT server_time_ms FROM events WHERE seq = " + std::to_string(played.seq));
  const std::string when_where = "at " + marshal::i18n::clock_text(played_ms) + " at gm-1";
  // Played twice: refused, saying when and at which station it was played.
  AppendResult again = t.refuse("trick_flipped", play, "already_spent");
  CHECK(again.reason == "trick " + trick + " was already played this evening, " + when_where);

  // The trick just played is accused (once): Beau 9 + 4 against 2 + 2, a cheat opened.
  std::string pick = t.held("Black Jack Mulroney", "bystander").at(0);
  const Json accusation{{"kind", "accusation"},
                        {"input",
                         {{"accuser", {{"code", t.badge("Gentleman Beau Fontaine")}}},
                          {"accused", {{"code", t.badge("Black Jack Mulroney")}}},
                          {"trick", {{"code", trick}}},
                          {"cards", {{"Gentleman Beau Fontaine", 9}, {"Black Jack Mulroney", 2}}},
                          {"bystander_pick", pick}}}};
  AppendResult accused = t.accept("conflict_resolved", accusation);
  CHECK(accused.ledger["result"]["revealed"] == "cheat");
  CHECK(t.card_text(trick, "fate") == "accused");
  // Accused once is all: a second accusation names the accusation's time and station.
  AppendResult twice = t.refuse("conflict_resolved", accusation, "already_spent");
  const std::int64_t accused_ms = t.count("SELECT server_time_ms FROM events WHERE seq = " + std::to_string(accused.seq));
  CHECK(twice.reason == "trick " + trick + " was already played this evening, at " + marshal::i18n::clock_text(accused_ms) +
                            " at gm-1");
  CHECK(twice.field == "input.trick.code");
}

TEST_CASE("a brawl puts the losers out with a headache that keeps them from the next fight", "[db][conflicts]") {
  TestLedger t;
  // Round 1: Hiram 2 + 3 is lowest; round 2: Dutch 2 + 3 against Big Mike 9 + 4.
  Json brawl = {{"kind", "brawl"},
                {"input",
                 {{"fighters",
                   {{{"code", t.badge("Big Mike Costigan")}}, {{"code", t.badge("Dutch Hennessey")}}, {{"code", t.badge("Hiram Stubbs")}}}},
                  {"rounds",
                   {{{"cards", {{"Big Mike Costigan", 9}, {"Dutch Hennessey", 8}, {"Hiram Stubbs", 2}}}},
                    {{"cards", {{"Big Mike Costigan", 9}, {"Dutch Hennessey", 2}}}}}}}}};
  AppendResult r = t.accept("conflict_resolved", brawl);
  CHECK(r.ledger["result"]["winner"] == "Big Mike Costigan");
  const std::int64_t at = t.now_ms();
  for (const std::string name : {"Dutch Hennessey", "Hiram Stubbs"}) {
    INFO(name);
    Statement s = t.db().prepare("SELECT kind, start_ms, duration_ms, seq FROM timers WHERE character = ?");
    s.bind(1, t.character_id(name));
    REQUIRE(s.step());
    CHECK(s.text(0) == "headache");
    CHECK(s.int64(1) == at);
    CHECK(s.int64(2) == five_minutes_ms);
    CHECK(s.int64(3) == r.seq);
    CHECK_FALSE(s.step());
  }
  CHECK(t.count("SELECT COUNT(*) FROM timers") == 2);
  CHECK(t.character_text("Big Mike Costigan", "wounded") == "0");  // brawls are never fatal

  Json fists = {{"kind", "fistfight"},
                {"input",
                 {{"fighters", {{{"code", t.badge("Hiram Stubbs")}}, {{"code", t.badge("Kid Calloway")}}}},
                  {"splits", {{"Hiram Stubbs", {{"offense", 3}, {"defense", 0}}}, {"Kid Calloway", {{"offense", 2}, {"defense", 0}}}}},
                  {"rounds", {{{"cards", {{"Hiram Stubbs", 1}, {"Kid Calloway", 1}}}}}},
                  {"stop", true}}}};
  t.refuse("conflict_resolved", fists, "knocked_out");
  t.advance_ms(five_minutes_ms);  // the headache is over
  t.accept("conflict_resolved", fists);
}

TEST_CASE("a fistfight knock-out starts a five-minute knocked_out timer", "[db][conflicts]") {
  TestLedger t;
  // James Riordan puts all 2 HtH in offense and draws a 10 against Rourke's defense 2: 10, out.
  Json fists = {{"kind", "fistfight"},
                {"input",
                 {{"fighters", {{{"code", t.badge("James Riordan")}}, {{"code", t.badge("Nathaniel Rourke")}}}},
                  {"splits",
                   {{"James Riordan", {{"offense", 2}, {"defense", 0}}}, {"Nathaniel Rourke", {{"offense", 0}, {"defense", 2}}}}},
                  {"rounds", {{{"cards", {{"James Riordan", 10}, {"Nathaniel Rourke", 1}}}}}}}}};
  AppendResult r = t.accept("conflict_resolved", fists);
  CHECK(r.ledger["result"]["over"] == true);
  Statement s = t.db().prepare("SELECT character, kind, start_ms, duration_ms FROM timers");
  REQUIRE(s.step());
  CHECK(s.int64(0) == t.character_id("Nathaniel Rourke"));
  CHECK(s.text(1) == "knocked_out");
  CHECK(s.int64(2) == t.now_ms());
  CHECK(s.int64(3) == five_minutes_ms);
  CHECK_FALSE(s.step());

  // Knocked out, he cannot flip a trick or duel until the five minutes are up.
  Json flip = {{"character", t.badge("Nathaniel Rourke")}, {"trick", t.held("Nathaniel Rourke", "trick").at(0)}};
  t.refuse("trick_flipped", flip, "knocked_out");
  t.advance_ms(five_minutes_ms);
  t.accept("trick_flipped", flip);
}

TEST_CASE("every participant is given by badge: an inline character is refused", "[db][conflicts]") {
  TestLedger t;
  t.accept("conflict_resolved", kid_kills_cole(t));
  // An invented gunslinger would kill a real character...
  Json ghost = kid_kills_cole(t);
  ghost["input"]["duelists"][0] = {{"name", "Ghost"}, {"speed", 4}, {"accuracy", 4}};
  ghost["input"]["duelists"][1] = {{"code", t.badge("Deuce Lomax")}};
  ghost["input"]["draw_cards"] = {{"Ghost", 9}, {"Deuce Lomax", 2}};
  ghost["input"]["rounds"][0]["cards"] = {{"Ghost", 7}};
  AppendResult r = t.refuse("conflict_resolved", ghost, "bad_input");
  CHECK(r.reason.find("Ghost") != std::string::npos);
  // ...and the dead, written out by hand, would shoot again.
  Json dead = ghost;
  dead["input"]["duelists"][0] = {{"name", "Cole Varney"}, {"speed", 3}, {"accuracy", 3}};
  dead["input"]["draw_cards"] = {{"Cole Varney", 9}, {"Deuce Lomax", 2}};
  dead["input"]["rounds"][0]["cards"] = {{"Cole Varney", 9}};
  t.refuse("conflict_resolved", dead, "bad_input");
  CHECK(t.character_text("Deuce Lomax", "dead") == "0");
}
