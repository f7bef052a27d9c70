// Monte Carlo estimates (monte_carlo.h) played through the real state machines with a seeded
// generator, checked against exact odds (odds.h) where a setup makes them exact: within 4
// standard errors of the exact value.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include "core/monte_carlo.h"
#include "core/odds.h"
#include "core/refusal.h"

using namespace marshal::core;

namespace {

constexpr int trials = 20'000;

Character person(const std::string& name) {
  Character c;
  c.name = name;
  return c;
}

Character marksman(const std::string& name, int accuracy, int speed) {
  Character c = person(name);
  c.base.accuracy = accuracy;
  c.base.speed = speed;
  return c;
}

Character brawler(const std::string& name, int hth) {
  Character c = person(name);
  c.base.hth = hth;
  return c;
}

// The estimate is within 4 standard errors (of the exact value) of the exact value.
void check_agrees(const MonteCarloResult& result, const std::string& outcome, double exact) {
  INFO(outcome << ": exact " << exact);
  const Estimate& e = result.at(outcome);
  const double se = std::sqrt(exact * (1 - exact) / result.trials);
  CHECK(std::abs(e.probability - exact) <= 4 * se + 1e-12);
}

void check_standard_errors(const MonteCarloResult& result) {
  for (const Estimate& e : result.estimates) {
    INFO(e.outcome);
    const double p = e.probability;
    CHECK(e.standard_error == Approx(std::sqrt(p * (1 - p) / result.trials)).margin(1e-15));
  }
}

}  // namespace

TEST_CASE("Monte Carlo duel: when every shot kills, the draw decides it exactly",
          "[montecarlo][duel]") {
  // Accuracy 10: a card of 1 or 2 makes 11-12 (dead), 3 and up is 13+ (kill chosen).
  const std::array<Character, 2> duelists{marksman("Ann", 10, 2), marksman("Bob", 10, 0)};
  Csprng rng(seed_from_number(2024));
  const MonteCarloResult mc = duel_monte_carlo(duelists, {0, 0}, {}, trials, rng);
  const DuelDrawOdds draw = duel_draw_odds({2, 0}, {0, 0});
  REQUIRE(mc.trials == trials);
  check_agrees(mc, "Ann wins", draw.first[0]);
  check_agrees(mc, "Bob wins", draw.first[1]);
  check_agrees(mc, "both fall", draw.tie);
  check_agrees(mc, "undecided", 0.0);
  check_agrees(mc, "Ann dead", draw.first[1] + draw.tie);
  check_agrees(mc, "Bob dead", draw.first[0] + draw.tie);
  check_standard_errors(mc);
}

TEST_CASE("Monte Carlo fistfight: a first round that always decides matches fist_round_odds",
          "[montecarlo][fistfight]") {
  // Ann attacks with 9: card + 9 >= 10, Bob is out in round 1 whatever happens. Bob attacks
  // with 4 against no defense: cards 6 and up (28 of 50) knock Ann out as well.
  const std::array<Character, 2> fighters{brawler("Ann", 9), brawler("Bob", 4)};
  const std::array<FistSplit, 2> splits{FistSplit{9, 0}, FistSplit{4, 0}};
  const FistRoundOdds exact = fist_round_odds(splits);
  REQUIRE(exact.knocked_out[1] == Approx(1.0));
  REQUIRE(exact.both_knocked_out == Approx(28.0 / 50));
  Csprng rng(seed_from_number(77));
  const MonteCarloResult mc = fistfight_monte_carlo(fighters, splits, trials, rng);
  check_agrees(mc, "both knocked out", exact.both_knocked_out);
  check_agrees(mc, "Bob knocked out", exact.knocked_out[1] - exact.both_knocked_out);
  check_agrees(mc, "Ann knocked out", exact.knocked_out[0] - exact.both_knocked_out);
  check_agrees(mc, "undecided", 0.0);
  check_standard_errors(mc);
}

TEST_CASE("Monte Carlo fistfight: nobody can hurt anyone, undecided at the round cap",
          "[montecarlo][fistfight]") {
  // All defense: card + 0 - 4 is at most 6, a miss every time.
  const std::array<Character, 2> fighters{brawler("Ann", 4), brawler("Bob", 4)};
  Csprng rng(seed_from_number(3));
  const MonteCarloResult mc =
      fistfight_monte_carlo(fighters, {FistSplit{0, 4}, FistSplit{0, 4}}, 200, rng);
  CHECK(mc.at("undecided").probability == 1.0);
  CHECK(mc.at("undecided").standard_error == 0.0);
  CHECK(mc.at("Ann knocked out").probability == 0.0);
  CHECK(mc.at("Bob knocked out").probability == 0.0);
  CHECK(mc.at("both knocked out").probability == 0.0);
}

