// The ledger verbs of the real `marshal` program: init, record, verify, station.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "run_program.h"

namespace fs = std::filesystem;
using nlohmann::json;

namespace {
struct TempFolder {
  fs::path path = fs::temp_directory_path() / ("marshal-ledger-cli-" + std::to_string(::getpid()));
  TempFolder() {
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~TempFolder() { fs::remove_all(path); }
  std::string file(const std::string& name) const { return (path / name).string(); }
};
}  // namespace

TEST_CASE("marshal init lists every problem with file and line, and writes nothing", "[cli][ledger]") {
  TempFolder t;
  fs::copy(source_path("events/lincoln-1875"), t.path / "town");
  {
    std::ofstream horses(t.path / "town" / "horses.csv", std::ios::app);
    horses << "Nobody Atall,Ghost,2\nKid Calloway,Thunderbolt Seven,9\n";
  }
  ProgramRun run = run_marshal({"init", (t.path / "town").string(), "--db", t.file("town.db")});
  CHECK(run.exit_code == 2);
  CHECK(run.err.find("horses.csv line") != std::string::npos);
  CHECK(run.err.find("unknown character 'Nobody Atall'") != std::string::npos);
  CHECK(run.err.find("9 is out of range 0 to 4") != std::string::npos);
  CHECK(run.err.find("2 problems") != std::string::npos);
  CHECK_FALSE(fs::exists(t.file("town.db")));
}

TEST_CASE("marshal init, record and verify on the sample town; a tampered file fails", "[cli][ledger]") {
  TempFolder t;
  std::string db = t.file("town.db");
  ProgramRun init = run_marshal({"init", source_path("events/lincoln-1875"), "--db", db});
  REQUIRE(init.exit_code == 0);
  CHECK(init.out.find("35 characters") != std::string::npos);
  CHECK(run_marshal({"init", source_path("events/lincoln-1875"), "--db", db}).exit_code == 2);  // exists

  // An unknown card code is refused with exit 3 and the reason.
  ProgramRun refused = run_marshal({"record", "trick_flipped", "--db", db},
                                   R"({"character": "0000000000000000)" "0" R"(", "trick": "x"})");
  CHECK(refused.exit_code != 0);
  CHECK(json::parse(refused.out)["accepted"] == false);

  ProgramRun verify = run_marshal({"verify", "--db", db});
  CHECK(verify.exit_code == 0);
  CHECK(verify.out.find("1 events") != std::string::npos);

  // Tamper with the event through the sqlite3 shell, triggers dropped first.
  std::string sql = "DROP TRIGGER events_no_update; UPDATE events SET payload = replace(payload, "
                    "'Kid Calloway', 'Kid Galloway') WHERE seq = 1;";
  REQUIRE(std::system(("sqlite3 '" + db + "' \"" + sql + "\"").c_str()) == 0);
  ProgramRun tampered = run_marshal({"verify", "--db", db});
  CHECK(tampered.exit_code == 4);
  CHECK(tampered.err.find("event 1 fails") != std::string::npos);
}

TEST_CASE("marshal station add prints a one-time code; revoke ends it; bad role refused", "[cli][ledger]") {
  TempFolder t;
  std::string db = t.file("town.db");
  REQUIRE(run_marshal({"init", source_path("events/lincoln-1875"), "--db", db}).exit_code == 0);
  ProgramRun add = run_marshal({"station", "add", "saloon", "--role", "gm", "--db", db});
  CHECK(add.exit_code == 0);
  CHECK(add.out.find("enrollment code") != std::string::npos);
  CHECK(run_marshal({"station", "add", "saloon", "--role", "gm", "--db", db}).exit_code == 3);
  CHECK(run_marshal({"station", "add", "bar", "--role", "sheriff", "--db", db}).exit_code == 1);
  CHECK(run_marshal({"station", "revoke", "saloon", "--db", db}).exit_code == 0);
  CHECK(run_marshal({"station", "revoke", "saloon", "--db", db}).exit_code == 3);
  CHECK(run_marshal({"serve", "--db", db, "--listen", "localhost"}).exit_code == 1);
  CHECK(run_marshal({"serve", "--db", t.file("none.db"), "--listen", "127.0.0.1:0"}).exit_code == 2);
}
