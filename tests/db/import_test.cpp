// Importing an event folder (docs/event-format.md): the sample town, and folders broken one
// thing at a time. A broken folder gives every error (file, line, column, reason) and no ledger.
#include <catch2/catch.hpp>

#include <set>

#include "db_test_helpers.h"

using namespace marshal::db;
using namespace marshal::db::testing;
namespace core = marshal::core;

namespace {

// What `marshal init` does: import, and create the ledger only when nothing is wrong.
ImportResult import_then_create(const fs::path& folder, const std::string& db_path) {
  ImportResult imported = import_event(folder.string(), seeded_code_maker(7));
  if (imported.ok()) Ledger::create(db_path, imported.definition, evening_start_ms);
  return imported;
}

// The one error of a broken folder, with the ledger file never made.
ImportError only_error(const TempDir& dir, const fs::path& folder) {
  std::string db_path = dir.file("never.db");
  ImportResult r = import_then_create(folder, db_path);
  INFO(all_errors(r));
  CHECK_FALSE(fs::exists(db_path));
  CHECK(r.definition.characters.empty());
  REQUIRE(r.errors.size() == 1);
  return r.errors.front();
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("the sample event imports whole, every card with its own well-formed code", "[db][import]") {
  ImportResult r = import_event(sample_event_dir().string(), seeded_code_maker(1));
  INFO(all_errors(r));
  REQUIRE(r.errors.empty());
  const EventDefinition& def = r.definition;
  CHECK(def.title == "Lincoln 1875 - An Evening in Lincoln Town");
  CHECK(def.characters.size() >= 30);

  auto mayor = std::find_if(def.characters.begin(), def.characters.end(),
                            [](const CharacterDef& c) { return c.name == "Zechariah Chamberlain"; });
  REQUIRE(mayor != def.characters.end());
  CHECK(mayor->powers == std::vector<core::Power>{core::Power::mayor});

  CHECK(def.locations.size() >= 8);
  CHECK(std::count_if(def.locations.begin(), def.locations.end(), [](const core::Location& l) { return l.road; }) == 2);

  std::set<std::string> codes;
  for (const auto& card : def.cards) {
    core::ParsedCardCode parsed = core::parse_card_code(card.code);
    INFO(card.kind << " " << card.title << " " << card.code);
    CHECK(parsed.ok());
    CHECK(parsed.code == card.code);  // stored canonical
    CHECK(card.code.size() == core::card_code_length);
    CHECK(codes.insert(card.code).second);
  }
  CHECK(codes.size() == def.cards.size());
  // One badge per character, and its code is the character's badge code.
  for (const auto& c : def.characters)
    CHECK(std::count_if(def.cards.begin(), def.cards.end(), [&](const CardDef& card) {
            return card.kind == "badge" && card.holder == c.name && card.code == c.badge_code;
          }) == 1);
  // A trick's flag is in its detail, never in its code.
  auto trick = std::find_if(def.cards.begin(), def.cards.end(), [](const CardDef& c) { return c.kind == "trick"; });
  REQUIRE(trick != def.cards.end());
  CHECK((trick->detail["flag"] == "cheat" || trick->detail["flag"] == "skill"));
  // The same seed gives the same codes; another seed others.
  ImportResult again = import_event(sample_event_dir().string(), seeded_code_maker(1));
  ImportResult other = import_event(sample_event_dir().string(), seeded_code_maker(2));
  REQUIRE(again.ok());
  REQUIRE(other.ok());
  CHECK(again.definition.cards.front().code == def.cards.front().code);
  CHECK(other.definition.cards.front().code != def.cards.front().code);
}

TEST_CASE("an unknown character in bystanders.csv is named with the closest known one", "[db][import]") {
  TempDir dir;
  fs::path folder = copy_sample(dir);
  // Line 3 of bystanders.csv is the Mayor's second bystander.
  replace_in_file(folder / "bystanders.csv", "Zechariah Chamberlain,\"Mr. Tolliver",
                  "Zechariah Chamberlin,\"Mr. Tolliver");
  ImportError e = only_error(dir, folder);
  CHECK(e.file == "bystanders.csv");
  CHECK(e.line == 3);
  CHECK(e.column == 1);
  CHECK(e.column_name == "character");
  CHECK(contains(e.reason, "Zechariah Chamberlin"));
  CHECK(contains(e.reason, "did you mean 'Zechariah Chamberlain'"));
  CHECK(contains(e.to_string(), "bystanders.csv line 3, column 1 (character)"));
}

TEST_CASE("a horse rated out of range is refused at its cell", "[db][import]") {
  TempDir dir;
  fs::path folder = copy_sample(dir);
  replace_in_file(folder / "horses.csv", "Sheriff Amos Brady,Brimstone,3", "Sheriff Amos Brady,Brimstone,7");
  ImportError e = only_error(dir, folder);
  CHECK(e.file == "horses.csv");
  CHECK(e.line == 3);
  CHECK(e.column == 3);
  CHECK(e.column_name == "rating");
  CHECK(contains(e.reason, "7 is out of range 0 to 4"));
}

TEST_CASE("a link to a location that does not exist is refused", "[db][import]") {
  TempDir dir;
  fs::path folder = copy_sample(dir);
  replace_in_file(folder / "locations.csv", "Box Canyon,,2,Two-horn Rock;Dead Man's Pass",
                  "Box Canyon,,2,Two-horn Rock;Dead Mans Pass");
  ImportError e = only_error(dir, folder);
  CHECK(e.file == "locations.csv");
  CHECK(e.line == 9);
  CHECK(e.column == 4);
  CHECK(e.column_name == "links");
  CHECK(contains(e.reason, "'Dead Mans Pass', which is no location"));
  CHECK(contains(e.reason, "did you mean 'Dead Man's Pass'"));
}

TEST_CASE("a character named twice is refused at the second", "[db][import]") {
  TempDir dir;
  fs::path folder = copy_sample(dir);
  std::string text = read_text(folder / "characters.csv");
  int lines = static_cast<int>(std::count(text.begin(), text.end(), '\n'));
  write_text(folder / "characters.csv", text + "Kid Calloway,,1,1,1,1,1,,a second Kid\n");
  ImportError e = only_error(dir, folder);
  CHECK(e.file == "characters.csv");
  CHECK(e.line == lines + 1);
  CHECK(e.column == 1);
  CHECK(contains(e.reason, "'Kid Calloway' is a duplicate name"));
}

TEST_CASE("an unknown column is refused, not ignored", "[db][import]") {
  TempDir dir;
  fs::path folder = copy_sample(dir);
  replace_in_file(folder / "horses.csv", "character,name,rating", "character,name,rating,colour");
  ImportError e = only_error(dir, folder);
  CHECK(e.file == "horses.csv");
  CHECK(e.line == 1);
  CHECK(e.column == 4);
  CHECK(e.column_name == "colour");
  CHECK(contains(e.reason, "unknown column 'colour'"));
}

TEST_CASE("a missing required column is refused", "[db][import]") {
  TempDir dir;
  fs::path folder = copy_sample(dir);
  // Drop the rating column from every line of horses.csv.
  std::string text = read_text(folder / "horses.csv"), out, line;
  std::istringstream in(text);
  while (std::getline(in, line)) out += line.substr(0, line.rfind(',')) + "\n";
  write_text(folder / "horses.csv", out);
  ImportError e = only_error(dir, folder);
  CHECK(e.file == "horses.csv");
  CHECK(e.line == 1);
  CHECK(contains(e.reason, "the column 'rating' is missing"));
}

TEST_CASE("an unterminated quote is reported as one, where it opens", "[db][import]") {
  TempDir dir;
  fs::path folder = copy_sample(dir);
  // Line 3 of secrets.csv opens a quote in its title that never closes.
  replace_in_file(folder / "secrets.csv", "Zechariah Chamberlain,Mortgaged to the House,",
                  "Zechariah Chamberlain,\"Mortgaged to the House,");
  ImportError e = only_error(dir, folder);
  CHECK(e.file == "secrets.csv");
  CHECK(e.line == 3);
  CHECK(e.column == 2);
  CHECK(contains(e.reason, "quoted field is never closed"));

  // The same at the very end of the file, where no later quote trips the parser.
  fs::copy_file(sample_event_dir() / "secrets.csv", folder / "secrets.csv", fs::copy_options::overwrite_existing);
  std::string text = read_text(folder / "secrets.csv");
  int lines = static_cast<int>(std::count(text.begin(), text.end(), '\n'));
  write_text(folder / "secrets.csv", text + "Sheriff Amos Brady,Unsent letter,\"Dear Mulroney, the Rangers\n");
  ImportError at_end = only_error(dir, folder);
  CHECK(at_end.file == "secrets.csv");
  CHECK(at_end.line == lines + 1);
  CHECK(at_end.column == 3);
  CHECK(contains(at_end.reason, "quoted field is never closed"));
}

TEST_CASE("a folder without characters.csv is refused", "[db][import]") {
  TempDir dir;
  fs::path folder = copy_sample(dir);
  fs::remove(folder / "characters.csv");
  std::string db_path = dir.file("never.db");
  ImportResult r = import_then_create(folder, db_path);
  CHECK_FALSE(fs::exists(db_path));
  REQUIRE_FALSE(r.errors.empty());
  CHECK(r.errors.front().file == "characters.csv");
  CHECK(r.errors.front().line == 0);
  CHECK(contains(r.errors.front().reason, "is missing"));
  // The cards then name characters nobody defined: those are reported too.
  CHECK(std::any_of(r.errors.begin(), r.errors.end(), [](const ImportError& e) {
    return e.file == "tricks.csv" && contains(e.reason, "not in characters.csv");
  }));
}

TEST_CASE("an attribute above max_attribute is refused", "[db][import]") {
  TempDir dir;
  fs::path folder = copy_sample(dir);
  replace_in_file(folder / "characters.csv", "Big Mike Costigan,,4,1,2,3,1", "Big Mike Costigan,,5,1,2,3,1");
  ImportError e = only_error(dir, folder);
  CHECK(e.file == "characters.csv");
  CHECK(e.line == 25);
  CHECK(e.column == 3);
  CHECK(e.column_name == "hth");
  CHECK(contains(e.reason, "5 is out of range 0 to 4"));

  // With max_attribute 5 the same row is fine.
  replace_in_file(folder / "options.csv", "max_attribute,4", "max_attribute,5");
  ImportResult raised = import_event(folder.string(), seeded_code_maker(3));
  INFO(all_errors(raised));
  CHECK(raised.ok());
  CHECK(raised.definition.max_attribute == 5);
}

TEST_CASE("a trick flag other than cheat or skill is refused", "[db][import]") {
  TempDir dir;
  fs::path folder = copy_sample(dir);
  replace_in_file(folder / "tricks.csv", "Zechariah Chamberlain,Two Pair,skill", "Zechariah Chamberlain,Two Pair,bluff");
  ImportError e = only_error(dir, folder);
  CHECK(e.file == "tricks.csv");
  CHECK(e.line == 2);
  CHECK(e.column == 3);
  CHECK(e.column_name == "flag");
  CHECK(contains(e.reason, "'bluff' is neither cheat nor skill"));
}

TEST_CASE("an unknown option is refused", "[db][import]") {
  TempDir dir;
  fs::path folder = copy_sample(dir);
  write_text(folder / "options.csv", read_text(folder / "options.csv") + "saloon_hours,12\n");
  ImportError e = only_error(dir, folder);
  CHECK(e.file == "options.csv");
  CHECK(e.line == 5);
  CHECK(e.column == 1);
  CHECK(contains(e.reason, "unknown option 'saloon_hours'"));
}

TEST_CASE("every problem of a folder is reported at once", "[db][import]") {
  TempDir dir;
  fs::path folder = copy_sample(dir);
  replace_in_file(folder / "horses.csv", "Sheriff Amos Brady,Brimstone,3", "Sheriff Amos Brady,Brimstone,9");
  replace_in_file(folder / "tricks.csv", "Zechariah Chamberlain,Two Pair,skill", "Zechariah Chamberlain,Two Pair,bluff");
  replace_in_file(folder / "bystanders.csv", "Zechariah Chamberlain,\"Mr. Tolliver", "Zechariah Chamberlin,\"Mr. Tolliver");
  write_text(folder / "options.csv", read_text(folder / "options.csv") + "saloon_hours,12\n");
  std::string db_path = dir.file("never.db");
  ImportResult r = import_then_create(folder, db_path);
  INFO(all_errors(r));
  CHECK_FALSE(fs::exists(db_path));
  REQUIRE(r.errors.size() == 4);
  std::set<std::string> where;
  for (const auto& e : r.errors) where.insert(e.file + ":" + std::to_string(e.line) + ":" + std::to_string(e.column));
  CHECK(where == std::set<std::string>{"horses.csv:3:3", "tricks.csv:2:3", "bystanders.csv:3:1", "options.csv:5:1"});
}

TEST_CASE("a folder that is not there is an error, not an empty event", "[db][import]") {
  TempDir dir;
  ImportResult r = import_event((dir.path() / "nowhere").string(), seeded_code_maker(1));
  REQUIRE(r.errors.size() == 1);
  CHECK(contains(r.errors.front().reason, "is not a folder"));
}

TEST_CASE("a stray quote inside an unquoted cell is refused at its line", "[db][import]") {
  TempDir dir;
  fs::path folder = copy_sample(dir);
  replace_in_file(folder / "tricks.csv", "Zechariah Chamberlain,Two Pair,skill", "Zechariah Chamberlain,Two \"Pair\",skill");
  ImportError e = only_error(dir, folder);
  CHECK(e.file == "tricks.csv");
  CHECK(e.line == 2);
  CHECK(e.column == 2);
  CHECK(contains(e.reason, "cannot be read as CSV"));
}

TEST_CASE("quoted cells may hold commas, quotes and line breaks, and lines are still counted right", "[db][import]") {
  TempDir dir;
  fs::path folder = copy_sample(dir);
  // A two-line note with a quoted word on the Mayor (line 2), then a bad flag on line 3 of
  // tricks.csv after a two-line hand on line 2.
  replace_in_file(folder / "characters.csv", ",mayor,\"Mayor of Lincoln", ",mayor,\"The \"\"honest\"\" Mayor,\nof Lincoln");
  replace_in_file(folder / "tricks.csv", "Zechariah Chamberlain,Two Pair,skill\nZechariah Chamberlain,Full House,cheat",
                  "Zechariah Chamberlain,\"Two Pair,\nqueens high\",skill\nZechariah Chamberlain,Full House,chaet");
  ImportError e = only_error(dir, folder);
  CHECK(e.file == "tricks.csv");
  CHECK(e.line == 4);
  CHECK(e.column == 3);

  replace_in_file(folder / "tricks.csv", "Full House,chaet", "Full House,cheat");
  ImportResult r = import_event(folder.string(), seeded_code_maker(4));
  INFO(all_errors(r));
  REQUIRE(r.ok());
  CHECK(r.definition.characters.front().notes.rfind("The \"honest\" Mayor,\nof Lincoln", 0) == 0);
  CHECK(std::any_of(r.definition.cards.begin(), r.definition.cards.end(),
                    [](const CardDef& c) { return c.kind == "trick" && c.title == "Two Pair,\nqueens high"; }));
}
