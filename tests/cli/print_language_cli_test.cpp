// marshal print in the event's language: options.csv's `language` prints the cards and the
// command's own lines in Russian, --lang overrides it, and a language Marshal lacks is refused by
// name at init (file and line) and at print.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "run_program.h"

namespace fs = std::filesystem;

namespace {

// A copy of the sample town whose options.csv ends with `language,LANG`.
struct TownIn {
  fs::path path = fs::temp_directory_path() / ("marshal-print-lang-" + std::to_string(::getpid()));
  explicit TownIn(const std::string& language) {
    fs::remove_all(path);
    fs::create_directories(path);
    fs::copy(fs::path(MARSHAL_SOURCE_DIR) / "events" / "lincoln-1875", path / "event", fs::copy_options::recursive);
    std::ofstream(path / "event" / "options.csv", std::ios::app) << "language," << language << "\n";
  }
  ~TownIn() { fs::remove_all(path); }
  std::string file(const std::string& name) const { return (path / name).string(); }
};

}  // namespace

TEST_CASE("an event in Russian prints in Russian, --lang en prints the same ledger in English", "[cli][i18n]") {
  TownIn town("ru");
  ProgramRun init = run_marshal({"init", town.file("event"), "--db", town.file("town.db")});
  INFO(init.out << init.err);
  REQUIRE(init.exit_code == 0);

  ProgramRun russian = run_marshal({"print", "decks", "--db", town.file("town.db"), "--out", town.file("ru")});
  INFO(russian.out << russian.err);
  REQUIRE(russian.exit_code == 0);
  CHECK(russian.out.find("2 файла") == 0);  // "2 files": Russian's form for 2-4
  CHECK(russian.out.find("Печатайте в натуральную величину (100%)") != std::string::npos);

  ProgramRun english =
      run_marshal({"print", "decks", "--db", town.file("town.db"), "--out", town.file("en"), "--lang", "en"});
  REQUIRE(english.exit_code == 0);
  CHECK(english.out.find("2 files, ") == 0);
  CHECK(english.out.find("Print at actual size (100%)") != std::string::npos);

  // Printed again into the same folder: said, not silent.
  ProgramRun again = run_marshal({"print", "decks", "--db", town.file("town.db"), "--out", town.file("en"), "--lang", "en"});
  CHECK(again.out.find("2 files were there from before and are printed over.") != std::string::npos);

  ProgramRun german =
      run_marshal({"print", "decks", "--db", town.file("town.db"), "--out", town.file("de"), "--lang", "de"});
  CHECK(german.exit_code != 0);
  CHECK(german.err.find("--lang") != std::string::npos);
  CHECK_FALSE(fs::exists(town.file("de")));
}

TEST_CASE("an event whose options.csv names a language Marshal lacks is refused at init, naming file and line",
          "[cli][i18n]") {
  TownIn town("de");
  ProgramRun init = run_marshal({"init", town.file("event"), "--db", town.file("town.db")});
  CHECK(init.exit_code != 0);
  CHECK(init.err.find("options.csv") != std::string::npos);
  CHECK(init.err.find("language is en or ru") != std::string::npos);
  CHECK_FALSE(fs::exists(town.file("town.db")));
}
