// Injuries (issue 32; 000 L173-178; docs/ledger.md injury_drawn, docs/tabletop.md "Injuries"):
// the group's injuries.csv read by rank and checked whole, each problem at its cell; the Injury an
// Incapacitation roll leaves owed until drawn, looked up in the table (or typed by the GM without
// one), a temporary one's days from a plain dVigor; shown by GET /table; replayed by verify; and
// migration 24 on a file of schema 23.
#include <catch2/catch.hpp>

#include "db_test_helpers.h"
#include "ledger/verify.h"
#include "server/table_view.h"
#include "store/schema.h"

using namespace marshal::db;
using namespace marshal::db::testing;

namespace {

bool names_injury_error(const std::vector<ImportError>& errors, int line, const std::string& column, const std::string& part) {
  return std::any_of(errors.begin(), errors.end(), [&](const ImportError& e) {
    return e.file == "injuries.csv" && e.line == line && e.column_name == column && e.reason.find(part) != std::string::npos;
  });
}

std::vector<ImportError> injury_errors(const fs::path& folder) {
  ImportResult r = import_event(folder.string(), seeded_code_maker(5));
  CHECK(r.definition.characters.empty());  // nothing imported with an error
  return r.errors;
}

Json combat_in_view(TestLedger& t, const std::string& name) {
  const Json view = table_view(t.db());
  for (const Json& c : view["characters"])
    if (c["name"] == name) return c["combat"];
  FAIL("no " << name << " in the table view");
  return Json();
}

// A Vigor roll of `die` showing `trait` and `wild` (incapacitation_rolled's dice, deadlands-1876).
Json vigor_roll(const std::string& by, const std::string& die, int trait, int wild) {
  return {{"by", by}, {"die", die}, {"dice", {{"trait", {trait}}, {"wild", {wild}}}}};
}

}  // namespace

TEST_CASE("the posse's injuries.csv: by rank and the Joker, kept in the definition and shown by GET /table", "[db][injury]") {
  ImportResult r = import_event(sample_posse_dir().string(), seeded_code_maker(1));
  INFO(all_errors(r));
  REQUIRE(r.ok());
  const auto& table = r.definition.injuries;
  REQUIRE(table.rows().size() == 9);
  CHECK(table.injury_for({12, marshal::core::Suit::hearts, marshal::core::Joker::none}) == "Leg: lame, Pace -1");
  CHECK(table.injury_for({0, marshal::core::Suit::clubs, marshal::core::Joker::red}) == "Head: brain damage, -1 Smarts");
  const Json json = definition_to_json(r.definition);
  CHECK(json["injuries"][1] == Json{{"cards", "3-4"}, {"injury", "Arm: broken, useless until healed"}});
  CHECK(definition_to_json(definition_from_json(json)) == json);
  // A stored definition is checked as the file is: a rank lost is refused, naming where.
  Json lost = json;
  lost["injuries"].erase(lost["injuries"].begin());
  CHECK_THROWS_WITH(definition_from_json(lost), Catch::Contains("definition.injuries") && Catch::Contains("no injury for 2"));
  lost = json;
  lost["injuries"][8]["cards"] = "A";
  CHECK_THROWS_WITH(definition_from_json(lost), Catch::Contains("definition.injuries[8].cards") && Catch::Contains("A has an injury already"));
  // The Lincoln sample has none: no key, and GET /table says there is no table.
  ImportResult lincoln = import_event(sample_event_dir().string(), seeded_code_maker(1));
  REQUIRE(lincoln.ok());
  CHECK_FALSE(definition_to_json(lincoln.definition).contains("injuries"));
  TestLedger t(sample_posse_dir());
  CHECK(table_view(t.db())["injury_table"] == true);
  CHECK(t.count("SELECT COUNT(*) FROM injury_table") == marshal::core::injury_table_keys);
}

