// Names in Cyrillic (a Russian game's cast): every character gets a packet of their own, named in
// Latin letters from the name, and two names that make one file name never share a file. Before
// this, every Cyrillic name became "character.pdf": 35 Russian names printed one PDF.
#include "printables_test_helpers.h"

#include <set>

#include "i18n/translate.h"
#include "printables/print_jobs.h"

using namespace marshal;
using namespace marshal::printables;
using namespace marshal::printables::testing;

namespace {

// Each Latin letter written with a Cyrillic one, one to one, so that distinct names stay distinct:
// "Kid Calloway" -> "Кид Цаллоыаы".
std::string in_cyrillic(const std::string& name) {
  static const char* const lower[26] = {"а", "б", "ц", "д", "е", "ф", "г", "х", "и", "ж", "к", "л", "м",
                                        "н", "о", "п", "я", "р", "с", "т", "у", "в", "ш", "щ", "ы", "з"};
  static const char* const upper[26] = {"А", "Б", "Ц", "Д", "Е", "Ф", "Г", "Х", "И", "Ж", "К", "Л", "М",
                                        "Н", "О", "П", "Я", "Р", "С", "Т", "У", "В", "Ш", "Щ", "Ы", "З"};
  std::string out;
  for (char c : name) {
    if (c >= 'a' && c <= 'z') out += lower[c - 'a'];
    else if (c >= 'A' && c <= 'Z') out += upper[c - 'A'];
    else out += c;
  }
  return out;
}

// The whole cast renamed in Cyrillic, with their cards.
void rename_in_cyrillic(db::EventDefinition& def) {
  for (auto& card : def.cards) card.holder = in_cyrillic(card.holder);
  for (auto& c : def.characters) c.name = in_cyrillic(c.name);
}

std::string pdf_text(const std::string& file) {
  ProcessRun text = run_process({"pdftotext", file, "-"});
  REQUIRE(text.exit_code == 0);
  return text.output;
}

}  // namespace

