// marshal odds trait as a script or a GM at the table runs it: the worked examples of
// TABLETOP.md through the real program, and a clear error naming the argument for bad input.
#include <catch2/catch.hpp>

#include <cmath>
#include <sstream>

#include <nlohmann/json.hpp>

#include "run_program.h"

using nlohmann::json;

namespace {
// `marshal odds KIND ... --json`, which must succeed.
json run_json(std::vector<std::string> args) {
  args.insert(args.begin(), "odds");
  args.push_back("--json");
  ProgramRun run = run_marshal(args);
  INFO(run.out << run.err);
  REQUIRE(run.exit_code == 0);
  return json::parse(run.out);
}

// `marshal odds trait ... --json`.
json odds(const std::vector<std::string>& args) {
  std::vector<std::string> all{"trait"};
  all.insert(all.end(), args.begin(), args.end());
  return run_json(all);
}
}  // namespace

TEST_CASE("marshal odds trait gives the worked examples of TABLETOP.md", "[cli][tabletop]") {
  json savage = odds({"--die", "d8", "--mod", "1"});
  CHECK(savage["success"].get<double>() == Approx(11.0 / 12).margin(1e-9));
  CHECK(savage["raise"].get<double>() == Approx(3.0 / 8).margin(1e-9));
  CHECK(savage["crit_fail"].get<double>() == Approx(1.0 / 48).margin(1e-9));
  CHECK(savage["crit_success"].get<double>() == 0);
  json deadlands = odds({"--die", "d8", "--mod", "1", "--rules", "deadlands-1876"});
  CHECK(deadlands["success"].get<double>() == Approx(7.0 / 8).margin(1e-9));
  CHECK(deadlands["raise"].get<double>() == Approx(17.0 / 48).margin(1e-9));
  CHECK(deadlands["crit_fail"].get<double>() == Approx(1.0 / 48).margin(1e-9));
  json benny = odds({"--die", "d8", "--wild", "d6", "--mod", "+1", "--tn", "4", "--bennies", "1"});
  CHECK(benny["success_with_bennies"].get<double>() == Approx(187.0 / 192).margin(1e-9));
  // A Connection Marker: no Wild Die.
  CHECK(odds({"--die", "d8", "--wild", "none"})["success"].get<double>() == Approx(5.0 / 8).margin(1e-9));
  CHECK(odds({"--die", "d4", "--wild", "none"})["success"].get<double>() == Approx(1.0 / 4).margin(1e-9));
}

TEST_CASE("marshal odds trait in words, and bad input named", "[cli][tabletop]") {
  ProgramRun words = run_marshal({"odds", "trait", "--die", "d8", "--mod", "1", "--bennies", "1"});
  INFO(words.out << words.err);
  CHECK(words.exit_code == 0);
  CHECK(words.out.find("success           91.67%") != std::string::npos);
  CHECK(words.out.find("with 1 Benny      97.40%") != std::string::npos);
  struct Bad {
    std::vector<std::string> args;
    std::string named;
  };
  for (const Bad& bad : std::vector<Bad>{{{"--die", "d7"}, "--die"},
                                         {{"--die", "8"}, "--die"},
                                         {{"--die", "d2"}, "--die"},  // the coin is deadlands-1876's only
                                         {{"--die", "d8", "--wild", "d10"}, "--wild"},
                                         {{"--die", "d8", "--rules", "gurps"}, "--rules"},
                                         {{"--die", "d8", "--mod", "21"}, "--mod"},
                                         {{"--die", "d8", "--tn", "0"}, "--tn"},
                                         {{"--die", "d8", "--tn", "abc"}, "--tn"},
                                         {{"--mod", "1"}, "--die"}}) {
    std::vector<std::string> args{"odds", "trait"};
    args.insert(args.end(), bad.args.begin(), bad.args.end());
    ProgramRun run = run_marshal(args);
    INFO(bad.args.front() << " " << (bad.args.size() > 1 ? bad.args[1] : "") << " -> " << run.out << run.err);
    CHECK(run.exit_code != 0);
    CHECK((run.err + run.out).find(bad.named) != std::string::npos);
    CHECK(run.out.find("success") == std::string::npos);  // never a number
  }
  ProgramRun known = run_marshal({"odds", "trait", "--die", "d8", "--rules", "gurps"});
  CHECK((known.err + known.out).find("deadlands-1876") != std::string::npos);  // the known ones listed
  ProgramRun coin = run_marshal({"odds", "trait", "--die", "d2", "--rules", "deadlands-1876", "--json"});
  CHECK(coin.exit_code == 0);
}

