#include "core/odds.h"

#include <algorithm>
#include <bit>
#include <map>

#include <fmt/format.h>

#include "core/action_deck.h"
#include "core/refusal.h"

namespace marshal::core {

double card_probability(int value) {
  return static_cast<double>(action_deck_copies[value]) / action_deck_size;
}

double card_pair_probability(int a, int b) {
  double same = a == b ? 1.0 : 0.0;
  return action_deck_copies[a] * (action_deck_copies[b] - same) /
         (static_cast<double>(action_deck_size) * (action_deck_size - 1));
}

ShotOdds shot_odds(int accuracy, bool not_to_kill) {
  ShotOdds odds;
  for (int card = lowest_card; card <= highest_card; ++card)
    odds.by_result[static_cast<int>(shot_result(card + accuracy, not_to_kill))] +=
        card_probability(card);
  return odds;
}

DuelDrawOdds duel_draw_odds(std::array<int, 2> speed, std::array<int, 2> committed) {
  DuelDrawOdds odds;
  for (int a = lowest_card; a <= highest_card; ++a)
    for (int b = lowest_card; b <= highest_card; ++b) {
      double p = card_pair_probability(a, b);
      int t0 = a + speed[0] + committed[0], t1 = b + speed[1] + committed[1];
      if (t0 == t1)
        odds.tie += p;
      else
        odds.first[t0 > t1 ? 0 : 1] += p;
    }
  return odds;
}

namespace {

RoundFate fate_of(Harm harm) {
  if (harm == Harm::dead) return RoundFate::dead;
  return harm == Harm::none ? RoundFate::untouched : RoundFate::hit;
}

}  // namespace

DuelFirstRoundOdds duel_first_round_odds(const std::array<Character, 2>& duelists,
                                         std::array<int, 2> committed,
                                         const DuelShotChoices& choices) {
  DuelFirstRoundOdds odds;
  odds.committed = committed;
  odds.draw = duel_draw_odds({duelists[0].in_use().speed, duelists[1].in_use().speed}, committed);
  auto accuracy = [&](int who, bool newly_wounded) {
    bool wounded = duelists[who].wounded || newly_wounded;
    return std::max(0, attribute_in_use(duelists[who].base.accuracy, wounded) - committed[who]);
  };
  auto add = [&](double p, Harm to0, Harm to1) {
    odds.fate[0][static_cast<int>(fate_of(to0))] += p;
    odds.fate[1][static_cast<int>(fate_of(to1))] += p;
    if (to0 == Harm::dead && to1 == Harm::dead) odds.both_dead += p;
  };
  for (int a = lowest_card; a <= highest_card; ++a)
    for (int b = lowest_card; b <= highest_card; ++b) {
      const double p = card_pair_probability(a, b);
      // Tie: both shoot at once with the state before the round.
      {
        Shot s0 = resolve_shot(0, 1, a, accuracy(0, false), choices.not_to_kill[0],
                               choices.choice_at_13[0]);
        Shot s1 = resolve_shot(1, 0, b, accuracy(1, false), choices.not_to_kill[1],
                               choices.choice_at_13[1]);
        add(p * odds.draw.tie, s1.harm, s0.harm);
      }
      // One side first: card a is the faster's, b the slower's (drawn only if still able).
      for (int fast = 0; fast < 2; ++fast) {
        int slow = 1 - fast;
        Shot first = resolve_shot(fast, slow, a, accuracy(fast, false),
                                  choices.not_to_kill[fast], choices.choice_at_13[fast]);
        Harm to_fast = Harm::none;
        if (first.harm != Harm::dead && first.harm != Harm::disabled) {
          bool hit = first.harm == Harm::wounded;
          to_fast = resolve_shot(slow, fast, b, accuracy(slow, hit), choices.not_to_kill[slow],
                                 choices.choice_at_13[slow])
                        .harm;
        }
        double q = p * odds.draw.first[fast];
        if (fast == 0)
          add(q, to_fast, first.harm);
        else
          add(q, first.harm, to_fast);
      }
    }
  for (int i = 0; i < 2; ++i)
    odds.score[i] = odds.fate[1 - i][static_cast<int>(RoundFate::dead)] -
                    odds.fate[i][static_cast<int>(RoundFate::dead)];
  return odds;
}

DuelCommitmentTable duel_commitment_table(const std::array<Character, 2>& duelists,
                                          const DuelShotChoices& choices) {
  DuelCommitmentTable table;
  const int max0 = duelists[0].in_use().accuracy, max1 = duelists[1].in_use().accuracy;
  table.entries.assign(max0 + 1, {});
  for (int c0 = 0; c0 <= max0; ++c0)
    for (int c1 = 0; c1 <= max1; ++c1)
      table.entries[c0].push_back(duel_first_round_odds(duelists, {c0, c1}, choices));
  table.best_worst_case_score = {-2.0, -2.0};
  for (int c0 = 0; c0 <= max0; ++c0) {
    double worst = 2.0;
    for (int c1 = 0; c1 <= max1; ++c1) worst = std::min(worst, table.entries[c0][c1].score[0]);
    if (worst > table.best_worst_case_score[0]) table.best_worst_case_score[0] = worst, table.best[0] = c0;
  }
  for (int c1 = 0; c1 <= max1; ++c1) {
    double worst = 2.0;
    for (int c0 = 0; c0 <= max0; ++c0) worst = std::min(worst, table.entries[c0][c1].score[1]);
    if (worst > table.best_worst_case_score[1]) table.best_worst_case_score[1] = worst, table.best[1] = c1;
  }
  return table;
}

FistRoundOdds fist_round_odds(std::array<FistSplit, 2> splits, std::array<bool, 2> sat_out,
                              std::array<int, 2> stuns_in_a_row) {
  FistRoundOdds odds;
  auto settle = [&](double p, std::array<std::optional<FistResult>, 2> attack) {
    std::array<bool, 2> ko{};
    for (int i = 0; i < 2; ++i) {
      if (!attack[i]) continue;
      odds.attack[i][static_cast<int>(*attack[i])] += p;
    }
    for (int i = 0; i < 2; ++i) {
      const auto& against = attack[1 - i];
      bool stunned = against == FistResult::stun;
      ko[i] = against == FistResult::knock_out ||
              (stunned && stuns_in_a_row[i] + 1 >= stuns_in_a_row_for_knock_out);
      if (ko[i]) odds.knocked_out[i] += p;
      else if (stunned) odds.stunned[i] += p;
    }
    if (ko[0] && ko[1]) odds.both_knocked_out += p;
  };
  auto total = [&](int who, int card) {
    int defense = sat_out[1 - who] ? 0 : splits[1 - who].defense;
    return fist_chart(card + splits[who].offense - defense);
  };
  if (!sat_out[0] && !sat_out[1]) {
    for (int a = lowest_card; a <= highest_card; ++a)
      for (int b = lowest_card; b <= highest_card; ++b)
        settle(card_pair_probability(a, b), {total(0, a), total(1, b)});
  } else if (sat_out[0] != sat_out[1]) {
    int who = sat_out[0] ? 1 : 0;
    for (int c = lowest_card; c <= highest_card; ++c) {
      std::array<std::optional<FistResult>, 2> attack{};
      attack[who] = total(who, c);
      settle(card_probability(c), attack);
    }
  } else {
    settle(1.0, {});
  }
  return odds;
}

namespace {

// P(the fighters in mask T are exactly the lowest totals among those in mask S), one deck.
double lowest_exactly(const std::vector<int>& hth, unsigned s, unsigned t) {
  const int drawing = std::popcount(s);
  double all_orders = 1;
  for (int k = 0; k < drawing; ++k) all_orders *= action_deck_size - k;
  int lo = -100, hi = 100;
  for (unsigned i = 0; i < hth.size(); ++i)
    if (t >> i & 1u) lo = std::max(lo, hth[i] + lowest_card), hi = std::min(hi, hth[i] + highest_card);
  double ways_total = 0;
  for (int m = lo; m <= hi; ++m) {
    std::array<int, 11> left = action_deck_copies;
    double ways = 1;
    std::vector<int> thresholds;
    for (unsigned i = 0; i < hth.size() && ways > 0; ++i) {
      if (!(s >> i & 1u)) continue;
      if (t >> i & 1u) {
        int v = m - hth[i];
        ways *= left[v];
        if (left[v] > 0) --left[v];
      } else {
        thresholds.push_back(std::max(lowest_card, m - hth[i] + 1));
      }
    }
    // Others need a card at or above their threshold: counting from the strictest threshold,
    // every card already given out lies in each later (wider) range.
    std::sort(thresholds.rbegin(), thresholds.rend());
    for (std::size_t k = 0; k < thresholds.size() && ways > 0; ++k) {
      int available = -static_cast<int>(k);
      for (int v = std::min(thresholds[k], highest_card + 1); v <= highest_card; ++v)
        available += left[v];
      ways *= std::max(0, available);
    }
    ways_total += ways;
  }
  return ways_total / all_orders;
}

struct BrawlOddsSolver {
  const std::vector<int>& hth;
  BrawlTieRule tie;
  std::map<unsigned, std::vector<double>> memo;

