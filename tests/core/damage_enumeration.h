#pragma once
// An exhaustive enumeration of damage totals in exact rationals, written independently of
// shared/core/damage.cpp: each die's chains of Aces listed one by one (a roll of its maximum goes
// on, any other face ends it), deep enough to pass every target asked; what lies beyond is one
// face above them all. The dice are convolved with whole-number weights over a common
// denominator, so every probability is exact. damage_test compares damage_reaches with it.
#include <algorithm>
#include <vector>

#include "trait_enumeration.h"

namespace marshal::core::enumeration {

// A die's totals 1..cap as weights over sides^depth (depth: enough Aces to pass cap), and the
// weight of every total above cap in the last slot (index cap + 1).
struct DieWeights {
  std::vector<Whole> weight;  // index = total, 0 unused
  Whole denominator = 1;
};

inline DieWeights chain_weights(int sides, int cap) {
  const int depth = cap / sides + 2;  // chains longer than this pass cap already
  DieWeights d;
  d.weight.assign(static_cast<std::size_t>(cap) + 2, 0);
  d.denominator = power(sides, depth);
  // Walk the chains: `aces` maxima so far, each of probability 1/sides.
  for (int aces = 0; aces < depth; ++aces) {
    const Whole each = power(sides, depth - aces - 1);  // this chain's weight: 1/sides^(aces+1)
    for (int face = 1; face <= sides; ++face) {
      const int total = aces * sides + face;
      if (face == sides && aces + 1 < depth) continue;  // it explodes: the chain goes on
      // The last roll of the deepest chain listed, a maximum, stands for every longer chain.
      d.weight[static_cast<std::size_t>(std::min(total, cap + 1))] += each;
    }
  }
  return d;
}

// P(d_1! + ... + d_n! >= x) for every x in 1..cap + 1, exactly, as fractions.
inline std::vector<Fraction> sum_reaching(const std::vector<int>& dice, int cap) {
  std::vector<Whole> sum(static_cast<std::size_t>(cap) + 2, 0);
  sum[0] = 1;
  Whole denominator = 1;
  for (int sides : dice) {
    const DieWeights die = chain_weights(sides, cap);
    std::vector<Whole> next(sum.size(), 0);
    for (std::size_t a = 0; a < sum.size(); ++a)
      for (std::size_t b = 1; b < die.weight.size(); ++b)
        next[std::min(a + b, static_cast<std::size_t>(cap) + 1)] += sum[a] * die.weight[b];
    sum = std::move(next);
    denominator *= die.denominator;
  }
  std::vector<Fraction> reaching(static_cast<std::size_t>(cap) + 2);
  Whole at_least = 0;
  for (std::size_t x = sum.size(); x-- > 0;) {
    at_least += sum[x];
    reaching[x] = reduced(at_least, denominator);
  }
  return reaching;
}

}  // namespace marshal::core::enumeration
