// One card on its own (re-issued or bestowed): the PDF holds exactly that card's code, a
// bystander's twice; a malformed or unknown code is refused and nothing is written.
#include "printables_test_helpers.h"

#include "printables/cards.h"
#include "printables/print_jobs.h"

using namespace marshal;
using namespace marshal::printables;
using namespace marshal::printables::testing;

TEST_CASE("print_card: each kind of card prints alone and reads back as exactly its code", "[printables][qr]") {
  TestLedger t;
  const std::string mayor = "Zechariah Chamberlain";
  std::vector<std::string> codes, files;
  for (const std::string kind : {"badge", "power", "secret", "horse", "bystander", "trick"}) {
    const db::CardDef& card = t.card(kind, mayor);
    const std::string file = t.file(kind + ".pdf");
    PrintResult r = print_card(t.model(), card.code, file, Paper::a4);
    INFO(kind << " " << card.code);
    CHECK(r.files == std::vector<std::string>{file});
    CHECK(r.cards == 1);
    CHECK(r.pages == 1);
    REQUIRE(r.placements.size() == 1);
    CHECK(r.placements.front().what == kind + " " + card.code);
    codes.push_back(card.code);
    files.push_back(file);
  }
  // Nothing but the PDFs (and the ledger) in the folder: no temporary file left.
  CHECK(files_in(t.dir().path()) == std::vector<std::string>{"badge.pdf", "bystander.pdf", "horse.pdf",
                                                             "ledger.db", "power.pdf", "secret.pdf",
                                                             "trick.pdf"});
  auto read = decode_pdfs(std::vector<fs::path>(files.begin(), files.end()), 300, t.dir().path() / "png");
  for (std::size_t i = 0; i < codes.size(); ++i) {
    INFO(files[i] << " decoded:\n" << describe_counts(read[i].counts));
    CHECK(read[i].pages == 1);
    CHECK(read[i].counts == std::map<std::string, int>{{codes[i], t.kind_of(codes[i]) == "bystander" ? 2 : 1}});
  }
}

TEST_CASE("print_card: a code typed by hand (lower case, spaces, hyphens) prints that card", "[printables]") {
  TestLedger t;
  const db::CardDef& card = t.card("trick");
  std::string typed = core::format_card_code(card.code);
  for (auto& c : typed) c = c == ' ' ? '-' : static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  REQUIRE(typed != card.code);
  const std::string file = t.file("typed.pdf");
  PrintResult r = print_card(t.model(), typed, file, Paper::letter);
  REQUIRE(r.placements.size() == 1);
  CHECK(r.placements.front().what == "trick " + card.code);
  PdfCodes read = decode_pdf(file, 150, t.dir().path() / "png");
  CHECK(read.counts == std::map<std::string, int>{{card.code, 1}});
}

TEST_CASE("print_card: a malformed or unknown code is refused and no file is written", "[printables]") {
  TestLedger t;
  const std::string good = t.card("secret").code;
  std::string bad_check = good;
  bad_check.back() = bad_check.back() == 'A' ? 'B' : 'A';
  core::CardCodeBytes bytes{};
  bytes.fill(0x5a);
  const std::string unknown = core::make_card_code(bytes);
  REQUIRE(!find_card(t.model(), unknown));

  struct Case {
    std::string code, why;
  };
  const std::vector<Case> cases{{"", "empty"},
                                {"ABCD", "too short"},
                                {good + "7", "too long"},
                                {bad_check, "wrong check character"},
                                {good.substr(0, 5) + "U" + good.substr(6), "a letter outside the alphabet"},
                                {"<script>", "not a code"},
                                {unknown, "well formed but not in the ledger"}};
  for (const auto& c : cases) {
    INFO(c.why << ": '" << c.code << "'");
    const std::string file = t.file("refused.pdf");
    std::string message;
    try {
      print_card(t.model(), c.code, file, Paper::a4);
      FAIL_CHECK("printed " << c.code);
    } catch (const PrintRefusal& refusal) {
      message = refusal.what();
    }
    CHECK(!message.empty());
    if (c.code == unknown) CHECK(message.find(unknown) != std::string::npos);
    CHECK(files_in(t.dir().path()) == std::vector<std::string>{"ledger.db"});
  }
}
