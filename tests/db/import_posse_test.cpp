// Importing a tabletop game's folder (issue 17; docs/event-format.md "A tabletop game"): the
// sample posse with its traits as die types, its Wild Cards and Extras, the posse's and the
// GM's characters, and its tokens of fortune; and folders broken one thing at a time.
#include <catch2/catch.hpp>

#include "db_test_helpers.h"
#include "ledger/verify.h"
#include "server/table_view.h"

using namespace marshal::db;
using namespace marshal::db::testing;

namespace {

const CharacterDef& character(const EventDefinition& def, const std::string& name) {
  auto it = std::find_if(def.characters.begin(), def.characters.end(), [&](const CharacterDef& c) { return c.name == name; });
  REQUIRE(it != def.characters.end());
  return *it;
}

// The errors of a broken copy of the posse; never a definition with them.
std::vector<ImportError> errors_of(const fs::path& folder) {
  ImportResult r = import_event(folder.string(), seeded_code_maker(3));
  INFO(all_errors(r));
  CHECK(r.definition.characters.empty());
  return r.errors;
}

bool has_error(const std::vector<ImportError>& errors, const std::string& file, int line, const std::string& column,
               const std::string& part) {
  return std::any_of(errors.begin(), errors.end(), [&](const ImportError& e) {
    return e.file == file && e.line == line && e.column_name == column && e.reason.find(part) != std::string::npos;
  });
}

void append_line(const fs::path& file, const std::string& line) {
  std::ofstream out(file, std::ios::app);
  out << line << "\n";
}

}  // namespace

TEST_CASE("the sample posse imports: four of the posse, the GM's two Wild Cards and an Extra, traits as dice",
          "[db][import][tabletop]") {
  ImportResult r = import_event(sample_posse_dir().string(), seeded_code_maker(1));
  INFO(all_errors(r));
  REQUIRE(r.ok());
  const EventDefinition& def = r.definition;
  CHECK(def.game == Game::tabletop);
  CHECK(def.options.ruleset == marshal::core::Ruleset::deadlands_1876);
  CHECK(std::count_if(def.characters.begin(), def.characters.end(), [](const CharacterDef& c) { return !c.gm_side; }) == 4);
  CHECK(std::count_if(def.characters.begin(), def.characters.end(),
                      [](const CharacterDef& c) { return c.gm_side && c.wild_card; }) == 2);
  const CharacterDef& deputy = character(def, "Gomorra Deputy");
  CHECK(deputy.gm_side);
  CHECK_FALSE(deputy.wild_card);
  // No Lincoln attributes in a tabletop folder: they read as 0.
  CHECK(deputy.attributes.speed == 0);
  const CharacterDef& grimme = character(def, "Reverend Grimme");
  auto faith = std::find_if(grimme.traits.begin(), grimme.traits.end(), [](const TraitDef& t) { return t.name == "Faith"; });
  REQUIRE(faith != grimme.traits.end());
  CHECK(faith->die == 12);
  CHECK(faith->bonus == 1);  // d12+1
  CHECK(std::count_if(def.cards.begin(), def.cards.end(), [](const CardDef& c) { return c.kind == "token"; }) == 6);
  auto marker = std::find_if(def.cards.begin(), def.cards.end(), [](const CardDef& c) {
    return c.kind == "token" && c.holder == "Lucky Jack Dawson" && c.detail.value("token", "") == "connection_marker";
  });
  REQUIRE(marker != def.cards.end());
  CHECK(marker->title == "Connection Marker: Cullen Bohannon d8");
  CHECK(marker->detail["die"] == "d8");
}

TEST_CASE("the posse's ledger keeps traits, sides and tokens, verify replays it, the night deals by side",
          "[db][import][tabletop]") {
  TestLedger t(sample_posse_dir());
  CHECK(t.db().scalar_text("SELECT value FROM event_info WHERE key = 'game'") == "tabletop");
  CHECK(t.count("SELECT COUNT(*) FROM traits") == 59);
  CHECK(t.count("SELECT COUNT(*) FROM traits t JOIN characters c ON c.id = t.character "
                "WHERE c.name = 'Smith the Gunhand' AND t.trait = 'Shooting' AND t.die = 12 AND t.bonus = 0") == 1);
  CHECK(t.count("SELECT COUNT(*) FROM characters WHERE side = 'gm'") == 3);
  CHECK(t.count("SELECT COUNT(*) FROM characters WHERE wild_card = 0") == 1);
  CHECK(t.count("SELECT COUNT(*) FROM cards WHERE kind = 'token' AND spent = 0") == 6);
  // deadlands-1876 deals nothing at the night's start: its chips are awarded (000 L22).
  t.accept("night_started", Json::object());
  CHECK(t.count("SELECT COALESCE(SUM(count), 0) FROM chips") == 0);
  t.close();
  VerifyReport report = verify_ledger(t.path());
  INFO(report.reason);
  CHECK(report.ok);
}

