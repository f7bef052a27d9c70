// marshal audit's proof against a ledger file tampered with as an attacker with the file would:
// one payload byte changed (triggers dropped first), one event deleted in the middle, the last
// three deleted (caught by an anchor taken before), the whole chain rewritten with fresh hashes
// (caught by an anchor), a projection row edited. A clean evening passes. Each names what it found.
#include <catch2/catch.hpp>

#include "audit/audit.h"
#include "db_test_helpers.h"
#include "store/hash_chain.h"

using namespace marshal::db;
using namespace marshal::db::testing;

namespace {

// An evening of a dozen events: a duel, tricks, bystanders, a horse sale, a secret given.
void play_evening(TestLedger& t) {
  t.accept("conflict_resolved", kid_kills_cole(t));
  for (const char* name : {"Gentleman Beau Fontaine", "Faro Nell Sweeney", "Deuce Lomax"})
    t.accept("trick_flipped", {{"character", t.badge(name)}, {"trick", t.held(name, "trick").at(0)}});
  for (const char* name : {"Reginald Ashby", "Rosa Velarde", "Thaddeus Quill"}) t.accept("bystander_lost", {{"character", t.badge(name)}});
  t.accept("horse_sold", {{"horse", t.held("Kid Calloway", "horse").at(0)}, {"from", t.badge("Kid Calloway")},
                          {"to", t.badge("Reginald Ashby")}});
  t.accept("secret_given", {{"secret", t.held("Kid Calloway", "secret").at(0)}, {"from", t.badge("Kid Calloway")},
                            {"to", t.badge("Rosa Velarde")}});
  t.accept("bystander_bestowed", {{"character", t.badge("Rosa Velarde")}, {"name", "A grateful drover"}});
}


Anchor head_of(TestLedger& t) { return ledger_head(t.db()); }

// Opens the file as an attacker would: a plain SQLite connection, the triggers dropped.
void tamper(const std::string& path, const std::string& sql) {
  Database db(path, false);
  db.exec("DROP TRIGGER IF EXISTS events_no_update; DROP TRIGGER IF EXISTS events_no_delete;");
  db.exec(sql);
}

// Recomputes every hash from `from_seq` on, so that the chain is consistent again.
void rehash_from(const std::string& path, std::int64_t from_seq) {
  Database db(path, false);
  db.exec("DROP TRIGGER IF EXISTS events_no_update;");
  Statement s = db.prepare(std::string("SELECT ") + event_columns + " FROM events ORDER BY seq");
  std::vector<EventRow> rows;
  while (s.step()) rows.push_back(event_row_from(s));
  Blob previous = genesis_hash();
  for (auto& row : rows) {
    if (row.seq >= from_seq) {
      row.prev_hash = previous;
      row.hash = event_hash(row);
      db.prepare("UPDATE events SET prev_hash = ?, hash = ? WHERE seq = ?").bind(1, row.prev_hash).bind(2, row.hash).bind(3, row.seq).run();
    }
    previous = row.hash;
  }
}

}  // namespace

TEST_CASE("a clean evening passes every check, with its anchors", "[db][audit]") {
  TestLedger t;
  play_evening(t);
  Anchor middle = ledger_head(t.db());
  t.accept("bystander_lost", {{"character", t.badge("Kid Calloway")}});
  Anchor head = head_of(t);
  t.close();
  AuditReport report = audit_ledger(t.path(), {middle, head});
  for (const auto& c : report.checks) INFO(c.name << ": " << to_string(c.status) << " " << c.evidence);
  CHECK_FALSE(report.any(CheckStatus::fail));
  CHECK_FALSE(report.any(CheckStatus::warn));
  CHECK(check_named(report, "chain").evidence.find("VALID") == 0);
  CHECK(check_named(report, "replay").figures["events"] == head.seq);
  Json summary = report.to_json();
  CHECK(summary["verdict"] == "PASS");
  CHECK(summary["checks"].size() == report.checks.size());
  // Without anchors the audit says what it cannot rule out.
  AuditReport unanchored = audit_ledger(t.path(), {});
  CHECK(check_named(unanchored, "anchors").status == CheckStatus::warn);
  CHECK_FALSE(unanchored.any(CheckStatus::fail));
}

