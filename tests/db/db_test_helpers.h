#pragma once
// What the ledger tests share: a fresh temporary folder per test (removed at the end), the
// sample event imported with seeded card codes, a real ledger file made from it with seeded
// randomness, and dumps of the projection tables to compare before and after.
#include "support/temp_dir.h"
#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "core/card_code.h"
#include "core/csprng.h"
#include "audit/audit.h"
#include "import/import_event.h"
#include "ledger/ledger.h"
#include "ledger/verify.h"
#include "store/schema.h"
#include "store/sqlite.h"

namespace marshal::db::testing {

// Every error of an import, a line each (for a failing check's message).
inline std::string all_errors(const ImportResult& r) {
  std::string text;
  for (const auto& e : r.errors) text += e.to_string() + "\n";
  return text;
}

namespace fs = std::filesystem;

// 2027-01-15: a fixed evening, so timers are reproducible.
inline constexpr std::int64_t evening_start_ms = 1'800'000'000'000;
inline constexpr std::int64_t five_minutes_ms = 5 * 60 * 1000;

inline fs::path sample_event_dir() { return fs::path(MARSHAL_SOURCE_DIR) / "events" / "lincoln-1875"; }

using marshal::test_support::TempDir;

using marshal::test_support::read_text;

using marshal::test_support::write_text;

// Replaces the first `from` in a file; the test fails if it is not there.
inline void replace_in_file(const fs::path& path, const std::string& from, const std::string& to) {
  std::string text = read_text(path);
  auto at = text.find(from);
  REQUIRE(at != std::string::npos);
  text.replace(at, from.size(), to);
  write_text(path, text);
}

// The sample event copied into `dir`/name, to break one thing in it.
// The sample tabletop game (issue 17): a Deadlands posse with traits as die types.
inline fs::path sample_posse_dir() { return fs::path(MARSHAL_SOURCE_DIR) / "events" / "deadlands-posse"; }

inline fs::path copy_sample(const TempDir& dir, const std::string& name = "event", const fs::path& from = sample_event_dir()) {
  fs::path target = dir.path() / name;
  fs::copy(from, target, fs::copy_options::recursive);
  return target;
}

inline core::CardCodeBytes random_bytes(core::Csprng& rng) {
  core::CardCodeBytes bytes{};
  for (auto& b : bytes) b = static_cast<std::uint8_t>(rng.uniform(256));
  return bytes;
}

// Card codes from a seed: the same seed gives the same codes.
inline std::function<std::string()> seeded_code_maker(std::uint64_t seed) {
  auto rng = std::make_shared<core::Csprng>(core::seed_from_number(seed));
  return [rng] { return core::make_card_code(random_bytes(*rng)); };
}

inline LedgerRandomness seeded_randomness(std::uint64_t seed) {
  auto rng = std::make_shared<core::Csprng>(core::seed_from_number(seed));
  return {[rng] { return core::make_card_code(random_bytes(*rng)); },
          [rng](std::uint32_t bound) { return rng->uniform(bound); }};
}

inline std::int64_t count_rows(Database& db, const std::string& sql) { return db.scalar_int(sql); }

// Every projection table, rows sorted, as text: equal dumps mean equal projections.
inline std::string projection_dump(Database& db) {
  std::string dump;
  for (const auto& table : projection_tables()) {
    Statement s = db.prepare("SELECT * FROM " + table);
    std::vector<std::string> rows;
    while (s.step()) {
      std::string row;
      for (int c = 0; c < s.columns(); ++c) row += (c ? " | " : "") + (s.is_null(c) ? "NULL" : s.text(c));
      rows.push_back(row);
    }
    std::sort(rows.begin(), rows.end());
    dump += "== " + table + "\n";
    for (const auto& row : rows) dump += row + "\n";
  }
  return dump;
}

// A ledger file in its own temporary folder, made from an event folder (the sample unless
// told), with seeded codes and randomness and a clock that moves one second per event.
// The audit's check of that name in a report (fails the test when there is none).
inline const AuditCheck& check_named(const AuditReport& report, const std::string& name) {
  for (const auto& c : report.checks)
    if (c.name == name) return c;
  FAIL("no check named " << name);
  return report.checks.front();
}

class TestLedger {
 public:
  explicit TestLedger(const fs::path& event_dir = sample_event_dir(), std::uint64_t seed = 1875)
      : path_(dir_.file("ledger.db")) {
    ImportResult imported = import_event(event_dir.string(), seeded_code_maker(seed));
    for (const auto& e : imported.errors) UNSCOPED_INFO(e.to_string());
    REQUIRE(imported.ok());
    definition_ = imported.definition;
    Ledger::create(path_, definition_, now_ms_);
    ledger_ = std::make_unique<Ledger>(path_, seeded_randomness(seed + 1));
  }

