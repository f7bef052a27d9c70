// Reading compiled catalogues (shared/i18n/catalogue.h): a well-formed .mo is read whole; a file
// that is not one, or whose tables point outside it, is refused with what is wrong.
#include <catch2/catch.hpp>

#include <cstdint>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "i18n/catalogue.h"

using marshal::i18n::Catalogue;

namespace {

// A .mo file as msgfmt writes it (little-endian, revision 0, no hash table), from (msgid, msgstr)
// pairs that must already be sorted by msgid.
std::string mo_file(const std::vector<std::pair<std::string, std::string>>& entries) {
  const auto n = static_cast<std::uint32_t>(entries.size());
  const std::uint32_t originals = 28, translations = originals + 8 * n, strings = translations + 8 * n;
  std::string out(strings, '\0');
  auto put = [&](std::size_t at, std::uint32_t v) { std::memcpy(out.data() + at, &v, 4); };
  put(0, 0x950412de);
  put(4, 0);
  put(8, n);
  put(12, originals);
  put(16, translations);
  put(20, 0);
  put(24, strings);
  for (int pass = 0; pass < 2; ++pass)
    for (std::uint32_t i = 0; i < n; ++i) {
      const std::string& s = pass == 0 ? entries[i].first : entries[i].second;
      put((pass == 0 ? originals : translations) + 8 * i, static_cast<std::uint32_t>(s.size()));
      put((pass == 0 ? originals : translations) + 8 * i + 4, static_cast<std::uint32_t>(out.size()));
      out += s;
      out += '\0';
    }
  return out;
}

// Texts joined by NUL, as a .mo file holds a plural's forms.
std::string forms(std::initializer_list<std::string> parts) {
  std::string joined;
  bool first = true;
  for (const auto& p : parts) {
    if (!first) joined += '\0';
    joined += p;
    first = false;
  }
  return joined;
}

const std::string russian_header =
    "Content-Type: text/plain; charset=UTF-8\n"
    "Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || "
    "n%100>=20) ? 1 : 2);\n";

}  // namespace

TEST_CASE("a catalogue gives each text its translation and each count its Russian form", "[i18n][catalogue]") {
  std::string problem;
  auto c = Catalogue::from_bytes(mo_file({{"", russian_header},
                                          {"Scan your badge", "Отсканируйте значок"},
                                          {forms({"{} bullet", "{} bullets"}), forms({"{} патрон", "{} патрона", "{} патронов"})},
                                          {"Untranslated", ""}}),
                                 &problem);
  REQUIRE(c);
  CHECK(c->size() == 2);
  REQUIRE(c->find("Scan your badge"));
  CHECK(*c->find("Scan your badge") == "Отсканируйте значок");
  CHECK(c->find("Untranslated") == nullptr);
  CHECK(c->find("Not in it") == nullptr);
  CHECK(*c->find_plural("{} bullet", 1) == "{} патрон");
  CHECK(*c->find_plural("{} bullet", 3) == "{} патрона");
  CHECK(*c->find_plural("{} bullet", 11) == "{} патронов");
  CHECK(*c->find_plural("{} bullet", 21) == "{} патрон");
  CHECK(c->find_plural("{} horse", 2) == nullptr);
}

TEST_CASE("a plural translation missing a form gives nothing for that form, so English stands in",
          "[i18n][catalogue]") {
  std::string problem;
  auto c = Catalogue::from_bytes(mo_file({{"", russian_header},
                                          {forms({"{} horse", "{} horses"}), forms({"{} лошадь", "{} лошади"})}}),
                                 &problem);
  REQUIRE(c);
  CHECK(*c->find_plural("{} horse", 2) == "{} лошади");
  CHECK(c->find_plural("{} horse", 5) == nullptr);
}

TEST_CASE("a file that is not a catalogue, or is cut short, is refused with what is wrong", "[i18n][catalogue]") {
  std::string problem;
  CHECK_FALSE(Catalogue::from_bytes("", &problem));
  CHECK(problem == "not a compiled catalogue (.mo): too short");
  CHECK_FALSE(Catalogue::from_bytes("msgid \"\"\nmsgstr \"\"\n", &problem));
  CHECK(problem == "not a compiled catalogue (.mo): wrong magic number");

  const std::string good = mo_file({{"", russian_header}, {"Yes", "Да"}});
  CHECK_FALSE(Catalogue::from_bytes(good.substr(0, 12), &problem));
  CHECK(problem == "its header is cut short");
  // Every cut through the tables or the strings is refused, never read past.
  for (std::size_t cut = 20; cut + 1 < good.size(); ++cut) {  // the last NUL is not needed
    INFO("cut at " << cut);
    CHECK_FALSE(Catalogue::from_bytes(good.substr(0, cut), &problem));
  }
  std::string pointing_away = good;
  const std::uint32_t far = 0x7fffffff;
  std::memcpy(pointing_away.data() + 28 + 8 + 4, &far, 4);  // the second original's offset
  CHECK_FALSE(Catalogue::from_bytes(pointing_away, &problem));
  CHECK(problem == "entry 2 points outside the file");
}

TEST_CASE("a catalogue whose plural rule does not parse is refused naming the rule's fault", "[i18n][catalogue]") {
  std::string problem;
  CHECK_FALSE(Catalogue::from_bytes(mo_file({{"", "Plural-Forms: nplurals=2; plural=(n;\n"}}), &problem));
  CHECK(problem == "')' expected at character 3 of the plural rule");
}

TEST_CASE("a catalogue file that is missing is refused naming the file", "[i18n][catalogue]") {
  std::string problem;
  CHECK_FALSE(Catalogue::load("/nonexistent/marshal.mo", &problem));
  CHECK(problem == "/nonexistent/marshal.mo: cannot be read");
}
