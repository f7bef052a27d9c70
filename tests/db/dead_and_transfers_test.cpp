// The dead do nothing (RULES.md): a dead character gives no secret, receives none, sacrifices no
// bystander and sells no horse. A transfer names who gives and the ledger checks that character
// holds the card. A claimed outcome of null is refused, not read as "no claim".
#include <catch2/catch.hpp>

#include "db_test_helpers.h"

using namespace marshal::db;
using namespace marshal::db::testing;

namespace {

void cole_dies(TestLedger& t) {
  t.accept("conflict_resolved", kid_kills_cole(t));
  REQUIRE(t.character_text("Cole Varney", "dead") == "1");
}

}  // namespace

TEST_CASE("a dead character gives no secret and receives none", "[db][dead]") {
  TestLedger t;
  cole_dies(t);
  std::string coles = t.held("Cole Varney", "secret").at(0);
  std::string kids = t.held("Kid Calloway", "secret").at(0);
  AppendResult from_dead = t.refuse("secret_given", {{"secret", coles}, {"from", t.badge("Cole Varney")}, {"to", t.badge("Kid Calloway")}}, "dead");
  CHECK(from_dead.field == "from");
  CHECK(from_dead.reason.find("Cole Varney") != std::string::npos);
  AppendResult to_dead = t.refuse("secret_given", {{"secret", kids}, {"from", t.badge("Kid Calloway")}, {"to", t.badge("Cole Varney")}}, "dead");
  CHECK(to_dead.field == "to");
}

TEST_CASE("a dead character sacrifices no bystander", "[db][dead]") {
  TestLedger t;
  cole_dies(t);
  std::string bystander = t.held("Cole Varney", "bystander").at(0);
  AppendResult r = t.refuse("bystander_sacrificed", {{"character", t.badge("Cole Varney")}, {"card", bystander}, {"fate", "dead"}}, "dead");
  CHECK(r.field == "character");
  // The living still may.
  std::string kids = t.held("Kid Calloway", "bystander").at(0);
  t.accept("bystander_sacrificed", {{"character", t.badge("Kid Calloway")}, {"card", kids}, {"fate", "wounded"}});
}

TEST_CASE("a horse sale that names its seller: the seller must hold and own it, and live", "[db][transfers]") {
  TestLedger t;
  std::string horse = t.held("Kid Calloway", "horse").at(0);
  std::string kid = t.badge("Kid Calloway"), banker = t.badge("Reginald Ashby"), cole = t.badge("Cole Varney");
  AppendResult not_his = t.refuse("horse_sold", {{"horse", horse}, {"from", banker}, {"to", cole}}, "not_holder");
  CHECK(not_his.field == "from");
  t.refuse("horse_sold", {{"horse", horse}, {"from", kid}, {"to", kid}}, "illegal_move");
  cole_dies(t);
  CHECK(t.refuse("horse_sold", {{"horse", horse}, {"from", kid}, {"to", cole}}, "dead").field == "to");
  std::string coles = t.held("Cole Varney", "horse").at(0);
  CHECK(t.refuse("horse_sold", {{"horse", coles}, {"from", cole}, {"to", kid}}, "dead").field == "from");
  t.accept("horse_sold", {{"horse", horse}, {"from", kid}, {"to", banker}});
  CHECK(t.card_text(horse, "owner") == std::to_string(t.character_id("Reginald Ashby")));
}

TEST_CASE("an outcome of null is refused, not taken for no claim", "[db][conflicts]") {
  TestLedger t;
  Json duel = kid_kills_cole(t);
  duel["outcome"] = nullptr;
  AppendResult r = t.refuse("conflict_resolved", duel, "bad_input");
  CHECK(r.field == "outcome");
  CHECK(t.character_text("Cole Varney", "dead") == "0");
}
