// The character sheet carries the character's kiosk PIN (docs/kiosk.md): printed, then read back
// from the PDF's text with poppler's pdftotext.
#include "printables_test_helpers.h"

#include "ledger/kiosk_pins.h"
#include "printables/print_jobs.h"

using namespace marshal;
using namespace marshal::printables;
using namespace marshal::printables::testing;

TEST_CASE("a character sheet prints that character's kiosk PIN, and only on its own sheet", "[printables][pins]") {
  TestLedger t;
  std::map<std::string, std::string> pins;
  {
    db::Database db(t.path(), false);
    for (const auto& p : db::kiosk_pins(db)) pins[p.name] = p.pin;
  }
  REQUIRE(pins.size() == t.definition().characters.size());
  for (const std::string name : {"Sheriff Amos Brady", "Kid Calloway"}) {
    PrintResult r = print_packets(t.model(), t.file("sheets"), Paper::a4, name, false);
    REQUIRE(r.files.size() == 1);
    ProcessRun text = run_process({"pdftotext", "-f", "1", "-l", "1", "-layout", r.files[0], "-"});
    REQUIRE(text.exit_code == 0);
    INFO(name << "'s sheet:\n" << text.output);
    CHECK(text.output.find("Your kiosk PIN: " + pins.at(name) + ".") != std::string::npos);
    CHECK(text.output.find("Your kiosk PIN:") == text.output.rfind("Your kiosk PIN:"));  // one PIN on the sheet
  }
}
