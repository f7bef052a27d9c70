// marshal pins as an organiser runs it: every character's kiosk PIN as CSV, a new PIN for one
// badge, and plain errors for a wrong badge or ledger.
#include <catch2/catch.hpp>

#include <map>
#include <regex>
#include <sstream>

#include "run_program.h"
#include "support/temp_dir.h"

namespace {

using marshal::test_support::TempDir;

struct PinRow {
  std::string badge, pin;
};

// name -> badge and PIN, from marshal pins' CSV (CRLF lines; the sample's names need no quotes).
std::map<std::string, PinRow> read_pins(const std::string& csv) {
  std::map<std::string, PinRow> rows;
  std::istringstream lines(csv);
  std::string line;
  std::getline(lines, line);
  REQUIRE(line == "badge,name,pin\r");
  const std::regex row("([0-9A-Z ]{21}),([^,]+),([0-9]{4})\r");
  while (std::getline(lines, line)) {
    std::smatch m;
    INFO("line: " << line);
    REQUIRE(std::regex_match(line, m, row));
    rows[m[2]] = {m[1], m[3]};
  }
  return rows;
}

}  // namespace

TEST_CASE("marshal pins lists every character's PIN, pins reset gives one badge a new PIN", "[cli][pins]") {
  TempDir t;
  std::string db = t.file("town.db");
  REQUIRE(run_marshal({"init", source_path("events/lincoln-1875"), "--db", db}).exit_code == 0);

  ProgramRun listed = run_marshal({"pins", "--db", db});
  INFO(listed.out << listed.err);
  REQUIRE(listed.exit_code == 0);
  auto before = read_pins(listed.out);
  CHECK(before.size() >= 10);
  REQUIRE(before.count("Kid Calloway") == 1);

  const PinRow kid = before["Kid Calloway"];
  ProgramRun reset = run_marshal({"pins", "reset", kid.badge, "--db", db});
  INFO(reset.out << reset.err);
  REQUIRE(reset.exit_code == 0);
  std::smatch m;
  REQUIRE(std::regex_search(reset.out, m, std::regex("Kid Calloway's new kiosk PIN: ([0-9]{4})")));
  CHECK(m[1] != kid.pin);
  auto after = read_pins(run_marshal({"pins", "--db", db}).out);
  CHECK(after["Kid Calloway"].pin == m[1]);
  for (const auto& [name, row] : before)
    if (name != "Kid Calloway") CHECK(after[name].pin == row.pin);  // nobody else's changed
}

TEST_CASE("marshal pins with a wrong badge, ledger or arguments says so", "[cli][pins]") {
  TempDir t;
  std::string db = t.file("town.db");
  REQUIRE(run_marshal({"init", source_path("events/lincoln-1875"), "--db", db}).exit_code == 0);

  ProgramRun bad_badge = run_marshal({"pins", "reset", "NOT-A-BADGE", "--db", db});
  CHECK(bad_badge.exit_code == 2);
  CHECK(bad_badge.err.find("BADGE") != std::string::npos);
  ProgramRun no_ledger = run_marshal({"pins", "--db", t.file("missing.db")});
  CHECK(no_ledger.exit_code == 2);
  CHECK(no_ledger.err.find("missing.db") != std::string::npos);
  ProgramRun no_db = run_marshal({"pins"});
  CHECK(no_db.exit_code == 1);
  CHECK(no_db.err.find("--db") != std::string::npos);
  ProgramRun help = run_marshal({"pins", "--help"});
  CHECK(help.exit_code == 0);
  CHECK(help.out.find("reset") != std::string::npos);
}
