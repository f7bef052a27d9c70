// Care after TWTW's action time in the ledger (issue 32 item 10; 003 L605-615; docs/twtw.md
// "Care"): concussion care restores all CT, first aid takes a wound off one location (once per
// healer for the same wounds), a week's natural healing a level; each TN as the seed's table
// gives it; care during a round, for the dead, on a location without wounds and malformed
// payloads refused; `marshal verify` replays the care and catches a forged outcome.
#include <fmt/format.h>

#include "db_test_helpers.h"
#include "ledger/verify.h"
#include "store/schema.h"

namespace marshal::db::testing {

namespace {

fs::path care_posse_dir() { return fs::path(MARSHAL_SOURCE_DIR) / "events" / "twtw-posse"; }

// One row of twtw_characters as "wounds ct bleeding state".
std::string cared_fighter(TestLedger& t, const std::string& name) {
  Statement s = t.db().prepare(
      "SELECT wounds, ct, bleeding, state FROM twtw_characters JOIN characters c ON c.id = character WHERE c.name = ?");
  s.bind(1, name);
  REQUIRE(s.step());
  return fmt::format("{} ct {} bleeding {} {}", s.text(0), s.int64(1), s.int64(2), s.text(3));
}

Json care(const std::string& who, const std::string& kind, Json extra = Json::object()) {
  Json c{{"character", who}, {"care", kind}, {"passed", true}};
  c.update(extra);
  return c;
}

// A round of one step: Miranda hits `target` with `hits` (objects without "by").
void care_round(TestLedger& t, const std::string& target, Json hit) {
  t.accept("twtw_round_started", {{"declarations", {{{"character", "Miranda"}, {"actions", {"normal"}}}}}});
  hit["by"] = "Miranda";
  hit["target"] = target;
  t.accept("twtw_step_resolved", {{"step", 1}, {"hits", {hit}}});
}

}  // namespace

TEST_CASE("TWTW care: first aid once per healer, concussion care, a week's healing, by the seed's TNs", "[db][twtw]") {
  TestLedger t(care_posse_dir());
  // Miranda's shot in Angus's vitals: DMG 19, Size 6: 3 wounds in the torso (Heavy: bleeds 1) and 1 CT.
  care_round(t, "Angus Laroq", {{"location", "vitals"}, {"dmg", 19}, {"stun_passed", true}});
  CHECK(cared_fighter(t, "Angus Laroq") == "[0,3,0,0,0,0] ct 11 bleeding 1 fighting");
  // Care waits for the round's end: it takes minutes, a round seconds (003 L607).
  t.refuse("twtw_cared", care("Angus Laroq", "first_aid", {{"location", "torso"}, {"healer", "Miranda"}}), "illegal_move");
  t.accept("twtw_round_ended", Json::object());

  // First aid on the torso with 3 wounds: TN 7 (003 L613, Serious... the table's third row).
  AppendResult failed = t.accept("twtw_cared", care("Angus Laroq", "first_aid",
                                                     {{"location", "torso"}, {"healer", "Miranda"}, {"passed", false}}));
  CHECK(failed.ledger["tn"] == 7);
  CHECK(failed.ledger["wounds"] == 3);
  // Miranda may not try again on the same wounds (once for each wounded area, L611); Jonah may.
  t.refuse("twtw_cared", care("Angus Laroq", "first_aid", {{"location", "torso"}, {"healer", "Miranda"}}), "illegal_move");
  AppendResult aided = t.accept("twtw_cared", care("Angus Laroq", "first_aid", {{"location", "torso"}, {"healer", "Jonah"}}));
  CHECK(aided.ledger["tn"] == 7);
  CHECK(aided.ledger["wounds"] == 2);
  CHECK(aided.ledger["bleeding"] == 0);  // 2 wounds bleed no more (L587)
  CHECK(cared_fighter(t, "Angus Laroq") == "[0,2,0,0,0,0] ct 10 bleeding 0 fighting");  // bled 1 at the End Step
  t.refuse("twtw_cared", care("Angus Laroq", "first_aid", {{"location", "torso"}, {"healer", "Jonah"}}), "illegal_move");
  // No wound in the head: nothing to treat.
  t.refuse("twtw_cared", care("Angus Laroq", "first_aid", {{"location", "head"}, {"healer", "Hank"}}), "illegal_move");

  // Concussion care: Simple (3) restores all CT (L607); with all CT back there is none to care for.
  AppendResult ct = t.accept("twtw_cared", care("Angus Laroq", "concussion"));
  CHECK(ct.ledger["tn"] == 3);
  CHECK(ct.ledger["ct"] == 12);
  t.refuse("twtw_cared", care("Angus Laroq", "concussion"), "illegal_move");

  // A week's natural healing: Fortitude against the same table, 2 wounds: TN 5; one level less.
  AppendResult week = t.accept("twtw_cared", care("Angus Laroq", "natural", {{"location", "torso"}}));
  CHECK(week.ledger["tn"] == 5);
  CHECK(week.ledger["wounds"] == 1);
  CHECK(cared_fighter(t, "Angus Laroq") == "[0,1,0,0,0,0] ct 12 bleeding 0 fighting");

  // A new wound in the torso lets Miranda try first aid there again: 2 wounds, TN 5.
  care_round(t, "Angus Laroq", {{"location", "chest"}, {"dmg", 6}, {"stun_passed", true}});
  t.accept("twtw_round_ended", Json::object());
  AppendResult again = t.accept("twtw_cared", care("Angus Laroq", "first_aid", {{"location", "torso"}, {"healer", "Miranda"}}));
  CHECK(again.ledger["tn"] == 5);
  CHECK(again.ledger["wounds"] == 1);

  t.close();
  VerifyReport report = verify_ledger(t.path());
  INFO(report.reason);
  CHECK(report.ok);
}

TEST_CASE("TWTW care: the concussed wake with their CT back, the dead and malformed care refused", "[db][twtw]") {
  TestLedger t(care_posse_dir());
  // The flunky (CT 8) takes a brawling blow of 18 to the chest: 3 multiples of Size, 9 CT, a wound: concussed.
  care_round(t, "Rifle Flunky", {{"location", "chest"}, {"dmg", 18}, {"kind", "brawling"}, {"stun_passed", true}});
  CHECK(cared_fighter(t, "Rifle Flunky") == "[0,1,0,0,0,0] ct -1 bleeding 0 concussed");
  t.accept("twtw_round_ended", Json::object());
  // A concussed healer gives no first aid.
  t.refuse("twtw_cared", care("Miranda", "first_aid", {{"location", "torso"}, {"healer", "Rifle Flunky"}}), "illegal_move");
  AppendResult woke = t.accept("twtw_cared", care("Rifle Flunky", "concussion"));
  CHECK(woke.ledger["state"] == "fighting");
  CHECK(cared_fighter(t, "Rifle Flunky") == "[0,1,0,0,0,0] ct 8 bleeding 0 fighting");

  // Malformed: an unknown care, a location for concussion, a healer for natural healing, first aid
  // without a healer, a location that is no location, passed not a yes or no, a stranger.
  t.refuse("twtw_cared", care("Rifle Flunky", "prayer"), "bad_input");
  t.refuse("twtw_cared", care("Rifle Flunky", "concussion", {{"location", "torso"}}), "bad_input");
  t.refuse("twtw_cared", care("Rifle Flunky", "natural", {{"location", "torso"}, {"healer", "Hank"}}), "bad_input");
  t.refuse("twtw_cared", care("Rifle Flunky", "first_aid", {{"location", "torso"}}), "bad_input");
  t.refuse("twtw_cared", care("Rifle Flunky", "natural", {{"location", "tail"}}), "bad_input");
  t.refuse("twtw_cared", care("Rifle Flunky", "natural", {{"location", "torso"}, {"passed", "yes"}}), "bad_input");
  t.refuse("twtw_cared", care("Kid Calloway", "concussion"), "bad_input");

  // The dead: Miranda's 30 to the Knife Tough's head, 5 wounds: no care helps.
  care_round(t, "Knife Tough", {{"location", "head"}, {"dmg", 30}, {"stun_passed", false}});
  t.accept("twtw_round_ended", Json::object());
  t.refuse("twtw_cared", care("Knife Tough", "natural", {{"location", "head"}}), "dead");

  // A failed week's healing is kept too, and the whole replays.
  t.accept("twtw_cared", care("Rifle Flunky", "natural", {{"location", "torso"}, {"passed", false}}));
  t.close();
  CHECK(verify_ledger(t.path()).ok);
}

TEST_CASE("migration 27 on a ledger of schema 26: each wound a TWTW step dealt, an undone step's not", "[db][twtw][migrations]") {
  TempDir dir;
  Database db(dir.file("old.db"), true);
  migrate_to_version(db, 26);
  db.exec("PRAGMA foreign_keys = OFF");
  db.exec("INSERT INTO characters(id, name, hth, speed, accuracy, gambling, riding) VALUES (1, 'Angus Laroq', 0, 0, 0, 0, 0), "
          "(2, 'Rifle Flunky', 0, 0, 0, 0, 0)");
  // Steps at 3 (Angus's torso wounded, the flunky's arm not: a deflected shot), 4 (undone at 5)
  // and 6 (the flunky's leg).
  db.exec("INSERT INTO twtw_steps(seq, round_seq, step, before, undone_seq) VALUES (3, 2, 1, '[]', NULL), "
          "(4, 2, 2, '[]', 5), (6, 2, 3, '[]', NULL)");
  auto step = [&](int seq, Json hits) {
    db.prepare("INSERT INTO events(seq, uuid, station, server_time_ms, type, payload, prev_hash, hash) "
               "VALUES (?, ?, 'gm', 1, 'twtw_step_resolved', ?, x'00', x'01')")
        .bind(1, seq)
        .bind(2, "u" + std::to_string(seq))
        .bind(3, Json{{"step", 1}, {"ledger", {{"hits", hits}}}}.dump())
        .run();
  };
  step(3, {{{"target", "Angus Laroq"}, {"location", "torso"}, {"wounds", 2}},
           {{"target", "Rifle Flunky"}, {"location", "right_arm"}, {"wounds", 0}}});
  step(4, {{{"target", "Angus Laroq"}, {"location", "head"}, {"wounds", 1}}});
  step(6, {{{"target", "Rifle Flunky"}, {"location", "left_leg"}, {"wounds", 1}}});
  migrate(db);
  CHECK(schema_version(db) == static_cast<int>(migrations().size()));
  CHECK(db.scalar_text("SELECT group_concat(seq || ':' || character || ':' || location, ' ') "
                       "FROM (SELECT * FROM twtw_wound_marks ORDER BY seq)") == "3:1:torso 6:2:left_leg");
  CHECK(db.scalar_int("SELECT COUNT(*) FROM twtw_care") == 0);
}

}  // namespace marshal::db::testing