TEST_CASE("Monte Carlo brawl: equal HtH, each wins a third", "[montecarlo][brawl]") {
  const std::vector<Character> fighters{brawler("Ann", 2), brawler("Bob", 2), brawler("Cy", 2)};
  Csprng rng(seed_from_number(9));
  const MonteCarloResult mc = brawl_monte_carlo(fighters, {}, trials, rng);
  REQUIRE(mc.estimates.size() == 3);
  for (const std::string name : {"Ann", "Bob", "Cy"}) check_agrees(mc, name + " wins", 1.0 / 3);
  check_standard_errors(mc);
}

TEST_CASE("Monte Carlo brawl of 3 matches the exact odds of two rounds", "[montecarlo][brawl]") {
  // Under redraw each round puts exactly one out, so
  // P(i wins) = sum over j != i of P(j out first) * P(i not out of the pair left).
  const std::vector<int> hth{0, 2, 4};
  const std::vector<double> first = brawl_round_odds(hth, BrawlTieRule::redraw);
  std::array<double, 3> wins{};
  for (std::size_t j = 0; j < 3; ++j) {
    std::vector<std::size_t> left;
    for (std::size_t i = 0; i < 3; ++i)
      if (i != j) left.push_back(i);
    const std::vector<double> last =
        brawl_round_odds({hth[left[0]], hth[left[1]]}, BrawlTieRule::redraw);
    wins[left[0]] += first[j] * (1 - last[0]);
    wins[left[1]] += first[j] * (1 - last[1]);
  }
  CHECK(wins[0] + wins[1] + wins[2] == Approx(1.0));
  const std::vector<Character> fighters{brawler("Ann", 0), brawler("Bob", 2), brawler("Cy", 4)};
  Csprng rng(seed_from_number(10));
  const MonteCarloResult mc = brawl_monte_carlo(fighters, {}, trials, rng);
  check_agrees(mc, "Ann wins", wins[0]);
  check_agrees(mc, "Bob wins", wins[1]);
  check_agrees(mc, "Cy wins", wins[2]);
}

TEST_CASE("Monte Carlo is reproducible with the same seed", "[montecarlo]") {
  const std::vector<Character> fighters{brawler("Ann", 1), brawler("Bob", 2), brawler("Cy", 3)};
  auto run = [&](std::uint64_t seed) {
    Csprng rng(seed_from_number(seed));
    std::vector<double> p;
    for (const Estimate& e : brawl_monte_carlo(fighters, {}, 2000, rng).estimates)
      p.push_back(e.probability);
    return p;
  };
  CHECK(run(42) == run(42));
  CHECK(run(42) != run(43));

  const std::array<Character, 2> pair{brawler("Ann", 3), brawler("Bob", 2)};
  const std::array<FistSplit, 2> splits{FistSplit{2, 1}, FistSplit{1, 1}};
  Csprng a(seed_from_number(5)), b(seed_from_number(5));
  const MonteCarloResult x = fistfight_monte_carlo(pair, splits, 2000, a);
  const MonteCarloResult y = fistfight_monte_carlo(pair, splits, 2000, b);
  REQUIRE(x.estimates.size() == y.estimates.size());
  for (std::size_t i = 0; i < x.estimates.size(); ++i)
    CHECK(x.estimates[i].probability == y.estimates[i].probability);
}

TEST_CASE("Monte Carlo: trials in range, outcomes by name", "[montecarlo]") {
  const std::vector<Character> fighters{brawler("Ann", 1), brawler("Bob", 2), brawler("Cy", 3)};
  Csprng rng(seed_from_number(1));
  CHECK_THROWS_AS(brawl_monte_carlo(fighters, {}, 0, rng), Refusal);
  CHECK_THROWS_AS(fistfight_monte_carlo({brawler("Ann", 1), brawler("Bob", 1)},
                                        {FistSplit{1, 0}, FistSplit{1, 0}}, -5, rng),
                  Refusal);
  const MonteCarloResult mc = brawl_monte_carlo(fighters, {}, 500, rng);
  CHECK(mc.trials == 500);
  CHECK_THROWS_AS(mc.at("nobody wins"), Refusal);
  double total = 0;
  for (const Estimate& e : mc.estimates) total += e.probability;
  CHECK(total == Approx(1.0));  // exactly one winner per brawl
  check_standard_errors(mc);
}
