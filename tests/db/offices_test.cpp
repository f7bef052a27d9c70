// The town's offices (004 L256-274, issue 27): a Judge deputizes for one task (L270), sentences
// the arrested (L274), overrides a decision of a Mayor or Judge (L260); the Mayor settles two
// Judges' dispute (L268) and gives the Territory Fair's prizes (L256). Every step judged by a
// real ledger file and replayed by verify.
#include <catch2/catch.hpp>

#include "core/offices.h"
#include "db_test_helpers.h"
#include "ledger/verify.h"
#include "server/views.h"

using namespace marshal::db;
using namespace marshal::db::testing;

namespace {

struct Town1875 {
  TestLedger t;
  const std::string whitlock = t.badge("Judge Cornelius Whitlock"), pennington = t.badge("Judge Horace Pennington"),
                    mayor = t.badge("Zechariah Chamberlain"), sheriff = t.badge("Sheriff Amos Brady"),
                    kid = t.badge("Kid Calloway"), jubal = t.badge("Jubal Crane"),
                    black_jack = t.badge("Black Jack Mulroney"), dutch = t.badge("Dutch Hennessey");

  Json view(const std::string& badge) { return *character_view(t.db(), badge, Role::gm, t.now_ms()); }
  void replays() {
    VerifyReport report = verify_ledger(t.path());
    INFO(report.reason);
    CHECK(report.ok);
  }
};

constexpr std::int64_t minute_ms = 60'000;

}  // namespace

TEST_CASE("a Judge deputizes for one task: the deputy's arrest is allowed once and ends it", "[db][offices]") {
  Town1875 town;
  TestLedger& t = town.t;
  // Without a task, a man without the lawman power does not arrest.
  t.refuse("arrested", {{"character", town.black_jack}, {"lawman", town.jubal}}, "not_allowed");
  // Only a living Judge deputizes, with a task in words.
  t.refuse("deputized", {{"judge", town.sheriff}, {"character", town.jubal}, {"task", "bring in Black Jack"}}, "not_allowed");
  t.refuse("deputized", {{"judge", town.whitlock}, {"character", town.jubal}, {"task", ""}}, "bad_input");
  t.refuse("deputized", {{"judge", town.whitlock}, {"character", town.jubal},
                         {"task", std::string(marshal::core::max_task_characters + 1, 'x')}},
           "bad_input");
  t.refuse("deputized", {{"judge", town.whitlock}, {"character", town.whitlock}, {"task", "x"}}, "illegal_move");
  t.refuse("deputized", {{"judge", town.whitlock}, {"character", town.jubal}, {"task", "x"}, {"target", town.jubal}},
           "illegal_move");
  AppendResult task = t.accept("deputized", {{"judge", town.whitlock},
                                             {"character", town.jubal},
                                             {"task", std::string(marshal::core::max_task_characters, 'x')},
                                             {"target", town.black_jack}});
  // One task at a time (L270).
  t.refuse("deputized", {{"judge", town.pennington}, {"character", town.jubal}, {"task", "guard the bank"}}, "illegal_move");
  Json deputy = town.view(town.jubal)["deputy"];
  CHECK(deputy["judge"] == "Judge Cornelius Whitlock");
  CHECK(deputy["target"] == "Black Jack Mulroney");
  CHECK(deputy["seq"] == task.seq);

  // The task names Black Jack: nobody else.
  t.refuse("arrested", {{"character", town.dutch}, {"lawman", town.jubal}}, "not_allowed");
  AppendResult arrest = t.accept("arrested", {{"character", town.black_jack}, {"lawman", town.jubal}});
  CHECK(arrest.ledger["deputy_task"] == task.seq);
  CHECK(town.view(town.black_jack)["arrested"] == true);
  CHECK_FALSE(town.view(town.jubal).contains("deputy"));
  CHECK(t.count("SELECT COUNT(*) FROM deputies WHERE ended_how = 'done'") == 1);
  // Done: a second arrest needs a new task.
  t.accept("released", {{"character", town.black_jack}});
  t.refuse("arrested", {{"character", town.black_jack}, {"lawman", town.jubal}}, "not_allowed");

  // A task in words allows one arrest of anyone; a Judge may end a task before it is done.
  t.accept("deputized", {{"judge", town.pennington}, {"character", town.jubal}, {"task", "keep the peace at the fair"}});
  t.accept("arrested", {{"character", town.dutch}, {"lawman", town.jubal}});
  t.accept("deputized", {{"judge", town.pennington}, {"character", town.jubal}, {"task", "watch the bank"}});
  t.refuse("deputy_released", {{"judge", town.mayor}, {"character", town.jubal}}, "not_allowed");
  t.accept("deputy_released", {{"judge", town.whitlock}, {"character", town.jubal}});
  t.refuse("deputy_released", {{"judge", town.whitlock}, {"character", town.jubal}}, "illegal_move");
  t.refuse("arrested", {{"character", town.kid}, {"lawman", town.jubal}}, "not_allowed");
  town.replays();
}

