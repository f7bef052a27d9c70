#pragma once
// An exhaustive enumeration of trait rolls in exact rationals, written independently of
// shared/core/trait_roll.cpp (every die face and every chain of Aces, the rules of TABLETOP.md
// "Dice" applied rule by rule). The core tests compare the closed forms with it: trait_roll_test
// for every single roll, group_roll_test for group rolls and a group's Extras rolling alone.
#include <algorithm>
#include <array>
#include <cmath>
#include <string>
#include <vector>

#include "core/trait_roll.h"

namespace marshal::core::enumeration {

// --- Exact rationals -------------------------------------------------------------------------
// Every probability of the enumeration is a whole number of 1/(N^a M^b 6) parts; the largest
// such denominator (d12 and a d8 Wild Die, 12^12 8^14 6 < 2^88) fits 128 bits with room to add.
__extension__ typedef unsigned __int128 Whole;

inline Whole gcd(Whole a, Whole b) {
  while (b != 0) {
    Whole t = a % b;
    a = b;
    b = t;
  }
  return a;
}

struct Fraction {
  Whole num = 0;
  Whole den = 1;
};

inline Fraction reduced(Whole num, Whole den) {
  Whole g = gcd(num, den);
  return g == 0 ? Fraction{0, 1} : Fraction{num / g, den / g};
}


inline double to_double(const Fraction& f) {
  return static_cast<double>(static_cast<long double>(f.num) / static_cast<long double>(f.den));
}

inline std::string text(const Fraction& f) {
  auto digits = [](Whole w) {
    std::string s;
    do {
      s.insert(s.begin(), static_cast<char>('0' + static_cast<int>(w % 10)));
      w /= 10;
    } while (w != 0);
    return s;
  };
  return digits(f.num) + "/" + digits(f.den);
}

inline Whole power(int base, int exponent) {
  Whole p = 1;
  for (int i = 0; i < exponent; ++i) p *= static_cast<Whole>(base);
  return p;
}

// --- Every outcome of an exploding die -------------------------------------------------------
struct Face {
  int value = 0;     // the total of the chain of rolls
  Whole weight = 0;  // probability = weight / den
  bool aced = false; // the first roll was the maximum
};

struct DieFaces {
  int sides = 0;
  int depth = 0;  // chains of up to depth - 1 Aces are listed one by one
  std::vector<Face> faces;
  Whole den = 1;
};

// Chains k Aces long (k < depth) end on a face 1..N-1: value kN + r, probability N^-(k+1).
// The depth is the first where the mass left, N^-depth, is below 1e-12. That mass (depth Aces
// in a row) is kept as one face at its least value depth*N + 1, which is above every target
// of these tests, so the enumeration stays exact.
inline DieFaces exploding_faces(int sides) {
  DieFaces die;
  die.sides = sides;
  while (1.0 / std::pow(static_cast<double>(sides), die.depth) >= 1e-12) ++die.depth;
  die.den = power(sides, die.depth);
  for (int k = 0; k < die.depth; ++k)
    for (int r = 1; r < sides; ++r)
      die.faces.push_back({k * sides + r, power(sides, die.depth - k - 1), k > 0});
  die.faces.push_back({die.depth * sides + 1, 1, true});
  return die;
}

// No Wild Die: one outcome that never counts.
inline DieFaces no_die() {
  DieFaces die;
  die.faces.push_back({0, 1, false});
  return die;
}

// An Extra's d6 for a Critical Failure (001 L23): shows 1, or not. A Wild Card rolls none.
struct CheckFace {
  bool one = false;
  Whole weight = 1;
};

constexpr int lowest_modifier = -6, highest_modifier = 6;
constexpr int lowest_tn = 2, highest_tn = 16;
// Results are kept in a histogram clamped to [floor_value, ceiling_value]: every TN and TN + 4
// of the table lies strictly inside, so clamping loses nothing.
constexpr int floor_value = lowest_tn - 1, ceiling_value = highest_tn + 4 + 1;

struct Enumerated {
  Fraction success, raise, crit_fail, crit_success;
  // A shot past allies at this TN hits the ally (002 L51): result exactly TN - 1, no Critical
  // Failure (an Extra's 1 failing whatever its total still has its value).
  Fraction ally;
};

struct Rules {
  const char* name;
  Ruleset ruleset;
};
constexpr std::array<Rules, 3> all_rulesets = {{{"savage", Ruleset::savage},
                                                {"deadlands-1876", Ruleset::deadlands_1876},
                                                {"deadlands-ru", Ruleset::deadlands_ru}}};

// All (modifier, TN) cells of one ruleset, trait die and Wild Die, by walking every outcome and
// applying the rules of TABLETOP.md "Dice" to it directly.
// table[modifier - lowest_modifier][tn - lowest_tn]
using Table = std::vector<std::vector<Enumerated>>;

inline Table enumerate(const TraitRules& rules, const DieFaces& trait, const DieFaces& wild) {
  const bool wild_card = wild.sides != 0;
  const std::vector<CheckFace> checks =
      wild_card ? std::vector<CheckFace>{{false, 1}} : std::vector<CheckFace>{{true, 1}, {false, 5}};
  const Whole den = trait.den * wild.den * (wild_card ? 1 : 6);
  const bool on_total = rules.modifier_on == ModifierOn::total;
  constexpr int cells = ceiling_value - floor_value + 1;

  Table table;
  for (int m = lowest_modifier; m <= highest_modifier; ++m) {
    std::array<Whole, cells> at{};  // weight of results equal to each (clamped) value
    std::array<Whole, cells> exactly{};  // weight of results equal to each value, failing anyway or not
    Whole crit_fail = 0, crit_success = 0;
    for (const Face& t : trait.faces)
      for (const Face& w : wild.faces)
        for (const CheckFace& c : checks) {
          const Whole weight = t.weight * w.weight * c.weight;
          const bool natural_one = t.value == 1;
          // 000 L36: a natural one is never raised by a modifier.
          int trait_value = t.value + m;
          if (natural_one && rules.natural_one) trait_value = std::min(trait_value, 1);
          int result = trait_value;
          if (wild_card) result = std::max(trait_value, w.value + (on_total ? m : 0));
          bool critical = natural_one && (wild_card ? w.value == 1 : c.one);
          bool fails_anyway = critical || (natural_one && !wild_card && rules.extra_one_always_fails);
          if (critical) crit_fail += weight;
          if (!critical && result >= floor_value && result <= ceiling_value)
            exactly[static_cast<std::size_t>(result - floor_value)] += weight;
          if (wild_card && rules.critical_success && t.aced && w.aced) crit_success += weight;
          if (fails_anyway) continue;
          at[static_cast<std::size_t>(std::clamp(result, floor_value, ceiling_value) - floor_value)] +=
              weight;
        }
    // at_least[v]: weight of results >= v
    std::array<Whole, cells + 1> at_least{};
    for (int i = cells - 1; i >= 0; --i)
      at_least[static_cast<std::size_t>(i)] =
          at_least[static_cast<std::size_t>(i) + 1] + at[static_cast<std::size_t>(i)];
    std::vector<Enumerated> row;
    for (int tn = lowest_tn; tn <= highest_tn; ++tn) {
      Enumerated e;
      e.success = reduced(at_least[static_cast<std::size_t>(tn - floor_value)], den);
      e.raise = reduced(at_least[static_cast<std::size_t>(tn + 4 - floor_value)], den);
      e.crit_fail = reduced(crit_fail, den);
      e.crit_success = reduced(crit_success, den);
      e.ally = reduced(exactly[static_cast<std::size_t>(tn - 1 - floor_value)], den);
      row.push_back(e);
    }
    table.push_back(row);
  }
  return table;
}

inline Enumerated enumerate_one(const TraitRules& rules, int trait_die, int wild_die, int m, int tn) {
  Table table = enumerate(rules, exploding_faces(trait_die),
                          wild_die == 0 ? no_die() : exploding_faces(wild_die));
  return table[static_cast<std::size_t>(m - lowest_modifier)][static_cast<std::size_t>(tn - lowest_tn)];
}

inline Fraction operator+(const Fraction& a, const Fraction& b) {
  return reduced(a.num * b.den + b.num * a.den, a.den * b.den);
}
inline Fraction operator-(const Fraction& a, const Fraction& b) {
  return reduced(a.num * b.den - b.num * a.den, a.den * b.den);
}
inline Fraction operator*(const Fraction& a, const Fraction& b) {
  return reduced(a.num * b.num, a.den * b.den);
}

}  // namespace marshal::core::enumeration
