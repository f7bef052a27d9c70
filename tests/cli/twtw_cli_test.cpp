// marshal twtw as a GM at a TWTW table runs it (seed 003, docs/twtw.md): the worked examples of
// the seed through the real program, the readable form, and a clear error naming the argument
// for bad input, with a non-zero exit and no number printed.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "run_program.h"

using nlohmann::json;

namespace {
json twtw(std::vector<std::string> args, const std::string& input = "") {
  args.insert(args.begin(), "twtw");
  args.push_back("--json");
  ProgramRun run = run_marshal(args, input);
  INFO(run.out << run.err);
  REQUIRE(run.exit_code == 0);
  return json::parse(run.out);
}

struct Bad {
  std::vector<std::string> args;
  std::string named;
};

void check_refused(const std::vector<Bad>& cases) {
  for (const Bad& bad : cases) {
    std::vector<std::string> args{"twtw"};
    args.insert(args.end(), bad.args.begin(), bad.args.end());
    args.push_back("--json");
    ProgramRun run = run_marshal(args);
    std::string said;
    for (const std::string& a : bad.args) said += a + " ";
    INFO(said << "-> " << run.out << run.err);
    CHECK(run.exit_code != 0);
    CHECK(run.exit_code < 128);  // an exit, never a crash
    CHECK(run.err.find(bad.named) != std::string::npos);
    CHECK(run.out.empty());
  }
}
}  // namespace

TEST_CASE("marshal twtw ranged-tn: the Peacemaker and the wagon (003 L116, L149)", "[cli][twtw]") {
  CHECK(twtw({"ranged-tn", "--range", "8", "--increment", "8"})["tn"] == 5);
  json at16 = twtw({"ranged-tn", "--range", "16", "--increment", "8"});
  CHECK(at16["tn"] == 6);
  REQUIRE(at16["why"].size() == 2);
  CHECK(at16["why"][1].get<std::string>().find("range") != std::string::npos);
  CHECK(twtw({"ranged-tn", "--range", "8", "--increment", "8", "--relative-speed", "26"})["tn"] ==
        10);
  CHECK(twtw({"ranged-tn", "--range", "8", "--increment", "8", "--relative-speed", "4"})["tn"] ==
        5);
  // Every option at once: 5 +1 range, +4 galloping (worse than walking), +1 speed, +2 Size 1.5,
  // +6 head, +2 snap.
  json all =
      twtw({"ranged-tn", "--range", "16", "--increment", "8", "--firer", "walk", "--mounted",
            "gallop", "--relative-speed", "5", "--size", "1.5", "--called", "head", "--snap", "2"});
  CHECK(all["tn"] == 21);
  CHECK(all["why"].size() == 7);
  CHECK(twtw({"ranged-tn", "--range", "8", "--increment", "8", "--size", "2", "--size-steps",
              "literal"})["tn"] == 7);
  CHECK(twtw({"ranged-tn", "--range", "8", "--increment", "8", "--size", "18"})["tn"] == 3);

  ProgramRun words = run_marshal({"twtw", "ranged-tn", "--range", "16", "--increment", "8"});
  CHECK(words.exit_code == 0);
  CHECK(words.out.find("TN 6") == 0);
  CHECK(words.out.find("+1 range") != std::string::npos);
}

TEST_CASE("marshal twtw fan, damage, defense: the seed's examples (003 L227-235, L263, L440-462)",
          "[cli][twtw]") {
  CHECK(twtw({"fan", "--tn", "5", "--snap", "2", "--targets", "A,B"})["tns"] ==
        json::array({8, 10}));
  CHECK(twtw({"fan", "--tn", "5", "--snap", "2", "--targets", "A,A,B"})["tns"] ==
        json::array({8, 9, 11}));
  CHECK(twtw({"fan", "--tn", "5", "--snap", "2", "--targets", "Angus,Angus,c1,c2"})["tns"] ==
        json::array({8, 9, 11, 13}));

  json open = twtw({"damage", "--dmg", "13", "--size", "6"});
  CHECK(open["cover"].is_null());
  CHECK(open["wounds"] == 2);
  CHECK(open["ct"] == 1);
  json p = twtw({"damage", "--dmg", "13", "--rd", "5", "--size", "6", "--pv", "5", "--av", "3"});
  CHECK(p["cover"] == "P");
  CHECK(p["wounds"] == 2);
  json a = twtw({"damage", "--dmg", "13", "--rd", "7", "--size", "6", "--pv", "4", "--av", "3"});
  CHECK(a["cover"] == "A");
  CHECK((a["wounds"] == 1 && a["ct"] == 1));
  CHECK(twtw({"damage", "--dmg", "13", "--rd", "7", "--size", "6", "--pv", "3", "--av",
              "3"})["cover"] == "A");
  json d = twtw({"damage", "--dmg", "13", "--rd", "7", "--size", "6", "--pv", "2", "--av", "3"});
  CHECK(d["cover"] == "D");
  CHECK((d["wounds"] == 0 && d["ct"] == 0));
  json brawl = twtw({"damage", "--dmg", "13", "--size", "6", "--brawling"});
  CHECK((brawl["wounds"] == 1 && brawl["ct"] == 6));

  CHECK(twtw({"defense", "--skill", "1"})["defense"] == 4);  // Hank, Brawl 1
  CHECK(twtw({"defense", "--skill", "2", "--advantage", "2", "--opponent-advantage",
              "0"})["defense"] == 6);
  CHECK(twtw({"defense", "--skill", "2", "--advantage", "1", "--opponent-advantage",
              "1"})["defense"] == 5);
  CHECK(twtw({"defense", "--skill", "2", "--advantage", "0", "--opponent-advantage",
              "1"})["defense"] == 5);

  ProgramRun words = run_marshal(
      {"twtw", "damage", "--dmg", "13", "--rd", "5", "--size", "6", "--pv", "5", "--av", "3"});
  CHECK(words.out.find("cover P") != std::string::npos);
  CHECK(words.out.find("2 wounds, 1 CT") != std::string::npos);
}

