// `marshal demo`: until the GM station exists, Marshal's main job shown end to end: a duel and
// a shootout between townsfolk of Lincoln, resolved by the engine and told step by step.
#include <ostream>

#include "cli/cli.h"
#include "core/csprng.h"
#include "protocol/odds_json.h"
#include "protocol/resolve.h"

namespace marshal::cli {

namespace {

const char* sample_duel = R"({
  "duelists": [
    {"name": "Kid Antrim", "speed": 4, "accuracy": 3, "hth": 2},
    {"name": "Sheriff Brady", "speed": 2, "accuracy": 4, "hth": 3, "powers": ["lawman"]}
  ],
  "commit": {"Kid Antrim": 1, "Sheriff Brady": 0},
  "until_over": true
})";

const char* sample_shootout = R"({
  "participants": [
    {"name": "Deputy Hindman", "accuracy": 3, "powers": ["lawman"], "bystanders": ["BY-H1"]},
    {"name": "Jesse Evans", "accuracy": 3, "bystanders": ["BY-E1", "BY-E2"]},
    {"name": "Dolores Vega", "accuracy": 2, "bystanders": ["BY-V1", "BY-V2", "BY-V3"]},
    {"name": "Alexander McSween", "accuracy": 1, "wounded": true, "bystanders": ["BY-M1"]}
  ],
  "targets": {"Deputy Hindman": "Jesse Evans", "Jesse Evans": "Deputy Hindman",
              "Dolores Vega": "Jesse Evans", "Alexander McSween": "Jesse Evans"},
  "sacrifice_when_allowed": ["Dolores Vega", "Deputy Hindman"],
  "until_over": true
})";

void tell(std::ostream& out, const protocol::Json& result) {
  for (const auto& line : result["story"]) out << "  " << line.get<std::string>() << "\n";
}

}  // namespace

int run_demo(const std::string& seed_text, std::ostream& out) {
  core::Csprng rng(core::seed_from_text(seed_text));
  out << "Marshal demo (seed " << seed_text << "; `marshal demo --seed X` deals other cards)\n\n";

  protocol::Json duel = protocol::Json::parse(sample_duel);
  protocol::Json odds = protocol::odds("duel", {{"duelists", duel["duelists"]}, {"trials", 0}}, rng);
  out << "A duel on Main Street: Kid Antrim (Speed 4, Accuracy 3) against Sheriff Brady (Speed 2, "
         "Accuracy 4).\n";
  const auto& best = odds["best_commit"];
  out << "  Odds before the draw: the best commitment for the Kid is " << best["Kid Antrim"]["commit"]
      << ", for the Sheriff " << best["Sheriff Brady"]["commit"] << ".\n";
  tell(out, protocol::resolve("duel", duel, &rng));

  out << "\nA shootout at the Wortley Hotel: four guns drawn, bystanders in the way.\n";
  tell(out, protocol::resolve("shootout", protocol::Json::parse(sample_shootout), &rng));
  out << "\nEvery step above is also available as JSON: see `marshal resolve --help`.\n";
  return exit_ok;
}

}  // namespace marshal::cli