TEST_CASE("marshal roll: JSON lines, the same seed the same dice, odds borne out", "[cli][tabletop]") {
  std::vector<std::string> args{"roll", "--die", "d8", "--mod", "1", "--seed", "posse", "--times", "2000"};
  ProgramRun first = run_marshal(args), second = run_marshal(args);
  INFO(first.err);
  REQUIRE(first.exit_code == 0);
  CHECK(first.out == second.out);
  std::istringstream lines(first.out);
  std::string line;
  int rolls = 0, successes = 0;
  while (std::getline(lines, line)) {
    json r = json::parse(line);
    ++rolls;
    REQUIRE(r["trait"].is_array());
    REQUIRE(r["wild"].size() >= 1);  // a Wild Card
    // Every face before the last of a chain is an Ace (the die's maximum).
    for (std::size_t i = 0; i + 1 < r["trait"].size(); ++i) CHECK(r["trait"][i] == 8);
    for (std::size_t i = 0; i + 1 < r["wild"].size(); ++i) CHECK(r["wild"][i] == 6);
    if (r["success"] == true) {
      ++successes;
      CHECK(r["result"].get<int>() >= 4);
      CHECK(r["raises"] == (r["result"].get<int>() - 4) / 4);
    }
  }
  CHECK(rolls == 2000);
  // 11/12 succeed (TABLETOP.md): within 4 standard errors.
  double p = 11.0 / 12, se = std::sqrt(p * (1 - p) / rolls);
  CHECK(std::abs(successes / 2000.0 - p) < 4 * se);
  CHECK(run_marshal({"roll", "--die", "d8", "--seed", "other"}).out != run_marshal({"roll", "--die", "d8", "--seed", "posse"}).out);
}

TEST_CASE("marshal roll refuses bad input by name, printing no roll", "[cli][tabletop]") {
  for (const auto& args : std::vector<std::vector<std::string>>{{"roll", "--die", "d7"},
                                                                {"roll", "--die", "d8", "--times", "0"},
                                                                {"roll", "--die", "d8", "--wild", "d4"},
                                                                {"roll", "--die", "d8", "--rules", "x"}}) {
    ProgramRun run = run_marshal(args);
    INFO(args[2] << " " << run.err);
    CHECK(run.exit_code != 0);
    CHECK(run.out.find("\"trait\"") == std::string::npos);
    CHECK_FALSE(run.err.empty());
  }
}

TEST_CASE("marshal odds luck, marker, serial and fate: the worked examples of TABLETOP.md", "[cli][tabletop]") {
  json luck = run_json({"luck"});
  CHECK(luck["success"].get<double>() == Approx(3.0 / 54).margin(1e-12));
  CHECK(luck["bad_luck"].get<double>() == Approx(1.0 / 54).margin(1e-12));
  CHECK(run_json({"luck", "--named", "11"})["success"].get<double>() == Approx(13.0 / 54).margin(1e-12));  // Queen or higher
  json marker = run_json({"marker", "--die", "d8"});
  CHECK(marker["success"].get<double>() == Approx(5.0 / 8).margin(1e-12));
  CHECK(marker["next_die"] == "d6");
  CHECK(run_json({"marker", "--die", "d4"})["success"].get<double>() == Approx(1.0 / 4).margin(1e-12));
  CHECK(run_json({"marker", "--die", "d4"})["next_die"] == "spent");
  CHECK(run_json({"serial", "--die", "d8", "--tn", "8", "--compound", "--rules", "deadlands-1876"})["ladder"] ==
        json::array({8, 10, 12}));
  CHECK(run_json({"serial", "--die", "d8", "--tn", "7", "--compound"})["ladder"] == json::array({7, 9, 11, 12}));
  json plain = run_json({"serial", "--die", "d8", "--mod", "1"});
  // Until success, a critical failure ending it: s / (s + c) with s = 11/12, c = 1/48.
  CHECK(plain["success"].get<double>() == Approx((11.0 / 12) / (11.0 / 12 + 1.0 / 48)).margin(1e-12));
  json fate = run_json({"fate", "--die", "d8", "--rules", "deadlands-1876"});
  CHECK(fate["crit_fail"].get<double>() > 1.0 / 54);    // the black Joker, and snake eyes
  CHECK(fate["crit_success"].get<double>() > 1.0 / 54);  // the red Joker, and boxcars
  CHECK(fate["success"].get<double>() > 0.3);
  CHECK(fate["success"].get<double>() < 0.9);

  ProgramRun words = run_marshal({"odds", "serial", "--die", "d6", "--tn", "8", "--compound"});
  CHECK(words.exit_code == 0);
  CHECK(words.out.find("TNs                   8, 10, 12") != std::string::npos);
  for (const auto& bad : std::vector<std::vector<std::string>>{{"odds", "marker", "--die", "d7"},
                                                               {"odds", "luck", "--named", "0"},
                                                               {"odds", "fate", "--die", "d8", "--mod", "x"},
                                                               {"odds", "serial", "--tn", "8"}}) {
    ProgramRun run = run_marshal(bad);
    INFO(bad[1] << ": " << run.err);
    CHECK(run.exit_code != 0);
    CHECK(run.out.find("success") == std::string::npos);
  }
}