TEST_CASE("marshal twtw order: a round from stdin, in JSON and in words (003 L15-34)",
          "[cli][twtw]") {
  const std::string round = R"({"characters": [
      {"name": "Jonah", "reflex": "d10", "phases": [1, 3]},
      {"name": "Miranda", "reflex": "d12", "phases": [1], "dodge": false},
      {"name": "Hank", "reflex": "d8", "phases": [2], "surprised": true},
      {"name": "Reuben", "reflex": "d4", "continuous": true},
      {"name": "Angus", "reflex": "d10", "actions": ["normal", "normal"], "dodge": true}]})";
  json order = twtw({"order"}, round);
  std::vector<std::string> steps;
  for (const auto& s : order["steps"]) {
    std::string line = std::to_string(s["phase"].get<int>()) + " " + s["step"].get<std::string>();
    for (const auto& a : s["actors"]) line += " " + a.get<std::string>();
    steps.push_back(line);
  }
  CHECK(steps == std::vector<std::string>{
                     "0 declaration Angus", "1 d12 Miranda", "1 d10 Jonah", "1 continuous Reuben",
                     "2 d10 Angus", "2 continuous Reuben", "3 d10 Jonah", "3 continuous Reuben",
                     "4 d10 Angus", "4 continuous Reuben"});
  CHECK(order["idle"][0]["name"] == "Hank");
  // The speed table of the event, given with the round.
  json quick = twtw({"order"}, R"({"speed_phases": {"normal": 1}, "characters": [
      {"name": "Jonah", "reflex": "d6", "actions": ["normal", "normal"]}]})");
  CHECK(quick["steps"].size() == 2);
  CHECK(quick["steps"][1]["phase"] == 2);

  ProgramRun words = run_marshal({"twtw", "order"}, round);
  CHECK(words.exit_code == 0);
  CHECK(words.out.find("Phase I   d12        Miranda") != std::string::npos);
  CHECK(words.out.find("not acting: Hank") != std::string::npos);
}

TEST_CASE("marshal twtw: bad arguments are named, nothing is printed", "[cli][twtw]") {
  check_refused(
      {{{"ranged-tn", "--range", "abc", "--increment", "8"}, "--range"},
       {{"ranged-tn", "--range", "10001", "--increment", "8"}, "--range"},
       {{"ranged-tn", "--range", "-1", "--increment", "8"}, "--range"},
       {{"ranged-tn", "--increment", "8"}, "--range"},
       {{"ranged-tn", "--range", "8", "--increment", "0"}, "--increment"},
       {{"ranged-tn", "--range", "8", "--increment", "8", "--firer", "fly"}, "--firer"},
       {{"ranged-tn", "--range", "8", "--increment", "8", "--mounted", "trot"}, "--mounted"},
       {{"ranged-tn", "--range", "8", "--increment", "8", "--called", "knee"}, "--called"},
       {{"ranged-tn", "--range", "8", "--increment", "8", "--size", "0"}, "--size"},
       {{"ranged-tn", "--range", "8", "--increment", "8", "--size", "nan"}, "--size"},
       {{"ranged-tn", "--range", "8", "--increment", "8", "--size", "big"}, "--size"},
       {{"ranged-tn", "--range", "8", "--increment", "8", "--snap", "11"}, "--snap"},
       {{"ranged-tn", "--range", "8", "--increment", "8", "--relative-speed", "-5"},
        "--relative-speed"},
       {{"ranged-tn", "--range", "99999999999999999999", "--increment", "8"}, "--range"},
       {{"fan", "--tn", "5", "--snap", "2", "--targets", "A,B,C,D,E,F,G"}, "--targets"},
       {{"fan", "--tn", "5", "--snap", "2", "--targets", "A,,B"}, "--targets"},
       {{"fan", "--tn", "0", "--snap", "2", "--targets", "A"}, "--tn"},
       {{"fan", "--tn", "5", "--targets", "A"}, "--snap"},
       {{"damage", "--dmg", "1000", "--size", "6"}, "--dmg"},
       {{"damage", "--dmg", "5", "--size", "0"}, "--size"},
       {{"damage", "--dmg", "5"}, "--size"},
       {{"damage", "--dmg", "5", "--size", "6", "--pv", "3"}, "--av"},
       {{"damage", "--dmg", "5", "--size", "6", "--pv", "3", "--av", "3"}, "--rd"},
       {{"damage", "--dmg", "5", "--size", "6", "--rd", "-2"}, "--rd"},
       {{"damage", "--dmg", "5", "--size", "6", "--brawling", "--impact"}, "--impact"},
       {{"defense", "--skill", "11"}, "--skill"},
       {{"defense", "--skill", "x"}, "--skill"},
       {{"defense", "--skill", "1", "--advantage", "2"}, "--opponent-advantage"},
       {{"defense", "--skill", "1", "--advantage", "21", "--opponent-advantage", "0"},
        "--advantage"},
       {{"shoot"}, "shoot"}});
  ProgramRun help = run_marshal({"twtw", "ranged-tn", "--help"});
  CHECK(help.exit_code == 0);
  CHECK(help.out.find("--relative-speed") != std::string::npos);
}

