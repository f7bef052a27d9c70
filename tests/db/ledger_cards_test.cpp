// Events about cards: tricks flipped, bystanders lost, docked and bestowed, horses changing
// hands, secrets given, codes re-issued. Every refusal leaves the projections as they were and
// is kept in the refusal trail (TestLedger::refuse checks both).
#include <catch2/catch.hpp>

#include <set>

#include "db_test_helpers.h"

using namespace marshal::db;
using namespace marshal::db::testing;
namespace core = marshal::core;

TEST_CASE("trick_flipped spends a trick once, for its holder only", "[db][cards]") {
  TestLedger t;
  const std::string kid = t.badge("Kid Calloway"), deuce = t.badge("Deuce Lomax");
  std::string trick = t.held("Kid Calloway", "trick").at(0);

  AppendResult flipped = t.accept("trick_flipped", {{"character", kid}, {"trick", trick}});
  CHECK(flipped.seq == 2);
  CHECK(t.card_text(trick, "spent") == "1");
  CHECK(t.card_text(trick, "fate") == "flipped");

  AppendResult again = t.refuse("trick_flipped", {{"character", kid}, {"trick", trick}}, "already_spent");
  CHECK(again.field == "trick");

  std::string deuces = t.held("Deuce Lomax", "trick").at(0);
  CHECK(t.refuse("trick_flipped", {{"character", kid}, {"trick", deuces}}, "not_holder").field == "trick");
  CHECK(t.refuse("trick_flipped", {{"character", kid}, {"trick", unissued_code()}}, "unknown_code").field == "trick");
  CHECK(t.refuse("trick_flipped", {{"character", kid}, {"trick", "ABC"}}, "bad_code").field == "trick");
  // One typo in a real code is caught by the check character.
  std::string typo = deuces;
  typo[3] = typo[3] == 'A' ? 'B' : 'A';
  t.refuse("trick_flipped", {{"character", deuce}, {"trick", typo}}, "bad_code");
  // A badge where a trick belongs, and a trick where a badge belongs.
  t.refuse("trick_flipped", {{"character", kid}, {"trick", deuce}}, "wrong_kind");
  t.refuse("trick_flipped", {{"character", deuces}, {"trick", deuces}}, "wrong_kind");

  // Typed forms of a code are accepted: lower case, spaces, hyphens.
  std::string typed = core::format_card_code(deuces);
  std::transform(typed.begin(), typed.end(), typed.begin(), [](char c) { return static_cast<char>(std::tolower(c)); });
  t.accept("trick_flipped", {{"character", deuce}, {"trick", typed}});
  CHECK(t.card_text(deuces, "spent") == "1");
}

TEST_CASE("a re-issued trick's old code is revoked and the new one works", "[db][cards]") {
  TestLedger t;
  const std::string kid = t.badge("Kid Calloway");
  std::string old_code = t.held("Kid Calloway", "trick").at(0);
  std::string title = t.card_text(old_code, "title"), detail = t.card_text(old_code, "detail");

  AppendResult reissued = t.accept("card_reissued", {{"card", old_code}, {"note", "the card got soaked in whiskey"}});
  REQUIRE(reissued.ledger.contains("code"));
  std::string new_code = reissued.ledger["code"];
  CHECK(core::parse_card_code(new_code).ok());
  CHECK(core::parse_card_code(new_code).code == new_code);
  CHECK(new_code != old_code);
  CHECK(t.card_text(old_code, "revoked") == "1");
  CHECK(t.card_text(old_code, "replaced_by") == new_code);
  CHECK(t.card_text(new_code, "title") == title);
  CHECK(t.card_text(new_code, "detail") == detail);
  CHECK(t.card_text(new_code, "holder") == std::to_string(t.character_id("Kid Calloway")));
  CHECK(t.holder_history(new_code) == std::vector<std::string>{"reissued:Kid Calloway"});

  CHECK(t.refuse("trick_flipped", {{"character", kid}, {"trick", old_code}}, "revoked").field == "trick");
  t.refuse("card_reissued", {{"card", old_code}}, "revoked");
  t.accept("trick_flipped", {{"character", kid}, {"trick", new_code}});
  CHECK(t.card_text(new_code, "fate") == "flipped");

  // A re-issued badge: the character answers to the new code only.
  AppendResult badge = t.accept("card_reissued", {{"card", kid}});
  std::string new_badge = badge.ledger["code"];
  t.refuse("bystander_lost", {{"character", kid}}, "revoked");
  t.accept("bystander_lost", {{"character", new_badge}});
  CHECK(t.badge("Kid Calloway") == new_badge);
  // card_revoked withdraws a code without a replacement.
  std::string trick = t.held("Deuce Lomax", "trick").at(0);
  t.accept("card_revoked", {{"card", trick}, {"note", "lost on the floor"}});
  t.refuse("trick_flipped", {{"character", t.badge("Deuce Lomax")}, {"trick", trick}}, "revoked");
}

