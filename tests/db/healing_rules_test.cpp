// Healing's rules beyond the roll (issue 32; docs/ledger.md healed, natural_healing_rolled):
// 000 L200's attempts (one a patient a round, a failed healer's retry only a chip's reroll, no
// improving a healing, a fresh wound permitting new ones) with migration 25 for older files; and
// a day's natural healing (000 L204): a wounded fighter's Vigor roll against 4 between fights, a
// success heals a wound and each raise another, with the wound penalty where the ruleset has one;
// refused during a fight, for the unhurt and for the dying; 000 L188's golden hour (hour_passed)
// with migration 26. verify replays each.
#include <catch2/catch.hpp>

#include "db_test_helpers.h"
#include "ledger/verify.h"
#include "store/schema.h"

using namespace marshal::db;
using namespace marshal::db::testing;

namespace {

// Vigor d6 showing `trait` (its Ace chain) and a Wild Die of 1.
Json day_roll(const std::string& by, const std::vector<int>& trait) {
  return {{"by", by}, {"die", "d6"}, {"dice", {{"trait", trait}, {"wild", {1}}}}};
}

}  // namespace

TEST_CASE("deadlands-1876: a day's Vigor roll heals a wound a success and a raise (000 L204)", "[db][fight][healing]") {
  TestLedger t(sample_posse_dir());
  const std::string jack = t.badge("Lucky Jack Dawson"), doc = t.badge("Doc Ezekiel Hale");
  t.accept("fight_started", Json::object());
  // 15 against Toughness 5: two wounds.
  REQUIRE(t.accept("damage_rolled", {{"by", "gm"}, {"target", jack}, {"dice", damage_d6s({5, 5, 5})}}).ledger["wounds"] == 2);
  CHECK(t.refuse("natural_healing_rolled", day_roll(jack, {5}), "illegal_move").field == "type");  // not during a fight
  t.accept("fight_ended", Json::object());
  // 5 against 4: one wound healed.
  AppendResult first = t.accept("natural_healing_rolled", day_roll(jack, {5}));
  CHECK(first.ledger["healed"] == 1);
  CHECK(first.ledger["wound_modifier"] == 0);  // deadlands-1876: no wound penalties (000 L163)
  CHECK(first.ledger["state"] == fighter_state(1, false));
  // 6 + 2 = 8: a raise, but only the one wound left to heal.
  AppendResult second = t.accept("natural_healing_rolled", day_roll(jack, {6, 2}));
  CHECK(second.ledger["healed"] == 1);
  CHECK(second.ledger["state"] == fighter_state(0, false));
  CHECK(t.refuse("natural_healing_rolled", day_roll(jack, {5}), "illegal_move").field == "by");  // nothing left
  CHECK(t.refuse("natural_healing_rolled", day_roll(doc, {5}), "illegal_move").field == "by");   // never hurt
  // The dying heal by a Healing roll first (000 L174): Jack, knocked past his last level.
  t.accept("fight_started", Json::object());
  t.accept("damage_rolled", {{"by", "gm"}, {"target", jack}, {"dice", damage_d6s({5, 5, 5, 5, 1})}});
  t.accept("incapacitation_rolled", {{"by", jack}, {"die", "d6"}, {"dice", {{"trait", {4}}, {"wild", {2}}}}});  // unconscious
  t.accept("fight_ended", Json::object());
  CHECK(t.refuse("natural_healing_rolled", day_roll(jack, {5}), "knocked_out").field == "by");
  check_verifies(t);
}

TEST_CASE("savage: the day's roll bears the wound penalty, a failure heals nothing and is recorded", "[db][fight][healing]") {
  TempDir dir;
  fs::path folder = copy_sample(dir, "posse", sample_posse_dir());
  replace_in_file(folder / "options.csv", "ruleset,deadlands-1876", "ruleset,savage");
  TestLedger t(folder);
  const std::string jack = t.badge("Lucky Jack Dawson");
  t.accept("fight_started", Json::object());
  t.accept("damage_rolled", {{"by", "gm"}, {"target", jack}, {"dice", damage_d6s({5, 5, 5})}});
  t.accept("fight_ended", Json::object());
  // 5 - 2 for two wounds = 3 against 4: nothing healed.
  AppendResult failed = t.accept("natural_healing_rolled", day_roll(jack, {5}));
  CHECK(failed.ledger["wound_modifier"] == -2);
  CHECK(failed.ledger["healed"] == 0);
  CHECK(failed.ledger["state"] == fighter_state(2, false));
  // A Medicine assist of +1 (000 L204) is the roll's modifier: 5 - 2 + 1 = 4, one healed.
  Json assisted = day_roll(jack, {5});
  assisted["modifier"] = 1;
  CHECK(t.accept("natural_healing_rolled", assisted).ledger["healed"] == 1);
  CHECK(t.refuse("natural_healing_rolled", {{"by", jack}, {"die", "d7"}, {"dice", {{"trait", {5}}, {"wild", {1}}}}}, "bad_input").field ==
        "die");
  check_verifies(t);
}

