// A tabletop game's fight sheets (issue 32; docs/tabletop.md "Combat sheets"): combat.csv read
// into the definition, kept in `combatants` (migration 21) with each fighter unhurt, shown by GET
// /table, replayed by verify; bad rows named at their cell; a sheet outside a tabletop game
// refused.
#include <catch2/catch.hpp>

#include "db_test_helpers.h"
#include "ledger/combatants.h"
#include "ledger/verify.h"
#include "server/table_view.h"

using namespace marshal::db;
using namespace marshal::db::testing;
using marshal::core::CombatSheet;
using marshal::core::Luck;

namespace {

std::optional<CombatSheet> sheet_of(const EventDefinition& def, const std::string& name) {
  auto it = std::find_if(def.characters.begin(), def.characters.end(), [&](const CharacterDef& c) { return c.name == name; });
  REQUIRE(it != def.characters.end());
  return it->combat;
}

bool names_error(const std::vector<ImportError>& errors, int line, const std::string& column, const std::string& part) {
  return std::any_of(errors.begin(), errors.end(), [&](const ImportError& e) {
    return e.file == "combat.csv" && e.line == line && e.column_name == column && e.reason.find(part) != std::string::npos;
  });
}

std::vector<ImportError> combat_errors(const fs::path& folder) {
  ImportResult r = import_event(folder.string(), seeded_code_maker(5));
  CHECK(r.definition.characters.empty());  // nothing imported with an error
  return r.errors;
}

const Json& character_in_view(const Json& view, const std::string& name) {
  for (const Json& c : view["characters"])
    if (c["name"] == name) return c;
  FAIL("no " << name << " in the table view");
  throw std::logic_error("unreachable");
}

}  // namespace

TEST_CASE("the posse's combat.csv: Toughness with armour, Parry, Wound levels by Wild Card, Luck", "[db][combat_sheet]") {
  ImportResult r = import_event(sample_posse_dir().string(), seeded_code_maker(1));
  INFO(all_errors(r));
  REQUIRE(r.ok());
  const EventDefinition& def = r.definition;
  CHECK(sheet_of(def, "Smith the Gunhand") == CombatSheet{7, 1, 6, 3, Luck::none});
  CHECK(sheet_of(def, "Gomorra Deputy") == CombatSheet{5, 0, 5, 0, Luck::none});  // an Extra: no Wound levels
  CHECK(sheet_of(def, "Lucky Jack Dawson") == CombatSheet{5, 0, 5, 3, Luck::lucky});
  // The sheet goes through the stored definition unchanged; a definition without one has no key.
  const Json json = definition_to_json(def);
  CHECK(json["characters"][0]["combat"]["toughness"] == 5);
  CHECK(definition_to_json(definition_from_json(json)) == json);
  CHECK(definition_from_json(json).characters[5].combat == def.characters[5].combat);
  ImportResult lincoln = import_event(sample_event_dir().string(), seeded_code_maker(1));
  REQUIRE(lincoln.ok());
  CHECK_FALSE(definition_to_json(lincoln.definition)["characters"][0].contains("combat"));
}

TEST_CASE("the ledger keeps each sheet unhurt, GET /table shows it, verify replays it and catches a forged one",
          "[db][combat_sheet]") {
  TempDir dir;
  fs::path folder = copy_sample(dir, "posse", sample_posse_dir());
  // Hannah has no row: she has no sheet (the Table screen cannot judge a hit on her yet).
  replace_in_file(folder / "combat.csv", "Hannah Two Rivers,6,,2,,,Vigor d8; no Fighting\n", "");
  TestLedger t(folder);
  CHECK(t.count("SELECT COUNT(*) FROM combatants") == 6);
  const std::int64_t smith = t.count("SELECT id FROM characters WHERE name = 'Smith the Gunhand'");
  const auto row = find_combatant(t.db(), smith);
  REQUIRE(row);
  CHECK(row->sheet == CombatSheet{7, 1, 6, 3, Luck::none});
  CHECK(row->state == marshal::core::new_combatant(3));
  const Json view = table_view(t.db());
  const Json& gunhand = character_in_view(view, "Smith the Gunhand");
  CHECK(gunhand["combat"] == Json{{"toughness", 7}, {"armor", 1}, {"parry", 6}, {"wound_levels", 3},
                                  {"luck", "none"}, {"wounds", 0}, {"shaken", false}, {"state", "fighting"},
                                  {"joker", false}, {"injury_owed", nullptr}, {"injuries", Json::array()}});
  CHECK(character_in_view(view, "Gomorra Deputy")["combat"]["wound_levels"] == 0);
  CHECK(character_in_view(view, "Hannah Two Rivers")["combat"].is_null());
  t.close();
  VerifyReport report = verify_ledger(t.path());
  INFO(report.reason);
  CHECK(report.ok);
  {
    Database forged(t.path(), false);
    forged.exec("UPDATE combatants SET toughness = 12 WHERE character = " + std::to_string(smith));
  }
  VerifyReport caught = verify_ledger(t.path());
  CHECK_FALSE(caught.ok);
  CHECK(caught.reason.find("combatants") != std::string::npos);
}