  const std::string& path() const { return path_; }
  const TempDir& dir() const { return dir_; }
  const EventDefinition& definition() const { return definition_; }
  Ledger& ledger() { return *ledger_; }
  Database& db() { return ledger_->database(); }
  void close() { ledger_.reset(); }

  std::int64_t now_ms() const { return now_ms_; }
  void advance_ms(std::int64_t ms) { now_ms_ += ms; }

  AppendRequest request(const std::string& type, const Json& payload) {
    return {make_uuid_v7(now_ms_), "gm-1", now_ms_, type, payload};
  }
  AppendResult send(const AppendRequest& request) {
    now_ms_ += 1000;
    return ledger_->append(request, now_ms_);
  }
  AppendResult append(const std::string& type, const Json& payload) { return send(request(type, payload)); }
  // Appends and requires acceptance (the reason is shown when it is refused).
  AppendResult accept(const std::string& type, const Json& payload) {
    AppendResult r = append(type, payload);
    INFO(type << " " << payload.dump() << " -> " << r.code << " " << r.field << ": " << r.reason);
    REQUIRE(r.accepted);
    return r;
  }

  std::int64_t count(const std::string& sql) { return db().scalar_int(sql); }
  std::int64_t character_id(const std::string& name) {
    Statement s = db().prepare("SELECT id FROM characters WHERE name = ?");
    s.bind(1, name);
    REQUIRE(s.step());
    return s.int64(0);
  }
  std::string badge(const std::string& name) {
    auto codes = held(name, "badge");
    REQUIRE(codes.size() == 1);
    return codes.front();
  }
  // Codes of the live cards of a kind a character holds, oldest first.
  std::vector<std::string> held(const std::string& name, const std::string& kind) {
    Statement s = db().prepare(
        "SELECT c.code FROM cards c JOIN characters h ON h.id = c.holder WHERE h.name = ? AND "
        "c.kind = ? AND c.spent = 0 AND c.revoked = 0 ORDER BY c.since_seq, c.code");
    s.bind(1, name).bind(2, kind);
    std::vector<std::string> codes;
    while (s.step()) codes.push_back(s.text(0));
    return codes;
  }
  // The one live card of a kind with this title (held by `holder` when given).
  std::string card_titled(const std::string& kind, const std::string& title, const std::string& holder = "") {
    Statement s = db().prepare(
        "SELECT c.code FROM cards c JOIN characters h ON h.id = c.holder WHERE c.kind = ? AND "
        "c.title = ? AND c.revoked = 0 AND (? = '' OR h.name = ?)");
    s.bind(1, kind).bind(2, title).bind(3, holder).bind(4, holder);
    REQUIRE(s.step());
    std::string code = s.text(0);
    REQUIRE_FALSE(s.step());
    return code;
  }
  std::string card_text(const std::string& code, const std::string& column) {
    Statement s = db().prepare("SELECT " + column + " FROM cards WHERE code = ?");
    s.bind(1, code);
    REQUIRE(s.step());
    return s.is_null(0) ? "NULL" : s.text(0);
  }
  std::string character_text(const std::string& name, const std::string& column) {
    Statement s = db().prepare("SELECT " + column + " FROM characters WHERE name = ?");
    s.bind(1, name);
    REQUIRE(s.step());
    return s.is_null(0) ? "NULL" : s.text(0);
  }
  // "how:holder name" for each change of a card's holder, in order.
  std::vector<std::string> holder_history(const std::string& code) {
    Statement s = db().prepare(
        "SELECT h.how, COALESCE(c.name, '-') FROM card_holders h LEFT JOIN characters c ON "
        "c.id = h.holder WHERE h.code = ? ORDER BY h.seq");
    s.bind(1, code);
    std::vector<std::string> history;
    while (s.step()) history.push_back(s.text(0) + ":" + s.text(1));
    return history;
  }