TEST_CASE("a Judge sentences the arrested: jail with its timer, a fine, banishment, hanging", "[db][offices]") {
  Town1875 town;
  TestLedger& t = town.t;
  auto sentence = [&](const std::string& who, const std::string& kind, Json more = Json::object()) {
    Json payload{{"judge", town.whitlock}, {"character", who}, {"sentence", kind}, {"charge", "horse theft"}};
    payload.update(more);
    return payload;
  };
  // Not before an arrest; only a Judge; the charge in words; a known sentence.
  t.refuse("sentenced", sentence(town.kid, "fine", {{"fine", "2 M"}}), "illegal_move");
  t.accept("arrested", {{"character", town.kid}, {"lawman", town.sheriff}});
  t.refuse("sentenced", {{"judge", town.sheriff}, {"character", town.kid}, {"sentence", "fine"}, {"charge", "x"}, {"fine", "1 S"}},
           "not_allowed");
  t.refuse("sentenced", sentence(town.kid, "flogging"), "bad_input");
  t.refuse("sentenced", sentence(town.kid, "jail"), "bad_input");  // for how long
  t.refuse("sentenced", sentence(town.kid, "jail", {{"minutes", 0}}), "bad_input");
  t.refuse("sentenced", sentence(town.kid, "jail", {{"minutes", marshal::core::max_jail_minutes + 1}}), "bad_input");
  t.refuse("sentenced", sentence(town.kid, "fine"), "bad_input");  // how much
  t.refuse("sentenced", sentence(town.kid, "fine", {{"fine", std::string(marshal::core::max_fine_characters + 1, 'S')}}),
           "bad_input");
  Json no_charge = sentence(town.kid, "banishment");
  no_charge["charge"] = std::string(marshal::core::max_charge_characters + 1, 'c');
  t.refuse("sentenced", no_charge, "bad_input");

  // Jail for 30 minutes: jailed, a timer, free when it ends.
  t.accept("sentenced", sentence(town.kid, "jail", {{"minutes", 30}}));
  Json kid = town.view(town.kid);
  CHECK(kid["jailed"] == true);
  CHECK(kid["sentence"]["sentence"] == "jail");
  CHECK(kid["sentence"]["minutes"] == 30);
  CHECK(kid["sentence"]["charge"] == "horse theft");
  REQUIRE(kid["timers"].size() == 1);
  CHECK(kid["timers"][0]["kind"] == "jail");
  CHECK(kid["timers"][0]["remaining_ms"] == 30 * minute_ms);
  bool listed = false;
  const Json running = timers_view(t.db(), t.now_ms());
  INFO(running.dump());
  for (const auto& timer : running["timers"])
    listed = listed || (timer["character"] == "Kid Calloway" && timer["kind"] == "jail");
  CHECK(listed);
  const std::int64_t term_ends_ms = t.now_ms() + 30 * minute_ms;
  t.refuse("sentenced", sentence(town.kid, "fine", {{"fine", "1 S"}}), "illegal_move");  // serving already
  t.advance_ms(term_ends_ms - 2000 - t.now_ms());  // the next event comes one second before the end
  t.accept("vote_called", {{"character", town.mayor}, {"office", "Sheriff"}});
  CHECK(town.view(town.kid)["jailed"] == true);
  t.advance_ms(1000);  // read at its end, before any event: free
  CHECK(town.view(town.kid)["jailed"] == false);
  CHECK(t.character_text("Kid Calloway", "jailed") == "1");
  t.accept("arrested", {{"character", town.dutch}, {"lawman", town.sheriff}});  // the next event writes it
  CHECK(t.character_text("Kid Calloway", "jailed") == "0");
  CHECK(t.character_text("Kid Calloway", "arrested_by") == "NULL");

  // A fine: noted, the arrest over. Banishment: marked. Hanging: a lawful death by the Judge.
  t.accept("sentenced", sentence(town.dutch, "fine", {{"fine", std::string(marshal::core::max_fine_characters, 'M')}}));
  CHECK(town.view(town.dutch)["arrested"] == false);
  t.accept("arrested", {{"character", town.jubal}, {"lawman", town.sheriff}});
  t.accept("sentenced", sentence(town.jubal, "banishment"));
  CHECK(town.view(town.jubal)["banished"] == true);
  t.accept("arrested", {{"character", town.black_jack}, {"lawman", town.sheriff}});
  t.refuse("sentenced", {{"judge", town.black_jack}, {"character", town.black_jack}, {"sentence", "hanging"}, {"charge", "x"}},
           "not_allowed");
  t.accept("sentenced", sentence(town.black_jack, "hanging"));
  Json hanged = town.view(town.black_jack);
  CHECK(hanged["dead"] == true);
  CHECK(hanged["killing"] == "hanging");
  CHECK(hanged["killed_by"] == "Judge Cornelius Whitlock");
  t.refuse("sentenced", sentence(town.black_jack, "banishment"), "dead");
  town.replays();
}