TEST_CASE("a bad injuries.csv is named at its cell, a rank missing at the file, and nothing is written", "[db][injury]") {
  TempDir dir;
  fs::path folder = copy_sample(dir, "posse", sample_posse_dir());
  std::string longest(marshal::core::max_injury_characters, 'x');
  write_text(folder / "injuries.csv",
             "cards,injury\n"
             "2-4,Arm\n"                        // line 2
             "4-5,Guts\n"                       // 3: 4 again
             "6-1,Leg\n"                        // 4: a range the wrong way
             "7,\n"                             // 5: no injury
             "8," + longest + "y\n"             // 6: one character too long
             "9-A," + longest + "\n"            // 7: the longest taken
             "joker,Head\n");
  auto errors = injury_errors(folder);
  CHECK(errors.size() == 4);
  CHECK(names_injury_error(errors, 3, "cards", "4 has an injury already"));
  CHECK(names_injury_error(errors, 4, "cards", "'6-1' is not a rank"));
  CHECK(names_injury_error(errors, 5, "injury", "is empty"));
  CHECK(names_injury_error(errors, 6, "injury", "is longer than 80 characters"));
  // Every row right but ranks left out: the file is refused, naming them.
  write_text(folder / "injuries.csv", "cards,injury\n2-10,Arm\nJ-K,Leg\n");
  CHECK(names_injury_error(injury_errors(folder), 0, "", "no injury for A, Joker"));
  write_text(folder / "injuries.csv", "cards\n2-A\n");
  CHECK_FALSE(injury_errors(folder).empty());  // the injury column is required
  // A table is a tabletop game's.
  fs::path lincoln = copy_sample(dir, "event", sample_event_dir());
  write_text(lincoln / "injuries.csv", "cards,injury\n2-A,Arm\njoker,Head\n");
  CHECK(names_injury_error(injury_errors(lincoln), 0, "", "set game to tabletop"));
}

TEST_CASE("deadlands-1876: an Incapacitation roll owes an Injury, drawn once, looked up by rank (000 L173-178)", "[db][injury][fight]") {
  TestLedger t(sample_posse_dir());
  const std::string jack = t.badge("Lucky Jack Dawson"), hannah = t.badge("Hannah Two Rivers"), doc = t.badge("Doc Ezekiel Hale");
  const Json temporary_days{{"die", 6}, {"face", 2}};
  t.accept("fight_started", Json::object());
  CHECK(t.refuse("injury_drawn", {{"by", jack}, {"card", "QH"}, {"days", temporary_days}}, "illegal_move").field == "by");
  // Jack: four wounds past his three, then Vigor 4: unconscious, a temporary Injury (000 L174).
  t.accept("damage_rolled", {{"by", "gm"}, {"target", jack}, {"dice", damage_d6s({5, 5, 5, 5, 1})}});
  t.accept("incapacitation_rolled", vigor_roll(jack, "d6", 4, 2));
  CHECK(combat_in_view(t, "Lucky Jack Dawson")["injury_owed"] == "temporary");
  CHECK(t.refuse("injury_drawn", {{"by", jack}, {"card", "QX"}, {"days", temporary_days}}, "bad_input").field == "card");
  CHECK(t.refuse("injury_drawn", {{"by", jack}, {"card", "QH"}}, "bad_input").field == "days");  // a temporary one's days
  CHECK(t.refuse("injury_drawn", {{"by", jack}, {"card", "QH"}, {"days", {{"die", 6}, {"face", 7}}}}, "bad_input").field == "days.face");
  CHECK(t.refuse("injury_drawn", {{"by", jack}, {"card", "QH"}, {"days", {{"die", 7}, {"face", 2}}}}, "bad_input").field == "days.die");
  // The table names it: the GM's words are not taken beside it.
  CHECK(t.refuse("injury_drawn", {{"by", jack}, {"card", "QH"}, {"days", temporary_days}, {"injury", "a scratch"}}, "bad_input").field ==
        "injury");
  AppendResult drawn = t.accept("injury_drawn", {{"by", jack}, {"card", "qh"}, {"days", temporary_days}});
  CHECK(drawn.ledger == Json{{"injury", "Leg: lame, Pace -1"}, {"permanent", false}, {"days", 12}});  // 14 - 2
  // Drawn once: owed no more, and kept with him.
  const Json jack_now = combat_in_view(t, "Lucky Jack Dawson");
  CHECK(jack_now["injury_owed"].is_null());
  CHECK(jack_now["injuries"] == Json::array({{{"card", "QH"}, {"injury", "Leg: lame, Pace -1"}, {"permanent", false}, {"days", 12}}}));
  t.refuse("injury_drawn", {{"by", jack}, {"card", "2C"}, {"days", temporary_days}}, "illegal_move");
  // Hannah: Vigor 2 and 3 against 4, a failure: Bleeding Out, a permanent Injury (000 L173), no days.
  t.accept("damage_rolled", {{"by", "gm"}, {"target", hannah}, {"dice", damage_d6s({5, 5, 5, 5, 3})}});
  CHECK(t.accept("incapacitation_rolled", vigor_roll(hannah, "d8", 2, 3)).ledger["incapacitation"] == "bleeding_out");
  // "If the character survives" (000 L173): not while she bleeds; Doc heals her, then the card.
  CHECK(t.refuse("injury_drawn", {{"by", hannah}, {"card", "BJ"}}, "illegal_move").field == "by");
  t.accept("healed", {{"healer", doc}, {"patient", hannah}, {"die", "d10"}, {"dice", {{"trait", {5}}, {"wild", {1}}}}});
  CHECK(t.refuse("injury_drawn", {{"by", hannah}, {"card", "BJ"}, {"days", temporary_days}}, "bad_input").field == "days");
  CHECK(t.accept("injury_drawn", {{"by", hannah}, {"card", "BJ"}}).ledger ==
        Json{{"injury", "Head: brain damage, -1 Smarts"}, {"permanent", true}});
  // Doc never fell: he owes nothing; a character without a sheet has no Injury.
  CHECK(t.refuse("injury_drawn", {{"by", doc}, {"card", "2C"}, {"days", temporary_days}}, "illegal_move").field == "by");
  CHECK(t.count("SELECT COUNT(*) FROM injuries") == 2);
  check_verifies(t);
}

