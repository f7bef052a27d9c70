#pragma once
// Exact odds under the deck model of RULES.md: each round of use draws without replacement from
// a freshly shuffled full 50-card action deck. Everything here is computed by enumeration over
// card values weighted by how many physical cards carry them; nothing is sampled.
#include <array>
#include <vector>

#include "core/character.h"
#include "core/duel.h"
#include "core/fistfight.h"
#include "core/gunslinging.h"
#include "core/options.h"

namespace marshal::core {

// P(one card has this value) from a full deck.
double card_probability(int value);
// P(first card = a and second card = b) from one full deck, without replacement.
double card_pair_probability(int a, int b);

// --- One shot ---
struct ShotOdds {
  std::array<double, 5> by_result{};  // indexed by ShotResult
  double of(ShotResult r) const { return by_result[static_cast<int>(r)]; }
};
ShotOdds shot_odds(int accuracy, bool not_to_kill);

// --- Duel: the draw phase and the first round ---
struct DuelDrawOdds {
  std::array<double, 2> first{};  // P(duelist i shoots first)
  double tie = 0;                 // P(simultaneous)
};
DuelDrawOdds duel_draw_odds(std::array<int, 2> speed, std::array<int, 2> committed);

enum class RoundFate { untouched, hit, dead };  // hit = wounded or disabled, alive
struct DuelFirstRoundOdds {
  std::array<int, 2> committed{};
  DuelDrawOdds draw;
  std::array<std::array<double, 3>, 2> fate{};  // fate[i][RoundFate] after the first round
  double both_dead = 0;
  // Score used to pick a commitment: P(the other is dead) - P(this one is dead).
  std::array<double, 2> score{};
};
DuelFirstRoundOdds duel_first_round_odds(const std::array<Character, 2>& duelists,
                                         std::array<int, 2> committed,
                                         const DuelShotChoices& choices);

struct DuelCommitmentTable {
  // entries[c0][c1] for every commitment 0..Accuracy in use of each side.
  std::vector<std::vector<DuelFirstRoundOdds>> entries;
  // The commitment that maximises a side's worst-case score over the other's commitments
  // (choices are secret, so each side guards against the other's best answer).
  std::array<int, 2> best{};
  std::array<double, 2> best_worst_case_score{};
};
DuelCommitmentTable duel_commitment_table(const std::array<Character, 2>& duelists,
                                          const DuelShotChoices& choices);

// --- Fistfight: one round for given splits ---
struct FistRoundOdds {
  // attack[i][FistResult]: what fighter i's attack does (all zero if i sits out)
  std::array<std::array<double, 3>, 2> attack{};
  std::array<double, 2> knocked_out{};  // includes the third stun in a row
  std::array<double, 2> stunned{};      // stunned and still standing
  double both_knocked_out = 0;
};
// hth: in use. sat_out/stuns_in_a_row: the fighters' state before the round.
FistRoundOdds fist_round_odds(std::array<FistSplit, 2> splits, std::array<bool, 2> sat_out = {},
                              std::array<int, 2> stuns_in_a_row = {});

// --- Brawl: one round, tie-breaks included ---
// hth: in use, by fighter. P(fighter i is out this round) under the tie rule.
std::vector<double> brawl_round_odds(const std::vector<int>& hth, BrawlTieRule tie);

// --- Cheating accusation ---
struct AccusationOdds {
  double opened = 0;                 // P(accuser strictly higher)
  double accused_loses_if_cheat = 0; // = opened
  double accuser_loses_if_cheat = 0; // = 1 - opened
  double accuser_loses_if_skill = 1; // always
};
AccusationOdds accusation_odds(int accuser_gambling, int accused_gambling);

}  // namespace marshal::core
