// Bennies and chips of a tabletop game night (issue 17; TABLETOP.md "Bennies, fate chips,
// chips"): dealt at the night's start, awarded, spent, refused at zero with nothing written,
// discarded at the end where the ruleset says so, and every pool replayed by verify.
#include <catch2/catch.hpp>

#include "db_test_helpers.h"
#include "ledger/verify.h"

using namespace marshal::db;
using namespace marshal::db::testing;

namespace {

std::int64_t chips(TestLedger& t, const std::string& holder, const std::string& colour) {
  std::int64_t id = holder == "gm" ? 0 : t.character_id(holder);
  Statement s = t.db().prepare("SELECT count FROM chips WHERE holder = ? AND colour = ?");
  s.bind(1, id).bind(2, colour);
  return s.step() ? s.int64(0) : 0;
}

void refuse(TestLedger& t, const std::string& type, const Json& payload, const std::string& code) {
  const std::int64_t events = t.count("SELECT COUNT(*) FROM events");
  AppendResult r = t.append(type, payload);
  INFO(type << " " << payload.dump() << " -> " << r.code << " " << r.field << ": " << r.reason);
  CHECK_FALSE(r.accepted);
  CHECK(r.code == code);
  CHECK(t.count("SELECT COUNT(*) FROM events") == events);  // nothing recorded
}

}  // namespace

TEST_CASE("savage: three Bennies each at the night's start, the GM one a player, spent to zero, then refused",
          "[db][chips]") {
  TestLedger t;
  const std::int64_t players = t.count("SELECT COUNT(*) FROM characters WHERE dead = 0");
  const std::string kid = t.badge("Kid Calloway");
  AppendResult night = t.accept("night_started", Json::object());
  CHECK(night.ledger["dealt"]["each"] == 3);  // 001 L31
  CHECK(night.ledger["dealt"]["players"] == players);
  CHECK(chips(t, "Kid Calloway", "benny") == 3);
  CHECK(chips(t, "gm", "benny") == players);  // 001 L36: one per player character
  refuse(t, "night_started", Json::object(), "illegal_move");  // one night at a time

  t.accept("chip_awarded", {{"to", kid}, {"colour", "benny"}, {"why", "a fine line of dialogue"}});
  CHECK(chips(t, "Kid Calloway", "benny") == 4);
  for (int i = 0; i < 4; ++i)
    t.accept("chip_spent", {{"by", kid}, {"colour", "benny"}, {"use", "reroll"}});
  CHECK(chips(t, "Kid Calloway", "benny") == 0);
  refuse(t, "chip_spent", {{"by", kid}, {"colour", "benny"}, {"use", "reroll"}}, "no_chip");
  CHECK(t.count("SELECT COUNT(*) FROM refusals WHERE code = 'no_chip'") == 1);  // in the refusal trail
  // The GM spends from the pool like anyone.
  t.accept("chip_spent", {{"by", "gm"}, {"colour", "benny"}, {"use", "soak"}});
  CHECK(chips(t, "gm", "benny") == players - 1);

  // Savage has Bennies, not coloured chips; a red chip's extra d6 is deadlands-ru's.
  refuse(t, "chip_awarded", {{"to", kid}, {"colour", "red"}, {"why", "x"}}, "bad_input");
  refuse(t, "chip_spent", {{"by", "gm"}, {"colour", "benny"}, {"use", "extra_d6"}}, "bad_input");
  refuse(t, "chip_awarded", {{"to", kid}, {"colour", "benny"}, {"why", ""}}, "bad_input");
  refuse(t, "chip_awarded", {{"to", kid}, {"colour", "benny"}, {"count", 11}, {"why", "x"}}, "bad_input");
  refuse(t, "chip_awarded", {{"to", "nobody"}, {"colour", "benny"}, {"why", "x"}}, "bad_code");
  refuse(t, "chip_spent", {{"by", kid}, {"colour", "benny"}, {"use", "bribe"}}, "bad_input");
  // The roll a chip was spent on is a recorded roll's seq, nothing else.
  refuse(t, "chip_spent", {{"by", "gm"}, {"colour", "benny"}, {"use", "reroll"}, {"roll", {{"result", 3}}}}, "bad_input");

  // The night's end discards what is left (001 L31).
  AppendResult end = t.accept("night_ended", Json::object());
  // Dealt 3 a player and 1 a player to the GM, one awarded, five spent.
  CHECK(end.ledger["discarded"] == 3 * players + players + 1 - 5);
  CHECK(t.count("SELECT COALESCE(SUM(count), 0) FROM chips") == 0);
  refuse(t, "night_ended", Json::object(), "illegal_move");

  t.close();
  VerifyReport report = verify_ledger(t.path());
  INFO(report.reason);
  CHECK(report.ok);
}

