// The `marshal` program, run for real: arguments, files, standard input, exit codes.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <filesystem>
#include <sstream>

#include <nlohmann/json.hpp>

#include "run_program.h"

using nlohmann::json;

namespace {
// The demo's story without the lines naming its temporary ledger file.
std::string story_of(const std::string& out) {
  std::string kept, line;
  std::istringstream in(out);
  while (std::getline(in, line))
    if (line.find("/tmp/") == std::string::npos) kept += line + "\n";
  return kept;
}
}  // namespace

TEST_CASE("marshal demo records a duel and a shootout in a fresh ledger and audits it", "[cli]") {
  ProgramRun run = run_marshal({"demo"});
  REQUIRE(run.exit_code == 0);
  CHECK(run.out.find("35 characters") != std::string::npos);
  CHECK(run.out.find("Kid Calloway commits") != std::string::npos);
  CHECK(run.out.find("Recorded in the ledger as event #2") != std::string::npos);
  CHECK(run.out.find("Recorded in the ledger as event #3") != std::string::npos);
  CHECK(run.out.find("Audit: 3 events, hash chain intact") != std::string::npos);
  CHECK(story_of(run_marshal({"demo"}).out) == story_of(run.out));  // same default seed
  CHECK(story_of(run_marshal({"demo", "--seed", "other"}).out) != story_of(run.out));
}

TEST_CASE("marshal demo writes the ledger where asked, and marshal verify agrees", "[cli]") {
  std::string db = "/tmp/marshal-cli-demo-" + std::to_string(::getpid()) + ".db";
  std::filesystem::remove(db);
  REQUIRE(run_marshal({"demo", "--db", db}).exit_code == 0);
  ProgramRun verify = run_marshal({"verify", "--db", db});
  CHECK(verify.exit_code == 0);
  CHECK(verify.out.find("3 events") != std::string::npos);
  for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(db + suffix);
}

TEST_CASE("no arguments, unknown verbs and unknown kinds are usage errors", "[cli]") {
  CHECK(run_marshal({}).exit_code == 1);
  ProgramRun unknown_kind = run_marshal({"resolve", "joust"});
  CHECK(unknown_kind.exit_code == 1);
  CHECK(unknown_kind.err.find("joust") != std::string::npos);
  CHECK(run_marshal({"gallop"}).exit_code == 1);
  ProgramRun help = run_marshal({"--help"});
  CHECK(help.exit_code == 0);
  CHECK(help.out.find("resolve") != std::string::npos);
  CHECK(help.out.find("odds") != std::string::npos);
  CHECK(help.out.find("Exit codes") != std::string::npos);
}

TEST_CASE("every documented example resolves, and twice with one seed gives one answer", "[cli]") {
  int examples = 0;
  for (const auto& entry : std::filesystem::directory_iterator(source_path("docs/examples"))) {
    std::string name = entry.path().stem().string();
    auto dash = name.find('-');
    std::string verb = name.substr(0, dash), kind = name.substr(dash + 1);
    INFO(name);
    ProgramRun first = run_marshal({verb, kind, entry.path().string(), "--seed", "5"});
    CHECK(first.exit_code == 0);
    CHECK(first.err.empty());
    json out = json::parse(first.out);
    CHECK(out["kind"] == kind);
    CHECK(run_marshal({verb, kind, entry.path().string(), "--seed", "5"}).out == first.out);
    ++examples;
  }
  CHECK(examples == 13);
}

TEST_CASE("the resolve duel example reaches the outcome the docs show", "[cli]") {
  ProgramRun run = run_marshal({"resolve", "duel", source_path("docs/examples/resolve-duel.json"),
                                "--physical"});
  REQUIRE(run.exit_code == 0);
  json out = json::parse(run.out);
  CHECK(out["result"]["winner"] == "Sheriff Brady");
  CHECK(out["result"]["duelists"][0]["wounded"] == true);
  CHECK(out["steps"][0]["first"] == "Kid Antrim");
  CHECK(out["steps"][2]["shots"][1]["choice"] == "disable");
  CHECK_FALSE(out.contains("seed"));  // physical: nothing was drawn
}

TEST_CASE("input from standard input, missing cards are drawn and reported", "[cli]") {
  std::string input = R"({"duelists":[{"name":"Ann","speed":2,"accuracy":3},
                                       {"name":"Bob","speed":2,"accuracy":3}],
                          "until_over": true})";
  ProgramRun run = run_marshal({"resolve", "duel", "--seed", "abc"}, input);
  REQUIRE(run.exit_code == 0);
  json out = json::parse(run.out);
  CHECK(out["seed"] == "0000000000000000000000000000000000000000000000000000000000000abc");
  CHECK(out["steps"][0]["cards"][0][0]["drawn"] == "virtual");
  CHECK(out["result"]["over"] == true);
  // Without --seed a fresh seed is made and printed; running again with it replays exactly.
  ProgramRun fresh = run_marshal({"resolve", "duel"}, input);
  std::string seed = json::parse(fresh.out)["seed"];
  CHECK(run_marshal({"resolve", "duel", "--seed", seed}, input).out == fresh.out);
}