TEST_CASE("marshal odds group and multi, and --wounds: the examples of the seeds", "[cli][tabletop]") {
  // A group of four d6 Extras (001 L29): one d6 and a Wild Die, 3/4; each alone 1/2.
  json group = run_json({"group", "--die", "d6", "--count", "4"});
  CHECK(group["success"].get<double>() == Approx(3.0 / 4).margin(1e-12));
  CHECK(group["crit_fail"].get<double>() == Approx(1.0 / 36).margin(1e-12));
  CHECK(group["members"] == 4);
  CHECK(group["alone_success"].get<double>() == Approx(1.0 / 2).margin(1e-12));
  CHECK(group["alone_at_least_one"].get<double>() == Approx(15.0 / 16).margin(1e-12));
  CHECK(group["alone_majority"].get<double>() == Approx(5.0 / 16).margin(1e-12));
  CHECK(group["alone_expected"].get<double>() == Approx(2.0).margin(1e-12));

  // 002 L41: three actions TN 6, four TN 8; L40: -2 (flat), or -2 per extra action.
  json three = run_json({"multi", "--actions", "3", "--die", "d8", "--rules", "deadlands-ru"});
  CHECK(three["penalty"] == -2);
  CHECK(three["agility_tn"] == 6);
  CHECK(three["success"].get<double>() == Approx(1 - (5.0 / 8) * (5.0 / 6)).margin(1e-12));
  json four = run_json({"multi", "--actions", "4", "--die", "d8", "--rules", "deadlands-ru",
                        "--penalty", "per_extra_action"});
  CHECK(four["penalty"] == -6);
  CHECK(four["agility_tn"] == 8);
  json two = run_json({"multi", "--actions", "2", "--die", "d8", "--rules", "deadlands-ru"});
  CHECK(two["penalty"] == -2);
  CHECK(two["agility_tn"].is_null());
  CHECK_FALSE(two.contains("success"));
  // savage has no multi-action rule, but one may be set for the evening.
  CHECK(run_json({"multi", "--actions", "3", "--die", "d8", "--penalty", "flat"})["agility_tn"] == 6);
  CHECK(run_json({"multi", "--actions", "1", "--die", "d8"})["penalty"] == 0);

  // Wounds: -1 each in deadlands-ru (002 L6), none in deadlands-1876 (000 L163).
  json hurt = run_json({"trait", "--die", "d8", "--mod", "1", "--wounds", "2", "--rules", "deadlands-ru"});
  json minus1 = run_json({"trait", "--die", "d8", "--mod", "-1", "--rules", "deadlands-ru"});
  CHECK(hurt["success"].get<double>() == Approx(minus1["success"].get<double>()).margin(1e-15));
  json unhurt = run_json({"trait", "--die", "d8", "--mod", "1", "--wounds", "2", "--rules", "deadlands-1876"});
  CHECK(unhurt["success"].get<double>() == Approx(7.0 / 8).margin(1e-12));

  ProgramRun words = run_marshal({"odds", "multi", "--actions", "3", "--die", "d8", "--rules", "deadlands-ru"});
  INFO(words.out << words.err);
  CHECK(words.exit_code == 0);
  CHECK(words.out.find("3 actions (deadlands-ru, flat): -2 on every check of the turn") != std::string::npos);
  CHECK(words.out.find("TN 6") != std::string::npos);
  ProgramRun group_words = run_marshal({"odds", "group", "--die", "d6", "--count", "4"});
  CHECK(group_words.exit_code == 0);
  CHECK(group_words.out.find("success               75.00%") != std::string::npos);
  CHECK(group_words.out.find("a majority 31.25%") != std::string::npos);
  for (const char* kind : {"group", "multi"}) {
    ProgramRun help = run_marshal({"odds", kind, "--help"});
    CHECK(help.exit_code == 0);
    CHECK(help.out.find("--json") != std::string::npos);
  }

  struct Bad {
    std::vector<std::string> args;
    std::string named;
  };
  for (const Bad& bad : std::vector<Bad>{
           {{"group", "--die", "d6"}, "--count"},
           {{"group", "--die", "d6", "--count", "0"}, "--count"},
           {{"group", "--die", "d6", "--count", "many"}, "--count"},
           {{"group", "--die", "d6", "--count", "4", "--wild", "none"}, "--wild"},
           {{"group", "--die", "d5", "--count", "4"}, "--die"},
           {{"group", "--die", "d2", "--count", "4", "--rules", "deadlands-1876"}, "--wild"},
           {{"multi", "--die", "d8"}, "--actions"},
           {{"multi", "--actions", "0", "--die", "d8", "--rules", "deadlands-ru"}, "--actions"},
           {{"multi", "--actions", "21", "--die", "d8", "--rules", "deadlands-ru"}, "--actions"},
           {{"multi", "--actions", "3", "--die", "d8"}, "--rules"},  // savage has no such rule
           {{"multi", "--actions", "2", "--die", "d8", "--rules", "deadlands-1876"}, "--rules"},
           {{"multi", "--actions", "3", "--die", "d8", "--penalty", "double"}, "--penalty"},
           {{"trait", "--die", "d8", "--wounds", "-1"}, "--wounds"},
           {{"trait", "--die", "d8", "--wounds", "21"}, "--wounds"}}) {
    std::vector<std::string> args{"odds"};
    args.insert(args.end(), bad.args.begin(), bad.args.end());
    ProgramRun run = run_marshal(args);
    INFO(args[1] << " " << args[2] << " " << args[3] << " -> " << run.out << run.err);
    CHECK(run.exit_code != 0);
    CHECK((run.err + run.out).find(bad.named) != std::string::npos);
    CHECK(run.out.find("success") == std::string::npos);  // never a number
  }
  ProgramRun none = run_marshal({"odds", "multi", "--actions", "3", "--die", "d8"});
  CHECK(none.err.find("savage has no multi-action rule") != std::string::npos);
}

