// Measures the rules engine and prints figures; it judges nothing (targets live in the issue
// notes). Run from the dev build: build/dev/tests/bench/bench_core [--quick]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <vector>

#include "core/action_deck.h"
#include "core/monte_carlo.h"
#include "core/odds.h"

using namespace marshal::core;
using Clock = std::chrono::steady_clock;

namespace {

double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

Character duelist(const char* name, int speed, int accuracy) {
  Character c;
  c.name = name;
  c.base.speed = speed;
  c.base.accuracy = accuracy;
  return c;
}

}  // namespace

int main(int argc, char** argv) {
  const bool quick = argc > 1 && std::strcmp(argv[1], "--quick") == 0;
  const std::array<Character, 2> duelists{duelist("Kid", 4, 4), duelist("Sheriff", 3, 4)};

  // 1. Exact duel odds: draw phase + first round for all 5 x 5 commitments of both sides.
  {
    const int repeats = quick ? 20 : 200;
    std::vector<double> times;
    double checksum = 0;
    for (int r = 0; r < repeats; ++r) {
      auto start = Clock::now();
      DuelCommitmentTable table = duel_commitment_table(duelists, {});
      times.push_back(ms_since(start));
      checksum += table.entries[table.best[0]][table.best[1]].both_dead;
    }
    std::sort(times.begin(), times.end());
    std::printf("exact duel odds, full commitment table (5 x 5 commitments): median %.3f ms, "
                "best %.3f ms over %d runs (checksum %.4f)\n",
                times[times.size() / 2], times.front(), repeats, checksum / repeats);
  }

  // 2. Single-shot resolutions: a card from a fresh virtual deck, then the chart.
  {
    Csprng rng(seed_from_number(1));
    const long shots = quick ? 200'000 : 5'000'000;
    long dead = 0;
    auto start = Clock::now();
    for (long i = 0; i < shots; ++i) {
      RoundDeck deck({}, &rng, nullptr);
      Shot s = resolve_shot(0, 1, deck.card_for(0), static_cast<int>(i % 5), false, ShotChoice::kill);
      dead += s.harm == Harm::dead;
    }
    double seconds = ms_since(start) / 1000;
    std::printf("single-shot resolutions (virtual draw + chart): %.0f per second (%ld shots in "
                "%.3f s, %.1f%% dead)\n",
                static_cast<double>(shots) / seconds, shots, seconds,
                100.0 * static_cast<double>(dead) / static_cast<double>(shots));
  }

  // 3. Whole duels to the end through the real state machine, Monte Carlo.
  {
    Csprng rng(seed_from_number(2));
    const int trials = quick ? 10'000 : 100'000;
    auto start = Clock::now();
    MonteCarloResult r = duel_monte_carlo(duelists, {1, 0}, {}, trials, rng);
    double seconds = ms_since(start) / 1000;
    std::printf("whole-duel Monte Carlo: %d duels in %.3f s (%.0f duels per second); "
                "P(Kid wins) = %.4f +- %.4f\n",
                trials, seconds, trials / seconds, r.at("Kid wins").probability,
                r.at("Kid wins").standard_error);
  }
  return 0;
}
