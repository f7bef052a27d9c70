// Every packet of the sample event printed as an organiser would (one A4 PDF per character),
// rasterised by pdftoppm and read back by ZXing: every code on every page is exactly one of that
// character's cards, each card once (a bystander twice: both halves), and nothing else decodes.
#include "printables_test_helpers.h"

#include "printables/print_jobs.h"

using namespace marshal;
using namespace marshal::printables;
using namespace marshal::printables::testing;

namespace {

// What a packet must decode to: each of the character's codes once, a bystander's twice.
std::map<std::string, int> expected_packet(const TestLedger& t, const std::string& character) {
  std::map<std::string, int> expected;
  for (const auto& code : t.codes_of(character)) expected[code] += t.kind_of(code) == "bystander" ? 2 : 1;
  return expected;
}

void check_packet(const TestLedger& t, const std::string& character, const PdfCodes& read, int dpi) {
  const std::map<std::string, int>& decoded = read.counts;
  std::map<std::string, int> expected = expected_packet(t, character);
  INFO(character << " at " << dpi << " dpi, " << read.pages << " pages\n decoded:\n"
                 << describe_counts(decoded) << " expected:\n"
                 << describe_counts(expected));
  for (const auto& [text, n] : decoded) {
    INFO("decoded " << text << " x" << n << " ("
                    << (t.kind_of(text).empty() ? "no card of the ledger" : t.kind_of(text)) << ")");
    CHECK(expected.count(text) == 1);
  }
  for (const auto& [code, n] : expected) {
    INFO("card " << code << " (" << t.kind_of(code) << ")");
    CHECK((decoded.count(code) ? decoded.at(code) : 0) == n);
  }
  CHECK(decoded == expected);
  CHECK(read.pages >= 2);  // the character sheet, then the cards
}

// The characters the slow 300 dpi check reads: the Mayor, the lawman with most cards, the
// character with most cards and the last character of the file (in the sample: Zechariah
// Chamberlain, Captain Josiah Thorne, Reginald Ashby, Prudence Ashby).
std::vector<std::string> chosen_characters(const TestLedger& t) {
  const auto& chars = t.definition().characters;
  auto cards = [&](const std::string& name) { return t.codes_of(name).size(); };
  REQUIRE(std::find_if(chars.begin(), chars.end(), [](const auto& c) { return c.name == "Zechariah Chamberlain"; }) !=
          chars.end());
  std::vector<std::string> chosen{"Zechariah Chamberlain"};
  const db::CharacterDef* lawman = nullptr;
  const db::CharacterDef* busiest = nullptr;
  for (const auto& c : chars) {
    bool is_lawman = std::find(c.powers.begin(), c.powers.end(), core::Power::lawman) != c.powers.end();
    if (is_lawman && (!lawman || cards(c.name) > cards(lawman->name))) lawman = &c;
    if (!busiest || cards(c.name) > cards(busiest->name)) busiest = &c;
  }
  REQUIRE(lawman);
  for (const auto* c : {lawman, busiest, &chars.back()})
    if (std::find(chosen.begin(), chosen.end(), c->name) == chosen.end()) chosen.push_back(c->name);
  return chosen;
}

}  // namespace

TEST_CASE("packets: one A4 PDF per character, every code read back at 150 dpi", "[printables][qr]") {
  TestLedger t;
  const fs::path out = t.dir().path() / "packets";
  PrintResult r = print_packets(t.model(), out.string(), Paper::a4, std::nullopt, false);
  const auto& chars = t.definition().characters;
  REQUIRE(chars.size() >= 30);
  REQUIRE(r.files.size() == chars.size());
  std::size_t all_cards = 0;
  for (std::size_t i = 0; i < chars.size(); ++i) {
    REQUIRE(r.files[i] == (out / (file_slug(chars[i].name) + ".pdf")).string());
    all_cards += t.codes_of(chars[i].name).size();
  }
  CHECK(r.cards == static_cast<int>(all_cards));
  // Only the finished PDFs are left: no temporary file.
  CHECK(files_in(out).size() == chars.size());
  std::vector<fs::path> pdfs(r.files.begin(), r.files.end());
  std::vector<PdfCodes> read = decode_pdfs(pdfs, 150, t.dir().path() / "png");
  REQUIRE(read.size() == chars.size());
  for (std::size_t i = 0; i < chars.size(); ++i) check_packet(t, chars[i].name, read[i], 150);
}

TEST_CASE("packets: the Mayor, a busy lawman and others read back at 300 dpi", "[printables][qr]") {
  TestLedger t;
  const fs::path out = t.dir().path() / "packets";
  auto chosen = chosen_characters(t);
  REQUIRE(chosen.size() >= 4);
  std::vector<fs::path> pdfs;
  for (const auto& name : chosen) {
    PrintResult r = print_packets(t.model(), out.string(), Paper::a4, name, false);
    REQUIRE(r.files.size() == 1);
    CHECK(r.files.front() == (out / (file_slug(name) + ".pdf")).string());
    CHECK(r.cards == static_cast<int>(t.codes_of(name).size()));
    pdfs.emplace_back(r.files.front());
  }
  CHECK(files_in(out).size() == chosen.size());
  std::vector<PdfCodes> read = decode_pdfs(pdfs, 300, t.dir().path() / "png");
  for (std::size_t i = 0; i < chosen.size(); ++i) check_packet(t, chosen[i], read[i], 300);
}