TEST_CASE("000 L200: one Healing attempt a round, a failed healer's retry only for a chip, no improving a healing", "[db][fight][healing]") {
  TestLedger t(sample_posse_dir());
  const std::string jack = t.badge("Lucky Jack Dawson"), doc = t.badge("Doc Ezekiel Hale"), hannah = t.badge("Hannah Two Rivers"),
                    father = t.badge("Father Tomas Ruiz");
  auto healing = [](const std::string& healer, const std::string& patient, int trait) {
    return Json{{"healer", healer}, {"patient", patient}, {"die", "d8"}, {"dice", {{"trait", {trait}}, {"wild", {1}}}}};
  };
  t.accept("fight_started", Json::object());
  t.accept("chip_awarded", {{"to", doc}, {"colour", "white"}, {"count", 1}, {"why", "a test"}});
  t.accept("cards_dealt", {{"cards", {{{"to", jack}, {"card", "AS"}}, {{"to", doc}, {"card", "KS"}}, {{"to", hannah}, {"card", "QS"}},
                                      {{"to", father}, {"card", "JS"}}}}});
  t.accept("damage_rolled", {{"by", "gm"}, {"target", jack}, {"dice", damage_d6s({5, 5, 5})}});  // two wounds
  // A chip rerolls a failed roll only.
  Json early = healing(doc, jack, 5);
  early["chip"] = {{"by", doc}, {"colour", "white"}};
  CHECK(t.refuse("healed", early, "bad_input").field == "chip");
  // Doc fails (2 and 1 against 4): recorded, nothing healed.
  CHECK(t.accept("healed", healing(doc, jack, 2)).ledger["healed"] == 0);
  CHECK(t.refuse("healed", healing(doc, jack, 5), "illegal_move").field == "healer");     // Doc again: a chip's reroll only
  CHECK(t.refuse("healed", healing(hannah, jack, 5), "illegal_move").field == "patient");  // one attempt a round
  // Doc's chip rerolls his failed roll, in the same round: 5, a wound healed.
  Json reroll = healing(doc, jack, 5);
  reroll["chip"] = {{"by", doc}, {"colour", "white"}};
  CHECK(t.accept("healed", reroll).ledger["healed"] == 1);
  CHECK(t.count("SELECT COUNT(*) FROM chips c JOIN cards b ON b.holder = c.holder WHERE b.code = '" + doc + "' AND c.count > 0") == 0);
  // Next round: healed, his wounds are not improved by Father Tomas.
  t.accept("cards_dealt", {{"cards", {{{"to", jack}, {"card", "2S"}}, {{"to", doc}, {"card", "3S"}}, {{"to", hannah}, {"card", "4S"}},
                                      {{"to", father}, {"card", "5S"}}}}});
  CHECK(t.refuse("healed", healing(father, jack, 6), "illegal_move").field == "patient");
  // A fresh wound permits a new Healing roll, by anyone, Doc included.
  t.accept("damage_rolled", {{"by", "gm"}, {"target", jack}, {"dice", damage_d6s({5, 4})}});  // 9: one wound more
  CHECK(t.accept("healed", healing(doc, jack, 5)).ledger["healed"] == 1);
  CHECK(t.count("SELECT COUNT(*) FROM heal_attempts") == 3);
  CHECK(t.count("SELECT COUNT(*) FROM heal_attempts WHERE round IS NULL") == 0);
  // Outside a fight there are no rounds: a new healer may try after a failure of another.
  t.accept("fight_ended", Json::object());
  t.accept("fight_started", Json::object());
  t.accept("damage_rolled", {{"by", "gm"}, {"target", hannah}, {"dice", damage_d6s({5, 5})}});  // 10 vs 6: a wound
  t.accept("fight_ended", Json::object());
  CHECK(t.accept("healed", healing(doc, hannah, 2)).ledger["healed"] == 0);
  CHECK(t.accept("healed", healing(father, hannah, 5)).ledger["healed"] == 1);
  CHECK(t.count("SELECT COUNT(*) FROM heal_attempts WHERE round IS NULL") == 2);
  check_verifies(t);
}