TEST_CASE("a bad combat.csv row is named at its cell and nothing is written", "[db][combat_sheet]") {
  TempDir dir;
  fs::path folder = copy_sample(dir, "posse", sample_posse_dir());
  write_text(folder / "combat.csv",
             "character,toughness,armor,parry,wound_levels,luck\n"
             "Doc Ezekial Hale,5,,2,,\n"               // line 2: a typo
             "Hannah Two Rivers,0,,2,,\n"              // 3: Toughness 0
             "Father Tomas Ruiz,6,6,2,,\n"             // 4: armour is all of Toughness
             "Lucky Jack Dawson,5,,21,,\n"             // 5: Parry past max_parry
             "Reverend Grimme,7,,6,11,\n"              // 6: Wound levels past max_wound_levels
             "Smith the Gunhand,7,1,6,,charmed\n"      // 7: no such Luck
             "Smith the Gunhand,7,1,6,,\n"             // 8: a second row
             "Gomorra Deputy,41,,5,,\n");              // 9: Toughness past max_toughness
  const auto errors = combat_errors(folder);
  CHECK(errors.size() == 8);
  CHECK(names_error(errors, 2, "character", "did you mean 'Doc Ezekiel Hale'"));
  CHECK(names_error(errors, 3, "toughness", "0 is out of range 1 to 40"));
  CHECK(names_error(errors, 4, "armor", "6 is not part of Toughness 6"));
  CHECK(names_error(errors, 5, "parry", "21 is out of range 0 to 20"));
  CHECK(names_error(errors, 6, "wound_levels", "11 is out of range 0 to 10"));
  CHECK(names_error(errors, 7, "luck", "'charmed' is not one of none, unlucky, lucky, great_luck"));
  CHECK(names_error(errors, 8, "character", "'Smith the Gunhand' has a row already"));
  CHECK(names_error(errors, 9, "toughness", "41 is out of range 1 to 40"));

  // The limits themselves are taken: Toughness 40 with 39 armour, Parry 0 and 20, 10 Wound levels.
  write_text(folder / "combat.csv",
             "character,toughness,armor,parry,wound_levels\n"
             "Gomorra Deputy,40,39,0,10\nSmith the Gunhand,1,0,20,0\n");
  ImportResult limits = import_event(folder.string(), seeded_code_maker(5));
  INFO(all_errors(limits));
  REQUIRE(limits.ok());
  CHECK(sheet_of(limits.definition, "Gomorra Deputy") == CombatSheet{40, 39, 0, 10, Luck::none});

  write_text(folder / "combat.csv", "character,toughness\nGomorra Deputy,5\n");  // parry is required
  CHECK_FALSE(combat_errors(folder).empty());
  write_text(folder / "combat.csv", "character,toughness,parry\n");
  CHECK(names_error(combat_errors(folder), 0, "", "lists no characters"));
}

TEST_CASE("fight sheets belong to a tabletop game, in the folder and in a stored definition", "[db][combat_sheet]") {
  TempDir dir;
  fs::path folder = copy_sample(dir, "event", sample_event_dir());
  write_text(folder / "combat.csv", "character,toughness,parry\nKid Calloway,5,2\n");
  CHECK(names_error(combat_errors(folder), 0, "", "set game to tabletop"));

  ImportResult posse = import_event(sample_posse_dir().string(), seeded_code_maker(1));
  REQUIRE(posse.ok());
  Json json = definition_to_json(posse.definition);
  json["characters"][0]["combat"]["armor"] = 5;  // all of Toughness 5
  CHECK_THROWS_WITH(definition_from_json(json), Catch::Contains("characters[0].combat.armor"));
  json["characters"][0]["combat"]["armor"] = 0;
  json["characters"][0]["combat"]["luck"] = "charmed";
  CHECK_THROWS_WITH(definition_from_json(json), Catch::Contains("characters[0].combat.luck"));
  json["characters"][0]["combat"]["luck"] = "none";
  json.erase("game");  // a Lincoln evening
  CHECK_THROWS_WITH(definition_from_json(json), Catch::Contains("characters[0].combat"));
}