TEST_CASE("bystander_lost spends a random bystander the character held, recorded in ledger.pick", "[db][cards]") {
  TestLedger t;
  const std::string cole = t.badge("Cole Varney");  // two bystanders
  std::vector<std::string> held = t.held("Cole Varney", "bystander");
  REQUIRE(held.size() == 2);

  AppendResult first = t.accept("bystander_lost", {{"character", cole}, {"note", "robbed on the stage"}});
  REQUIRE(first.ledger["pick"].is_string());
  std::string pick = first.ledger["pick"];
  CHECK(std::find(held.begin(), held.end(), pick) != held.end());
  CHECK(t.card_text(pick, "spent") == "1");
  CHECK(t.card_text(pick, "fate") == "lost");
  // The stored event carries the pick, so a replay names it again.
  std::string stored = t.db().scalar_text("SELECT payload FROM events WHERE seq = " + std::to_string(first.seq));
  CHECK(Json::parse(stored)["ledger"]["pick"] == pick);

  AppendResult second = t.accept("bystander_lost", {{"character", cole}});
  CHECK(second.ledger["pick"].is_string());
  CHECK(second.ledger["pick"] != pick);
  CHECK(t.held("Cole Varney", "bystander").empty());

  // None left: accepted, nothing spent, the pick recorded as null.
  std::string before = projection_dump(t.db());
  AppendResult none = t.accept("bystander_lost", {{"character", cole}});
  REQUIRE(none.ledger.contains("pick"));
  CHECK(none.ledger["pick"].is_null());
  CHECK(projection_dump(t.db()) == before);

  // The station may not choose the card of a random loss.
  t.refuse("bystander_lost", {{"character", t.badge("Kid Calloway")}, {"card", t.held("Kid Calloway", "bystander").at(0)}},
           "bad_input");
}

TEST_CASE("bystander_lost picks among all the bystanders held", "[db][cards]") {
  TestLedger t;
  std::vector<std::string> held = t.held("Miss Lillian Delacroix", "bystander");
  REQUIRE(held.size() == 5);
  std::set<std::string> picks;
  for (std::size_t i = 0; i < held.size(); ++i) {
    AppendResult r = t.accept("bystander_lost", {{"character", t.badge("Miss Lillian Delacroix")}});
    std::string pick = r.ledger["pick"];
    CHECK(std::find(held.begin(), held.end(), pick) != held.end());
    CHECK(picks.insert(pick).second);  // never a spent one
  }
  CHECK(t.held("Miss Lillian Delacroix", "bystander").empty());
}

