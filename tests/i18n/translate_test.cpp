// Choosing the language and translating with the real Russian catalogue the build compiles from
// po/ru.po (shared/i18n/translate.h).
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>

#include "i18n/translate.h"

using namespace marshal::i18n;

namespace {

// Sets (or unsets, for nullptr) one environment variable for the life of the object.
class EnvironmentVariable {
public:
  EnvironmentVariable(const char* name, const char* value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    if (value) setenv(name, value, 1);
    else unsetenv(name);
  }
  ~EnvironmentVariable() {
    if (old_) setenv(name_, old_->c_str(), 1);
    else unsetenv(name_);
  }

private:
  const char* name_;
  std::optional<std::string> old_;
};

struct English {
  ~English() { use_language("en", nullptr); }
};

}  // namespace

TEST_CASE("a language code is read from the usual spellings of a locale", "[i18n][language]") {
  CHECK(language_code("ru") == "ru");
  CHECK(language_code("ru_RU.UTF-8") == "ru");
  CHECK(language_code("RU-ru") == "ru");
  CHECK(language_code("en_GB@euro") == "en");
  CHECK(language_code("C.UTF-8") == "");
  CHECK(language_code("POSIX") == "");
  CHECK(language_code("russian") == "");
  CHECK(language_code("") == "");
}

TEST_CASE("the environment chooses the language: LANGUAGE first, then LC_ALL, LC_MESSAGES, LANG",
          "[i18n][language]") {
  EnvironmentVariable language("LANGUAGE", nullptr), all("LC_ALL", nullptr), messages("LC_MESSAGES", nullptr),
      lang("LANG", "ru_RU.UTF-8");
  CHECK(language_from_environment() == "ru");
  {
    EnvironmentVariable first("LC_ALL", "C.UTF-8");  // set, and naming no language: English
    CHECK(language_from_environment() == "en");
  }
  {
    EnvironmentVariable list("LANGUAGE", "de:ru:en");  // the first known one in the list
    CHECK(language_from_environment() == "ru");
  }
  {
    EnvironmentVariable nobody("LANG", nullptr);
    CHECK(language_from_environment() == "en");
  }
}

TEST_CASE("in Russian a marked text comes from po/ru.po, English stays for anything the catalogue lacks",
          "[i18n][language]") {
  English after;
  REQUIRE(current_language() == "en");
  CHECK(tr("Scan your badge") == "Scan your badge");
  std::string problem;
  REQUIRE(use_language("ru", &problem));
  CHECK(current_language() == "ru");
  CHECK(tr("Scan your badge") == "Отсканируйте свой значок");
  CHECK(tr("a text nobody marked") == "a text nobody marked");
  CHECK(trn("{} card", "{} cards", 1) == "{} карта");
  CHECK(trn("{} card", "{} cards", 3) == "{} карты");
  CHECK(trn("{} card", "{} cards", 5) == "{} карт");
  CHECK(trn("{} card", "{} cards", 21) == "{} карта");
  REQUIRE(use_language("en", &problem));
  CHECK(tr("Scan your badge") == "Scan your badge");
  CHECK(trn("{} card", "{} cards", 5) == "{} cards");
}

TEST_CASE("an unknown language, or a catalogue that is not installed, is refused and the language stays",
          "[i18n][language]") {
  English after;
  std::string problem;
  CHECK_FALSE(use_language("klingon", &problem));
  CHECK(problem == "no language 'klingon': Marshal speaks en or ru");
  CHECK(current_language() == "en");
}

TEST_CASE("MARSHAL_LOCALE_DIR is looked in first, and a broken catalogue there is refused naming its file",
          "[i18n][language]") {
  English after;
  const std::string dir = "i18n-test-locale";
  std::filesystem::create_directories(dir + "/ru/LC_MESSAGES");
  std::ofstream(dir + "/ru/LC_MESSAGES/marshal.mo") << "not a catalogue";
  EnvironmentVariable folder("MARSHAL_LOCALE_DIR", dir.c_str());
  REQUIRE(catalogue_folders().front() == dir);
  std::string problem;
  CHECK_FALSE(use_language("ru", &problem));
  CHECK(problem == dir + "/ru/LC_MESSAGES/marshal.mo: not a compiled catalogue (.mo): wrong magic number");
  CHECK(current_language() == "en");
  std::filesystem::remove_all(dir);
}