TEST_CASE("marshal twtw order: malformed or oversized input is refused by where it is",
          "[cli][twtw]") {
  struct BadInput {
    std::string input, named;
  };
  for (const BadInput& bad : std::vector<BadInput>{
           {"", "standard input"},
           {"not json", "standard input"},
           {"[1, 2]", "characters"},
           {R"({"characters": 3})", "characters"},
           {R"({"characters": [{"reflex": "d6"}]})", "characters[0].name"},
           {R"({"characters": [{"name": "A", "reflex": "d7"}]})", "characters[0].reflex"},
           {R"({"characters": [{"name": "A", "reflex": 10}]})", "characters[0].reflex"},
           {R"({"characters": [{"name": "A", "reflex": "d6", "phases": [5]}]})",
            "characters[0].phases"},
           {R"({"characters": [{"name": "A", "reflex": "d6", "phases": [1.5]}]})",
            "characters[0].phases"},
           {R"({"characters": [{"name": "A", "reflex": "d6", "phases": ["1"]}]})",
            "characters[0].phases"},
           {R"({"characters": [{"name": "A", "reflex": "d6", "phases": [2, 2]}]})",
            "characters[0].phases"},
           {R"({"characters": [{"name": "A", "reflex": "d6", "dodge": "yes"}]})",
            "characters[0].dodge"},
           {R"({"characters": [{"name": "A", "reflex": "d6", "dodg": true}]})",
            "characters[0].dodg"},
           {R"({"characters": [{"name": "A", "reflex": "d6", "actions": ["slow", "fast"]}]})",
            "characters[0].actions"},
           {R"({"characters": [{"name": "A", "reflex": "d6"}, {"name": "A", "reflex": "d8"}]})",
            "characters[1].name"},
           {R"({"speed_phases": {"slow": 9}, "characters": []})", "speed_phases.slow"},
           {std::string(100000, '['), "standard input"},
           {std::string(20, '[') + std::string(20, ']'), "standard input"},
           {R"({"characters": [)" + std::string(70000, ' ') + "]}", "standard input"}}) {
    ProgramRun run = run_marshal({"twtw", "order", "--json"}, bad.input);
    INFO(bad.input.substr(0, 80) << " -> " << run.out << run.err);
    CHECK(run.exit_code == 2);
    CHECK(run.err.find(bad.named) != std::string::npos);
    CHECK(run.out.empty());
  }
  std::string many = R"({"characters": [)";
  for (int i = 0; i < 65; ++i)
    many += (i ? "," : "") + std::string(R"({"name": "c)") + std::to_string(i) +
            R"(", "reflex": "d6"})";
  ProgramRun crowd = run_marshal({"twtw", "order"}, many + "]}");
  CHECK(crowd.exit_code == 2);
  CHECK(crowd.err.find("at most 64") != std::string::npos);
}

TEST_CASE("marshal twtw deck: the test deck's cards counted, a broken deck's problems with file:line", "[cli][twtw]") {
  const std::string deck = std::string(MARSHAL_SOURCE_DIR) + "/tests/data/twtw-test-deck.csv";
  json counted = twtw({"deck", deck});
  CHECK(counted["cards"] == 12);
  CHECK(counted["distinct"] == 10);
  ProgramRun words = run_marshal({"twtw", "deck", deck});
  CHECK(words.exit_code == 0);
  CHECK(words.out.find("12 cards (10 different)") != std::string::npos);
  ProgramRun missing = run_marshal({"twtw", "deck", deck + ".nowhere"});
  CHECK(missing.exit_code != 0);
  CHECK(missing.err.find("does not exist") != std::string::npos);
  CHECK(missing.out.empty());
}
