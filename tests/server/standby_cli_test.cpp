// The standby at the command line, as a GM follows docs/server.md's failover page (issue 29, plan
// step 6), with real `marshal` processes over TLS on 127.0.0.1: `station add --role standby` on the
// primary, `serve --standby-of --code` on the standby (a new file filled with the primary's chain),
// `promote` refused while the primary answers, the standby file refused as a primary before its
// promotion, then promoted, served as the primary at epoch 2, and the old primary back as its
// standby with the printed line.
#include <regex>

#include "ledger/station_events.h"

#include "server_test_helpers.h"

using namespace marshal;
using namespace marshal::server_testing;

namespace {

// The code in the line `marshal station add` printed for the standby laptop.
std::string printed_code(const std::string& out) {
  std::smatch m;
  REQUIRE(std::regex_search(out, m, std::regex(R"(marshal serve --db standby.db .* --standby-of https://THIS-LAPTOP:PORT#sha256=\S+ --code (\S+)\n)")));
  return m[1];
}

bool in_step(const std::string& standby_url, const std::string& primary_path) {
  client::HttpReply h = client::HttpClient(standby_url).get("/health", 3000);
  return h.status == 200 && h.body.value("in_sync", false) && h.body["events"] == event_count(primary_path);
}

client::HttpReply record(const std::string& url, const std::string& token, const std::string& badge, std::int64_t epoch) {
  client::HttpClient http(url);
  http.set_token(token);
  http.set_header("X-Marshal-Epoch", std::to_string(epoch));
  return post_event(http, client::new_uuid_v7(now_ms()), "bystander_lost", {{"character", badge}});
}

// A ledger with a GM station enrolled, and a standby's code as `marshal station add` printed it.
struct StandbySetUp {
  TempDir dir;
  TestLedger town;
  std::string gm_token, standby_path, code;
  explicit StandbySetUp(std::uint64_t seed)
      : town(make_ledger(dir, {.tricks = 2, .bystanders = 4}, seed)),
        gm_token(enrolled_token(town.path, "saloon-gm", db::Role::gm)), standby_path(dir.file("laptop-b.db")) {
    ProgramRun added =
        run_marshal({"station", "add", "laptop-b", "--role", "standby", "--db", town.path}, dir.file("add.log"));
    INFO(added.out);
    REQUIRE(added.exit_code == 0);
    code = printed_code(added.out);
  }
};

}  // namespace