TEST_CASE("000 L188: the Healing skill within the golden hour, the arcane power until natural healing", "[db][fight][healing]") {
  TestLedger t(sample_posse_dir());
  const std::string jack = t.badge("Lucky Jack Dawson"), doc = t.badge("Doc Ezekiel Hale"), hannah = t.badge("Hannah Two Rivers"),
                    father = t.badge("Father Tomas Ruiz");
  auto healing = [](const std::string& healer, const std::string& patient, bool power) {
    Json payload{{"healer", healer}, {"patient", patient}, {"die", "d8"}, {"dice", {{"trait", {5}}, {"wild", {1}}}}};
    if (power) payload["power"] = true;
    return payload;
  };
  t.accept("fight_started", Json::object());
  t.accept("damage_rolled", {{"by", "gm"}, {"target", jack}, {"dice", damage_d6s({5, 5, 5})}});  // two wounds
  CHECK(t.refuse("hour_passed", Json::object(), "illegal_move").field == "type");  // a round is seconds
  t.accept("fight_ended", Json::object());
  CHECK(t.refuse("hour_passed", {{"hours", 2}}, "bad_input").field == "hours");  // it takes nothing
  t.accept("hour_passed", Json::object());
  // Past the golden hour the skill is refused; the arcane power still heals (5 against 4: one).
  AppendResult late = t.refuse("healed", healing(doc, jack, false), "illegal_move");
  CHECK(late.field == "patient");
  CHECK(late.reason.find("golden hour") != std::string::npos);
  CHECK(t.accept("healed", healing(doc, jack, true)).ledger["healed"] == 1);
  // A fresh wound opens a golden hour of its own: the skill treats it again.
  t.accept("fight_started", Json::object());
  t.accept("damage_rolled", {{"by", "gm"}, {"target", jack}, {"dice", damage_d6s({5, 4})}});  // 9 vs 5: a wound
  t.accept("fight_ended", Json::object());
  CHECK(t.accept("healed", healing(hannah, jack, false)).ledger["healed"] == 1);
  // Another wound, then a day's natural healing (failed: 2 against 4): neither skill nor power now.
  t.accept("fight_started", Json::object());
  t.accept("damage_rolled", {{"by", "gm"}, {"target", jack}, {"dice", damage_d6s({5, 4})}});
  t.accept("fight_ended", Json::object());
  CHECK(t.accept("natural_healing_rolled", day_roll(jack, {2})).ledger["healed"] == 0);
  CHECK(t.refuse("healed", healing(father, jack, true), "illegal_move").reason.find("natural healing") != std::string::npos);
  CHECK(t.refuse("healed", healing(father, jack, false), "illegal_move").field == "patient");
  CHECK(t.count("SELECT COUNT(*) FROM time_marks WHERE kind = 'hour' AND character IS NULL") == 1);
  CHECK(t.count("SELECT COUNT(*) FROM time_marks WHERE kind = 'day'") == 1);
  check_verifies(t);
  // Not in a game without fights at the table.
  TestLedger town;
  CHECK(town.refuse("hour_passed", Json::object(), "illegal_move").field == "type");
}

TEST_CASE("migration 26 on a ledger of schema 25: each day of natural healing from its event", "[db][healing][migrations]") {
  TempDir dir;
  Database db(dir.file("old.db"), true);
  migrate_to_version(db, 25);
  db.exec("PRAGMA foreign_keys = OFF");
  db.exec("INSERT INTO cards(code, kind, holder, title, since_seq) VALUES ('B1', 'badge', 1, 'one', 1), ('B2', 'badge', 2, 'two', 1)");
  db.exec("INSERT INTO events(seq, uuid, station, server_time_ms, type, payload, prev_hash, hash) VALUES "
          "(3, 'u3', 'gm', 1, 'natural_healing_rolled', '{\"by\": \"b-2\"}', x'00', x'01'), "
          "(4, 'u4', 'gm', 1, 'healed', '{\"healer\": \"B1\", \"patient\": \"B2\"}', x'00', x'01')");
  migrate(db);
  CHECK(schema_version(db) == static_cast<int>(migrations().size()));
  // The badge read as the ledger reads it: "b-2" is B2's.
  CHECK(db.scalar_text("SELECT group_concat(seq || ':' || kind || ':' || character, ' ') FROM time_marks") == "3:day:2");
}

TEST_CASE("migration 25 on a ledger of schema 24: each Healing attempt from its event, in the round it came in", "[db][healing][migrations]") {
  TempDir dir;
  Database db(dir.file("old.db"), true);
  migrate_to_version(db, 24);
  db.exec("PRAGMA foreign_keys = OFF");
  db.exec("INSERT INTO cards(code, kind, holder, title, since_seq) VALUES ('B1', 'badge', 1, 'one', 1), ('B2', 'badge', 2, 'two', 1)");
  // A fight at 1 (ended at 6) with rounds at 2 and 4; healings at 3 (failed), 5, and 7 (after the fight).
  db.exec("INSERT INTO fights(seq, ended_seq) VALUES (1, 6)");
  db.exec("INSERT INTO fight_rounds(seq, fight, number, cards, shuffled, joker) VALUES (2, 1, 1, '[]', 0, 0), (4, 1, 2, '[]', 0, 0)");
  auto healed = [&](int seq, int count) {
    db.prepare("INSERT INTO events(seq, uuid, station, server_time_ms, type, payload, prev_hash, hash) "
               "VALUES (?, ?, 'gm', 1, 'healed', ?, x'00', x'01')")
        .bind(1, seq)
        .bind(2, "u" + std::to_string(seq))
        .bind(3, Json{{"healer", "B1"}, {"patient", "B2"}, {"ledger", {{"healed", count}}}}.dump())
        .run();
  };
  healed(3, 0);
  healed(5, 2);
  healed(7, 1);
  migrate(db);
  CHECK(schema_version(db) == static_cast<int>(migrations().size()));
  CHECK(db.scalar_text("SELECT group_concat(seq || ':' || patient || healer || ':' || COALESCE(round, '-') || ':' || success, ' ') "
                       "FROM (SELECT * FROM heal_attempts ORDER BY seq)") == "3:21:2:0 5:21:4:1 7:21:-:1");
}
