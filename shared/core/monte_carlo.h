#pragma once
// Monte Carlo estimates of a whole conflict to its end, played through the real state machines
// with virtual draws. Each estimate comes with its standard error, sqrt(p(1-p)/trials).
// Conflicts that could go on for ever (two fighters who cannot hurt each other) stop at
// max_rounds and count as undecided.
#include <array>
#include <string>
#include <vector>

#include "core/character.h"
#include "core/chase.h"
#include "core/csprng.h"
#include "core/duel.h"
#include "core/fistfight.h"
#include "core/options.h"

namespace marshal::core {

struct Estimate {
  std::string outcome;
  double probability = 0;
  double standard_error = 0;
};

struct MonteCarloResult {
  int trials = 0;
  std::vector<Estimate> estimates;
  const Estimate& at(const std::string& outcome) const;
};

inline constexpr int monte_carlo_max_rounds = 100;

// Outcomes: "<name> wins" (the other dead or shot out of the fight), "both fall", "undecided",
// and "<name> dead" for each.
MonteCarloResult duel_monte_carlo(const std::array<Character, 2>& duelists,
                                  std::array<int, 2> committed, const DuelShotChoices& choices,
                                  int trials, Csprng& rng);

// Both fighters keep the same split every round. Outcomes: "<name> knocked out" for each,
// "both knocked out", "undecided".
MonteCarloResult fistfight_monte_carlo(const std::array<Character, 2>& fighters,
                                       std::array<FistSplit, 2> splits, int trials, Csprng& rng);

// Nobody flees or joins. Outcomes: "<name> wins" for each.
MonteCarloResult brawl_monte_carlo(const std::vector<Character>& fighters, BrawlOptions options,
                                   int trials, Csprng& rng);

// Everyone keeps shooting: at targets[i] while that one is present, else at the first other
// participant still present. Outcomes: "<name> dead" and "<name> wounded" for each.
MonteCarloResult shootout_monte_carlo(const std::vector<Character>& people,
                                      const std::vector<int>& targets, bool not_to_kill,
                                      int trials, Csprng& rng);

// Hands dealt from the shuffled location deck, then Chase::play_automatic_turn to the end.
// Outcomes: "escaped", "caught", "varmint stuck in town", "posse stuck in town".
MonteCarloResult chase_monte_carlo(const LocationMap& map, const std::vector<ChaseRider>& varmint,
                                   const std::vector<ChaseRider>& posse,
                                   const ChaseOptions& options, int trials, Csprng& rng);

}  // namespace marshal::core
