// The ledger verbs of the real `marshal` program: init, record, verify, station.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <filesystem>
#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <regex>

#include <nlohmann/json.hpp>

#include "run_program.h"
#include "support/temp_dir.h"

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

TEST_CASE("marshal init, record and verify on the sample town, a tampered file fails", "[cli][ledger]") {
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

TEST_CASE("marshal station add prints a one-time code, revoke ends it, bad role refused", "[cli][ledger]") {
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

TEST_CASE("marshal station add --card prints an enrollment card whose QR code holds the server and the code",
          "[cli][ledger][enroll]") {
  marshal::test_support::TempDir t;
  std::string db = t.file("town.db"), card = t.file("lobby.pdf");
  REQUIRE(run_marshal({"init", source_path("events/lincoln-1875"), "--db", db}).exit_code == 0);
  ProgramRun add = run_marshal({"station", "add", "lobby-kiosk", "--role", "kiosk", "--db", db, "--card", card, "--server",
                                "https://10.0.0.2:8080"});
  INFO(add.out << add.err);
  REQUIRE(add.exit_code == 0);
  // The card needs the ledger's key: made now (the ledger had none), and named by marshal head.
  CHECK(add.out.find("Made the ledger's TLS key") != std::string::npos);
  ProgramRun head = run_marshal({"head", "--db", db});
  std::smatch key;
  REQUIRE(std::regex_search(head.out, key, std::regex("\nkey sha256 ((?:[0-9a-f]{4} ){15}[0-9a-f]{4})\n")));
  std::string pin = key[1].str();
  pin.erase(std::remove(pin.begin(), pin.end(), ' '), pin.end());
  CHECK(add.out.find("The ledger's key on it: sha256 " + key[1].str()) != std::string::npos);
  std::smatch code;
  REQUIRE(std::regex_search(add.out, code, std::regex("\n    ([0-9A-Z]{4} [0-9A-Z]{4} [0-9A-Z]{4} [0-9A-Z]{4} [0-9A-Z])\n")));
  CHECK(add.out.find(card) != std::string::npos);
  // Read back as a station's camera would: the page rasterised, the QR code decoded.
  REQUIRE(std::system(("pdftoppm -r 150 -png -singlefile '" + card + "' '" + t.file("lobby") + "'").c_str()) == 0);
  ProgramRun scanned = run_marshal({"scan", t.file("lobby.png")});
  INFO(scanned.out << scanned.err);
  CHECK(scanned.out.find("a station's enrollment card: the server https://10.0.0.2:8080, the code " + code[1].str() +
                         ", the ledger's key " + pin) != std::string::npos);
  // A kiosk gets an admin card beside it, and an admin PIN printed only in the command's output.
  std::smatch admin;
  REQUIRE(std::regex_search(add.out, admin, std::regex("admin code ([0-9A-Z ]{21}) .*admin PIN ([0-9]{4})")));
  std::string admin_code = admin[1].str();
  admin_code.erase(std::remove(admin_code.begin(), admin_code.end(), ' '), admin_code.end());
  // The admin card's QR code holds its code and nothing else (no PIN).
  CHECK(scanned.out.find(": MARSHAL-ADMIN " + admin_code + "  a kiosk's admin card (its admin PIN is not on it)") !=
        std::string::npos);
  // A GM station has no admin card.
  ProgramRun gm = run_marshal({"station", "add", "saloon-gm", "--role", "gm", "--db", db});
  CHECK(gm.exit_code == 0);
  CHECK(gm.out.find("admin") == std::string::npos);

  // Without --server there is nothing to put on the card: a usage error, and no station.
  ProgramRun no_server = run_marshal({"station", "add", "porch-kiosk", "--role", "kiosk", "--db", db, "--card", card});
  CHECK(no_server.exit_code == 1);
  CHECK(no_server.err.find("--card needs --server") != std::string::npos);
  // Plain http never goes on a card: the venue's Wi-Fi would carry the token in the clear.
  ProgramRun plain = run_marshal({"station", "add", "porch-kiosk", "--role", "kiosk", "--db", db, "--card", card,
                                  "--server", "http://10.0.0.2:8080"});
  CHECK(plain.exit_code == 1);
  CHECK(plain.err.find("--card needs --server https://HOST:PORT") != std::string::npos);
  // A card that cannot be written adds no station: the same name can be added afterwards.
  ProgramRun unwritable = run_marshal({"station", "add", "porch-kiosk", "--role", "kiosk", "--db", db, "--card",
                                       t.file("no/such/dir/card.pdf"), "--server", "https://10.0.0.2:8080"});
  CHECK(unwritable.exit_code == 2);
  CHECK(unwritable.err.find("the station was not added") != std::string::npos);
  CHECK(run_marshal({"station", "add", "porch-kiosk", "--role", "kiosk", "--db", db}).exit_code == 0);
}