TEST_CASE("deadlands-ru: chips by colour, a d6 picks an award's colour, a red chip's extra d6 feeds the GM's pool",
          "[db][chips]") {
  TempDir dir;
  fs::path event = copy_sample(dir);
  write_text(event / "options.csv", read_text(event / "options.csv") + "ruleset,deadlands-ru\n");
  TestLedger t(event);
  const std::string kid = t.badge("Kid Calloway"), cole = t.badge("Cole Varney");
  AppendResult night = t.accept("night_started", Json::object());
  CHECK_FALSE(night.ledger.contains("dealt"));  // nothing dealt by itself: chips come after fights
  CHECK(t.count("SELECT COUNT(*) FROM chips") == 0);

  t.accept("chip_awarded", {{"to", kid}, {"colour", "red"}, {"why", "after the saloon fight"}});
  t.accept("chip_awarded", {{"to", cole}, {"colour", "blue"}, {"why", "after the saloon fight"}});
  // By d6 (002 L20-23): the ledger rolls and records it; the colour follows 1-3 white, 4-5 red, 6 blue.
  for (int i = 0; i < 12; ++i) {
    AppendResult r = t.accept("chip_awarded", {{"to", "gm"}, {"colour", "by_d6"}, {"why", "after a fight"}});
    const int d6 = r.ledger["d6"];
    CHECK((d6 >= 1 && d6 <= 6));
    CHECK(r.ledger["colour"] == (d6 <= 3 ? "white" : d6 <= 5 ? "red" : "blue"));
  }
  CHECK(t.count("SELECT COALESCE(SUM(count), 0) FROM chips WHERE holder = 0") == 12);

  // Red for an extra d6: the GM's pool gains one (002 L22); blue does not.
  const std::int64_t pool = t.count("SELECT COALESCE(SUM(count), 0) FROM chips WHERE holder = 0");
  AppendResult red = t.accept("chip_spent", {{"by", kid}, {"colour", "red"}, {"use", "extra_d6"}});
  CHECK(red.ledger["gm_pool_gains"] == 1);
  CHECK(t.count("SELECT COALESCE(SUM(count), 0) FROM chips WHERE holder = 0") == pool + 1);
  AppendResult blue = t.accept("chip_spent", {{"by", cole}, {"colour", "blue"}, {"use", "cancel_crit_fail"}});
  CHECK_FALSE(blue.ledger.contains("gm_pool_gains"));
  CHECK(t.count("SELECT COALESCE(SUM(count), 0) FROM chips WHERE holder = 0") == pool + 1);
  // A white chip is a Benny: it rerolls, it adds no d6.
  refuse(t, "chip_spent", {{"by", "gm"}, {"colour", "white"}, {"use", "extra_d6"}}, "bad_input");
  refuse(t, "chip_spent", {{"by", kid}, {"colour", "red"}, {"use", "reroll"}}, "no_chip");
  // Chips outlast the night in the Deadlands rulesets.
  t.accept("night_ended", Json::object());
  CHECK(t.count("SELECT COALESCE(SUM(count), 0) FROM chips WHERE holder = 0") == pool + 1);

  t.close();
  VerifyReport report = verify_ledger(t.path());
  INFO(report.reason);
  CHECK(report.ok);
}

TEST_CASE("chips: the dead are dealt none, receive none and spend none", "[db][chips]") {
  TestLedger t;
  const std::string cole = t.badge("Cole Varney");
  t.accept("conflict_resolved", kid_kills_cole(t));
  t.accept("night_started", Json::object());
  CHECK(chips(t, "Cole Varney", "benny") == 0);
  CHECK(chips(t, "Kid Calloway", "benny") == 3);
  refuse(t, "chip_awarded", {{"to", cole}, {"colour", "benny"}, {"why", "x"}}, "dead");
  refuse(t, "chip_spent", {{"by", cole}, {"colour", "benny"}, {"use", "reroll"}}, "dead");
}

TEST_CASE("chips: a game's ruleset is checked at init, with the file and what is allowed", "[db][chips]") {
  TempDir dir;
  fs::path event = copy_sample(dir);
  write_text(event / "options.csv", read_text(event / "options.csv") + "ruleset,deadwood\n");
  ImportResult bad = import_event(event.string(), seeded_code_maker(1));
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.errors.front().to_string().find("savage, deadlands-1876 or deadlands-ru") != std::string::npos);
  CHECK(bad.errors.front().to_string().find("options.csv") != std::string::npos);
}
