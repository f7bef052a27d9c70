// Land deeds and promissory notes on paper (issue 27): a deed from deeds.csv printed in its
// owner's packet and alone, a note issued in the ledger printed on demand; each read back, its
// words with poppler's pdftotext and its code with ZXing.
#include "printables_test_helpers.h"

#include "ledger/ledger.h"
#include "printables/print_jobs.h"

using namespace marshal;
using namespace marshal::printables;
using namespace marshal::printables::testing;

namespace {

// The words of a PDF as pdftotext reads them, lines joined by spaces (a card wraps its text).
std::string pdf_words(const std::string& file) {
  ProcessRun text = run_process({"pdftotext", file, "-"});
  REQUIRE(text.exit_code == 0);
  std::string words = text.output;
  for (auto& c : words)
    if (c == '\n') c = ' ';
  return words;
}

}  // namespace

TEST_CASE("a land deed prints with its parcel, acres and description, and reads back as its code", "[printables][qr]") {
  TestLedger t;
  const db::CardDef& deed = t.card("deed", "Nathaniel Rourke", "Rocking R");
  const std::string file = t.file("deed.pdf");
  PrintResult r = print_card(t.model(), deed.code, file, Paper::a4);
  REQUIRE(r.placements.size() == 1);
  CHECK(r.placements.front().what == "deed " + deed.code);
  const std::string words = pdf_words(file);
  INFO(words);
  CHECK(words.find("LAND DEED") != std::string::npos);
  CHECK(words.find("Rocking R") != std::string::npos);
  CHECK(words.find("4000 acres") != std::string::npos);
  CHECK(words.find("two wells") != std::string::npos);
  CHECK(decode_pdf(file, 300, t.dir().path() / "png").counts == std::map<std::string, int>{{deed.code, 1}});
}

TEST_CASE("a promissory note issued in the ledger prints on demand with its promise and terms", "[printables][qr]") {
  TestLedger t;
  auto badge = [&](const std::string& name) {
    for (const auto& c : t.definition().characters)
      if (c.name == name) return c.badge_code;
    FAIL("no character " << name);
    return std::string();
  };
  std::string code;
  {
    db::Ledger ledger(t.path());
    const std::int64_t at = evening_start_ms + 60'000;
    db::AppendResult issued = ledger.append(
        {db::make_uuid_v7(at), "bank-gm", at, "note_issued",
         {{"banker", badge("Reginald Ashby")}, {"payer", badge("Hattie Bell Crawford")},
          {"payee", badge("Nathaniel Rourke")}, {"notary", badge("Judge Cornelius Whitlock")}, {"amount", "2 M"},
          {"due_minutes", 90}}},
        at);
    INFO(issued.reason);
    REQUIRE(issued.accepted);
    code = issued.ledger["code"];
  }
  const std::string file = t.file("note.pdf");
  PrintResult r = print_card(load_print_model(t.path()), code, file, Paper::a4);
  CHECK(r.cards == 1);
  const std::string words = pdf_words(file);
  INFO(words);
  CHECK(words.find("PROMISSORY NOTE") != std::string::npos);
  CHECK(words.find("Hattie Bell Crawford promises to pay 2 M to Nathaniel Rourke or the bearer") != std::string::npos);
  CHECK(words.find("Issued by Reginald Ashby, notarized by Judge Cornelius Whitlock") != std::string::npos);
  CHECK(decode_pdf(file, 300, t.dir().path() / "png").counts == std::map<std::string, int>{{code, 1}});
}

TEST_CASE("the GM reference sheets end with a page on Judges, the Mayor, land and notes", "[printables]") {
  TestLedger t;
  PrintResult r = print_reference(t.model(), t.file("reference"), Paper::a4);
  REQUIRE(r.files.size() == 1);
  const std::string words = pdf_words(r.files.front());
  INFO(words);
  CHECK(words.find("GM reference: Judges, the Mayor, land and notes") != std::string::npos);
  CHECK(words.find("4 hanging (a lawful death)") != std::string::npos);
  CHECK(words.find("or a hanging a Judge sentenced, is lawful") != std::string::npos);
}