TEST_CASE("without an injury table the GM types the Injury, a Critical Success or death owes none", "[db][injury][fight]") {
  TempDir dir;
  fs::path folder = copy_sample(dir, "posse", sample_posse_dir());
  replace_in_file(folder / "options.csv", "ruleset,deadlands-1876", "ruleset,deadlands-ru");
  fs::remove(folder / "injuries.csv");
  TestLedger t(folder);
  CHECK(table_view(t.db())["injury_table"] == false);
  const std::string jack = t.badge("Lucky Jack Dawson"), smith = t.badge("Smith the Gunhand"), hannah = t.badge("Hannah Two Rivers");
  t.accept("fight_started", Json::object());
  t.accept("damage_rolled", {{"by", "gm"}, {"target", jack}, {"dice", damage_d6s({5, 5, 5, 5, 1})}});
  t.accept("incapacitation_rolled", {{"by", jack}, {"result", "last_stand"}});  // named by the GM (deadlands-ru)
  const Json days{{"die", 6}, {"face", 6}};
  CHECK(t.refuse("injury_drawn", {{"by", jack}, {"card", "7S"}, {"days", days}}, "bad_input").field == "injury");
  CHECK(t.refuse("injury_drawn", {{"by", jack}, {"card", "7S"}, {"days", days}, {"injury", "  "}}, "bad_input").field == "injury");
  CHECK(t.refuse("injury_drawn", {{"by", jack}, {"card", "7S"}, {"days", days}, {"injury", std::string(81, 'x')}}, "bad_input").field ==
        "injury");
  CHECK(t.accept("injury_drawn", {{"by", jack}, {"card", "7S"}, {"days", days}, {"injury", "\u0420\u0430\u043d\u0430 \u0432 \u0431\u043e\u043a"}})
            .ledger == Json{{"injury", "\u0420\u0430\u043d\u0430 \u0432 \u0431\u043e\u043a"}, {"permanent", false}, {"days", 8}});
  // A Critical Success avoids the killing blow (000 L176), and the dead draw no card.
  t.accept("damage_rolled", {{"by", "gm"}, {"target", smith}, {"dice", damage_d6s({5, 5, 5, 5, 5, 1})}});
  t.accept("incapacitation_rolled", {{"by", smith}, {"result", "stays_in"}});
  CHECK(combat_in_view(t, "Smith the Gunhand")["injury_owed"].is_null());
  t.accept("damage_rolled", {{"by", "gm"}, {"target", hannah}, {"dice", damage_d6s({5, 5, 5, 5, 3})}});
  t.accept("incapacitation_rolled", {{"by", hannah}, {"result", "bleeding_out"}});
  CHECK(combat_in_view(t, "Hannah Two Rivers")["injury_owed"] == "permanent");
  // What is owed: the worst of the rolls' until drawn, none after death.
  // Smith's Last Stand owes a temporary Injury; his next roll's Critical Success keeps it owed,
  // Bleeding Out after makes it permanent.
  const Json smith_past_w3 = damage_d6s({5, 5, 5});  // 15 against his Toughness 7: two wounds
  t.accept("damage_rolled", {{"by", "gm"}, {"target", smith}, {"dice", smith_past_w3}});
  t.accept("incapacitation_rolled", {{"by", smith}, {"result", "last_stand"}});
  t.accept("damage_rolled", {{"by", "gm"}, {"target", smith}, {"dice", smith_past_w3}});
  t.accept("incapacitation_rolled", {{"by", smith}, {"result", "stays_in"}});
  CHECK(combat_in_view(t, "Smith the Gunhand")["injury_owed"] == "temporary");
  t.accept("damage_rolled", {{"by", "gm"}, {"target", smith}, {"dice", smith_past_w3}});
  t.accept("incapacitation_rolled", {{"by", smith}, {"result", "bleeding_out"}});
  CHECK(combat_in_view(t, "Smith the Gunhand")["injury_owed"] == "permanent");
  // Hannah, healed of her bleeding, falls again and dies: the dead owe none.
  t.accept("healed", {{"healer", t.badge("Doc Ezekiel Hale")}, {"patient", hannah}, {"die", "d8"}, {"dice", {{"trait", {7}}, {"wild", {1}}}}});
  t.accept("damage_rolled", {{"by", "gm"}, {"target", hannah}, {"dice", damage_d6s({5, 5})}});
  t.accept("incapacitation_rolled", {{"by", hannah}, {"result", "death"}});
  CHECK(combat_in_view(t, "Hannah Two Rivers")["injury_owed"].is_null());
  check_verifies(t);
}

