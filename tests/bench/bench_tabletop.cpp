// Measures the tabletop dice and prints figures; it judges nothing (issue 17's targets: the
// whole odds table in under 5 ms on one core). Run from the dev build:
//   build/dev/tests/bench/bench_tabletop [--quick]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <vector>

#include "core/csprng.h"
#include "core/trait_dice.h"
#include "core/trait_roll.h"

using namespace marshal::core;
using Clock = std::chrono::steady_clock;

namespace {

double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

// Every cell of the table the GM station may show: d4..d12 x Wild Die d6/d8/none x modifiers
// -6..+6 x TN 2..16 x three rulesets, each with its odds with one Benny too.
double whole_table(int& cells) {
  double checksum = 0;
  cells = 0;
  for (Ruleset ruleset : {Ruleset::savage, Ruleset::deadlands_1876, Ruleset::deadlands_ru}) {
    TraitRules rules = rules_for(ruleset);
    for (int die : {4, 6, 8, 10, 12})
      for (int wild : {6, 8, 0})
        for (int modifier = -6; modifier <= 6; ++modifier)
          for (int tn = 2; tn <= 16; ++tn) {
            TraitRoll roll = wild_card_roll(rules, die, modifier, tn);
            roll.wild_die = wild;
            TraitOdds odds = trait_odds(roll);
            checksum += odds.success + odds.raise + odds.crit_fail + odds.success_with_bennies(1);
            ++cells;
          }
  }
  return checksum;
}

}  // namespace

int main(int argc, char** argv) {
  const bool quick = argc > 1 && std::strcmp(argv[1], "--quick") == 0;
  const int repeats = quick ? 5 : 200;
  std::vector<double> times;
  double checksum = 0;
  int cells = 0;
  for (int r = 0; r < repeats; ++r) {
    auto start = Clock::now();
    checksum += whole_table(cells);
    times.push_back(ms_since(start));
  }
  std::sort(times.begin(), times.end());
  std::printf("exact trait-roll odds, whole table (%d cells: d4-d12 x Wild Die d6/d8/none x modifier "
              "-6..+6 x TN 2..16 x 3 rulesets, with one Benny): median %.3f ms, best %.3f ms over %d "
              "runs, one core (checksum %.6f)\n",
              cells, times[times.size() / 2], times.front(), repeats, checksum / repeats);

  // Rolls: a Wild Card's d8 with a d6 Wild Die, +1 against TN 4, from the seeded generator.
  {
    const int rolls = quick ? 10'000 : 100'000;
    Csprng rng(seed_from_number(17));
    TraitRoll roll = wild_card_roll(rules_for(Ruleset::savage), 8, 1, 4);
    int successes = 0;
    auto start = Clock::now();
    for (int i = 0; i < rolls; ++i) successes += roll_trait(roll, rng).success;
    double ms = ms_since(start);
    std::printf("%d trait rolls (d8 + d6 Wild Die, +1, TN 4, savage, every die's Aces kept): %.1f ms, "
                "%.0f rolls per second; %.4f succeeded (exact odds %.4f)\n",
                rolls, ms, rolls / (ms / 1000), static_cast<double>(successes) / rolls, trait_odds(roll).success);
  }
  return 0;
}