TEST_CASE("a GM's failover at the command line: a standby follows, is promoted, and the old primary rejoins as its "
          "standby",
          "[server][standby][cli]") {
  StandbySetUp set_up(31);
  auto& [dir, town, gm_token, standby_path, code] = set_up;

  SpawnedServer primary(town.path, dir.file("primary"), Channel::tls);
  primary.start();
  REQUIRE(record(primary.url(), gm_token, town.badge(ada), 1).status == 200);
  SpawnedServer standby(standby_path, dir.file("standby"), Channel::tls, {"--standby-of", primary.url(), "--code", code});
  standby.start();
  CHECK_THAT(standby.log(), Catch::Contains("A standby of"));
  REQUIRE(comes_true([&] { return in_step(standby.url(), town.path); }));
  // Where stations reach it (--listen's address, its key's pin): in the chain, and in /health.
  CHECK_THAT(standby.log(), Catch::Contains("Stations learn this standby's address from the primary"));
  REQUIRE(comes_true([&] {
    return client::HttpClient(primary.url()).get("/health", 3000).body.value("standby_url", "") == standby.url();
  }));
  CHECK(count_rows(town.path, "SELECT COUNT(*) FROM events WHERE type = 'standby_joined'") == 1);
  // A card printed now names the standby too: a station enrolled by it goes on there by itself.
  const std::string card = dir.file("porch.pdf");
  ProgramRun carded = run_marshal({"station", "add", "porch-gm", "--role", "gm", "--db", town.path, "--card", card,
                                   "--server", "https://10.0.0.2:8080"},
                                  dir.file("card.log"));
  INFO(carded.out);
  REQUIRE(carded.exit_code == 0);
  const std::string standby_address = standby.url().substr(0, standby.url().find('#'));
  CHECK_THAT(carded.out, Catch::Contains("It names the standby too, where the station goes on if the ledger machine "
                                         "dies: " + standby_address));
  REQUIRE(std::system(("pdftoppm -r 150 -png -singlefile '" + card + "' '" + dir.file("porch") + "'").c_str()) == 0);
  ProgramRun scanned = run_marshal({"scan", dir.file("porch.png")}, dir.file("scan.log"));
  INFO(scanned.out);
  CHECK_THAT(scanned.out, Catch::Contains("; its standby " + standby_address + ", the standby's key " +
                                          standby.url().substr(standby.url().find('=') + 1)));
  REQUIRE(record(primary.url(), gm_token, town.badge(bo), 1).status == 200);
  REQUIRE(comes_true([&] { return in_step(standby.url(), town.path); }));

  // The primary still answers: no promotion without --force.
  ProgramRun early = run_marshal({"promote", "--db", standby_path}, dir.file("promote-early.log"));
  CHECK(early.exit_code == 3);
  CHECK_THAT(early.out, Catch::Contains("still answers"));

  primary.crash();
  CHECK(standby.stop() == 0);
  // Before its promotion, the standby's file is refused as a primary (two would take writes).
  ProgramRun as_primary = run_marshal({"serve", "--db", standby_path, "--listen", "127.0.0.1:0"}, dir.file("wrong.log"));
  CHECK(as_primary.exit_code == 3);
  CHECK_THAT(as_primary.out, Catch::Contains("is a standby of"));

  ProgramRun promoted = run_marshal({"promote", "--db", standby_path}, dir.file("promote.log"));
  INFO(promoted.out);
  REQUIRE(promoted.exit_code == 0);
  CHECK_THAT(promoted.out, Catch::Contains("epoch 2"));
  std::smatch rejoin;
  REQUIRE(std::regex_search(promoted.out, rejoin, std::regex(R"(--standby-of https://THIS-LAPTOP:PORT#sha256=([0-9a-f]{64}) --code (\S+))")));
  CHECK(db::current_epoch(db::Ledger(standby_path).database()).epoch == 2);

  // Laptop B serves as the primary; the GM records there at epoch 2.
  SpawnedServer new_primary(standby_path, dir.file("new-primary"), Channel::tls);
  new_primary.start();
  CHECK(new_primary.url().find(rejoin[1].str()) != std::string::npos);  // the printed pin is its key
  REQUIRE(record(new_primary.url(), gm_token, town.badge(ada), 2).status == 200);

  // Laptop A comes back as laptop B's standby with the printed line, and catches up.
  SpawnedServer old_primary(town.path, dir.file("rejoined"), Channel::tls,
                            {"--standby-of", new_primary.url(), "--code", rejoin[2].str()});
  old_primary.start();
  REQUIRE(comes_true([&] { return in_step(old_primary.url(), standby_path); }));
  CHECK(db::current_epoch(db::Ledger(town.path).database()).epoch == 2);
  CHECK(record(old_primary.url(), gm_token, town.badge(bo), 2).status == 503);
}