TEST_CASE("one payload byte changed is named by its event", "[db][audit]") {
  TestLedger t;
  play_evening(t);
  t.close();
  tamper(t.path(), R"(UPDATE events SET payload = replace(payload, '"to":', '"tO":') WHERE type = 'horse_sold')");
  std::int64_t seq = Database(t.path(), false).scalar_int("SELECT seq FROM events WHERE type = 'horse_sold'");
  AuditReport report = audit_ledger(t.path(), {});
  const AuditCheck& chain = check_named(report, "chain");
  INFO(chain.evidence);
  CHECK(chain.status == CheckStatus::fail);
  CHECK(chain.figures["first_bad_seq"] == seq);
  CHECK(chain.evidence.find("horse_sold") != std::string::npos);
  CHECK(chain.evidence.find("altered") != std::string::npos);
  CHECK(check_named(report, "replay").status == CheckStatus::fail);
}

TEST_CASE("an event deleted in the middle is named", "[db][audit]") {
  TestLedger t;
  play_evening(t);
  t.close();
  tamper(t.path(), "DELETE FROM events WHERE seq = 5");
  AuditReport report = audit_ledger(t.path(), {});
  const AuditCheck& chain = check_named(report, "chain");
  INFO(chain.evidence);
  CHECK(chain.status == CheckStatus::fail);
  CHECK(chain.figures["first_bad_seq"] == 6);
  CHECK(chain.evidence.find("event 5 is missing") != std::string::npos);
}

TEST_CASE("the last three events deleted: the chain holds, an anchor does not", "[db][audit]") {
  TestLedger t;
  play_evening(t);
  Anchor head = head_of(t);
  t.close();
  tamper(t.path(), "DELETE FROM events WHERE seq > " + std::to_string(head.seq - 3));
  AuditReport report = audit_ledger(t.path(), {head});
  CHECK(check_named(report, "chain").status == CheckStatus::pass);  // what is left is consistent
  const AuditCheck& anchored = check_named(report, "anchor " + format_anchor(head));
  INFO(anchored.evidence);
  CHECK(anchored.status == CheckStatus::fail);
  CHECK(anchored.evidence.find("ends at event " + std::to_string(head.seq - 3)) != std::string::npos);
  CHECK(anchored.evidence.find("deleted") != std::string::npos);
  // The anchor as written down, in upper case and with only 16 hex digits, works the same.
  std::string reason;
  auto typed = parse_anchor(" " + std::to_string(head.seq) + ":" + head.hash_hex.substr(0, 16) + " ", reason);
  REQUIRE(typed);
  CHECK(check_named(audit_ledger(t.path(), {*typed}), "anchor " + format_anchor(*typed)).status == CheckStatus::fail);
}

TEST_CASE("a chain rewritten with fresh hashes passes the chain check and fails the anchor", "[db][audit]") {
  TestLedger t;
  play_evening(t);
  Anchor head = head_of(t);
  t.close();
  tamper(t.path(), "UPDATE events SET station = 'ghost-gm' WHERE seq = 3");
  rehash_from(t.path(), 3);
  AuditReport report = audit_ledger(t.path(), {head});
  CHECK(check_named(report, "chain").status == CheckStatus::pass);
  const AuditCheck& anchored = check_named(report, "anchor " + format_anchor(head));
  INFO(anchored.evidence);
  CHECK(anchored.status == CheckStatus::fail);
  CHECK(anchored.evidence.find("rewritten") != std::string::npos);
}

TEST_CASE("a projection row edited is named by its table", "[db][audit]") {
  TestLedger t;
  play_evening(t);
  t.close();
  Database(t.path(), false).exec("UPDATE characters SET dead = 1 WHERE name = 'Kid Calloway'");
  AuditReport report = audit_ledger(t.path(), {});
  CHECK(check_named(report, "chain").status == CheckStatus::pass);
  CHECK(check_named(report, "replay").status == CheckStatus::pass);
  const AuditCheck& projections = check_named(report, "projections");
  INFO(projections.evidence);
  CHECK(projections.status == CheckStatus::fail);
  CHECK(projections.evidence.find("table characters") != std::string::npos);
  CHECK(projections.evidence.find("Kid Calloway") != std::string::npos);
}

