// marshal head and marshal audit as a user runs them: the anchor line, one line per check, the
// summary.json, and the exit codes (0 passed, 1 a check failed or warned with --strict, 2 usage).
#include <catch2/catch.hpp>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <vector>

#include <nlohmann/json.hpp>

#include "run_program.h"

namespace fs = std::filesystem;
using nlohmann::json;

namespace {
struct AuditFolder {
  fs::path path = fs::temp_directory_path() / ("marshal-audit-cli-" + std::to_string(::getpid()));
  AuditFolder() {
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~AuditFolder() { fs::remove_all(path); }
  std::string file(const std::string& name) const { return (path / name).string(); }
};

json read_json(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return json::parse(text.str());
}
}  // namespace

TEST_CASE("marshal head prints a short anchor, and marshal audit proves the ledger against it", "[cli][audit]") {
  AuditFolder t;
  std::string db = t.file("town.db");
  REQUIRE(run_marshal({"demo", "--db", db}).exit_code == 0);

  ProgramRun head = run_marshal({"head", "--db", db});
  INFO(head.out << head.err);
  REQUIRE(head.exit_code == 0);
  CHECK(std::regex_match(head.out, std::regex("[1-9][0-9]*:[0-9a-f]{16}\n")));
  ProgramRun full = run_marshal({"head", "--db", db, "--full"});
  CHECK(std::regex_match(full.out, std::regex("[1-9][0-9]*:[0-9a-f]{64}\n")));
  std::string anchor = head.out.substr(0, head.out.size() - 1);

  ProgramRun audit = run_marshal({"audit", "--db", db, "--out", t.file("report"), "--anchor", anchor});
  INFO(audit.out << audit.err);
  CHECK(audit.exit_code == 0);
  CHECK(audit.out.find("PASS  chain") != std::string::npos);
  CHECK(audit.out.find("PASS  anchor " + anchor) != std::string::npos);
  CHECK(audit.out.find("PASS  replay") != std::string::npos);
  CHECK(audit.out.find("summary.json") != std::string::npos);
  CHECK(audit.out.find("report.html") != std::string::npos);
  CHECK(fs::file_size(t.file("report/report.html")) > 1000);
  CHECK(fs::file_size(t.file("report/report.pdf")) > 1000);
  // The tables for a spreadsheet: a header, then one line per event (a payload quoted, its
  // quotes doubled).
  std::ifstream events(t.file("report/events.csv"));
  std::string line;
  REQUIRE(std::getline(events, line));
  CHECK(line == "seq,uuid,station,client_time_ms,server_time_ms,type,payload\r");
  int rows = 0;
  while (std::getline(events, line)) ++rows;
  CHECK(std::to_string(rows) == anchor.substr(0, anchor.find(':')));
  std::ifstream characters(t.file("report/characters.csv"));
  REQUIRE(std::getline(characters, line));
  CHECK(line.rfind("name,player,dead,killing,killed_by,", 0) == 0);
  CHECK(fs::exists(t.file("report/refusals.csv")));
  // Every conflict a line: who took part, who won (the demo: a duel and a shootout).
  std::ifstream conflicts(t.file("report/conflicts.csv"));
  REQUIRE(std::getline(conflicts, line));
  CHECK(line == "seq,server_time_ms,station,kind,participants,winner,status,ending,cards\r");
  std::vector<std::string> conflict_rows;
  while (std::getline(conflicts, line)) conflict_rows.push_back(line);
  REQUIRE(conflict_rows.size() == 2);
  // The cards as the demo's station drew them: the duel's draw and its rounds (as many as the
  // station's draws make), then the shootout's.
  CHECK(std::regex_match(conflict_rows[0],
                         std::regex("2,[0-9]+,demo-gm,duel,Kid Calloway; Sheriff Amos Brady,Kid Calloway,,(death|over),station( (10|[1-9])){4,}\r")));
  CHECK(std::regex_match(conflict_rows[1], std::regex("3,[0-9]+,demo-gm,shootout,[^,]+(; [^,;]+){2,},,,(death|over|stopped),station( (10|[1-9])){4,}\r")));
  json summary = read_json(t.file("report/summary.json"));
  CHECK(summary["verdict"] == "PASS");
  CHECK(summary["checks"][0]["name"] == "chain");

  // No anchor: a warning, which --strict makes a failure.
  ProgramRun loose = run_marshal({"audit", "--db", db, "--out", t.file("report")});
  CHECK(loose.exit_code == 0);
  CHECK(loose.out.find("WARN  anchors") != std::string::npos);
  CHECK(run_marshal({"audit", "--db", db, "--out", t.file("report"), "--strict"}).exit_code == 1);

  // An anchor from a later head than the file holds: the file lost events.
  std::string seq = anchor.substr(0, anchor.find(':'));
  std::string later = std::to_string(std::stoll(seq) + 3) + anchor.substr(anchor.find(':'));
  ProgramRun lost = run_marshal({"audit", "--db", db, "--out", t.file("report"), "--anchor", later});
  CHECK(lost.exit_code == 1);
  CHECK(lost.out.find("FAIL  anchor " + later) != std::string::npos);
  CHECK(read_json(t.file("report/summary.json"))["verdict"] == "FAIL");
}

TEST_CASE("marshal audit with wrong arguments says what is wrong and exits 2", "[cli][audit]") {
  AuditFolder t;
  std::string db = t.file("town.db");
  REQUIRE(run_marshal({"demo", "--db", db}).exit_code == 0);
  ProgramRun bad_anchor = run_marshal({"audit", "--db", db, "--out", t.file("r"), "--anchor", "12:xyz"});
  CHECK(bad_anchor.exit_code == 2);
  CHECK(bad_anchor.err.find("--anchor '12:xyz'") != std::string::npos);
  ProgramRun no_file = run_marshal({"audit", "--db", t.file("nothing.db"), "--out", t.file("r")});
  CHECK(no_file.exit_code == 2);
  CHECK(no_file.err.find("no ledger file") != std::string::npos);
  ProgramRun no_out = run_marshal({"audit", "--db", db});
  CHECK(no_out.exit_code == 2);
  CHECK(no_out.err.find("--out") != std::string::npos);
  ProgramRun not_a_cache = run_marshal({"audit", "--db", db, "--out", t.file("r"), "--station-cache", db});
  CHECK(not_a_cache.exit_code == 2);
  CHECK(not_a_cache.err.find("--station-cache " + db + ": not a GM station's cache") != std::string::npos);
  ProgramRun help = run_marshal({"audit", "--help"});
  CHECK(help.exit_code == 0);
  CHECK(help.out.find("--anchor") != std::string::npos);
  CHECK(help.out.find("--station-cache") != std::string::npos);
  CHECK(help.out.find("--strict") != std::string::npos);
  CHECK(run_marshal({"head", "--db", t.file("nothing.db")}).exit_code == 2);
}