  const std::vector<double>& out(unsigned s) {
    if (auto it = memo.find(s); it != memo.end()) return it->second;
    std::vector<double> acc(hth.size(), 0.0);
    double all_tie = 0;
    for (unsigned t = s; t != 0; t = (t - 1) & s) {
      double p = lowest_exactly(hth, s, t);
      if (p == 0) continue;
      if (t == s) {
        all_tie = p;  // everyone tied: the same group draws again
        continue;
      }
      if (std::popcount(t) == 1 || tie == BrawlTieRule::all_out) {
        for (unsigned i = 0; i < hth.size(); ++i)
          if (t >> i & 1u) acc[i] += p;
      } else {
        const std::vector<double>& sub = out(t);
        for (unsigned i = 0; i < hth.size(); ++i)
          if (t >> i & 1u) acc[i] += p * sub[i];
      }
    }
    for (auto& a : acc) a /= 1.0 - all_tie;
    return memo.emplace(s, std::move(acc)).first->second;
  }
};

}  // namespace

inline constexpr std::size_t brawl_odds_max_fighters = 12;

std::vector<double> brawl_round_odds(const std::vector<int>& hth, BrawlTieRule tie) {
  if (hth.size() < 2 || hth.size() > brawl_odds_max_fighters)
    throw Refusal(RefusalCode::out_of_range, "fighters",
                  say("exact brawl odds are computed for 2 to {} fighters, not {}",
                      brawl_odds_max_fighters, hth.size()));
  BrawlOddsSolver solver{hth, tie, {}};
  return solver.out((1u << hth.size()) - 1);
}

AccusationOdds accusation_odds(int accuser_gambling, int accused_gambling) {
  AccusationOdds odds;
  for (int a = lowest_card; a <= highest_card; ++a)
    for (int b = lowest_card; b <= highest_card; ++b)
      if (a + accuser_gambling > b + accused_gambling) odds.opened += card_pair_probability(a, b);
  odds.accused_loses_if_cheat = odds.opened;
  odds.accuser_loses_if_cheat = 1.0 - odds.opened;
  odds.accuser_loses_if_skill = 1.0;
  return odds;
}

}  // namespace marshal::core