TEST_CASE("anchors are read as written down, and refused with the reason otherwise", "[db][audit]") {
  std::string reason;
  auto a = parse_anchor("1234:3F2A9C7D1E0B4A55", reason);
  REQUIRE(a);
  CHECK(a->seq == 1234);
  CHECK(a->hash_hex == "3f2a9c7d1e0b4a55");
  CHECK(format_anchor(*a) == "1234:3f2a9c7d1e0b4a55");
  for (std::string bad : std::vector<std::string>{"", "1234", ":3f2a9c7d1e0b4a55", "12x4:3f2a9c7d1e0b4a55", "1234:3f2a9c7d1e0b4a5",
                          "1234:3f2a9c7d1e0b4a5g", "0:3f2a9c7d1e0b4a55", "1234:" + std::string(65, 'a')}) {
    INFO("'" << bad << "'");
    CHECK_FALSE(parse_anchor(bad, reason));
    CHECK(reason.find("1234:3f2a9c7d1e0b4a55") != std::string::npos);  // the example
  }
  CHECK(parse_anchor("7:" + std::string(64, 'A'), reason));
}

TEST_CASE("the stations check: clock skew, records kept offline and how late they synced", "[db][audit]") {
  TestLedger t;
  auto bestow = [&](const std::string& station, std::int64_t client_behind_ms) {
    AppendRequest r = t.request("bystander_bestowed", {{"character", t.badge("Rosa Velarde")}, {"name", "A drover"}});
    r.station = station;
    r.client_time_ms = t.now_ms() + 1000 - client_behind_ms;  // send() records the server time as now + 1 s
    REQUIRE(t.send(r).accepted);
  };
  for (int i = 0; i < 5; ++i) bestow("saloon-gm", 300);           // online, its clock 0.3 s behind
  for (int i = 0; i < 5; ++i) bestow("kiosk-far", 10 * 60'000);   // a clock 10 minutes behind
  for (int i = 0; i < 3; ++i) bestow("livery-gm", 200);
  bestow("livery-gm", 20 * 60'000 + 200);  // kept offline for 20 minutes, then synced
  bestow("livery-gm", 5 * 60'000 + 200);
  t.close();
  AuditReport report = audit_ledger(t.path(), {});
  const AuditCheck& stations = check_named(report, "stations");
  INFO(stations.evidence);
  CHECK(stations.status == CheckStatus::warn);
  CHECK(stations.evidence.find("kiosk-far") != std::string::npos);
  CHECK(stations.figures["kiosk-far"]["clock_skew_ms"] == 10 * 60'000);
  CHECK(stations.figures["saloon-gm"]["clock_skew_ms"] == 300);
  CHECK(stations.figures["saloon-gm"]["offline_records"] == 0);
  CHECK(stations.figures["livery-gm"]["events"] == 5);
  CHECK(stations.figures["livery-gm"]["offline_records"] == 2);
  CHECK(stations.figures["livery-gm"]["latest_sync_ms"] == 20 * 60'000);
  CHECK(stations.evidence.find("2 recorded offline (synced up to 20 min late)") != std::string::npos);
  // A warning, not a failure: the audit passes unless --strict.
  CHECK_FALSE(report.any(CheckStatus::fail));
}

TEST_CASE("the audit tells the deaths (lawful or for the Judges) and the votes (counted, overridden, forgotten)",
          "[db][audit][story]") {
  TestLedger t;
  play_evening(t);  // Cole Varney dies in a duel: lawful
  {
    const AuditCheck deaths = check_named(audit_ledger(t.path(), {}), "deaths");
    INFO(deaths.evidence);
    CHECK(deaths.status == CheckStatus::pass);
    CHECK(deaths.evidence == "1 dead. Lawful: Cole Varney (duel by Kid Calloway)");
  }
  // A shootout: the Sheriff (a Lawman, Accuracy 3) draws a 9 on Deuce Lomax, the Kid (Accuracy 4)
  // an 8 on Dutch Hennessey: both 12, dead. The others miss.
  Json shootout = {
      {"kind", "shootout"},
      {"input",
       {{"participants",
         {{{"code", t.badge("Sheriff Amos Brady")}}, {{"code", t.badge("Kid Calloway")}},
          {{"code", t.badge("Deuce Lomax")}}, {{"code", t.badge("Dutch Hennessey")}}}},
        {"rounds",
         {{{"actions",
            {{"Sheriff Amos Brady", {{"shoot", "Deuce Lomax"}}},
             {"Kid Calloway", {{"shoot", "Dutch Hennessey"}}},
             {"Deuce Lomax", {{"shoot", "Kid Calloway"}}},
             {"Dutch Hennessey", {{"shoot", "Sheriff Amos Brady"}}}}},
           {"cards", {{"Sheriff Amos Brady", 9}, {"Kid Calloway", 8}, {"Deuce Lomax", 1}, {"Dutch Hennessey", 1}}}}}},
        {"stop", true}}}};
  t.accept("conflict_resolved", shootout);
  REQUIRE(t.character_text("Deuce Lomax", "killing") == "lawman");
  REQUIRE(t.character_text("Dutch Hennessey", "killing") == "possible_murder");
  // Votes: one counted and overridden, one left uncounted after its 15 minutes.
  const std::string mayor = t.badge("Zechariah Chamberlain");
  t.accept("vote_called", {{"character", mayor}, {"office", "Deputy"}});
  t.accept("ballot_cast", {{"voter", t.badge("Rosa Velarde")}, {"candidate", t.badge("Reginald Ashby")}});
  t.advance_ms(15 * 60 * 1000);
  t.accept("vote_counted", {{"character", mayor}});
  t.accept("vote_overridden", {{"character", t.badge("Judge Cornelius Whitlock")}, {"outcome", "nobody: a recount"}});
  t.accept("vote_called", {{"character", mayor}, {"office", "Sheriff"}});
  t.advance_ms(15 * 60 * 1000);
  t.accept("bystander_lost", {{"character", t.badge("Rosa Velarde")}});  // the evening goes on past its close
  t.close();

  AuditReport report = audit_ledger(t.path(), {});
  const AuditCheck& deaths = check_named(report, "deaths");
  INFO(deaths.evidence);
  CHECK(deaths.status == CheckStatus::pass);  // the story tells; the verdict is the file's
  CHECK(deaths.evidence.find("3 dead. Lawful: Cole Varney (duel by Kid Calloway). For the Judges: ") == 0);
  CHECK(deaths.evidence.find("Deuce Lomax killed by Sheriff Amos Brady, a Lawman: lawful if caught in criminal activity") !=
        std::string::npos);
  CHECK(deaths.evidence.find("Dutch Hennessey killed by Kid Calloway: possible murder") != std::string::npos);
  CHECK(deaths.figures["deaths"].size() == 3);
  const AuditCheck& votes = check_named(report, "votes");
  INFO(votes.evidence);
  CHECK(votes.status == CheckStatus::pass);
  CHECK(votes.evidence ==
        "closed but never counted: Sheriff. Deputy (1 ballot): nobody: a recount (a Judge's call); Sheriff (0 ballots): "
        "never counted");
  CHECK(votes.figures["votes"][0]["tally"] == Json::parse(R"([{"candidate": "Reginald Ashby", "ballots": 1}])"));
  CHECK_FALSE(report.any(CheckStatus::fail));
}

TEST_CASE("each character's evening: fate, bystanders lost, tricks played, secrets held, horse history", "[db][audit]") {
  TestLedger t;
  std::string sold = t.held("Kid Calloway", "horse").at(0);  // sold to Reginald in the evening
  play_evening(t);
  std::string horse_title = t.card_text(sold, "title");
  std::string secret_title = t.card_text(t.held("Rosa Velarde", "secret").back(), "title");
  t.close();
  AuditReport report = audit_ledger(t.path(), {});
  const AuditCheck& characters = check_named(report, "characters");
  INFO(characters.evidence);
  CHECK(characters.status == CheckStatus::pass);
  auto person = [&](const std::string& name) {
    for (const auto& c : characters.figures["characters"])
      if (c["name"] == name) return c;
    FAIL("no character " << name);
    return Json();
  };
  CHECK(person("Cole Varney")["fate"] == "dead: killed in a duel by Kid Calloway");
  CHECK(person("Kid Calloway")["fate"] == "alive");
  CHECK(person("Gentleman Beau Fontaine")["tricks_played"] == 1);
  CHECK(person("Reginald Ashby")["bystanders_lost"] == 1);
  CHECK(person("Rosa Velarde")["secrets_held"].get<std::string>().find(secret_title) != std::string::npos);
  // The horse's holders in order, in both characters' histories.
  std::string history = horse_title + ": Kid Calloway (dealt), Reginald Ashby (sold, #";
  bool kid_has = false, reginald_has = false;
  const Json kid = person("Kid Calloway"), reginald = person("Reginald Ashby");
  for (const auto& h : kid["horses"]) kid_has = kid_has || h.get<std::string>().rfind(history, 0) == 0;
  for (const auto& h : reginald["horses"]) reginald_has = reginald_has || h.get<std::string>().rfind(history, 0) == 0;
  INFO(kid["horses"].dump() << " / " << reginald["horses"].dump() << " / " << history);
  CHECK(kid_has);
  CHECK(reginald_has);
  CHECK(characters.evidence.find("1 dead") != std::string::npos);
}

namespace {
// An event the rules refuse, written into the file as an attacker who recomputes hashes would:
// chained after the last one, so that the chain itself is sound.
void forge_event(const std::string& path, const std::string& type, const Json& payload) {
  Database db(path, false);
  EventRow row;
  std::int64_t last_ms = db.scalar_int("SELECT MAX(server_time_ms) FROM events");
  row.uuid = make_uuid_v7(last_ms + 1000);
  row.station = "gm-1";
  row.client_time_ms = last_ms + 1000;
  row.server_time_ms = last_ms + 1000;
  row.type = type;
  row.payload = payload.dump();
  append_chained(db, row);
}
}  // namespace

TEST_CASE("a chain that holds but tells of what the rules forbid fails the replay, naming the rule", "[db][audit]") {
  TestLedger t;
  std::string beau_trick = t.held("Gentleman Beau Fontaine", "trick").at(0);  // played in the evening
  play_evening(t);
  std::string beau = t.badge("Gentleman Beau Fontaine");
  Json cole_again = kid_kills_cole(t);
  t.close();
  std::string refused;
  SECTION("a single-use trick played a second time") {
    forge_event(t.path(), "trick_flipped", {{"character", beau}, {"trick", beau_trick}});
    refused = "(already_spent)";
  }
  SECTION("a dead man in a duel") {
    forge_event(t.path(), "conflict_resolved", cole_again);
    refused = "(dead)";
  }
  AuditReport report = audit_ledger(t.path(), {});
  CHECK(check_named(report, "chain").status == CheckStatus::pass);
  const AuditCheck& replay = check_named(report, "replay");
  INFO(replay.evidence);
  CHECK(replay.status == CheckStatus::fail);
  CHECK(replay.evidence.find("is refused") != std::string::npos);
  CHECK(replay.evidence.find(refused) != std::string::npos);
}

TEST_CASE("a station quiet for over half an hour is named with when its silence began", "[db][audit]") {
  TestLedger t;
  t.accept("bystander_lost", {{"character", t.badge("Kid Calloway")}});
  t.advance_ms(quiet_station_ms + 10 * 60 * 1000);  // 40 minutes without a record
  t.accept("bystander_lost", {{"character", t.badge("Rosa Velarde")}});
  t.advance_ms(quiet_station_ms - 60 * 1000);  // 29 minutes: not worth a word
  t.accept("bystander_lost", {{"character", t.badge("Reginald Ashby")}});
  t.close();
  AuditReport report = audit_ledger(t.path(), {});
  const AuditCheck& stations = check_named(report, "stations");
  INFO(stations.evidence);
  CHECK(stations.status == CheckStatus::pass);
  CHECK(stations.evidence.find("gm-1 3 events") != std::string::npos);
  CHECK(stations.evidence.find(", quiet for 40 min from ") != std::string::npos);
  CHECK(stations.figures["gm-1"]["longest_silence_ms"] == quiet_station_ms + 10 * 60 * 1000 + 1000);
}
