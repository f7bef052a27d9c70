// The command line's own words in the user's language: the environment (LANGUAGE, LC_ALL,
// LC_MESSAGES, LANG) or --lang anywhere on the command line, which wins; a language Marshal lacks
// refused by name; English, with LANG=C, word for word as before.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <string>

#include "run_program.h"

namespace fs = std::filesystem;

namespace {

// The language variables for the life of a test (the program inherits them), as they were after.
class LanguageEnvironment {
 public:
  // `language` for LANGUAGE ("" leaves it unset), `lang` for LANG; LC_ALL and LC_MESSAGES unset.
  LanguageEnvironment(const std::string& language, const std::string& lang) {
    for (const char* name : {"LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"}) {
      const char* value = std::getenv(name);
      saved_[name] = value ? std::optional<std::string>(value) : std::nullopt;
      ::unsetenv(name);
    }
    if (!language.empty()) ::setenv("LANGUAGE", language.c_str(), 1);
    if (!lang.empty()) ::setenv("LANG", lang.c_str(), 1);
  }
  ~LanguageEnvironment() {
    for (const auto& [name, value] : saved_) {
      if (value)
        ::setenv(name.c_str(), value->c_str(), 1);
      else
        ::unsetenv(name.c_str());
    }
  }
  LanguageEnvironment(const LanguageEnvironment&) = delete;
  LanguageEnvironment& operator=(const LanguageEnvironment&) = delete;