TEST_CASE("marshal serve --advertise says what is wrong with an address stations could not use", "[server][standby][cli]") {
  TempDir dir;
  TestLedger town = make_ledger(dir, {.tricks = 1, .bystanders = 1}, 32);
  const std::string primary = "https://127.0.0.1:9#sha256=" + std::string(64, 'a');
  struct Case {
    std::vector<std::string> args;
    std::string says;
  };
  for (const Case& c : std::vector<Case>{
           {{"--advertise", "https://10.0.0.3:8080"}, "goes with --standby-of"},
           {{"--standby-of", primary, "--advertise", "http://10.0.0.3:8080"}, "give https://HOST:PORT"},
           {{"--standby-of", primary, "--advertise", "https://10.0.0.3:8080#sha256=" + std::string(64, 'b')},
            "give https://HOST:PORT"},
           {{"--standby-of", primary, "--advertise", "https://10.0.0.3"}, "give https://HOST:PORT"},
       }) {
    std::vector<std::string> args{"serve", "--db", dir.file("b.db"), "--listen", "127.0.0.1:0"};
    args.insert(args.end(), c.args.begin(), c.args.end());
    ProgramRun run = run_marshal(args, dir.file("advertise.log"));
    INFO(run.out);
    CHECK(run.exit_code == 1);  // wrong arguments
    CHECK_THAT(run.out, Catch::Contains(c.says));
    CHECK_FALSE(std::filesystem::exists(dir.file("b.db")));  // refused before anything is made
  }
}

TEST_CASE("an old primary that went on alone is refused as the new primary's standby, naming where the chains part",
          "[server][standby][cli]") {
  StandbySetUp set_up(33);
  auto& [dir, town, gm_token, standby_path, code] = set_up;
  SpawnedServer primary(town.path, dir.file("primary"), Channel::tls);
  primary.start();
  SpawnedServer standby(standby_path, dir.file("standby"), Channel::tls,
                        {"--standby-of", primary.url(), "--code", code});
  standby.start();
  REQUIRE(comes_true([&] { return in_step(standby.url(), town.path); }));
  // Laptop B stops; A goes on alone (it writes ledger_alone) and acknowledges events B lacks.
  CHECK(standby.stop() == 0);
  REQUIRE(record(primary.url(), gm_token, town.badge(ada), 1).status == 200);
  REQUIRE(record(primary.url(), gm_token, town.badge(bo), 1).status == 200);
  CHECK(count_rows(town.path, "SELECT COUNT(*) FROM events WHERE type = 'ledger_alone'") == 1);
  const std::int64_t b_head = event_count(standby_path);
  primary.crash();
  ProgramRun promoted = run_marshal({"promote", "--db", standby_path, "--force"}, dir.file("promote.log"));
  INFO(promoted.out);
  REQUIRE(promoted.exit_code == 0);
  std::smatch rejoin;
  REQUIRE(std::regex_search(promoted.out, rejoin, std::regex(R"(--code (\S+))")));
  SpawnedServer new_primary(standby_path, dir.file("new-primary"), Channel::tls);
  new_primary.start();

  // A brought back as B's standby: its events from B's promotion on were acknowledged to a
  // station (it was alone), so it is not set aside but refused, both sides of the parting named.
  const std::int64_t a_events = event_count(town.path);
  ProgramRun refused = run_marshal({"serve", "--db", town.path, "--listen", "127.0.0.1:0", "--standby-of",
                                    new_primary.url(), "--code", rejoin[1].str()},
                                   dir.file("rejoin.log"));
  INFO(refused.out);
  CHECK(refused.exit_code == 3);
  CHECK_THAT(refused.out, Catch::Contains("part at event " + std::to_string(b_head + 1)));
  CHECK_THAT(refused.out, Catch::Contains("on the primary ledger_promoted"));
  CHECK(event_count(town.path) == a_events);  // the file kept as it was, under its own name
  CHECK(std::filesystem::exists(town.path));
}