TEST_CASE("bystander_docked spends the chosen card", "[db][cards]") {
  TestLedger t;
  const std::string kid = t.badge("Kid Calloway");
  std::vector<std::string> held = t.held("Kid Calloway", "bystander");
  REQUIRE(held.size() == 3);

  t.accept("bystander_docked", {{"character", kid}, {"card", held[1]}, {"note", "did not pay his bar tab"}});
  CHECK(t.card_text(held[1], "spent") == "1");
  CHECK(t.card_text(held[1], "fate") == "docked");
  CHECK(t.held("Kid Calloway", "bystander") == std::vector<std::string>{held[0], held[2]});

  t.refuse("bystander_docked", {{"character", kid}, {"card", held[1]}}, "already_spent");
  t.refuse("bystander_docked", {{"character", kid}, {"card", t.held("Deuce Lomax", "bystander").at(0)}}, "not_holder");
  t.refuse("bystander_docked", {{"character", kid}, {"card", t.held("Kid Calloway", "trick").at(0)}}, "wrong_kind");

  // Without a card the ledger picks one at random, as for a loss.
  AppendResult random = t.accept("bystander_docked", {{"character", kid}});
  std::string pick = random.ledger["pick"];
  CHECK((pick == held[0] || pick == held[2]));
  CHECK(t.card_text(pick, "fate") == "docked");
}

TEST_CASE("bystander_bestowed deals a new bystander card with a fresh code", "[db][cards]") {
  TestLedger t;
  const std::string cole = t.badge("Cole Varney");
  AppendResult r = t.accept("bystander_bestowed", {{"character", cole}, {"name", "Mrs. Pettigrew, the schoolteacher"}});
  REQUIRE(r.ledger["code"].is_string());
  std::string code = r.ledger["code"];
  core::ParsedCardCode parsed = core::parse_card_code(code);
  CHECK(parsed.ok());
  CHECK(parsed.code == code);
  CHECK(t.card_text(code, "kind") == "bystander");
  CHECK(t.card_text(code, "title") == "Mrs. Pettigrew, the schoolteacher");
  CHECK(t.card_text(code, "since_seq") == std::to_string(r.seq));
  CHECK(t.held("Cole Varney", "bystander").size() == 3);
  CHECK(t.held("Cole Varney", "bystander").back() == code);
  CHECK(t.holder_history(code) == std::vector<std::string>{"bestowed:Cole Varney"});
  // It is a card like the others: it can be docked.
  t.accept("bystander_docked", {{"character", cole}, {"card", code}});
  CHECK(t.card_text(code, "fate") == "docked");

  t.refuse("bystander_bestowed", {{"character", cole}, {"name", ""}}, "bad_input");
  t.refuse("bystander_bestowed", {{"character", cole}, {"name", std::string(121, 'x')}}, "bad_input");
  t.refuse("bystander_bestowed", {{"character", unissued_code()}, {"name", "Nobody"}}, "unknown_code");
}

