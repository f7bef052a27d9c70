// `marshal print tokens`: every live token of fortune on a card (issue 17; 000 L64-92), read
// back from the PDF: its words with poppler's pdftotext, its code with ZXing; a ledger without
// tokens is refused and nothing is written.
#include "printables_test_helpers.h"

#include "core/csprng.h"
#include "ledger/ledger.h"
#include "printables/cards.h"
#include "printables/print_jobs.h"

using namespace marshal;
using namespace marshal::printables;
using namespace marshal::printables::testing;

TEST_CASE("print_tokens: each live token on its card, its title printed and its code read back", "[printables][qr]") {
  TestLedger t;
  // No token yet: refused, nothing written.
  CHECK_THROWS_AS(print_tokens(t.model(), t.file("none.pdf"), Paper::a4), PrintRefusal);
  CHECK_FALSE(fs::exists(t.file("none.pdf")));

  std::vector<std::string> codes;
  {
    auto rng = std::make_shared<core::Csprng>(core::seed_from_number(7));
    db::Ledger ledger(t.path(), db::LedgerRandomness{[rng] {
                                                      core::CardCodeBytes bytes{};
                                                      for (auto& b : bytes) b = static_cast<std::uint8_t>(rng->uniform(256));
                                                      return core::make_card_code(bytes);
                                                    },
                                                    [rng](std::uint32_t bound) { return rng->uniform(bound); }});
    const std::string kid = t.codes_of("Kid Calloway").front();  // the badge comes first
    REQUIRE(t.kind_of(kid) == "badge");
    std::int64_t now = evening_start_ms;
    for (const db::Json& payload :
         {db::Json{{"to", kid}, {"token", "luck_charm"}, {"text", "Shooting only"}},
          db::Json{{"to", kid}, {"token", "connection_marker"}, {"text", "Cullen Bohannon"}, {"die", "d8"}}}) {
      now += 1000;
      db::AppendResult r = ledger.append({db::make_uuid_v7(now), "gm-1", now, "token_issued", payload}, now);
      REQUIRE(r.accepted);
      codes.push_back(r.ledger["code"]);
    }
  }
  PrintModel model = load_print_model(t.path());
  const std::string file = t.file("tokens.pdf");
  PrintResult r = print_tokens(model, file, Paper::a4);
  CHECK(r.cards == 2);
  ProcessRun text = run_process({"pdftotext", "-layout", file, "-"});
  CHECK(text.output.find("TOKEN OF FORTUNE") != std::string::npos);
  CHECK(text.output.find("Luck Charm:") != std::string::npos);  // the title wraps on the card
  CHECK(text.output.find("Shooting") != std::string::npos);
  CHECK(text.output.find("Cullen Bohannon d8") != std::string::npos);
  PdfCodes read = decode_pdf(file, 300, t.dir().path() / "png");
  INFO(describe_counts(read.counts));
  CHECK(read.counts == std::map<std::string, int>{{codes[0], 1}, {codes[1], 1}});
}
