// Tokens of fortune as cards (issue 17; 000 L64-92): issued by a GM with a fresh code, played
// once (a second play refused, naming when and at which station), re-issued like any card, a
// Connection Marker stepping d8 > d6 > d4 > spent; verify after all of them. And migration 13,
// which rebuilds the cards table to admit them, keeps every card and reference.
#include <catch2/catch.hpp>

#include "db_test_helpers.h"
#include "i18n/venue_time.h"
#include "ledger/verify.h"

using namespace marshal::db;
using namespace marshal::db::testing;

namespace {
struct TokenCard {
  std::string title, detail;
  bool spent = false, revoked = false;
};
TokenCard token(TestLedger& t, const std::string& code) {
  Statement s = t.db().prepare("SELECT title, detail, spent, revoked FROM cards WHERE code = ?");
  s.bind(1, code);
  REQUIRE(s.step());
  return {s.text(0), s.text(1), s.int64(2) != 0, s.int64(3) != 0};
}
}  // namespace

TEST_CASE("tokens of fortune: issued, played once, the second play refused with when and where", "[db][tokens]") {
  TestLedger t;
  const std::string kid = t.badge("Kid Calloway"), sheriff = t.badge("Sheriff Amos Brady");
  AppendResult charm = t.accept("token_issued", {{"to", kid}, {"token", "luck_charm"}, {"text", "Shooting only"}});
  const std::string code = charm.ledger["code"];
  CHECK(token(t, code).title == "Luck Charm: Shooting only");
  CHECK(t.held("Kid Calloway", "token") == std::vector<std::string>{code});
  AppendResult hole = t.accept("token_issued", {{"to", kid}, {"token", "hole_card"}, {"text", "Survival"}, {"die", "d6"}});
  CHECK(token(t, hole.ledger["code"]).title == "Hole Card: d6 Survival");  // 000 L80
  t.accept("token_issued", {{"to", sheriff}, {"token", "burn_card"}, {"text", "Queen of spades"}});
  t.accept("token_issued", {{"to", sheriff}, {"token", "kicker"}, {"text", "+1 Repair"}});

  // Not the holder's to play; then played by its holder; then refused, saying when and where.
  t.refuse("token_played", {{"token", code}, {"by", sheriff}}, "not_holder");
  t.refuse("token_played", {{"token", code}, {"by", kid}, {"roll", 999}}, "bad_input");  // no such roll
  AppendResult played = t.accept("token_played", {{"token", code}, {"by", kid}});
  const std::int64_t played_ms = t.now_ms();  // the ledger's time of that event
  CHECK(token(t, code).spent);
  AppendResult again = t.refuse("token_played", {{"token", code}, {"by", kid}}, "already_spent");
  CHECK(again.reason.find("event #" + std::to_string(played.seq)) != std::string::npos);
  CHECK(again.reason.find("station gm-1") != std::string::npos);
  // When, in the venue's zone (here the machine's: the event names none), never in bare UTC.
  CHECK(again.reason.find(" at " + marshal::i18n::clock_text(played_ms) + " ") != std::string::npos);
  CHECK(again.reason.find("UTC") == std::string::npos);

  // What a token must say, and what is no token.
  t.refuse("token_issued", {{"to", kid}, {"token", "lucky_horseshoe"}}, "bad_input");
  t.refuse("token_issued", {{"to", kid}, {"token", "connection_marker"}, {"die", "d8"}}, "bad_input");  // whose?
  t.refuse("token_issued", {{"to", kid}, {"token", "connection_marker"}, {"text", "Cullen Bohannon"}}, "bad_input");
  t.refuse("token_issued", {{"to", kid}, {"token", "connection_marker"}, {"text", "Cullen"}, {"die", "d7"}},
           "bad_input");
  t.refuse("token_issued", {{"to", kid}, {"token", "kicker"}, {"text", std::string(81, 'x')}}, "bad_input");
  t.refuse("token_played", {{"token", t.badge("Gray Eagle")}, {"by", kid}}, "wrong_kind");

  t.close();
  VerifyReport report = verify_ledger(t.path());
  INFO(report.reason);
  CHECK(report.ok);
}

