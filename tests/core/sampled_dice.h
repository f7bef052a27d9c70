#pragma once
// An exploding die rolled the plain way (roll, add, again on the maximum), for the core tests'
// seeded Monte Carlo runs: written apart from shared/core, which the runs check.
#include <random>

inline int roll_exploding(std::mt19937_64& rng, int sides) {
  std::uniform_int_distribution<int> face(1, sides);
  int total = 0, r = 0;
  do {
    r = face(rng);
    total += r;
  } while (r == sides);
  return total;
}
