// The West That Wasn't's action time in the ledger (issue 18; docs/twtw.md "A round in the
// ledger"): the sample posse imports with its twtw.csv, bad rows are named by file and line, two
// rounds are played with a surprise, a dodge, a hit and a stun, a recovery, an Undo and a death,
// every impossible input is refused without a trace in the projections, and `marshal verify`
// replays the rounds, judging every hit again (a forged judgement is caught).
#include <fmt/format.h>

#include "db_test_helpers.h"
#include "ledger/verify.h"
#include "store/hash_chain.h"

namespace marshal::db::testing {

namespace {

fs::path posse_dir() { return fs::path(MARSHAL_SOURCE_DIR) / "events" / "twtw-posse"; }

Json declare(const std::string& who, std::vector<std::string> actions, Json extra = Json::object()) {
  Json d{{"character", who}, {"actions", actions}};
  d.update(extra);
  return d;
}

// One row of twtw_characters as "wounds ct stunned bleeding state".
std::string fighter(TestLedger& t, const std::string& name) {
  Statement s = t.db().prepare(
      "SELECT wounds, ct, stunned, bleeding, state FROM twtw_characters JOIN characters c ON c.id = character "
      "WHERE c.name = ?");
  s.bind(1, name);
  REQUIRE(s.step());
  return fmt::format("{} ct {} stunned {} bleeding {} {}", s.text(0), s.int64(1), s.int64(2), s.int64(3), s.text(4));
}

std::vector<std::string> import_errors(const fs::path& folder) {
  ImportResult r = import_event(folder.string(), seeded_code_maker(3));
  std::vector<std::string> out;
  for (const auto& e : r.errors) out.push_back(e.to_string());
  return out;
}

bool has_error(const std::vector<std::string>& errors, const std::string& part) {
  for (const auto& e : errors)
    if (e.find(part) != std::string::npos) return true;
  UNSCOPED_INFO("no error contains '" << part << "'");
  for (const auto& e : errors) UNSCOPED_INFO("  " << e);
  return false;
}

// Replaces `from` in the payload of event `seq` and fits its hash (it must be the last event).
void forge_last_event(TestLedger& t, std::int64_t seq, const std::string& from, const std::string& to) {
  EventRow row;
  {
    Statement s = t.db().prepare(
        "SELECT uuid, station, client_time_ms, server_time_ms, type, payload, prev_hash FROM events WHERE seq = ?");
    s.bind(1, seq);
    REQUIRE(s.step());
    row.seq = seq;
    row.uuid = s.text(0);
    row.station = s.text(1);
    row.client_time_ms = s.int64(2);
    row.server_time_ms = s.int64(3);
    row.type = s.text(4);
    row.payload = s.text(5);
    row.prev_hash = s.blob(6);
  }
  REQUIRE(row.payload.find(from) != std::string::npos);
  row.payload.replace(row.payload.find(from), from.size(), to);
  const std::string hex = to_hex(event_hash(row));
  t.close();
  Database db(t.path(), false);
  db.exec("DROP TRIGGER IF EXISTS events_no_update;");
  db.prepare("UPDATE events SET payload = ?, hash = X'" + hex + "' WHERE seq = ?").bind(1, row.payload).bind(2, seq).run();
}

}  // namespace

TEST_CASE("the sample TWTW posse imports: characters without Lincoln's attributes, twtw.csv in the definition",
          "[db][twtw]") {
  ImportResult r = import_event(posse_dir().string(), seeded_code_maker(7));
  for (const auto& e : r.errors) UNSCOPED_INFO(e.to_string());
  REQUIRE(r.ok());
  const EventDefinition& def = r.definition;
  CHECK(def.characters.size() == 7);
  CHECK(def.characters[0].attributes.hth == 0);  // game twtw: the Lincoln columns are absent
  REQUIRE(def.twtw.characters.size() == 7);
  CHECK(def.twtw.characters[0].name == "Miranda");
  CHECK(def.twtw.characters[0].reflex == 12);
  CHECK(def.twtw.characters[2].ct == 14);
  CHECK(def.twtw.characters[4].side == "judge");
  // The definition reads back as it was written.
  Json json = definition_to_json(def);
  REQUIRE(json.contains("twtw"));
  CHECK(definition_to_json(definition_from_json(json)) == json);
  // A definition without TWTW characters has no "twtw" key: an old ledger's reads back the same.
  ImportResult lincoln = import_event(sample_event_dir().string(), seeded_code_maker(7));
  REQUIRE(lincoln.ok());
  CHECK_FALSE(definition_to_json(lincoln.definition).contains("twtw"));

  TestLedger t(posse_dir());
  CHECK(t.count("SELECT COUNT(*) FROM twtw_characters") == 7);
  CHECK(fighter(t, "Hank") == "[0,0,0,0,0,0] ct 14 stunned 0 bleeding 0 fighting");
  CHECK(t.count("SELECT COUNT(*) FROM twtw_characters WHERE side = 'judge'") == 3);
}

TEST_CASE("bad twtw.csv rows and options are named by file, line and column", "[db][twtw]") {
  TempDir dir;
  fs::path folder = dir.path() / "posse";
  fs::copy(posse_dir(), folder, fs::copy_options::recursive);
  write_text(folder / "twtw.csv",
             "character,side,reflex,ct,size\n"
             "Mirand,posse,d12,12,6\n"
             "Jonah,gm,d7,0,200\n"
             "Hank,posse,d6,14,\n"
             "Hank,judge,d6,14,\n");
  auto errors = import_errors(folder);
  CHECK(has_error(errors, "twtw.csv line 2, column 1 (character): unknown character 'Mirand' (did you mean 'Miranda'?)"));
  CHECK(has_error(errors, "twtw.csv line 3, column 2 (side)"));
  CHECK(has_error(errors, "twtw.csv line 3, column 3 (reflex): 'd7' is not a Reflex die"));
  CHECK(has_error(errors, "twtw.csv line 3, column 4 (ct)"));
  CHECK(has_error(errors, "twtw.csv line 3, column 5 (size)"));
  CHECK(has_error(errors, "twtw.csv line 5, column 1 (character): 'Hank' has a row already"));
  CHECK(errors.size() == 6);

  write_text(folder / "twtw.csv", "character,side,ct\nMiranda,posse,12\n");
  CHECK(has_error(import_errors(folder), "twtw.csv"));  // the reflex column is required

  fs::remove(folder / "twtw.csv");
  CHECK(import_errors(folder).empty());  // the sample's options are the defaults
  replace_in_file(folder / "options.csv", "twtw_wound_table,five_level", "twtw_wound_table,four_level");
  CHECK(has_error(import_errors(folder), "sets twtw_ options but the folder has no twtw.csv"));
  replace_in_file(folder / "options.csv", "twtw_wound_table,four_level", "twtw_wound_table,six_level");
  CHECK(has_error(import_errors(folder), "'six_level' is not one of five_level, four_level"));

  // twtw.csv belongs to a twtw game only.
  fs::path tabletop = dir.path() / "tabletop";
  fs::copy(posse_dir(), tabletop, fs::copy_options::recursive);
  replace_in_file(tabletop / "options.csv", "game,twtw", "game,tabletop");
  CHECK(has_error(import_errors(tabletop), "twtw.csv: action time is The West That Wasn't's: set game to twtw"));

  // A Lincoln game still requires Lincoln's attributes.
  replace_in_file(folder / "options.csv", "game,twtw", "game,lincoln");
  CHECK(has_error(import_errors(folder), "characters.csv"));
}

TEST_CASE("two rounds of action time: surprise, dodge, a stun, an Undo, a recovery, a death, verify replays them",
          "[db][twtw]") {
  TestLedger t(posse_dir());

  // Round 1: Jonah is surprised, Hank dodges, Miranda fires twice, Angus and the flunky once.
  t.refuse("twtw_step_resolved", {{"step", 1}}, "illegal_move");  // no round yet
  t.refuse("twtw_round_started", {{"declarations", {declare("Nobody", {"fast"})}}}, "bad_input");
  t.refuse("twtw_round_started", {{"declarations", {declare("Miranda", {"slow", "slow"})}}}, "bad_input");
  AppendResult r1 = t.accept(
      "twtw_round_started",
      {{"declarations",
        {declare("Miranda", {"fast", "fast"}), declare("Jonah", {"normal"}, {{"surprised", true}}),
         declare("Hank", {}, {{"dodge", true}}), declare("Angus Laroq", {"normal"}), declare("Rifle Flunky", {"normal"})}}});
  CHECK(r1.ledger["round"] == 1);
  const Json& steps = r1.ledger["steps"];
  REQUIRE(steps.size() == 5);
  CHECK(steps[0] == Json{{"phase", 0}, {"step", "declaration"}, {"actors", {"Hank"}}});
  CHECK(steps[1] == Json{{"phase", 1}, {"step", "d12"}, {"actors", {"Miranda"}}});
  CHECK(steps[2] == Json{{"phase", 2}, {"step", "d12"}, {"actors", {"Miranda"}}});
  CHECK(steps[3] == Json{{"phase", 2}, {"step", "d10"}, {"actors", {"Angus Laroq"}}});
  CHECK(steps[4] == Json{{"phase", 2}, {"step", "d8"}, {"actors", {"Rifle Flunky"}}});
  CHECK(r1.ledger["idle"].dump().find("Jonah") != std::string::npos);
  t.refuse("twtw_round_started", {{"declarations", {declare("Hank", {"fast"})}}}, "illegal_move");  // one at a time

  // The Declaration step: Hank dodges, so he makes no attack.
  Json hank_hits{{"by", "Hank"}, {"target", "Angus Laroq"}, {"location", "chest"}, {"dmg", 6}, {"stun_passed", true}};
  t.refuse("twtw_step_resolved", {{"step", 1}, {"hits", {hank_hits}}}, "illegal_move");
  t.accept("twtw_step_resolved", {{"step", 1}});
  t.refuse("twtw_round_ended", Json::object(), "illegal_move");  // steps are left

  // Miranda's first shot: DMG 13 into Angus's right arm, Size 6: 2 wounds and 1 CT; he fails
  // the Stun check (TN 5, Light, five-level table).
  Json arm{{"by", "Miranda"}, {"target", "Angus Laroq"}, {"location", "right arm"}, {"dmg", 13}};
  t.refuse("twtw_step_resolved", {{"step", 3}, {"hits", {arm}}}, "illegal_move");  // out of order
  t.refuse("twtw_step_resolved", {{"step", 2}, {"hits", {arm}}}, "bad_input");     // the Stun check's outcome is missing
  Json tail = arm;
  tail["location"] = "tail";
  tail["stun_passed"] = true;
  t.refuse("twtw_step_resolved", {{"step", 2}, {"hits", {tail}}}, "bad_input");  // no such location
  Json by_angus = arm;
  by_angus["by"] = "Angus Laroq";
  by_angus["stun_passed"] = true;
  t.refuse("twtw_step_resolved", {{"step", 2}, {"hits", {by_angus}}}, "illegal_move");  // not his count
  arm["stun_passed"] = false;
  AppendResult hit = t.accept("twtw_step_resolved", {{"step", 2}, {"hits", {arm}}});
  CHECK(hit.ledger["hits"][0]["wounds"] == 2);
  CHECK(hit.ledger["hits"][0]["ct"] == 1);
  CHECK(hit.ledger["hits"][0]["location"] == "right_arm");
  CHECK(hit.ledger["hits"][0]["stun_tn"] == 5);
  CHECK(hit.ledger["hits"][0]["stunned"] == true);
  CHECK(fighter(t, "Angus Laroq") == "[0,0,2,0,0,0] ct 11 stunned 1 bleeding 0 fighting");

  // The second shot through hardwood (PV 5 against AV 3 penetrates): DMG 20 into the flunky's
  // chest, 3 wounds and 2 CT: a heavy torso wound that bleeds 1 CT a round.
  AppendResult chest = t.accept(
      "twtw_step_resolved",
      {{"step", 3},
       {"hits",
        {{{"by", "Miranda"}, {"target", "Rifle Flunky"}, {"location", "chest"}, {"dmg", 20}, {"rd", 4}, {"pv", 5}, {"av", 3}, {"stun_passed", true}}}}});
  CHECK(chest.ledger["hits"][0]["cover"] == "P");
  CHECK(fighter(t, "Rifle Flunky") == "[0,3,0,0,0,0] ct 6 stunned 0 bleeding 1 fighting");

  // Angus is stunned: his action is a recovery check. He makes it; the GM undoes the step (a
  // new event) and records it failed.
  by_angus["target"] = "Miranda";
  t.refuse("twtw_step_resolved", {{"step", 4}, {"hits", {by_angus}}}, "illegal_move");  // stunned
  t.refuse("twtw_step_resolved", {{"step", 4}, {"recoveries", {{{"character", "Miranda"}, {"passed", true}}}}},
           "illegal_move");  // not stunned
  AppendResult recovered =
      t.accept("twtw_step_resolved", {{"step", 4}, {"recoveries", {{{"character", "Angus Laroq"}, {"passed", true}}}}});
  CHECK(recovered.ledger["recoveries"][0]["tn"] == 5);
  CHECK(fighter(t, "Angus Laroq") == "[0,0,2,0,0,0] ct 11 stunned 0 bleeding 0 fighting");
  t.refuse("twtw_step_undone", {{"step", 3}}, "illegal_move");  // only the last step
  AppendResult undo = t.accept("twtw_step_undone", {{"step", 4}});
  CHECK(undo.ledger["undid_seq"] == recovered.seq);
  CHECK(fighter(t, "Angus Laroq") == "[0,0,2,0,0,0] ct 11 stunned 1 bleeding 0 fighting");
  CHECK(t.count("SELECT done FROM twtw_rounds WHERE number = 1") == 3);
  t.accept("twtw_step_resolved", {{"step", 4}, {"recoveries", {{{"character", "Angus Laroq"}, {"passed", false}}}}});

  // The flunky's shot: DMG 5 into Miranda's leg is CT only (first row: Stun TN 3).
  AppendResult leg = t.accept(
      "twtw_step_resolved",
      {{"step", 5},
       {"hits", {{{"by", "Rifle Flunky"}, {"target", "Miranda"}, {"location", "left leg"}, {"dmg", 5}, {"stun_passed", true}}}}});
  CHECK(leg.ledger["hits"][0]["stun_tn"] == 3);
  t.refuse("twtw_step_resolved", {{"step", 6}}, "illegal_move");  // the round is played out
  AppendResult end1 = t.accept("twtw_round_ended", Json::object());
  CHECK(end1.ledger["bleeding"] == Json::array({{{"character", "Rifle Flunky"}, {"ct_lost", 1}, {"ct", 5}, {"state", "fighting"}}}));
  CHECK(fighter(t, "Rifle Flunky") == "[0,3,0,0,0,0] ct 5 stunned 0 bleeding 1 fighting");

  // Round 2: Jonah was surprised and must make his Bravery check; Angus shakes off the stun;
  // Jonah's shot kills the knife tough before he acts.
  Json round2{{"declarations",
               {declare("Jonah", {"fast"}), declare("Angus Laroq", {"normal"}), declare("Knife Tough", {"slow"})}}};
  t.refuse("twtw_round_started", round2, "bad_input");  // no bravery_passed
  round2["declarations"][0]["bravery_passed"] = true;
  AppendResult r2 = t.accept("twtw_round_started", round2);
  CHECK(r2.ledger["round"] == 2);
  REQUIRE(r2.ledger["steps"].size() == 3);  // d10 Jonah (I), d10 Angus (II), d6 the tough (IV)
  CHECK(r2.ledger["steps"][0]["actors"] == Json{"Jonah"});
  t.accept("twtw_step_resolved",
           {{"step", 1},
            {"hits", {{{"by", "Jonah"}, {"target", "Knife Tough"}, {"location", "head"}, {"dmg", 30}, {"stun_passed", false}}}}});
  CHECK(fighter(t, "Knife Tough") == "[5,0,0,0,0,0] ct 10 stunned 1 bleeding 0 dead");
  t.accept("twtw_step_resolved", {{"step", 2}, {"recoveries", {{{"character", "Angus Laroq"}, {"passed", true}}}}});
  CHECK(fighter(t, "Angus Laroq") == "[0,0,2,0,0,0] ct 11 stunned 0 bleeding 0 fighting");
  t.refuse("twtw_step_resolved",
           {{"step", 3},
            {"hits", {{{"by", "Knife Tough"}, {"target", "Jonah"}, {"location", "belly"}, {"dmg", 6}, {"stun_passed", true}}}}},
           "dead");
  t.accept("twtw_step_resolved", {{"step", 3}});
  t.accept("twtw_round_ended", Json::object());
  CHECK(fighter(t, "Rifle Flunky") == "[0,3,0,0,0,0] ct 4 stunned 0 bleeding 1 fighting");
  t.refuse("twtw_round_started", {{"declarations", {declare("Knife Tough", {"fast"})}}}, "dead");

  // The whole evening replays: every judgement again, every projection rebuilt and equal.
  const std::string live = projection_dump(t.db());
  t.close();
  VerifyReport report = verify_ledger(t.path());
  INFO(report.reason);
  CHECK(report.ok);
  Ledger reopened(t.path(), seeded_randomness(5));  // a station's restart reads the same state
  CHECK(projection_dump(reopened.database()) == live);
}

TEST_CASE("a TWTW hit's stored judgement forged with a fitting hash is caught by verify", "[db][twtw]") {
  TestLedger t(posse_dir());
  t.accept("twtw_round_started", {{"declarations", {declare("Miranda", {"normal"})}}});
  AppendResult hit = t.accept(
      "twtw_step_resolved",
      {{"step", 1},
       {"hits", {{{"by", "Miranda"}, {"target", "Angus Laroq"}, {"location", "vitals"}, {"dmg", 13}, {"stun_passed", true}}}}});
  CHECK(hit.ledger["hits"][0]["wounds"] == 2);
  forge_last_event(t, hit.seq, "\"wounds\":2", "\"wounds\":1");
  VerifyReport report = verify_ledger(t.path());
  CHECK_FALSE(report.ok);
  CHECK(report.failed_seq == hit.seq);
  CHECK(report.reason.find("another outcome than the one stored") != std::string::npos);
}

TEST_CASE("a declared target is kept with the round, itself or a stranger is refused", "[db][twtw]") {
  TestLedger t(posse_dir());
  t.refuse("twtw_round_started", {{"declarations", {declare("Miranda", {"fast"}, {{"target", "Miranda"}})}}}, "bad_input");
  t.refuse("twtw_round_started", {{"declarations", {declare("Miranda", {"fast"}, {{"target", "Kid Calloway"}})}}},
           "bad_input");
  t.accept("twtw_round_started", {{"declarations", {declare("Miranda", {"fast"}, {{"target", "Angus Laroq"}}),
                                                    declare("Angus Laroq", {"normal"})}}});
  const Json declarations = Json::parse(t.db().scalar_text("SELECT declarations FROM twtw_rounds"));
  CHECK(declarations[0]["target"] == "Angus Laroq");
  CHECK_FALSE(declarations[1].contains("target"));
  t.close();
  VerifyReport report = verify_ledger(t.path());
  INFO(report.reason);
  CHECK(report.ok);
}

TEST_CASE("an event without TWTW characters refuses action time", "[db][twtw]") {
  TestLedger t;
  t.refuse("twtw_round_started", {{"declarations", {declare("Kid Calloway", {"fast"})}}}, "not_allowed");
  CHECK(t.count("SELECT COUNT(*) FROM event_info WHERE key = 'twtw_options'") == 0);
}

}  // namespace marshal::db::testing