TEST_CASE("migration 24 on a ledger of schema 23: a fighter owes the Injury of their last Incapacitation roll", "[db][injury][migrations]") {
  TempDir dir;
  Database db(dir.file("old.db"), true);
  migrate_to_version(db, 23);
  // Five fighters (no rows they refer to but their badges: the check is on the column alone):
  // 1 last stand then unconscious, 2 bleeding out, 3 a Critical Success, 4 nothing, 5 bleeding
  // out then death.
  db.exec("PRAGMA foreign_keys = OFF");
  db.exec("INSERT INTO cards(code, kind, holder, title, since_seq) VALUES ('B1', 'badge', 1, 'one', 1), ('B2', 'badge', 2, 'two', 1), "
          "('B3', 'badge', 3, 'three', 1), ('B5', 'badge', 5, 'five', 1)");
  db.exec("INSERT INTO combatants(character, toughness, armor, parry, wound_levels, luck) VALUES "
          "(1, 5, 0, 2, 3, 'none'), (2, 5, 0, 2, 3, 'none'), (3, 5, 0, 2, 3, 'none'), (4, 5, 0, 2, 3, 'none'), "
          "(5, 5, 0, 2, 3, 'none')");
  auto event = [&](int seq, const std::string& by, const std::string& result) {
    db.prepare("INSERT INTO events(seq, uuid, station, server_time_ms, type, payload, prev_hash, hash) "
               "VALUES (?, ?, 'gm', 1, 'incapacitation_rolled', ?, x'00', x'01')")
        .bind(1, seq)
        .bind(2, "u" + std::to_string(seq))
        .bind(3, Json{{"by", by}, {"result", result}, {"ledger", {{"incapacitation", result}}}}.dump())
        .run();
  };
  event(5, "B1", "last_stand");
  event(6, "B2", "bleeding_out");
  event(7, "B1", "unconscious");
  event(8, "B3", "stays_in");
  event(9, "b-5", "bleeding_out");  // a badge as typed: the ledger reads it in any case, with hyphens
  event(10, " B5 ", "death");
  migrate(db);
  CHECK(schema_version(db) == static_cast<int>(migrations().size()));
  CHECK(db.scalar_text("SELECT group_concat(character || ': ' || COALESCE(injury_owed, '-'), '; ') FROM "
                       "(SELECT * FROM combatants ORDER BY character)") == "1: temporary; 2: permanent; 3: -; 4: -; 5: -");
}

TEST_CASE("migration 24 on a ledger of schema 23: a round has begun when something was rolled between its deal and the next", "[db][fight][migrations]") {
  TempDir dir;
  Database db(dir.file("old.db"), true);
  migrate_to_version(db, 23);
  db.exec("PRAGMA foreign_keys = OFF");
  // Fight 1 (events 1-6): round 1 at 2 (a Spirit roll at 3), round 2 at 4 (nothing but a chip);
  // a roll at 7 between fights; fight 8: round 1 at 9, then only a chip's new card.
  db.exec("INSERT INTO fights(seq, ended_seq) VALUES (1, 6), (8, NULL)");
  db.exec("INSERT INTO fight_rounds(seq, fight, number, cards, shuffled, joker) VALUES "
          "(2, 1, 1, '[]', 0, 0), (4, 1, 2, '[]', 0, 0), (9, 8, 1, '[]', 0, 0)");
  const std::vector<std::string> types{"fight_started", "cards_dealt", "unshaken", "cards_dealt", "chip_awarded",
                                       "fight_ended", "roll_recorded", "fight_started", "cards_dealt", "card_redrawn"};
  for (std::size_t i = 0; i < types.size(); ++i)
    db.prepare("INSERT INTO events(seq, uuid, station, server_time_ms, type, payload, prev_hash, hash) VALUES (?, ?, 'gm', 1, ?, '{}', x'00', x'01')")
        .bind(1, static_cast<std::int64_t>(i + 1))
        .bind(2, "u" + std::to_string(i + 1))
        .bind(3, types[i])
        .run();
  migrate(db);
  CHECK(db.scalar_text("SELECT group_concat(seq || ': ' || begun, '; ') FROM (SELECT * FROM fight_rounds ORDER BY seq)") == "2: 1; 4: 0; 9: 0");
}