TEST_CASE("savage deals three to each of the posse, one a player to the GM, two to each GM Wild Card, none to Extras",
          "[db][import][tabletop][chips]") {
  TempDir dir;
  fs::path folder = copy_sample(dir, "posse", sample_posse_dir());
  replace_in_file(folder / "options.csv", "ruleset,deadlands-1876", "ruleset,savage");
  TestLedger t(folder);
  AppendResult night = t.accept("night_started", Json::object());
  CHECK(night.ledger["dealt"]["players"] == 4);  // the posse: 001 L31
  CHECK(night.ledger["dealt"]["gm"] == 4);       // one a player character: 001 L36
  CHECK(night.ledger["dealt"]["gm_wild_cards"]["count"] == 2);
  CHECK(night.ledger["dealt"]["gm_wild_cards"]["each"] == 2);  // 001 L37
  auto bennies = [&](const std::string& name) {
    return t.count("SELECT COALESCE(SUM(h.count), 0) FROM chips h JOIN characters c ON c.id = h.holder WHERE c.name = '" +
                   name + "'");
  };
  CHECK(bennies("Hannah Two Rivers") == 3);
  CHECK(bennies("Reverend Grimme") == 2);
  CHECK(bennies("Gomorra Deputy") == 0);
  CHECK(t.count("SELECT count FROM chips WHERE holder = 0") == 4);
  t.close();
  VerifyReport report = verify_ledger(t.path());
  INFO(report.reason);
  CHECK(report.ok);
}

TEST_CASE("a broken posse folder names each bad trait and token at its cell and writes nothing", "[db][import][tabletop]") {
  TempDir dir;
  fs::path folder = copy_sample(dir, "posse", sample_posse_dir());
  append_line(folder / "traits.csv", "Doc Ezekiel Hale,Riding,d7");         // line 61
  append_line(folder / "traits.csv", "Doc Ezekiel Hale,Healing,d6");        // 62: twice
  append_line(folder / "traits.csv", "Doc Ezekial Hale,Riding,d6");         // 63: a typo
  append_line(folder / "traits.csv", "Lucky Jack Dawson,Riding,d10+1");     // 64: a bonus below d12
  append_line(folder / "traits.csv", "Lucky Jack Dawson,Climbing,d12+7");   // 65: past d12+6
  append_line(folder / "traits.csv", "Lucky Jack Dawson,Lockpicking,d12+6");  // 66: the limit, fine
  append_line(folder / "tokens.csv", "Doc Ezekiel Hale,luck_charm,,d6");           // line 8
  append_line(folder / "tokens.csv", "Doc Ezekiel Hale,connection_marker,,d8");    // 9
  append_line(folder / "tokens.csv", "Doc Ezekiel Hale,rabbit_foot,,");            // 10
  append_line(folder / "tokens.csv", "Doc Ezekiel Hale,hole_card,Survival,d20");   // 11
  auto errors = errors_of(folder);
  CHECK(errors.size() == 9);
  CHECK(has_error(errors, "traits.csv", 61, "die", "'d7' is not a die type"));
  CHECK(has_error(errors, "traits.csv", 62, "trait", "Doc Ezekiel Hale already has Healing"));
  CHECK(has_error(errors, "traits.csv", 63, "character", "did you mean 'Doc Ezekiel Hale'"));
  CHECK(has_error(errors, "traits.csv", 64, "die", "'d10+1'"));
  CHECK(has_error(errors, "traits.csv", 65, "die", "up to d12+6"));
  CHECK(has_error(errors, "tokens.csv", 8, "die", "a Luck Charm has no die"));
  CHECK(has_error(errors, "tokens.csv", 9, "text", "names its connection"));
  CHECK(has_error(errors, "tokens.csv", 10, "token", "'rabbit_foot' is not a token"));
  CHECK(has_error(errors, "tokens.csv", 11, "die", "'d20' is not a die"));
}

TEST_CASE("the Lincoln attributes are required in a Lincoln event only, traits only in a tabletop game",
          "[db][import][tabletop]") {
  TempDir dir;
  SECTION("a tabletop game without the Lincoln columns imports (the posse has none)") {
    fs::path folder = copy_sample(dir, "posse", sample_posse_dir());
    replace_in_file(folder / "options.csv", "game,tabletop\n", "");
    auto errors = errors_of(folder);
    // As a Lincoln event the posse lacks the five attributes, and its traits are refused.
    CHECK(has_error(errors, "characters.csv", 1, "", "hth"));
    CHECK(std::any_of(errors.begin(), errors.end(), [](const ImportError& e) {
      return e.file == "traits.csv" && e.reason.find("set game to tabletop") != std::string::npos;
    }));
  }
  SECTION("an unknown game is named with the known ones") {
    fs::path folder = copy_sample(dir, "posse", sample_posse_dir());
    replace_in_file(folder / "options.csv", "game,tabletop", "game,poker");
    auto errors = errors_of(folder);
    CHECK(has_error(errors, "options.csv", 3, "value", "game is lincoln, tabletop or twtw"));
  }
  SECTION("a side other than posse or gm") {
    fs::path folder = copy_sample(dir, "posse", sample_posse_dir());
    replace_in_file(folder / "characters.csv", "Smith the Gunhand,,gm,", "Smith the Gunhand,,villain,");
    auto errors = errors_of(folder);
    CHECK(has_error(errors, "characters.csv", 7, "side", "'villain' is neither posse nor gm"));
  }
}

