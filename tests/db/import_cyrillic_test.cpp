// Names and texts in Cyrillic import with the same room as English: a limit in characters counts
// characters, not bytes (a Cyrillic letter is two bytes of UTF-8; counted in bytes, a Russian
// horse had room for 15 letters of its 30).
#include <catch2/catch.hpp>

#include "db_test_helpers.h"
#include "i18n/utf8_text.h"

using namespace marshal::db;
using namespace marshal::db::testing;

namespace {

std::string cyrillic_letters(std::size_t n) {
  std::string text;
  for (std::size_t i = 0; i < n; ++i) text += i % 2 == 0 ? "Ж" : "ё";
  return text;
}

}  // namespace

TEST_CASE("a horse's name of 30 Cyrillic letters imports, of 31 it is refused as longer than 30 characters",
          "[db][import][i18n]") {
  TempDir dir;
  fs::path folder = copy_sample(dir);
  const std::string thirty = cyrillic_letters(30);
  REQUIRE(thirty.size() == 60);
  replace_in_file(folder / "horses.csv", "Sheriff Amos Brady,Brimstone,3", "Sheriff Amos Brady," + thirty + ",3");
  ImportResult fits = import_event(folder.string(), seeded_code_maker(7));
  INFO(all_errors(fits));
  REQUIRE(fits.ok());
  bool found = false;
  for (const auto& card : fits.definition.cards) found = found || card.title == thirty;
  CHECK(found);

  replace_in_file(folder / "horses.csv", "Sheriff Amos Brady," + thirty + ",3",
                  "Sheriff Amos Brady," + thirty + "Ж,3");
  ImportResult too_long = import_event(folder.string(), seeded_code_maker(7));
  REQUIRE(too_long.errors.size() == 1);
  CHECK(too_long.errors[0].file == "horses.csv");
  CHECK(too_long.errors[0].reason.find("is longer than 30 characters") != std::string::npos);
}

TEST_CASE("characters are counted as a reader counts them, in any script", "[db][import][i18n]") {
  using marshal::i18n::characters_in;
  CHECK(characters_in("") == 0);
  CHECK(characters_in("Brimstone") == 9);
  CHECK(characters_in("Шериф") == 5);
  CHECK(characters_in("李小龍") == 3);
  CHECK(characters_in("🐎") == 1);
  CHECK(characters_in("a\xff") == 2);  // a byte that is not UTF-8 counts as one
}