TEST_CASE("a Connection Marker steps down after each use, won or lost, until spent, a re-issue revokes the old code",
          "[db][tokens]") {
  TestLedger t;
  const std::string kid = t.badge("Kid Calloway");
  AppendResult marker =
      t.accept("token_issued", {{"to", kid}, {"token", "connection_marker"}, {"text", "Cullen Bohannon"}, {"die", "d8"}});
  std::string code = marker.ledger["code"];
  CHECK(token(t, code).title == "Connection Marker: Cullen Bohannon d8");
  // 000 L90: d8, then d6, then d4, then spent.
  CHECK(t.accept("token_played", {{"token", code}, {"by", kid}}).ledger["die_after"] == "d6");
  CHECK(token(t, code).title == "Connection Marker: Cullen Bohannon d6");
  CHECK_FALSE(token(t, code).spent);
  // Lost or damaged: re-issued, the old code revoked, the die kept.
  AppendResult reissued = t.accept("card_reissued", {{"card", code}});
  const std::string fresh = reissued.ledger["code"];
  CHECK(token(t, code).revoked);
  CHECK(token(t, fresh).title == "Connection Marker: Cullen Bohannon d6");
  t.refuse("token_played", {{"token", code}, {"by", kid}}, "revoked");
  CHECK(t.accept("token_played", {{"token", fresh}, {"by", kid}}).ledger["die_after"] == "d4");
  CHECK(t.accept("token_played", {{"token", fresh}, {"by", kid}}).ledger["die_after"] == "spent");
  CHECK(token(t, fresh).spent);
  t.refuse("token_played", {{"token", fresh}, {"by", kid}}, "already_spent");

  t.close();
  VerifyReport report = verify_ledger(t.path());
  INFO(report.reason);
  CHECK(report.ok);
}

TEST_CASE("migration 13 rebuilds the cards table: every card and reference kept, foreign keys on again",
          "[db][tokens][migrations]") {
  TempDir dir;
  const std::string path = dir.file("old.db");
  {
    Database db(path, true);
    const auto& all = migrations();
    db.exec("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY)");
    for (int v = 0; v < 12; ++v) {  // a ledger of schema 12, with a character, a card and its history
      db.exec(all[static_cast<std::size_t>(v)]);
      db.prepare("INSERT INTO schema_migrations(version) VALUES (?)").bind(1, v + 1).run();
    }
    REQUIRE(schema_version(db) == 12);
    db.exec("INSERT INTO characters(id, name, hth, speed, accuracy, gambling, riding, powers, notes) "
            "VALUES (1, 'Kid', 1, 1, 1, 1, 1, '[]', '')");
    db.exec("INSERT INTO cards(code, kind, holder, title, since_seq) VALUES ('C1', 'badge', 1, 'Kid', 1)");
    db.exec("INSERT INTO card_holders(code, seq, holder, how) VALUES ('C1', 1, 1, 'dealt')");
    CHECK_THROWS(db.exec("INSERT INTO cards(code, kind, title, since_seq) VALUES ('T1', 'token', 't', 2)"));
    migrate(db);
    CHECK(schema_version(db) == static_cast<int>(all.size()));
    CHECK(db.scalar_text("SELECT holder || ' ' || kind || ' ' || title FROM cards WHERE code = 'C1'") == "1 badge Kid");
    CHECK(db.scalar_int("SELECT COUNT(*) FROM card_holders WHERE code = 'C1'") == 1);
    db.exec("INSERT INTO cards(code, kind, title, since_seq) VALUES ('T1', 'token', 't', 2)");
    CHECK(db.scalar_int("PRAGMA foreign_keys") == 1);
    // The references still hold: a history row for a card that does not exist is refused.
    CHECK_THROWS(db.exec("INSERT INTO card_holders(code, seq, holder, how) VALUES ('NOPE', 3, 1, 'x')"));
    CHECK(db.scalar_int("SELECT COUNT(*) FROM sqlite_master WHERE name = 'cards_in_hand'") == 1);
  }
}
