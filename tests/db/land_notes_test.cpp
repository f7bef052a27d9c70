// Land and promissory notes (004 L193-195, L258, L262, L272; issue 27): deeds.csv imported as
// deed cards; a sale, a mortgage and its redemption notarized by a Mayor or Judge; a banker's
// note issued before a notary, passed on and paid once; the register, the views and the audit
// from a real ledger file, replayed by verify.
#include <catch2/catch.hpp>

#include "audit/audit.h"
#include "core/offices.h"
#include "db_test_helpers.h"
#include "ledger/verify.h"
#include "server/land_view.h"
#include "server/views.h"

using namespace marshal::db;
using namespace marshal::db::testing;

namespace {

// The register's entry for `parcel` (null when the register has none).
Json deed_named(const Json& land, const std::string& parcel) {
  for (const auto& d : land["deeds"])
    if (d["parcel"] == parcel) return d;
  return nullptr;
}

}  // namespace

TEST_CASE("deeds.csv: one deed card per parcel in its owner's hand, bad rows named by file, line and column",
          "[db][land]") {
  TestLedger t;
  CHECK(t.count("SELECT COUNT(*) FROM cards WHERE kind = 'deed'") == 7);
  const std::string rocking_r = t.card_titled("deed", "Rocking R", "Nathaniel Rourke");
  CHECK(t.card_text(rocking_r, "json_extract(detail, '$.acres')") == "4000");
  CHECK(t.card_text(rocking_r, "owner") == t.card_text(rocking_r, "holder"));

  TempDir dir;
  const auto event = copy_sample(dir);
  write_text(event / "deeds.csv",
             "parcel,acres,description,owner\n"
             "Rocking R,4000,ranch,Nathaniel Rourke\n"
             "Rocking R,10,again,Kid Calloway\n"
             "Dry Gulch,0,nothing,Kid Calloway\n"
             "Big Sky," + std::to_string(marshal::core::max_acres + 1) + ",too big,Kid Calloway\n"
             "Lazy Q,5,a ranch,Kid Callowey\n"
             + std::string(marshal::core::max_parcel_characters + 1, 'P') + ",5,long,Kid Calloway\n");
  ImportResult r = import_event(event.string(), seeded_code_maker(7));
  const std::string errors = all_errors(r);
  INFO(errors);
  CHECK(errors.find("deeds.csv line 3,") != std::string::npos);  // listed twice
  CHECK(errors.find("listed twice") != std::string::npos);
  CHECK(errors.find("deeds.csv line 4,") != std::string::npos);  // 0 acres
  CHECK(errors.find("deeds.csv line 5,") != std::string::npos);  // too many acres
  CHECK(errors.find("did you mean 'Kid Calloway'") != std::string::npos);
  CHECK(errors.find("deeds.csv line 7,") != std::string::npos);  // the parcel's name too long
}

