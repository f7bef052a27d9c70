// Votes (RULES.md; seed: "The ballots stay open for 15 minutes, then the Mayor can count the vote
// and decide the outcome. Judges can over-ride the Mayor's call."): secret ballots from the
// living, one each, while the vote is open; the Mayor's count with the tally the ledger adds; a
// Judge's override; every step replayed by the audit.
#include <catch2/catch.hpp>

#include "db_test_helpers.h"
#include "ledger/verify.h"
#include "server/views.h"

using namespace marshal::db;
using namespace marshal::db::testing;

TEST_CASE("ballots: one per living character while the vote is open, counted by the Mayor, overridden by a Judge",
          "[db][votes]") {
  TestLedger t;
  const std::string mayor = t.badge("Zechariah Chamberlain"), sheriff = t.badge("Sheriff Amos Brady"),
                    kid = t.badge("Kid Calloway"), cole = t.badge("Cole Varney"), jubal = t.badge("Jubal Crane"),
                    judge = t.badge("Judge Cornelius Whitlock");
  auto ballot = [&](const std::string& voter, const std::string& candidate) {
    return Json{{"voter", voter}, {"candidate", candidate}};
  };
  // No vote yet: no ballot.
  t.refuse("ballot_cast", ballot(kid, sheriff), "illegal_move");
  t.accept("conflict_resolved", kid_kills_cole(t));  // Cole is dead before the vote
  t.accept("vote_called", {{"character", mayor}, {"office", "Sheriff"}});

  t.accept("ballot_cast", ballot(kid, sheriff));
  t.accept("ballot_cast", ballot(jubal, sheriff));
  t.accept("ballot_cast", ballot(sheriff, kid));
  t.refuse("ballot_cast", ballot(kid, jubal), "illegal_move");  // one ballot each
  t.refuse("ballot_cast", ballot(cole, kid), "dead");           // the dead do not vote
  t.refuse("ballot_cast", ballot(mayor, cole), "dead");         // nor are they voted for
  t.refuse("ballot_cast", {{"voter", mayor}}, "bad_input");
  CHECK(t.db().scalar_int("SELECT COUNT(*) FROM ballots") == 3);

  // While it is open: how many were cast, never for whom; the living as candidates.
  Json open = vote_view(t.db(), t.now_ms(), std::nullopt);
  CHECK(open["open"] == true);
  CHECK(open["ballots"] == 3);
  CHECK(open["office"] == "Sheriff");
  CHECK(open.dump().find("tally") == std::string::npos);
  bool cole_listed = false, kid_listed = false;
  for (const auto& c : open["candidates"]) {
    cole_listed = cole_listed || c["name"] == "Cole Varney";
    kid_listed = kid_listed || c["name"] == "Kid Calloway";
  }
  CHECK(kid_listed);
  CHECK_FALSE(cole_listed);
  std::int64_t kid_id = t.db().scalar_int("SELECT id FROM characters WHERE name = 'Kid Calloway'");
  std::int64_t mayor_id = t.db().scalar_int("SELECT id FROM characters WHERE name = 'Zechariah Chamberlain'");
  CHECK(vote_view(t.db(), t.now_ms(), kid_id)["voted"] == true);
  CHECK(vote_view(t.db(), t.now_ms(), mayor_id)["voted"] == false);

  // The count waits for the 15 minutes; then only a Mayor counts, once.
  t.refuse("vote_counted", {{"character", mayor}}, "illegal_move");
  t.advance_ms(15 * 60 * 1000);
  t.refuse("ballot_cast", ballot(mayor, kid), "illegal_move");  // closed
  CHECK_FALSE(vote_view(t.db(), t.now_ms(), std::nullopt)["open"].get<bool>());
  t.refuse("vote_counted", {{"character", sheriff}}, "not_allowed");
  AppendResult counted = t.accept("vote_counted", {{"character", mayor}});
  CHECK(counted.ledger["ballots"] == 3);
  CHECK(counted.ledger["tally"] == Json::parse(R"([{"candidate": "Sheriff Amos Brady", "ballots": 2},
                                                      {"candidate": "Kid Calloway", "ballots": 1}])"));
  CHECK(counted.ledger["outcome"] == "Sheriff Amos Brady is elected Sheriff");
  t.refuse("vote_counted", {{"character", mayor}}, "illegal_move");
  Json result = vote_view(t.db(), t.now_ms(), std::nullopt)["result"];
  CHECK(result["outcome"] == "Sheriff Amos Brady is elected Sheriff");
  CHECK(result["tally"].size() == 2);
  CHECK(result["overridden"] == false);

  // A Judge overrides the Mayor's call, once.
  t.refuse("vote_overridden", {{"character", sheriff}, {"outcome", "Kid Calloway is Sheriff"}}, "not_allowed");
  t.refuse("vote_overridden", {{"character", judge}}, "bad_input");  // says what the call is
  t.accept("vote_overridden", {{"character", judge}, {"outcome", "the vote is void: Cole Varney's death is unsolved"}});
  t.refuse("vote_overridden", {{"character", judge}, {"outcome", "again"}}, "illegal_move");
  result = vote_view(t.db(), t.now_ms(), std::nullopt)["result"];
  CHECK(result["outcome"] == "the vote is void: Cole Varney's death is unsolved");
  CHECK(result["overridden"] == true);

  // The audit replays it all to the same tally and tables.
  VerifyReport report = verify_ledger(t.path());
  INFO(report.reason);
  CHECK(report.ok);
}

TEST_CASE("a Mayor may call the outcome at the count, a tie and no ballots are said so", "[db][votes]") {
  TestLedger t;
  const std::string mayor = t.badge("Zechariah Chamberlain"), kid = t.badge("Kid Calloway"),
                    sheriff = t.badge("Sheriff Amos Brady");
  t.accept("vote_called", {{"character", mayor}, {"office", "Deputy"}});
  t.advance_ms(15 * 60 * 1000);
  CHECK(t.accept("vote_counted", {{"character", mayor}}).ledger["outcome"] == "no ballots were cast");

  t.accept("vote_called", {{"character", mayor}, {"office", "Judge"}});
  t.accept("ballot_cast", {{"voter", kid}, {"candidate", sheriff}});
  t.accept("ballot_cast", {{"voter", sheriff}, {"candidate", kid}});
  t.advance_ms(15 * 60 * 1000);
  AppendResult tie = t.accept("vote_counted", {{"character", mayor}, {"outcome", "the Mayor names Kid Calloway"}});
  CHECK(tie.ledger["outcome"] == "the Mayor names Kid Calloway");
  CHECK(tie.ledger["tally"].size() == 2);
}