TEST_CASE("a cast named in Cyrillic prints one packet per character, each with its own name inside",
          "[printables][i18n]") {
  TestLedger t(sample_event_dir(), 1875, rename_in_cyrillic);
  const auto& chars = t.definition().characters;
  REQUIRE(chars.size() >= 30);
  const fs::path out = t.dir().path() / "packets";
  PrintResult r = print_packets(t.model(), out.string(), Paper::a4, std::nullopt, false);
  REQUIRE(r.files.size() == chars.size());
  CHECK(std::set<std::string>(r.files.begin(), r.files.end()).size() == chars.size());
  CHECK(files_in(out).size() == chars.size());
  CHECK(r.replaced.empty());
  for (std::size_t i = 0; i < chars.size(); ++i) {
    INFO(chars[i].name << " -> " << r.files[i]);
    const std::string file = fs::path(r.files[i]).filename().string();
    CHECK(file.find("character") != 0);
    // Latin letters only: a file any machine, USB stick or print shop takes.
    for (char c : file) CHECK(((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.'));
  }
  // Each packet holds its own character: read back the first, one in the middle and the last.
  for (std::size_t i : {std::size_t{0}, chars.size() / 2, chars.size() - 1}) {
    INFO(chars[i].name);
    CHECK(pdf_text(r.files[i]).find(chars[i].name) != std::string::npos);
  }
}

TEST_CASE("names that make one file name get -2, -3 in cast order, and printing one of them names it the same",
          "[printables][i18n]") {
  CHECK(packet_file_names({"Жанна Щукина", "ЖАННА ЩУКИНА", "Zhanna Shchukina", "жанна-щукина"}) ==
        std::vector<std::string>{"zhanna-shchukina.pdf", "zhanna-shchukina-2.pdf", "zhanna-shchukina-3.pdf",
                                 "zhanna-shchukina-4.pdf"});
  CHECK(packet_file_names({"!!!", "???", "Kid"}) ==
        std::vector<std::string>{"character.pdf", "character-2.pdf", "kid.pdf"});
  // A name that is itself "x-2" does not take the place of the second "x".
  CHECK(packet_file_names({"Kid 2", "Kid", "Kid"}) == std::vector<std::string>{"kid-2.pdf", "kid.pdf", "kid-3.pdf"});

  TestLedger t(sample_event_dir(), 1875, [](db::EventDefinition& def) {
    for (auto& card : def.cards)
      if (card.holder == "Kid Calloway") card.holder = "Kid  Calloway!";
    for (auto& c : def.characters)
      if (c.name == "Kid Calloway") c.name = "Kid  Calloway!";  // the same file name as another below
    for (auto& card : def.cards)
      if (card.holder == "Cole Varney") card.holder = "Kid Calloway";
    for (auto& c : def.characters)
      if (c.name == "Cole Varney") c.name = "Kid Calloway";
  });
  const fs::path out = t.dir().path() / "packets";
  PrintResult all = print_packets(t.model(), out.string(), Paper::a4, std::nullopt, false);
  CHECK(all.files.size() == t.definition().characters.size());
  CHECK(files_in(out).size() == all.files.size());
  REQUIRE(all.renamed.size() == 1);
  const std::string second = all.renamed.front().first;
  CHECK(all.renamed.front().second == "kid-calloway-2.pdf");
  // Printed alone, the second one still goes to -2, never over the first one's file.
  PrintResult one = print_packets(t.model(), out.string(), Paper::a4, second, false);
  REQUIRE(one.files.size() == 1);
  CHECK(fs::path(one.files.front()).filename() == "kid-calloway-2.pdf");
  CHECK(one.replaced == one.files);  // printed over the file of the first run, and said so
}

TEST_CASE("a name longer than max_file_slug_bytes is cut between letters, never inside one", "[printables][i18n]") {
  const std::string long_name(200, 'a');
  CHECK(file_slug(long_name).size() == max_file_slug_bytes);
  std::string cyrillic;
  for (int i = 0; i < 100; ++i) cyrillic += "Ω";  // kept as UTF-8, two bytes each
  const std::string slug = file_slug(cyrillic);
  CHECK(slug.size() <= max_file_slug_bytes);
  CHECK(slug.size() % 2 == 0);
}

TEST_CASE("the Russian sample town prints in Russian: one packet per character, the name inside, every code read back",
          "[printables][i18n][qr]") {
  TestLedger t(fs::path(MARSHAL_SOURCE_DIR) / "events" / "lincoln-1875-ru");
  REQUIRE(t.model().language == "ru");
  REQUIRE(i18n::use_language(t.model().language, nullptr));
  struct English {
    ~English() { i18n::use_language("en", nullptr); }
  } after;
  const auto& chars = t.definition().characters;
  const fs::path out = t.dir().path() / "packets";
  PrintResult r = print_packets(t.model(), out.string(), Paper::a4, std::nullopt, false);
  REQUIRE(r.files.size() == chars.size());
  CHECK(files_in(out).size() == chars.size());
  CHECK(r.renamed.empty());
  std::vector<fs::path> read_back;
  for (std::size_t i : {std::size_t{0}, chars.size() / 2, chars.size() - 1}) {
    INFO(chars[i].name << " -> " << r.files[i]);
    const std::string text = pdf_text(r.files[i]);
    CHECK(text.find(chars[i].name) != std::string::npos);
    CHECK(text.find("ЗНАЧОК ПЕРСОНАЖА") != std::string::npos);  // the badge's heading, in Russian
    CHECK(text.find("Правила вкратце") != std::string::npos);
    read_back.emplace_back(r.files[i]);
  }
  // Every code on those packets decodes, each card of the character's exactly as often as printed.
  const std::vector<PdfCodes> decoded = decode_pdfs(read_back, 150, t.dir().path() / "png");
  const std::size_t picked[] = {0, chars.size() / 2, chars.size() - 1};
  for (std::size_t k = 0; k < decoded.size(); ++k) {
    std::map<std::string, int> expected;
    for (const auto& code : t.codes_of(chars[picked[k]].name)) expected[code] += t.kind_of(code) == "bystander" ? 2 : 1;
    INFO(chars[picked[k]].name);
    CHECK(decoded[k].counts == expected);
  }
}