TEST_CASE("Joker's Wild in savage: a Benny for each of the posse, or the GM's pool and Wild Cards, refused elsewhere",
          "[db][tabletop][chips]") {
  TempDir dir;
  fs::path folder = copy_sample(dir, "posse", sample_posse_dir());
  replace_in_file(folder / "options.csv", "ruleset,deadlands-1876", "ruleset,savage");
  TestLedger t(folder);
  auto bennies = [&](const std::string& name) {
    return t.count("SELECT COALESCE(SUM(h.count), 0) FROM chips h JOIN characters c ON c.id = h.holder WHERE c.name = '" +
                   name + "'");
  };
  AppendResult posse = t.accept("jokers_wild", {{"drawn_by", "posse"}});  // 001 L35
  CHECK(posse.ledger["given"]["characters"] == 4);
  CHECK(bennies("Lucky Jack Dawson") == 1);
  CHECK(bennies("Reverend Grimme") == 0);
  AppendResult villains = t.accept("jokers_wild", {{"drawn_by", "gm"}});  // 001 L39
  CHECK(villains.ledger["given"]["characters"] == 2);                      // the Extra gets none
  CHECK(villains.ledger["given"]["gm_pool"] == 1);
  CHECK(bennies("Reverend Grimme") == 1);
  CHECK(bennies("Gomorra Deputy") == 0);
  CHECK(t.count("SELECT count FROM chips WHERE holder = 0") == 1);
  AppendResult bad = t.append("jokers_wild", {{"drawn_by", "dealer"}});
  CHECK(bad.code == "bad_input");
  t.close();
  VerifyReport report = verify_ledger(t.path());
  INFO(report.reason);
  CHECK(report.ok);

  TestLedger deadlands(sample_posse_dir());
  AppendResult refused = deadlands.append("jokers_wild", {{"drawn_by", "posse"}});
  CHECK_FALSE(refused.accepted);
  CHECK(refused.code == "illegal_move");
  CHECK(refused.reason.find("deadlands-1876 has no Joker's Wild") != std::string::npos);
}

TEST_CASE("an event sets a ruleset's options: imported, kept, judged by, shown to the station", "[db][import][tabletop]") {
  TempDir dir;
  fs::path folder = copy_sample(dir, "posse", sample_posse_dir());
  replace_in_file(folder / "options.csv", "ruleset,deadlands-1876", "ruleset,savage\nmodifier_on,trait_die\ncrit_fail_reroll,one_benny");
  TestLedger t(folder);
  CHECK(t.db().scalar_text("SELECT value FROM event_info WHERE key = 'rule_options'") ==
        R"({"modifier_on":"trait_die","crit_fail_reroll":"one_benny"})");  // as options.csv sets them
  // d8 2 and a Wild Die 3 at +1 against TN 4: savage puts the +1 on both (4, a success); with
  // modifier_on trait_die the Wild Die stays 3 and the trait die makes 3: a failure.
  AppendResult roll = t.accept("roll_recorded", {{"by", t.badge("Hannah Two Rivers")}, {"die", "d8"}, {"modifier", 1},
                                                 {"dice", {{"trait", {2}}, {"wild", {3}}}}});
  CHECK(roll.ledger["result"] == 3);
  CHECK(roll.ledger["success"] == false);
  Json view = table_view(t.db());
  CHECK(view["rules"]["modifier_on"] == "trait_die");
  CHECK(view["rules"]["crit_fail_reroll"] == "one_benny");
  CHECK(view["rules"]["natural_one"] == "no");  // savage's own
  t.close();
  VerifyReport report = verify_ledger(t.path());
  INFO(report.reason);
  CHECK(report.ok);

  // A bad option is named at its cell, and nothing is written.
  replace_in_file(folder / "options.csv", "crit_fail_reroll,one_benny", "crit_fail_reroll,twice");
  ImportResult bad = import_event(folder.string(), seeded_code_maker(4));
  REQUIRE(bad.errors.size() == 1);
  CHECK(bad.errors[0].file == "options.csv");
  CHECK(bad.errors[0].line == 6);
  CHECK(bad.errors[0].reason == "crit_fail_reroll: 'twice' is not one of never, one_benny");
}