TEST_CASE("a release before a jail term ends ends the term", "[db][offices]") {
  Town1875 town;
  TestLedger& t = town.t;
  t.accept("arrested", {{"character", town.kid}, {"lawman", town.sheriff}});
  t.accept("sentenced", {{"judge", town.pennington}, {"character", town.kid}, {"sentence", "jail"}, {"charge", "brawling"},
                         {"minutes", marshal::core::max_jail_minutes}});
  t.accept("released", {{"character", town.kid}});
  Json kid = town.view(town.kid);
  CHECK(kid["jailed"] == false);
  CHECK(kid["timers"].empty());
  town.replays();
}

TEST_CASE("a Judge overrides a decision by its number, two Judges disagreeing are settled by the Mayor",
          "[db][offices]") {
  Town1875 town;
  TestLedger& t = town.t;
  t.accept("arrested", {{"character", town.kid}, {"lawman", town.sheriff}});
  AppendResult jail = t.accept("sentenced", {{"judge", town.whitlock}, {"character", town.kid}, {"sentence", "jail"},
                                             {"charge", "shooting in the street"}, {"minutes", 60}});
  auto override_of = [&](const std::string& judge, std::int64_t decision, const std::string& ruling) {
    return Json{{"judge", judge}, {"decision", decision}, {"ruling", ruling}};
  };
  // Only a Judge; not his own; a decision the ledger knows; a ruling in words.
  t.refuse("decision_overridden", override_of(town.mayor, jail.seq, "free him"), "not_allowed");
  t.refuse("decision_overridden", override_of(town.whitlock, jail.seq, "free him"), "illegal_move");
  t.refuse("decision_overridden", override_of(town.pennington, jail.seq + 100, "free him"), "bad_input");
  t.refuse("decision_overridden", override_of(town.pennington, jail.seq - 1, "free him"), "illegal_move");  // an arrest
  t.refuse("decision_overridden", override_of(town.pennington, jail.seq, ""), "bad_input");
  t.refuse("decision_overridden",
           override_of(town.pennington, jail.seq, std::string(marshal::core::max_ruling_characters + 1, 'r')), "bad_input");

  // Pennington frees the Kid: the jail term ends.
  AppendResult freed = t.accept("decision_overridden", override_of(town.pennington, jail.seq, "self-defence: free him"));
  CHECK(freed.ledger["overrides"] == "sentenced");
  CHECK_FALSE(freed.ledger.contains("dispute"));
  Json kid = town.view(town.kid);
  CHECK(kid["jailed"] == false);
  CHECK(kid["sentence"]["overridden"] == true);
  t.refuse("decision_overridden", override_of(town.pennington, jail.seq, "again"), "illegal_move");  // once

  // Whitlock overrides Pennington's ruling: two Judges disagree; only the Mayor settles it.
  AppendResult dispute = t.accept("decision_overridden", override_of(town.whitlock, freed.seq, "the sentence stands"));
  CHECK(dispute.ledger["dispute"] == true);
  CHECK(town.view(town.kid)["jailed"] == false);  // the first ruling stands until the Mayor's
  t.refuse("decision_overridden", override_of(town.pennington, dispute.seq, "no"), "illegal_move");
  t.refuse("dispute_settled", {{"mayor", town.whitlock}, {"decision", dispute.seq}, {"ruling", "x"}}, "not_allowed");
  t.refuse("dispute_settled", {{"mayor", town.mayor}, {"decision", freed.seq}, {"ruling", "x"}}, "illegal_move");
  AppendResult settled =
      t.accept("dispute_settled", {{"mayor", town.mayor}, {"decision", dispute.seq}, {"ruling", "Pennington is right"}});
  t.refuse("dispute_settled", {{"mayor", town.mayor}, {"decision", dispute.seq}, {"ruling", "again"}}, "illegal_move");
  t.refuse("decision_overridden", override_of(town.whitlock, settled.seq, "no"), "illegal_move");  // it stands
  CHECK(t.count("SELECT COUNT(*) FROM decisions WHERE settled_seq = " + std::to_string(settled.seq)) == 1);

  // A vote's call overridden by its count's number, as vote_overridden does.
  t.accept("vote_called", {{"character", town.mayor}, {"office", "Sheriff"}});
  t.advance_ms(15 * minute_ms);
  AppendResult counted = t.accept("vote_counted", {{"character", town.mayor}, {"outcome", "Kid Calloway is Sheriff"}});
  t.accept("decision_overridden", override_of(town.whitlock, counted.seq, "the vote is void"));
  CHECK(vote_view(t.db(), t.now_ms(), std::nullopt)["result"]["outcome"] == "the vote is void");
  t.refuse("vote_overridden", {{"character", town.pennington}, {"outcome", "again"}}, "illegal_move");

  // A hanging carried out cannot be overridden.
  t.accept("arrested", {{"character", town.black_jack}, {"lawman", town.sheriff}});
  AppendResult hanged = t.accept("sentenced", {{"judge", town.whitlock}, {"character", town.black_jack},
                                               {"sentence", "hanging"}, {"charge", "murder"}});
  t.refuse("decision_overridden", override_of(town.pennington, hanged.seq, "spare him"), "illegal_move");
  town.replays();
}

