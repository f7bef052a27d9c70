// A tabletop trait roll recorded with its dice (issue 17): the ledger judges the dice by the
// event's ruleset and stores the judgement; impossible dice are refused; a chip spent names the
// roll; `marshal verify` judges every roll again, and a stored result forged with a fitting hash
// is caught.
#include <catch2/catch.hpp>

#include "db_test_helpers.h"
#include "ledger/verify.h"
#include "store/hash_chain.h"

using namespace marshal::db;
using namespace marshal::db::testing;

namespace {
Json roll(const std::string& by, const std::string& die, Json dice, int modifier = 0, int tn = 4) {
  return {{"by", by}, {"die", die}, {"modifier", modifier}, {"tn", tn}, {"dice", std::move(dice)}};
}
}  // namespace

TEST_CASE("a trait roll's dice judged by the ledger, stored with the event, and judged again by verify",
          "[db][rolls]") {
  TestLedger t;
  const std::string kid = t.badge("Kid Calloway");
  // A d8 Aces (8, then 3: 11) + 1 = 12 against TN 4: two raises; the Wild Die's 2 + 1 = 3 is lower.
  AppendResult r = t.accept("roll_recorded", roll(kid, "d8", {{"trait", {8, 3}}, {"wild", {2}}}, 1));
  CHECK(r.ledger["result"] == 12);
  CHECK(r.ledger["success"] == true);
  CHECK(r.ledger["raises"] == 2);
  CHECK(r.ledger["crit_fail"] == false);
  CHECK(r.ledger["ruleset"] == "savage");
  // Snake eyes: a Critical Failure (001 L20), whatever the modifier.
  AppendResult snake = t.accept("roll_recorded", roll("gm", "d6", {{"trait", {1}}, {"wild", {1}}}, 4));
  CHECK(snake.ledger["crit_fail"] == true);
  CHECK(snake.ledger["success"] == false);
  // The Wild Die wins when it is higher: d4 shows 2, the d6 Wild Die Aces 6 + 5 = 11.
  AppendResult wild = t.accept("roll_recorded", roll(kid, "d4", {{"trait", {2}}, {"wild", {6, 5}}}, 0, 8));
  CHECK(wild.ledger["result"] == 11);
  CHECK(wild.ledger["raises"] == 0);
  CHECK(t.count("SELECT COUNT(*) FROM rolls") == 3);

  // Impossible dice are refused, naming the die: a 5 cannot Ace on a d8; a d8 has no 9; a Wild
  // Card rolls a Wild Die; a d7 is no die.
  t.refuse("roll_recorded", roll(kid, "d8", {{"trait", {5, 3}}, {"wild", {2}}}), "bad_input");
  t.refuse("roll_recorded", roll(kid, "d8", {{"trait", {9}}, {"wild", {2}}}), "bad_input");
  t.refuse("roll_recorded", roll(kid, "d8", {{"trait", {4}}}), "bad_input");
  t.refuse("roll_recorded", roll(kid, "d7", {{"trait", {4}}, {"wild", {2}}}), "bad_input");
  t.refuse("roll_recorded", roll(kid, "d1", {{"trait", {1}}, {"wild", {2}}}), "bad_input");
  t.refuse("roll_recorded", roll(kid, "d2", {{"trait", {2, 1}}, {"wild", {2}}}), "bad_input");  // the coin is 1876's
  t.refuse("roll_recorded", roll(kid, "d8", {{"trait", {4}}, {"wild", {2}}}, 21), "bad_input");
  t.refuse("roll_recorded", roll(kid, "d8", {{"trait", "four"}, {"wild", {2}}}), "bad_input");
  AppendResult refused = t.append("roll_recorded", roll(kid, "d8", {{"trait", {5, 3}}, {"wild", {2}}}));
  CHECK(refused.field.rfind("dice.", 0) == 0);
  // An Extra (no Wild Die) rolls its one die; its 1 asks the crit-check d6 (001 L23).
  Json extra = roll("gm", "d6", {{"trait", {1}}, {"crit_check", {1}}});
  extra["wild"] = "none";
  CHECK(t.accept("roll_recorded", extra).ledger["crit_fail"] == true);

  // A Benny spent on the first roll names it by its seq; a seq that is no roll is refused.
  t.accept("night_started", Json::object());
  t.accept("chip_spent", {{"by", kid}, {"colour", "benny"}, {"use", "reroll"}, {"roll", r.seq}});
  t.refuse("chip_spent", {{"by", kid}, {"colour", "benny"}, {"use", "reroll"}, {"roll", 1}}, "bad_input");

  t.close();
  VerifyReport report = verify_ledger(t.path());
  INFO(report.reason);
  CHECK(report.ok);
}

namespace {

// What a forger with the file does: `from` made `to` in event `seq`'s stored text (the last
// event), the hash made to fit; then what verify says.
VerifyReport forged_verify(TestLedger& t, std::int64_t seq, const std::string& from, const std::string& to) {
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
  {
    Database db(t.path(), false);
    db.exec("DROP TRIGGER IF EXISTS events_no_update;");
    Statement s = db.prepare("UPDATE events SET payload = ?, hash = X'" + hex + "' WHERE seq = ?");
    s.bind(1, row.payload).bind(2, seq).run();
  }
  return verify_ledger(t.path());
}

}  // namespace

TEST_CASE("a roll's stored result forged with a hash that fits: verify judges the dice again and says so",
          "[db][rolls]") {
  TestLedger t;
  AppendResult r = t.accept("roll_recorded", roll(t.badge("Kid Calloway"), "d8", {{"trait", {4}}, {"wild", {2}}}));
  CHECK(r.ledger["success"] == true);
  // The forger makes the 4 a 6 in what the ledger judged.
  VerifyReport report = forged_verify(t, r.seq, "\"result\":4", "\"result\":6");
  CHECK_FALSE(report.ok);
  CHECK(report.failed_seq == r.seq);
  CHECK(report.reason.find("another outcome than the one stored") != std::string::npos);
}

TEST_CASE("a key the ledger never wrote, added to an event's ledger part with a hash that fits: verify fails",
          "[db][rolls]") {
  // The replay works the ledger part out afresh and compares the whole: an extra key (a forged
  // note, a chip count) is no part of what the rules gave.
  TestLedger t;
  AppendResult r = t.accept("roll_recorded", roll(t.badge("Kid Calloway"), "d8", {{"trait", {4}}, {"wild", {2}}}));
  VerifyReport report = forged_verify(t, r.seq, "\"ledger\":{", "\"ledger\":{\"gm_pool_gains\":1,");
  CHECK_FALSE(report.ok);
  CHECK(report.failed_seq == r.seq);
  CHECK(report.reason.find("another outcome than the one stored") != std::string::npos);
}