TEST_CASE("a promoted ledger's own events are never set aside when it rejoins: its promotion counts as going alone",
          "[server][standby][cli]") {
  StandbySetUp set_up(35);
  auto& [dir, town, gm_token, standby_path, code] = set_up;
  SpawnedServer primary(town.path, dir.file("primary"), Channel::tls);
  primary.start();
  SpawnedServer b(standby_path, dir.file("b"), Channel::tls, {"--standby-of", primary.url(), "--code", code});
  b.start();
  REQUIRE(comes_true([&] { return in_step(b.url(), town.path); }));
  // A dies; B is promoted while it serves (no restart: it writes no ledger_alone of its own).
  primary.crash();
  ProgramRun promoted = run_marshal({"promote", "--db", standby_path}, dir.file("promote-b.log"));
  INFO(promoted.out);
  REQUIRE(promoted.exit_code == 0);
  REQUIRE(comes_true([&] { return client::HttpClient(b.url()).get("/health", 3000).body.value("role", "") == "primary"; }));
  const std::int64_t b_promoted = db::current_epoch(db::Ledger(standby_path).database()).seq;
  // Laptop C: a copy of B just after its promotion, made a standby again by hand (a backup
  // taken then, say), and promoted in its turn once B is gone.
  const std::string c_path = dir.file("laptop-c.db");
  db::Database(standby_path, false).exec("VACUUM INTO '" + c_path + "'");
  db::Database(c_path, false).exec("UPDATE replica_state SET value = 'standby' WHERE key = 'role'");
  // B acknowledges an event at once: it has no standby since its promotion.
  REQUIRE(record(b.url(), gm_token, town.badge(ada), 2).status == 200);
  CHECK(count_rows(standby_path, "SELECT COUNT(*) FROM events WHERE type = 'ledger_alone'") == 0);
  CHECK(b.stop() == 0);
  ProgramRun c_promoted = run_marshal({"promote", "--db", c_path, "--force"}, dir.file("promote-c.log"));
  INFO(c_promoted.out);
  REQUIRE(c_promoted.exit_code == 0);
  std::smatch rejoin;
  REQUIRE(std::regex_search(c_promoted.out, rejoin, std::regex(R"(--code (\S+))")));
  SpawnedServer c(c_path, dir.file("c"), Channel::tls);
  c.start();

  // B back as C's standby: its event after the parting was acknowledged (it was alone since its
  // own promotion, with no ledger_alone to say so), so it is refused, never set aside.
  const std::int64_t b_events = event_count(standby_path);
  ProgramRun refused = run_marshal({"serve", "--db", standby_path, "--listen", "127.0.0.1:0", "--standby-of", c.url(),
                                    "--code", rejoin[1].str()},
                                   dir.file("rejoin.log"));
  INFO(refused.out);
  CHECK(refused.exit_code == 3);
  CHECK_THAT(refused.out, Catch::Contains("part at event " + std::to_string(b_promoted + 1)));
  CHECK_THAT(refused.out, Catch::Contains("on the primary ledger_promoted"));
  CHECK(event_count(standby_path) == b_events);
}

TEST_CASE("a standby whose primary dies replays what it holds: its views are the chain's head", "[server][standby][cli]") {
  StandbySetUp set_up(37);
  auto& [dir, town, gm_token, standby_path, code] = set_up;
  SpawnedServer primary(town.path, dir.file("primary"), Channel::tls);
  primary.start();
  SpawnedServer standby(standby_path, dir.file("standby"), Channel::tls, {"--standby-of", primary.url(), "--code", code});
  standby.start();
  REQUIRE(comes_true([&] { return in_step(standby.url(), town.path); }));
  client::HttpClient gm(standby.url());
  gm.set_token(gm_token);
  const std::string character = "/characters/" + town.badge(ada);
  const client::HttpReply before = gm.get(character);
  REQUIRE(before.status == 200);
  // On the standby's disk before the station is answered; the primary dies at once, before the
  // standby meets the pause it replays in.
  REQUIRE(record(primary.url(), gm_token, town.badge(ada), 1).status == 200);
  primary.crash();
  const std::int64_t head = event_count(town.path);
  REQUIRE(comes_true([&] {
    return client::HttpClient(standby.url()).get("/health", 3000).body.value("replayed_seq", std::int64_t{-1}) == head;
  }));
  const client::HttpReply view = gm.get(character);
  REQUIRE(view.status == 200);
  CHECK(view.body != before.body);  // the bystander lost shows
}
