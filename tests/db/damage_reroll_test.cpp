// A chip rerolls damage (001 L46; docs/ledger.md damage_rolled): who rolled the fight's last hit
// spends a chip, rolls the same dice again, and the better total stands (as a trait's reroll keeps
// the best, 001 L42), judged from the target's state before the hit; refused once anything else
// happened to the target, for someone else's hit or other dice. verify replays each.
#include <catch2/catch.hpp>

#include "db_test_helpers.h"
#include "ledger/verify.h"
#include "store/schema.h"

using namespace marshal::db;
using namespace marshal::db::testing;

TEST_CASE("a chip rerolls the fight's last hit: the better total stands, from the state before it (001 L46)", "[db][fight][chips]") {
  TestLedger t(sample_posse_dir());
  const std::string hannah = t.badge("Hannah Two Rivers"), smith = t.badge("Smith the Gunhand"), doc = t.badge("Doc Ezekiel Hale");
  t.accept("fight_started", Json::object());
  t.accept("chip_awarded", {{"to", "gm"}, {"colour", "white"}, {"count", 3}, {"why", "a test"}});
  t.accept("chip_awarded", {{"to", doc}, {"colour", "white"}, {"count", 1}, {"why", "a test"}});
  const Json pool_chip{{"by", "gm"}, {"colour", "white"}};
  // 2d6 showing 3 and 2 against Hannah's Toughness 6: nothing.
  AppendResult first = t.accept("damage_rolled", {{"by", smith}, {"target", hannah}, {"dice", damage_d6s({3, 2})}});
  REQUIRE(first.ledger["shaken"] == false);
  const std::int64_t hit = first.seq;
  // A reroll needs its chip, and the chip its hit.
  CHECK(t.refuse("damage_rolled", {{"by", smith}, {"target", hannah}, {"dice", damage_d6s({5, 5})}, {"reroll_of", hit}}, "bad_input").field ==
        "chip");
  CHECK(t.refuse("damage_rolled", {{"by", smith}, {"target", hannah}, {"dice", damage_d6s({5, 5})}, {"chip", pool_chip}}, "bad_input")
            .field == "reroll_of");
  // Someone else rerolling it, other dice, another target: refused.
  CHECK(t.refuse("damage_rolled",
                 {{"by", doc}, {"target", hannah}, {"dice", damage_d6s({5, 5})}, {"reroll_of", hit}, {"chip", {{"by", doc}, {"colour", "white"}}}},
                 "not_allowed")
            .field == "by");
  CHECK(t.refuse("damage_rolled", {{"by", smith}, {"target", hannah}, {"dice", damage_d6s({5})}, {"reroll_of", hit}, {"chip", pool_chip}},
                 "bad_input")
            .field == "dice");
  CHECK(t.refuse("damage_rolled", {{"by", smith}, {"target", doc}, {"dice", damage_d6s({5, 5})}, {"reroll_of", hit}, {"chip", pool_chip}},
                 "bad_input")
            .field == "reroll_of");
  // Smith's chip (the GM's pool pays for the GM's characters): 10, a raise: one wound, in the hit's place.
  AppendResult better = t.accept("damage_rolled", {{"by", smith}, {"target", hannah}, {"dice", damage_d6s({5, 5})}, {"reroll_of", hit}, {"chip", pool_chip}});
  CHECK(better.ledger["kept"] == "new");
  CHECK(better.ledger["wounds"] == 1);
  CHECK(better.ledger["state"] == fighter_state(1, true));
  CHECK(t.count("SELECT total FROM hits WHERE seq = " + std::to_string(hit)) == 10);
  CHECK(t.count("SELECT COUNT(*) FROM hits") == 1);
  CHECK(t.count("SELECT count FROM chips WHERE holder = 0") == 2);
  // Another chip, a lower roll: the 10 stands, nothing changes but the chip.
  AppendResult worse = t.accept("damage_rolled", {{"by", smith}, {"target", hannah}, {"dice", damage_d6s({1, 1})}, {"reroll_of", hit}, {"chip", pool_chip}});
  CHECK(worse.ledger["kept"] == "old");
  CHECK(worse.ledger["total"] == 2);
  CHECK(worse.ledger["wounds"] == 1);
  CHECK(worse.ledger["state"] == fighter_state(1, true));
  CHECK(t.count("SELECT count FROM chips WHERE holder = 0") == 1);
  // Once she is healed (or soaks, or is hit again), the hit's damage stands.
  t.accept("healed", {{"healer", doc}, {"patient", hannah}, {"die", "d10"}, {"dice", {{"trait", {6}}, {"wild", {1}}}}});
  CHECK(t.refuse("damage_rolled", {{"by", smith}, {"target", hannah}, {"dice", damage_d6s({5, 5})}, {"reroll_of", hit}, {"chip", pool_chip}},
                 "illegal_move")
            .field == "reroll_of");
  // A later hit: the first may not be rerolled any more.
  AppendResult later = t.accept("damage_rolled", {{"by", smith}, {"target", doc}, {"dice", damage_d6s({1})}});
  CHECK(t.refuse("damage_rolled", {{"by", smith}, {"target", hannah}, {"dice", damage_d6s({5, 5})}, {"reroll_of", hit}, {"chip", pool_chip}},
                 "illegal_move")
            .field == "reroll_of");
  CHECK(later.ledger["shaken"] == false);
  check_verifies(t);
}

TEST_CASE("migration 23 on a ledger of schema 22: each hit learns who rolled it and its dice from its event", "[db][fight][migrations]") {
  TempDir dir;
  Database db(dir.file("old.db"), true);
  migrate_to_version(db, 22);
  // Two hits of schema 22 (no rows they refer to: the check is on the columns alone).
  db.exec("PRAGMA foreign_keys = OFF");
  db.exec("INSERT INTO events(seq, uuid, station, server_time_ms, type, payload, prev_hash, hash) VALUES "
          "(5, 'u5', 'gm', 1, 'damage_rolled', "
          "'{\"by\": \"B6\", \"target\": \"B2\", \"dice\": [{\"die\": \"d6\", \"faces\": [6, 4]}, {\"die\": \"d8\", \"faces\": [3]}], "
          "\"raise\": [2], \"ledger\": {\"total\": 15}}', x'00', x'01'), "
          "(6, 'u6', 'gm', 2, 'damage_rolled', '{\"by\": \"gm\", \"target\": \"B1\", \"dice\": [{\"die\": \"d4\", \"faces\": [1]}]}', x'01', x'02')");
  db.exec("INSERT INTO hits(seq, fight, target, total, toughness, shaken, wounds, state_before) VALUES "
          "(5, 1, 2, 15, 6, 1, 2, '{}'), (6, 1, 1, 1, 5, 0, 0, '{}')");
  migrate(db);
  CHECK(schema_version(db) == static_cast<int>(migrations().size()));
  CHECK(db.scalar_text("SELECT group_concat(seq || ': ' || rolled_by || ', ' || dice, '; ') FROM (SELECT * FROM hits ORDER BY seq)") ==
        "5: B6, d6 d8 +raise; 6: gm, d4");
}