TEST_CASE("overriding a deputizing ends the task, a banishment overridden is lifted", "[db][offices]") {
  Town1875 town;
  TestLedger& t = town.t;
  AppendResult task = t.accept("deputized", {{"judge", town.whitlock}, {"character", town.jubal}, {"task", "ride to the fort"}});
  t.accept("decision_overridden", {{"judge", town.pennington}, {"decision", task.seq}, {"ruling", "no posse tonight"}});
  CHECK_FALSE(town.view(town.jubal).contains("deputy"));
  CHECK(t.count("SELECT COUNT(*) FROM deputies WHERE ended_how = 'overridden'") == 1);

  t.accept("arrested", {{"character", town.dutch}, {"lawman", town.sheriff}});
  AppendResult banished = t.accept("sentenced", {{"judge", town.whitlock}, {"character", town.dutch},
                                                 {"sentence", "banishment"}, {"charge", "rustling"}});
  CHECK(town.view(town.dutch)["banished"] == true);
  t.accept("decision_overridden", {{"judge", town.pennington}, {"decision", banished.seq}, {"ruling", "he may stay"}});
  CHECK(town.view(town.dutch)["banished"] == false);
  town.replays();
}

TEST_CASE("the Mayor gives the Territory Fair's prizes", "[db][offices]") {
  Town1875 town;
  TestLedger& t = town.t;
  t.refuse("prize_given", {{"mayor", town.whitlock}, {"winner", town.kid}, {"prize", "best horse"}}, "not_allowed");
  t.refuse("prize_given", {{"mayor", town.mayor}, {"winner", town.kid}, {"prize", ""}}, "bad_input");
  t.refuse("prize_given",
           {{"mayor", town.mayor}, {"winner", town.kid}, {"prize", std::string(marshal::core::max_prize_characters + 1, 'p')}},
           "bad_input");
  t.accept("prize_given", {{"mayor", town.mayor}, {"winner", town.kid}, {"prize", "best horse: a silver buckle"}});
  t.accept("prize_given",
           {{"mayor", town.mayor}, {"winner", town.kid}, {"prize", std::string(marshal::core::max_prize_characters, 'p')}});
  Json prizes = town.view(town.kid)["prizes"];
  REQUIRE(prizes.size() == 2);
  CHECK(prizes[0]["prize"] == "best horse: a silver buckle");
  town.replays();
}