TEST_CASE("marshal odds trait --past-allies: TN +1 and the odds of hitting the ally (002 L51)", "[cli][tabletop]") {
  // d8 and a d6 Wild Die at TN 4 raised to 5: the ally is hit by a result of exactly 4, 7/48.
  json shot = odds({"--die", "d8", "--rules", "deadlands-ru", "--past-allies"});
  CHECK(shot["ally"].get<double>() == Approx(7.0 / 48).margin(1e-9));
  CHECK(shot["success"].get<double>() ==
        Approx(odds({"--die", "d8", "--rules", "deadlands-ru", "--tn", "5"})["success"].get<double>()).margin(1e-12));
  ProgramRun words = run_marshal({"odds", "trait", "--die", "d8", "--rules", "deadlands-ru", "--past-allies"});
  INFO(words.out << words.err);
  CHECK(words.out.find("+ 1 past allies = TN 5") != std::string::npos);
  CHECK(words.out.find("hits the ally     14.58%  (a result of exactly 4)") != std::string::npos);
  // savage has no such rule: named, no number.
  ProgramRun savage = run_marshal({"odds", "trait", "--die", "d8", "--past-allies"});
  CHECK(savage.exit_code != 0);
  CHECK(savage.err.find("--past-allies") != std::string::npos);
  CHECK(savage.out.find("ally") == std::string::npos);
}