 private:
  std::map<std::string, std::optional<std::string>> saved_;
};

bool has_cyrillic(const std::string& text) {
  // Cyrillic letters are U+0400..U+04FF: UTF-8 lead bytes 0xD0..0xD3.
  for (unsigned char c : text)
    if (c >= 0xD0 && c <= 0xD3) return true;
  return false;
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// A copy of the sample town whose options.csv names its language, with a ledger made from it.
struct LedgerInLanguage {
  fs::path path = fs::temp_directory_path() / ("marshal-cli-language-" + std::to_string(::getpid()));
  explicit LedgerInLanguage(const std::string& language) {
    fs::remove_all(path);
    fs::create_directories(path);
    fs::copy(fs::path(MARSHAL_SOURCE_DIR) / "events" / "lincoln-1875", path / "event", fs::copy_options::recursive);
    std::ofstream(path / "event" / "options.csv", std::ios::app) << "language," << language << "\n";
    ProgramRun init = run_marshal({"init", file("event"), "--db", file("town.db")});
    INFO(init.out << init.err);
    REQUIRE(init.exit_code == 0);
  }
  ~LedgerInLanguage() { fs::remove_all(path); }
  std::string file(const std::string& name) const { return (path / name).string(); }
};

}  // namespace

TEST_CASE("marshal --help in English with LANG=C: CLI11's words and the descriptions as before, and --lang",
          "[cli][i18n]") {
  LanguageEnvironment english("", "C");
  ProgramRun help = run_marshal({"--help"});
  CHECK(help.exit_code == 0);
  CHECK(has(help.out, "Usage: marshal [OPTIONS] SUBCOMMAND"));
  CHECK(has(help.out, "Print this help message and exit"));
  CHECK(has(help.out, "Create a ledger from an event folder of CSV files"));
  CHECK(has(help.out, "\nOptions:\n"));
  CHECK(has(help.out, "\nSubcommands:\n"));
  CHECK(has(help.out, "--lang"));
  CHECK(has(help.out, "the language of the messages and this help"));
  CHECK_FALSE(has_cyrillic(help.out));

  ProgramRun init_help = run_marshal({"init", "--help"});
  CHECK(has(init_help.out, "--db TEXT REQUIRED"));
  CHECK(has(init_help.out, "\nPositionals:\n"));
}

TEST_CASE("marshal's errors in English with LANG=C are CLI11's and its own words as before", "[cli][i18n]") {
  LanguageEnvironment english("", "C");
  ProgramRun missing = run_marshal({"init"});
  CHECK(missing.exit_code == 1);
  CHECK(missing.err == "EVENT_DIR is required\nRun with --help for more information.\n");

  ProgramRun no_value = run_marshal({"init", "x", "--db"});
  CHECK(no_value.err == "--db: 1 required TEXT missing\nRun with --help for more information.\n");

  ProgramRun not_member = run_marshal({"print", "decks", "--db", "x.db", "--out", "x", "--paper", "b5"});
  CHECK(not_member.exit_code == 1);
  CHECK(not_member.err == "--paper: b5 not in {a4,letter}\nRun with --help for more information.\n");

  ProgramRun out_of_range = run_marshal({"roll", "--die", "d6", "--times", "0"});
  CHECK(out_of_range.err == "--times: Value 0 not in range 1 to 100000\nRun with --help for more information.\n");

  ProgramRun extra = run_marshal({"init", "a", "b", "--db", "x.db"});
  CHECK(extra.err == "The following argument was not expected: b\nRun with --help for more information.\n");

  ProgramRun excludes = run_marshal({"twtw", "damage", "--dmg", "1", "--size", "3", "--brawling", "--impact"});
  CHECK(excludes.err == "--brawling excludes --impact\nRun with --help for more information.\n");

  ProgramRun no_ledger = run_marshal({"head", "--db", "/no/such/ledger.db"});
  CHECK(no_ledger.exit_code == 2);
  CHECK(no_ledger.err == "marshal: no ledger file at /no/such/ledger.db\n");
}

TEST_CASE("a language Marshal lacks is refused by name, wherever --lang stands", "[cli][i18n]") {
  LanguageEnvironment english("", "C");
  ProgramRun german = run_marshal({"--lang", "de", "--help"});
  CHECK(german.exit_code == 1);
  CHECK(german.out.empty());  // no help in some other language
  CHECK(german.err == "marshal: --lang: no language 'de': Marshal speaks en or ru\n");

  ProgramRun after = run_marshal({"head", "--db", "x.db", "--lang=de"});
  CHECK(after.exit_code == 1);
  CHECK(has(after.err, "no language 'de'"));

  // marshal audit keeps its own exit code for a usage error (docs/audit.md).
  ProgramRun audit = run_marshal({"audit", "--db", "x.db", "--out", "x", "--lang", "de"});
  CHECK(audit.exit_code == 2);
  CHECK(has(audit.err, "--lang"));

  ProgramRun none = run_marshal({"head", "--db", "x.db", "--lang"});
  CHECK(none.exit_code == 1);
  CHECK(none.err == "marshal: --lang needs a language: en or ru\n");
}

// The Russian below needs the command line's words in po/ru.po.
TEST_CASE("marshal --help in Russian from LANGUAGE=ru: CLI11's words and every description", "[cli][i18n]") {
  LanguageEnvironment russian("ru", "C");
  ProgramRun help = run_marshal({"--help"});
  CHECK(help.exit_code == 0);
  CHECK(has_cyrillic(help.out));
  CHECK(has(help.out, "Показать эту справку и выйти"));
  CHECK(has(help.out, "Создать реестр из папки события"));
  CHECK(has(help.out, "Использование: marshal [ПАРАМЕТРЫ] ПОДКОМАНДА"));
  CHECK(has(help.out, "Коды выхода: 0 готово"));
  CHECK(has(help.out, "язык сообщений и этой справки"));  // --lang
  CHECK_FALSE(has(help.out, "Print this help message and exit"));
  CHECK_FALSE(has(help.out, "Create a ledger from an event folder"));
  CHECK_FALSE(has(help.out, "Usage"));
  CHECK_FALSE(has(help.out, "Exit codes"));

  ProgramRun init_help = run_marshal({"init", "--help"});
  CHECK(has(init_help.out, "--db ТЕКСТ ОБЯЗАТЕЛЬНО"));
  CHECK(has(init_help.out, "файл реестра"));
  CHECK_FALSE(has(init_help.out, "the ledger file"));
}

TEST_CASE("marshal --lang ru speaks Russian with LANG=C, before or after the subcommand", "[cli][i18n]") {
  LanguageEnvironment english("", "C");
  ProgramRun help = run_marshal({"--lang", "ru", "--help"});
  CHECK(help.exit_code == 0);
  CHECK(has(help.out, "Показать эту справку и выйти"));
  CHECK(has(help.out, "Создать реестр из папки события"));
  CHECK_FALSE(has(help.out, "Print this help message and exit"));
  CHECK_FALSE(has(help.out, "Create a ledger from an event folder"));

  ProgramRun twtw = run_marshal({"twtw", "damage", "--help", "--lang=ru"});
  CHECK(twtw.exit_code == 0);
  CHECK(has(twtw.out, "Раны и CT от попадания"));
  CHECK_FALSE(has(twtw.out, "Wounds and CT of a hit"));

  ProgramRun odds = run_marshal({"odds", "trait", "--die", "d8", "--lang", "ru"});
  CHECK(odds.exit_code == 0);
  CHECK(has(odds.out, "d8 с Диким кубиком d6, модификатор +0 (savage), сложность 4:"));
  CHECK(has(odds.out, "критический провал"));

  // --lang wins over the environment.
  LanguageEnvironment russian("ru", "ru_RU.UTF-8");
  ProgramRun back = run_marshal({"init", "--help", "--lang", "en"});
  CHECK(has(back.out, "the ledger file to create"));
  CHECK_FALSE(has_cyrillic(back.out));
}

TEST_CASE("marshal's errors in Russian: a wrong argument and a missing ledger file", "[cli][i18n]") {
  LanguageEnvironment russian("ru", "C");
  ProgramRun missing = run_marshal({"init"});
  CHECK(missing.exit_code == 1);
  CHECK(missing.err == "EVENT_DIR: обязательный параметр не указан\nПодробнее: запустите с --help.\n");

  ProgramRun not_member = run_marshal({"print", "decks", "--db", "x.db", "--out", "x", "--paper", "b5"});
  CHECK(not_member.exit_code == 1);
  CHECK(has(not_member.err, "--paper: b5 — не из {a4,letter}"));

  ProgramRun no_ledger = run_marshal({"head", "--db", "/no/such/ledger.db"});
  CHECK(no_ledger.exit_code == 2);
  CHECK(no_ledger.err == "marshal: нет файла реестра по пути /no/such/ledger.db\n");

  ProgramRun german = run_marshal({"--lang", "de", "--help"});
  CHECK(german.exit_code == 1);
  CHECK(german.err == "marshal: --lang: нет языка «de»: Marshal говорит на en or ru\n");
}

TEST_CASE("marshal print follows the event's language unless --lang is given, wherever it stands", "[cli][i18n]") {
  LedgerInLanguage town("en");
  {
    // The environment's Russian is the command line's; the cards and print's lines are the event's.
    LanguageEnvironment russian("ru", "C");
    ProgramRun english = run_marshal({"print", "decks", "--db", town.file("town.db"), "--out", town.file("en")});
    INFO(english.out << english.err);
    REQUIRE(english.exit_code == 0);
    CHECK(english.out.rfind("2 files, ", 0) == 0);
  }
  LanguageEnvironment english("", "C");
  ProgramRun russian = run_marshal({"--lang", "ru", "print", "decks", "--db", town.file("town.db"), "--out", town.file("ru")});
  INFO(russian.out << russian.err);
  REQUIRE(russian.exit_code == 0);
  CHECK(russian.out.rfind("2 файла", 0) == 0);
}