TEST_CASE("bad input names the field and the reason, and exits 2", "[cli]") {
  auto expect_bad = [](const std::string& input, const std::string& field) {
    ProgramRun run = run_marshal({"resolve", "duel", "--seed", "1"}, input);
    INFO(input);
    CHECK(run.exit_code == 2);
    CHECK(run.err.rfind("marshal: ", 0) == 0);
    json out = json::parse(run.out);
    CHECK(out["error"]["code"] == "bad_input");
    CHECK(out["error"]["field"] == field);
  };
  expect_bad("{not json", "standard input");
  expect_bad("[]", "");
  expect_bad(R"({"duelists":[{"name":"A"}]})", "duelists");
  expect_bad(R"({"duelists":[{"name":"A","speed":5},{"name":"B"}]})", "duelists[0].speed");
  expect_bad(R"({"duelists":[{"name":"A","speed":"fast"},{"name":"B"}]})", "duelists[0].speed");
  expect_bad(R"({"duelists":[{"name":"A"},{"name":"B","colour":"red"}]})", "duelists[1].colour");
  expect_bad(R"({"duelists":[{"name":"A"},{"name":"B"}],"draw_cards":{"C":3}})", "draw_cards.C");
  expect_bad(R"({"duelists":[{"name":"A"},{"name":"B"}],"draw_cards":{"A":11}})", "draw_cards.A");
  ProgramRun missing = run_marshal({"resolve", "duel", "/no/such/file.json"});
  CHECK(missing.exit_code == 2);
  CHECK(missing.err.find("/no/such/file.json") != std::string::npos);
}

TEST_CASE("an illegal move exits 3 with the rule's reason and the field", "[cli]") {
  auto expect_refused = [](const std::vector<std::string>& args, const std::string& input,
                           const std::string& code, const std::string& field) {
    ProgramRun run = run_marshal(args, input);
    INFO(input);
    CHECK(run.exit_code == 3);
    json out = json::parse(run.out);
    CHECK(out["error"]["code"] == code);
    CHECK(out["error"]["field"] == field);
    CHECK_FALSE(out["error"]["reason"].get<std::string>().empty());
  };
  const std::vector<std::string> duel{"resolve", "duel", "--seed", "1"};
  expect_refused(duel, R"({"duelists":[{"name":"A","accuracy":2},{"name":"B"}],"commit":{"A":3}})",
                 "out_of_range", "draw.commit.A");
  expect_refused(duel, R"({"duelists":[{"name":"A","dead":true},{"name":"B"}]})", "dead",
                 "duelists.duelists[0]");
  // Each round is a fresh deck: two Aces a round is fine, three in one round is not.
  expect_refused({"resolve", "brawl", "--seed", "1"},
                 R"({"fighters":[{"name":"A"},{"name":"B"},{"name":"C"}],
                     "rounds":[{"cards":{"A":1,"B":1,"C":1}}]})",
                 "impossible_cards", "rounds[0].cards.C");
  expect_refused({"resolve", "duel", "--physical"}, R"({"duelists":[{"name":"A"},{"name":"B"}]})",
                 "missing_input", "draw.cards.A");
  expect_refused({"resolve", "accusation", "--seed", "1"},
                 R"({"accuser":{"name":"A"},"accused":{"name":"B"},
                     "trick":{"code":"T1","hand":"Flush","flag":"skill","spent":true}})",
                 "already_spent", "trick");
}

TEST_CASE("the --story flag prints sentences, not JSON", "[cli]") {
  ProgramRun run = run_marshal({"resolve", "fistfight",
                                source_path("docs/examples/resolve-fistfight.json"), "--story"});
  REQUIRE(run.exit_code == 0);
  CHECK(run.out.find("third stun in a row") != std::string::npos);
  CHECK(run.out.find('{') == std::string::npos);
}

TEST_CASE("odds: exact figures come out as the engine computes them", "[cli]") {
  ProgramRun run = run_marshal({"odds", "shot"}, R"({"accuracy": 3})");
  REQUIRE(run.exit_code == 0);
  json out = json::parse(run.out);
  // Accuracy 3: dead on an 8 or 9 (6 + 4 of 50 cards), 13+ on a 10 (4 of 50).
  CHECK(out["odds"]["dead"].get<double>() == Approx(10.0 / 50));
  CHECK(out["odds"]["shooters_choice"].get<double>() == Approx(4.0 / 50));
  CHECK(out["not_to_kill"]["dead"].get<double>() == Approx(0.0));
  CHECK(out["not_to_kill"]["wounded"].get<double>() == Approx(10.0 / 50));
}