TEST_CASE("land changes hands only before a notary: a sale, a mortgage and its redemption, an override undoes the last deal",
          "[db][land]") {
  TestLedger t;
  const std::string rourke = t.badge("Nathaniel Rourke"), hattie = t.badge("Hattie Bell Crawford"),
                    ashby = t.badge("Reginald Ashby"), mayor = t.badge("Zechariah Chamberlain"),
                    judge = t.badge("Judge Cornelius Whitlock"), pennington = t.badge("Judge Horace Pennington"),
                    kid = t.badge("Kid Calloway");
  const std::string lazy_c = t.card_titled("deed", "Lazy C");
  auto deal = [&](const std::string& how, const std::string& from, const std::string& to, const std::string& notary) {
    return Json{{"deed", lazy_c}, {"from", from}, {"to", to}, {"notary", notary}, {"how", how}, {"price", "3 M"}};
  };
  // A notary holds the mayor or judge power and is no party; only the owner sells; a price in words.
  t.refuse("land_transferred", deal("sale", hattie, rourke, kid), "not_allowed");
  t.refuse("land_transferred", deal("sale", hattie, mayor, mayor), "illegal_move");
  t.refuse("land_transferred", deal("sale", rourke, hattie, mayor), "not_holder");
  t.refuse("land_transferred", deal("gift", hattie, rourke, mayor), "bad_input");
  t.refuse("land_transferred", deal("redemption", hattie, rourke, mayor), "illegal_move");  // not mortgaged
  Json no_price = deal("sale", hattie, rourke, mayor);
  no_price["price"] = std::string(marshal::core::max_price_characters + 1, 'M');
  t.refuse("land_transferred", no_price, "bad_input");
  no_price["price"] = "";
  t.refuse("land_transferred", no_price, "bad_input");
  t.refuse("land_transferred", {{"deed", t.badge("Kid Calloway")}, {"from", hattie}, {"to", rourke}, {"notary", mayor},
                                {"how", "sale"}, {"price", "1 S"}},
           "wrong_kind");

  // Hattie mortgages the Lazy C to the bank: the banker holds the deed, she still owns it.
  t.accept("land_transferred", deal("mortgage", hattie, ashby, judge));
  Json lazy = deed_named(land_view(t.db()), "Lazy C");
  REQUIRE(lazy.is_object());
  CHECK(lazy["owner"] == "Hattie Bell Crawford");
  CHECK(lazy["holder"] == "Reginald Ashby");
  CHECK(lazy["mortgaged"] == true);
  t.refuse("land_transferred", deal("sale", hattie, rourke, mayor), "illegal_move");  // redeem it first
  t.refuse("land_transferred", deal("redemption", ashby, kid, mayor), "illegal_move");  // back to its owner only
  t.accept("land_transferred", deal("redemption", ashby, hattie, mayor));
  // Then she sells it to Rourke before the Mayor.
  AppendResult sale = t.accept("land_transferred", deal("sale", hattie, rourke, mayor));
  lazy = deed_named(land_view(t.db()), "Lazy C");
  CHECK(lazy["owner"] == "Nathaniel Rourke");
  CHECK(lazy["holder"] == "Nathaniel Rourke");
  REQUIRE(lazy["transfers"].size() == 3);
  CHECK(lazy["transfers"][2]["notary"] == "Zechariah Chamberlain");
  CHECK(lazy["transfers"][2]["price"] == "3 M");
  // The deed in its holder's view at the kiosk.
  const std::int64_t rourke_id = t.character_id("Nathaniel Rourke");
  Json view = *character_view(t.db(), rourke, Role::kiosk, t.now_ms(), rourke_id);
  int deeds = 0;
  for (const auto& c : view["cards"]) deeds += c["kind"] == "deed";
  CHECK(deeds == 2);  // the Rocking R and the Lazy C

  // A Judge overrides the sale: the deed goes back to Hattie.
  t.accept("decision_overridden", {{"judge", pennington}, {"decision", sale.seq}, {"ruling", "sold under duress"}});
  lazy = deed_named(land_view(t.db()), "Lazy C");
  CHECK(lazy["owner"] == "Hattie Bell Crawford");
  CHECK(lazy["holder"] == "Hattie Bell Crawford");

  AuditReport report = audit_ledger(t.path(), {});
  const AuditCheck* land = report.find("land");
  REQUIRE(land);
  INFO(land->evidence);
  CHECK(land->evidence.find("Lazy C: Hattie Bell Crawford") != std::string::npos);
  CHECK(land->evidence.find("sale from Hattie Bell Crawford to Nathaniel Rourke for 3 M before Zechariah Chamberlain") !=
        std::string::npos);
  VerifyReport verified = verify_ledger(t.path());
  INFO(verified.reason);
  CHECK(verified.ok);
}