TEST_CASE("horses are sold, stolen, borrowed by a Lawman and returned, with their history", "[db][cards]") {
  TestLedger t;
  const std::string kid = t.badge("Kid Calloway"),
                    sheriff = t.badge("Sheriff Amos Brady"), banker = t.badge("Reginald Ashby");
  std::string senator = t.card_titled("horse", "Senator");
  const std::string mayor_id = std::to_string(t.character_id("Zechariah Chamberlain"));
  const std::string kid_id = std::to_string(t.character_id("Kid Calloway"));
  const std::string sheriff_id = std::to_string(t.character_id("Sheriff Amos Brady"));
  const std::string banker_id = std::to_string(t.character_id("Reginald Ashby"));
  CHECK(t.card_text(senator, "owner") == mayor_id);

  t.accept("horse_stolen", {{"horse", senator}, {"by", kid}, {"note", "from the livery"}});
  CHECK(t.card_text(senator, "holder") == kid_id);
  CHECK(t.card_text(senator, "owner") == mayor_id);
  t.refuse("horse_stolen", {{"horse", senator}, {"by", kid}}, "illegal_move");  // already his
  t.refuse("horse_sold", {{"horse", senator}, {"to", sheriff}}, "illegal_move");  // not the owner's to sell now

  t.accept("horse_returned", {{"horse", senator}});
  CHECK(t.card_text(senator, "holder") == mayor_id);
  t.refuse("horse_returned", {{"horse", senator}}, "illegal_move");  // already home

  t.refuse("horse_borrowed", {{"horse", senator}, {"lawman", banker}}, "not_allowed");
  t.accept("horse_borrowed", {{"horse", senator}, {"lawman", sheriff}});
  CHECK(t.card_text(senator, "holder") == sheriff_id);
  t.accept("horse_returned", {{"horse", senator}});

  t.accept("horse_sold", {{"horse", senator}, {"to", banker}});
  CHECK(t.card_text(senator, "holder") == banker_id);
  CHECK(t.card_text(senator, "owner") == banker_id);
  // Stolen from the new owner, it goes back to him.
  t.accept("horse_stolen", {{"horse", senator}, {"by", kid}});
  t.accept("horse_returned", {{"horse", senator}});
  CHECK(t.card_text(senator, "holder") == banker_id);

  CHECK(t.holder_history(senator) ==
        std::vector<std::string>{"dealt:Zechariah Chamberlain", "stolen:Kid Calloway", "returned:Zechariah Chamberlain",
                                 "borrowed:Sheriff Amos Brady", "returned:Zechariah Chamberlain", "sold:Reginald Ashby",
                                 "stolen:Kid Calloway", "returned:Reginald Ashby"});
  t.refuse("horse_sold", {{"horse", t.held("Kid Calloway", "trick").at(0)}, {"to", banker}}, "wrong_kind");
}

TEST_CASE("a secret passes along a chain of holders, each giving only what they hold", "[db][cards]") {
  TestLedger t;
  std::string secret = t.card_titled("secret", "The House Payroll");
  const std::string sheriff = t.badge("Sheriff Amos Brady"), lillian = t.badge("Miss Lillian Delacroix"),
                    judge = t.badge("Judge Horace Pennington");

  t.refuse("secret_given", {{"secret", secret}, {"from", lillian}, {"to", judge}}, "not_holder");
  t.accept("secret_given", {{"secret", secret}, {"from", sheriff}, {"to", lillian}});
  t.refuse("secret_given", {{"secret", secret}, {"from", sheriff}, {"to", judge}}, "not_holder");
  t.refuse("secret_given", {{"secret", secret}, {"from", lillian}, {"to", lillian}}, "illegal_move");
  t.accept("secret_given", {{"secret", secret}, {"from", lillian}, {"to", judge}});
  CHECK(t.card_text(secret, "holder") == std::to_string(t.character_id("Judge Horace Pennington")));
  CHECK(t.holder_history(secret) == std::vector<std::string>{"dealt:Sheriff Amos Brady", "given:Miss Lillian Delacroix",
                                                             "given:Judge Horace Pennington"});
  CHECK(t.held("Judge Horace Pennington", "secret").back() == secret);
}

TEST_CASE("bystander_sacrificed spends a torn card with the shot's fate", "[db][cards]") {
  TestLedger t;
  const std::string kid = t.badge("Kid Calloway");
  std::vector<std::string> held = t.held("Kid Calloway", "bystander");
  t.refuse("bystander_sacrificed", {{"character", kid}, {"card", held[0]}, {"fate", "nicked"}}, "bad_input");
  t.accept("bystander_sacrificed", {{"character", kid}, {"card", held[0]}, {"fate", "dead"}});
  CHECK(t.card_text(held[0], "fate") == "dead");
  t.refuse("bystander_sacrificed", {{"character", kid}, {"card", held[0]}, {"fate", "wounded"}}, "already_spent");
  t.refuse("bystander_sacrificed", {{"character", t.badge("Deuce Lomax")}, {"card", held[1]}, {"fate", "wounded"}},
           "not_holder");
}