  // Refusals in the trail: written whole, counted in summary rows, or counted and not yet written.
  std::int64_t refusals_counted() {
    return count("SELECT COALESCE(SUM(repeats), 0) FROM refusals") + ledger_->refusal_trail()->pending_repeats();
  }

  // Appends an event the ledger must refuse with `code`, and checks the refusal changed no
  // projection and no event, and was counted in the refusal trail.
  AppendResult refuse(const std::string& type, const Json& payload, const std::string& code) {
    return refuse(request(type, payload), code);
  }
  AppendResult refuse(const AppendRequest& request, const std::string& code) {
    std::string before = projection_dump(db());
    std::int64_t events = count("SELECT COUNT(*) FROM events");
    std::int64_t refusals = refusals_counted();
    std::int64_t rows = count("SELECT COUNT(*) FROM refusals");
    AppendResult r = send(request);
    INFO(request.type << " " << request.payload.dump() << " -> " << r.code << " " << r.field << ": "
                      << r.reason);
    CHECK_FALSE(r.accepted);
    CHECK(r.code == code);
    CHECK_FALSE(r.reason.empty());
    CHECK(count("SELECT COUNT(*) FROM events") == events);
    CHECK(refusals_counted() == refusals + 1);
    // Written whole unless it repeats a refusal of this minute (ledger/refusal_trail.h).
    if (count("SELECT COUNT(*) FROM refusals") == rows + 1) {
      Statement last = db().prepare("SELECT code, uuid, type FROM refusals ORDER BY id DESC LIMIT 1");
      REQUIRE(last.step());
      CHECK(last.text(0) == code);
      CHECK(last.text(1) == canonical_uuid(request.uuid));
      CHECK(last.text(2) == request.type);
    }
    CHECK(projection_dump(db()) == before);
    return r;
  }

 private:
  TempDir dir_;
  std::string path_;
  EventDefinition definition_;
  std::int64_t now_ms_ = evening_start_ms;
  std::unique_ptr<Ledger> ledger_;
};

// Kid Calloway (Speed 4, Accuracy 4) outdraws Cole Varney (Speed 3) 9+4 against 2+3 and
// shoots first: a 7 + 4 = 11 kills him before he fires. A conflict_resolved payload.
inline Json kid_kills_cole(TestLedger& t) {
  return {{"kind", "duel"},
          {"input",
           {{"duelists", {{{"code", t.badge("Kid Calloway")}}, {{"code", t.badge("Cole Varney")}}}},
            {"draw_cards", {{"Kid Calloway", 9}, {"Cole Varney", 2}}},
            {"rounds", {{{"cards", {{"Kid Calloway", 7}}}}}}}}};
}

// A well-formed card code no ledger here has issued (from a seed no test uses for cards).
inline std::string unissued_code() {
  core::Csprng rng(core::seed_from_number(0xDEAD));
  return core::make_card_code(random_bytes(rng));
}

// A damage roll's dice for damage_rolled: one d6 a face ({4, 3} is 2d6 showing 4 and 3, no Aces).
inline Json damage_d6s(const std::vector<int>& faces) {
  Json dice = Json::array();
  for (int f : faces) dice.push_back({{"die", "d6"}, {"faces", {f}}});
  return dice;
}

// A fighter's state as the fight's events put it in their ledger part.
inline Json fighter_state(int wounds, bool shaken, const std::string& state = "fighting") {
  return {{"wounds", wounds}, {"shaken", shaken}, {"state", state}};
}

// Brings a fresh file to schema `version` by the first `version` migrations only, as a file
// written by an older Marshal stands: a migration test fills it, then runs migrate().
inline void migrate_to_version(Database& db, int version) {
  const auto& all = migrations();
  REQUIRE(all.size() > static_cast<std::size_t>(version));
  db.exec("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY)");
  for (int v = 0; v < version; ++v) {
    db.exec(all[static_cast<std::size_t>(v)]);
    db.prepare("INSERT INTO schema_migrations(version) VALUES (?)").bind(1, v + 1).run();
  }
}

// Closes the ledger and requires `marshal verify`'s replay to pass.
inline void check_verifies(TestLedger& t) {
  t.close();
  VerifyReport report = verify_ledger(t.path());
  INFO(report.reason);
  CHECK(report.ok);
}

}  // namespace marshal::db::testing