TEST_CASE("a banker's promissory note: issued before a notary, passed on, paid once, the unpaid in the audit",
          "[db][notes]") {
  TestLedger t;
  const std::string ashby = t.badge("Reginald Ashby"), hattie = t.badge("Hattie Bell Crawford"),
                    rourke = t.badge("Nathaniel Rourke"), mayor = t.badge("Zechariah Chamberlain"),
                    judge = t.badge("Judge Cornelius Whitlock"), kid = t.badge("Kid Calloway");
  auto note = [&](const std::string& banker, const std::string& payer, const std::string& payee, int minutes) {
    return Json{{"banker", banker}, {"payer", payer}, {"payee", payee}, {"notary", judge}, {"amount", "2 M"},
                {"due_minutes", minutes}};
  };
  t.refuse("note_issued", note(kid, hattie, rourke, 60), "not_allowed");     // no banker
  t.refuse("note_issued", note(ashby, hattie, hattie, 60), "illegal_move");  // to oneself
  t.refuse("note_issued", note(ashby, hattie, rourke, 0), "bad_input");
  t.refuse("note_issued", note(ashby, hattie, rourke, marshal::core::max_note_due_minutes + 1), "bad_input");
  Json by_notary_party = note(ashby, judge, rourke, 60);
  t.refuse("note_issued", by_notary_party, "illegal_move");
  AppendResult issued = t.accept("note_issued", note(ashby, hattie, rourke, marshal::core::max_note_due_minutes));
  REQUIRE(issued.ledger["code"].is_string());
  const std::string code = issued.ledger["code"];
  CHECK(t.card_text(code, "kind") == "note");
  CHECK(t.card_text(code, "title") == "Hattie Bell Crawford \u2192 Nathaniel Rourke: 2 M");
  // Owed by Hattie (her view), held by Rourke.
  Json hattie_view = *character_view(t.db(), hattie, Role::gm, t.now_ms());
  REQUIRE(hattie_view["notes_owed"].size() == 1);
  CHECK(hattie_view["notes_owed"][0]["holder"] == "Nathaniel Rourke");

  // Passed on to the Kid; only its holder passes it.
  t.refuse("note_passed", {{"note", code}, {"from", hattie}, {"to", kid}}, "not_holder");
  t.accept("note_passed", {{"note", code}, {"from", rourke}, {"to", kid}});
  // Paid by its payer, once.
  t.refuse("note_paid", {{"note", code}, {"payer", rourke}}, "not_holder");
  t.accept("note_paid", {{"note", code}, {"payer", hattie}});
  AppendResult again = t.append("note_paid", {{"note", code}, {"payer", hattie}});
  CHECK_FALSE(again.accepted);
  CHECK(again.code == "already_spent");
  CHECK(again.reason.find("was paid already, at") != std::string::npos);
  t.refuse("note_passed", {{"note", code}, {"from", kid}, {"to", rourke}}, "already_spent");

  // A blank pre-printed note's code is bound at issue, once; an unpaid note overridden is void.
  const std::string blank = unissued_code();
  Json with_blank = note(ashby, rourke, hattie, 30);
  with_blank["blank"] = blank;
  AppendResult bound = t.accept("note_issued", with_blank);
  CHECK(bound.ledger["code"] == blank);
  t.refuse("note_issued", with_blank, "illegal_move");
  AppendResult third = t.accept("note_issued", note(ashby, kid, hattie, 10));
  t.accept("decision_overridden", {{"judge", t.badge("Judge Horace Pennington")}, {"decision", third.seq}, {"ruling", "usury"}});
  CHECK(t.card_text(third.ledger["code"].get<std::string>(), "revoked") == "1");

  t.advance_ms(31 * 60'000);
  t.accept("vote_called", {{"character", mayor}, {"office", "Sheriff"}});  // the evening goes on past the due time
  AuditReport report = audit_ledger(t.path(), {});
  const AuditCheck* notes = report.find("notes");
  REQUIRE(notes);
  INFO(notes->evidence);
  CHECK(notes->evidence.find("Nathaniel Rourke owes 2 M to Hattie Bell Crawford, overdue since") != std::string::npos);
  CHECK(notes->evidence.find("1 paid, 1 voided") != std::string::npos);
  VerifyReport verified = verify_ledger(t.path());
  INFO(verified.reason);
  CHECK(verified.ok);
}

TEST_CASE("migrations 17 and 18 on a ledger of schema 16: its votes become decisions, its cards are kept with when "
          "they were spent, deeds and notes may be stored",
          "[db][land][migrations]") {
  TempDir dir;
  const std::string path = dir.file("old.db");
  Database db(path, true);
  const auto& all = migrations();
  db.exec("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY)");
  for (int v = 0; v < 16; ++v) {
    db.exec(all[static_cast<std::size_t>(v)]);
    db.prepare("INSERT INTO schema_migrations(version) VALUES (?)").bind(1, v + 1).run();
  }
  REQUIRE(schema_version(db) == 16);
  db.exec("INSERT INTO characters(id, name, hth, speed, accuracy, gambling, riding, powers, notes) VALUES "
          "(1, 'Mayor', 1, 1, 1, 1, 1, 'mayor', ''), (2, 'Judge', 1, 1, 1, 1, 1, 'judge', '')");
  db.exec("INSERT INTO cards(code, kind, holder, title, since_seq) VALUES ('B1', 'badge', 1, 'Mayor', 1), "
          "('B2', 'badge', 2, 'Judge', 1)");
  db.exec("INSERT INTO cards(code, kind, holder, title, since_seq, spent, fate, spent_seq) VALUES "
          "('T1', 'trick', 1, 'a flush', 1, 1, 'flipped', 4)");
  db.exec("INSERT INTO card_holders(code, seq, holder, how) VALUES ('T1', 1, 1, 'dealt')");
  db.exec("INSERT INTO events(seq, uuid, station, server_time_ms, type, payload, prev_hash, hash) VALUES "
          "(2, 'u2', 'gm', 1, 'vote_counted', '{\"character\": \"B1\"}', x'00', x'01'), "
          "(3, 'u3', 'gm', 2, 'vote_overridden', '{\"character\": \"B2\", \"outcome\": \"void\"}', x'01', x'02')");
  db.exec("INSERT INTO votes(seq, office, called_by, start_ms, duration_ms, counted_seq, overridden_seq, outcome) "
          "VALUES (1, 'Sheriff', 1, 0, 900000, 2, 3, 'void')");
  CHECK_THROWS(db.exec("INSERT INTO cards(code, kind, title, since_seq) VALUES ('D1', 'deed', 'Lot', 5)"));
  migrate(db);
  CHECK(schema_version(db) == static_cast<int>(all.size()));
  CHECK(db.scalar_text("SELECT type || ' ' || made_by || ' ' || overridden_seq FROM decisions WHERE seq = 2") ==
        "vote_counted 1 3");
  CHECK(db.scalar_text("SELECT type || ' ' || made_by || ' ' || of_seq || ' ' || ruling FROM decisions WHERE seq = 3") ==
        "vote_overridden 2 2 void");
  CHECK(db.scalar_text("SELECT fate || ' ' || spent_seq FROM cards WHERE code = 'T1'") == "flipped 4");
  db.exec("INSERT INTO cards(code, kind, title, since_seq) VALUES ('D1', 'deed', 'Lot', 5), ('N1', 'note', 'IOU', 6)");
  CHECK(db.scalar_int("PRAGMA foreign_keys") == 1);
  CHECK(db.scalar_int("SELECT COUNT(*) FROM sqlite_master WHERE name = 'cards_in_hand'") == 1);
}
