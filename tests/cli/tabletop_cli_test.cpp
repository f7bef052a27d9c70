// marshal odds trait as a script or a GM at the table runs it: the worked examples of
// TABLETOP.md through the real program, and a clear error naming the argument for bad input.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "run_program.h"

using nlohmann::json;

namespace {
json odds(const std::vector<std::string>& args) {
  std::vector<std::string> all{"odds", "trait"};
  all.insert(all.end(), args.begin(), args.end());
  all.push_back("--json");
  ProgramRun run = run_marshal(all);
  INFO(run.out << run.err);
  REQUIRE(run.exit_code == 0);
  return json::parse(run.out);
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
