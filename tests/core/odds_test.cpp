// Exact odds (RULES.md "The action deck": one round of one conflict draws from one fresh
// 50-card deck, without replacement). Hand-computed values, and brute-force enumerations over
// the physical cards written here independently of odds.cpp.
#include <catch2/catch.hpp>

#include "core/exact_odds.h"

#include <algorithm>
#include <functional>
#include <numeric>
#include <string>

#include "core/action_deck.h"
#include "core/odds.h"
#include "core/refusal.h"

using namespace marshal::core;

namespace {

constexpr double pairs = 50.0 * 49.0;  // ordered pairs of distinct physical cards


std::vector<int> physical_deck() {
  const int copies[11] = {0, 2, 4, 4, 6, 6, 8, 6, 6, 4, 4};
  std::vector<int> deck;
  for (int v = 1; v <= 10; ++v) deck.insert(deck.end(), static_cast<std::size_t>(copies[v]), v);
  return deck;
}

// P(two cards of one deck have equal value): sum over v of c_v (c_v - 1) / 2450.
double tie_probability() {
  const int copies[11] = {0, 2, 4, 4, 6, 6, 8, 6, 6, 4, 4};
  double same = 0;
  for (int v = 1; v <= 10; ++v) same += copies[v] * (copies[v] - 1);
  return same / pairs;
}

double sum(const std::array<double, 3>& a) { return a[0] + a[1] + a[2]; }

Character duelist(const std::string& name, int accuracy, int speed, bool wounded = false) {
  Character c;
  c.name = name;
  c.base.accuracy = accuracy;
  c.base.speed = speed;
  c.wounded = wounded;
  return c;
}

int in_use(int base, bool wounded) { return std::max(0, base - (wounded ? 1 : 0)); }

// --- The Gunslingin' chart, written out again for the brute force ---
enum class Hurt { none, wound, disable, dead };

Hurt my_shot(int card, int accuracy, bool not_to_kill, ShotChoice at_13) {
  const int total = card + accuracy;
  if (total >= 13)
    return at_13 == ShotChoice::kill ? Hurt::dead
           : at_13 == ShotChoice::wound ? Hurt::wound
                                        : Hurt::disable;
  int row = total >= 11 ? 3 : total >= 9 ? 2 : total >= 7 ? 1 : 0;  // miss nick wound dead
  if (not_to_kill && row > 0) --row;
  return row == 3 ? Hurt::dead : row == 2 ? Hurt::wound : Hurt::none;
}

int fate_index(Hurt h) { return h == Hurt::dead ? 2 : h == Hurt::none ? 0 : 1; }

struct DuelExpect {
  std::array<double, 2> first{};
  double tie = 0;
  std::array<std::array<double, 3>, 2> fate{};
  double both_dead = 0;
};

// The draw is one round of use, the first round's shots another: 2450 pairs each.
DuelExpect duel_brute(const std::array<Character, 2>& d, std::array<int, 2> committed,
                      const DuelShotChoices& ch) {
  const std::vector<int> deck = physical_deck();
  DuelExpect e;
  for (std::size_t k = 0; k < deck.size(); ++k)
    for (std::size_t l = 0; l < deck.size(); ++l) {
      if (k == l) continue;
      int t0 = deck[k] + in_use(d[0].base.speed, d[0].wounded) + committed[0];
      int t1 = deck[l] + in_use(d[1].base.speed, d[1].wounded) + committed[1];
      (t0 == t1 ? e.tie : e.first[t0 > t1 ? 0 : 1]) += 1 / pairs;
    }
  auto accuracy = [&](int who, bool hit_now) {
    return std::max(0, in_use(d[who].base.accuracy, d[who].wounded || hit_now) - committed[who]);
  };
  for (std::size_t k = 0; k < deck.size(); ++k)
    for (std::size_t l = 0; l < deck.size(); ++l) {
      if (k == l) continue;
      std::array<std::pair<double, std::array<Hurt, 2>>, 3> cases;  // tie, 0 first, 1 first
      {
        Hurt by0 = my_shot(deck[k], accuracy(0, false), ch.not_to_kill[0], ch.choice_at_13[0]);
        Hurt by1 = my_shot(deck[l], accuracy(1, false), ch.not_to_kill[1], ch.choice_at_13[1]);
        cases[0] = {e.tie, {by1, by0}};
      }
      for (int fast = 0; fast < 2; ++fast) {
        const int slow = 1 - fast;
        std::array<Hurt, 2> hurt{Hurt::none, Hurt::none};
        hurt[slow] = my_shot(deck[k], accuracy(fast, false), ch.not_to_kill[fast],
                             ch.choice_at_13[fast]);
        if (hurt[slow] == Hurt::none || hurt[slow] == Hurt::wound)
          hurt[fast] = my_shot(deck[l], accuracy(slow, hurt[slow] == Hurt::wound),
                               ch.not_to_kill[slow], ch.choice_at_13[slow]);
        cases[static_cast<std::size_t>(fast + 1)] = {e.first[static_cast<std::size_t>(fast)], hurt};
      }
      for (const auto& [p_order, hurt] : cases) {
        const double p = p_order / pairs;
        e.fate[0][static_cast<std::size_t>(fate_index(hurt[0]))] += p;
        e.fate[1][static_cast<std::size_t>(fate_index(hurt[1]))] += p;
        if (hurt[0] == Hurt::dead && hurt[1] == Hurt::dead) e.both_dead += p;
      }
    }
  return e;
}

// --- Fistfight: one round over the physical card pairs ---
struct FistExpect {
  std::array<std::array<double, 3>, 2> attack{};
  std::array<double, 2> knocked_out{}, stunned{};
  double both = 0;
};

FistExpect fist_brute(std::array<FistSplit, 2> s, std::array<bool, 2> sat_out,
                      std::array<int, 2> stuns) {
  const std::vector<int> deck = physical_deck();
  FistExpect e;
  for (std::size_t k = 0; k < deck.size(); ++k)
    for (std::size_t l = 0; l < deck.size(); ++l) {
      if (k == l) continue;
      const int card[2] = {deck[k], deck[l]};
      int result[2] = {-1, -1};  // -1: no attack; 0 miss, 1 stun, 2 knock-out
      for (int i = 0; i < 2; ++i) {
        if (sat_out[i]) continue;
        const int defense = sat_out[1 - i] ? 0 : s[1 - i].defense;
        const int total = card[i] + s[i].offense - defense;
        result[i] = total >= 10 ? 2 : total >= 7 ? 1 : 0;
        e.attack[i][static_cast<std::size_t>(result[i])] += 1 / pairs;
      }
      bool ko[2];
      for (int i = 0; i < 2; ++i) {
        const bool stun = result[1 - i] == 1;
        ko[i] = result[1 - i] == 2 || (stun && stuns[i] + 1 == 3);
        if (ko[i]) e.knocked_out[i] += 1 / pairs;
        else if (stun) e.stunned[i] += 1 / pairs;
      }
      if (ko[0] && ko[1]) e.both += 1 / pairs;
    }
  return e;
}

// --- Brawl ---
// P(the first of two is out), ties redrawn from a fresh deck.
double pair_out_first(int h0, int h1) {
  const std::vector<int> deck = physical_deck();
  double lower = 0, tie = 0;
  for (std::size_t k = 0; k < deck.size(); ++k)
    for (std::size_t l = 0; l < deck.size(); ++l) {
      if (k == l) continue;
      if (deck[k] + h0 < deck[l] + h1) ++lower;
      if (deck[k] + h0 == deck[l] + h1) ++tie;
    }
  return lower / (pairs - tie);
}

std::array<double, 3> brawl3_brute(std::array<int, 3> h, BrawlTieRule rule) {
  const std::vector<int> deck = physical_deck();
  // Whole numbers of ordered triples of physical cards, so nothing is lost to rounding.
  std::array<long, 3> alone{};                 // i alone is lowest
  std::array<std::array<long, 3>, 3> pair{};  // i and j (i < j) tie for lowest
  long everyone = 0, triples = 0;
  for (std::size_t a = 0; a < deck.size(); ++a)
    for (std::size_t b = 0; b < deck.size(); ++b)
      for (std::size_t c = 0; c < deck.size(); ++c) {
        if (a == b || a == c || b == c) continue;
        ++triples;
        const int total[3] = {deck[a] + h[0], deck[b] + h[1], deck[c] + h[2]};
        const int low = std::min({total[0], total[1], total[2]});
        std::vector<std::size_t> tied;
        for (std::size_t i = 0; i < 3; ++i)
          if (total[i] == low) tied.push_back(i);
        if (tied.size() == 1) ++alone[tied[0]];
        else if (tied.size() == 2) ++pair[tied[0]][tied[1]];
        else ++everyone;  // everyone redraws
      }
  std::array<double, 3> out{};
  for (std::size_t i = 0; i < 3; ++i) {
    double ways = static_cast<double>(alone[i]);
    for (std::size_t j = 0; j < 3; ++j) {
      if (j == i) continue;
      const auto tied = static_cast<double>(pair[std::min(i, j)][std::max(i, j)]);
      ways += rule == BrawlTieRule::all_out ? tied : tied * pair_out_first(h[i], h[j]);
    }
    out[i] = ways / static_cast<double>(triples - everyone);
  }
  return out;
}

}  // namespace

TEST_CASE("Odds: one card and an ordered pair from one deck", "[odds]") {
  double one = 0, two = 0;
  for (int a = 1; a <= 10; ++a) {
    one += card_probability(a);
    for (int b = 1; b <= 10; ++b) two += card_pair_probability(a, b);
  }
  CHECK(one == exact(1.0));
  CHECK(two == exact(1.0));
  CHECK(card_probability(1) == exact(2.0 / 50));
  CHECK(card_probability(6) == exact(8.0 / 50));
  CHECK(card_pair_probability(1, 1) == exact(2.0 * 1 / pairs));
  CHECK(card_pair_probability(1, 10) == exact(2.0 * 4 / pairs));
  CHECK(card_pair_probability(6, 6) == exact(8.0 * 7 / pairs));
}

TEST_CASE("Odds: one shot against the Gunslingin' chart", "[odds]") {
  for (int accuracy = 0; accuracy <= 8; ++accuracy)
    for (bool not_to_kill : {false, true}) {
      const ShotOdds odds = shot_odds(accuracy, not_to_kill);
      CHECK(std::accumulate(odds.by_result.begin(), odds.by_result.end(), 0.0) == exact(1.0));
    }
  // Accuracy 3: cards A-3 miss (10), 4-5 nicked (12), 6-7 wounded (14), 8-9 dead (10),
  // 10 is 13: shooter's choice (4).
  const ShotOdds plain = shot_odds(3, false);
  CHECK(plain.of(ShotResult::miss) == exact(10.0 / 50));
  CHECK(plain.of(ShotResult::nicked) == exact(12.0 / 50));
  CHECK(plain.of(ShotResult::wounded) == exact(14.0 / 50));
  CHECK(plain.of(ShotResult::dead) == exact(10.0 / 50));
  CHECK(plain.of(ShotResult::shooters_choice) == exact(4.0 / 50));
  // Trying not to kill moves every row but 13+ one step down.
  const ShotOdds gentle = shot_odds(3, true);
  CHECK(gentle.of(ShotResult::miss) == exact(22.0 / 50));
  CHECK(gentle.of(ShotResult::nicked) == exact(14.0 / 50));
  CHECK(gentle.of(ShotResult::wounded) == exact(10.0 / 50));
  CHECK(gentle.of(ShotResult::dead) == exact(0.0));
  CHECK(gentle.of(ShotResult::shooters_choice) == exact(4.0 / 50));
  // Accuracy 0: nothing reaches 11.
  CHECK(shot_odds(0, false).of(ShotResult::dead) == exact(0.0));
  CHECK(shot_odds(0, false).of(ShotResult::wounded) == exact(8.0 / 50));
}

TEST_CASE("Odds: duel draw", "[odds][duel]") {
  // Equal speed, nothing committed: a tie is two cards of one value.
  const DuelDrawOdds even = duel_draw_odds({2, 2}, {0, 0});
  CHECK(even.tie == exact(tie_probability()));
  CHECK(even.tie == exact(226.0 / pairs));
  CHECK(even.first[0] == exact((1 - even.tie) / 2));
  CHECK(even.first[1] == exact((1 - even.tie) / 2));
  // Commitment adds to speed exactly like Speed does.
  const DuelDrawOdds committed = duel_draw_odds({1, 3}, {2, 0});
  CHECK(committed.tie == exact(even.tie));
  CHECK(committed.first[0] == exact(even.first[0]));
  // Nine faster: only a 10 against an Ace ties, and the slower never leads.
  const DuelDrawOdds lopsided = duel_draw_odds({0, 9}, {0, 0});
  CHECK(lopsided.tie == exact(4.0 * 2 / pairs));
  CHECK(lopsided.first[0] == exact(0.0));
  CHECK(lopsided.first[1] == exact(1 - 8.0 / pairs));
  for (const DuelDrawOdds& d : {even, committed, lopsided})
    CHECK(d.first[0] + d.first[1] + d.tie == exact(1.0));
}

TEST_CASE("Odds: duel first round against a brute force over the physical cards",
          "[odds][duel]") {
  struct Case {
    std::array<Character, 2> duelists;
    std::array<int, 2> committed;
    DuelShotChoices choices;
  };
  DuelShotChoices gentle_and_disabling;
  gentle_and_disabling.not_to_kill = {true, false};
  gentle_and_disabling.choice_at_13 = {ShotChoice::wound, ShotChoice::disable};
  DuelShotChoices disable_first;
  disable_first.choice_at_13 = {ShotChoice::disable, ShotChoice::kill};
  const std::vector<Case> cases{
      {{duelist("Ann", 3, 2), duelist("Bob", 2, 1)}, {1, 0}, {}},
      {{duelist("Ann", 4, 0, true), duelist("Bob", 1, 3)}, {2, 1}, gentle_and_disabling},
      {{duelist("Ann", 4, 4), duelist("Bob", 4, 4)}, {4, 0}, disable_first},
      {{duelist("Ann", 2, 2, true), duelist("Bob", 3, 0, true)}, {1, 2}, {}},
  };
  for (std::size_t n = 0; n < cases.size(); ++n) {
    INFO("case " << n);
    const Case& c = cases[n];
    const DuelFirstRoundOdds odds = duel_first_round_odds(c.duelists, c.committed, c.choices);
    const DuelExpect e = duel_brute(c.duelists, c.committed, c.choices);
    CHECK(odds.committed == c.committed);
    CHECK(odds.draw.tie == exact(e.tie));
    CHECK(odds.draw.first[0] == exact(e.first[0]));
    CHECK(odds.draw.first[1] == exact(e.first[1]));
    for (std::size_t i = 0; i < 2; ++i) {
      CHECK(sum(odds.fate[i]) == exact(1.0));
      for (std::size_t f = 0; f < 3; ++f) CHECK(odds.fate[i][f] == exact(e.fate[i][f]));
      CHECK(odds.score[i] == exact(e.fate[1 - i][2] - e.fate[i][2]));
    }
    CHECK(odds.both_dead == exact(e.both_dead));
  }
}

TEST_CASE("Odds: duel commitment table maximises the worst-case score", "[odds][duel]") {
  const std::array<Character, 2> duelists{duelist("Ann", 3, 1), duelist("Bob", 2, 3, false)};
  const DuelCommitmentTable table = duel_commitment_table(duelists, {});
  REQUIRE(table.entries.size() == 4);  // Ann commits 0..3
  for (std::size_t c0 = 0; c0 < 4; ++c0) {
    REQUIRE(table.entries[c0].size() == 3);  // Bob commits 0..2
    for (std::size_t c1 = 0; c1 < 3; ++c1)
      CHECK(table.entries[c0][c1].committed ==
            std::array<int, 2>{static_cast<int>(c0), static_cast<int>(c1)});
  }
  const DuelFirstRoundOdds direct = duel_first_round_odds(duelists, {2, 1}, {});
  CHECK(table.entries[2][1].score[0] == exact(direct.score[0]));

  auto worst0 = [&](std::size_t c0) {
    double w = 2;
    for (const auto& entry : table.entries[c0]) w = std::min(w, entry.score[0]);
    return w;
  };
  auto worst1 = [&](std::size_t c1) {
    double w = 2;
    for (const auto& row : table.entries) w = std::min(w, row[c1].score[1]);
    return w;
  };
  const auto best0 = static_cast<std::size_t>(table.best[0]);
  const auto best1 = static_cast<std::size_t>(table.best[1]);
  REQUIRE(best0 < 4);
  REQUIRE(best1 < 3);
  CHECK(table.best_worst_case_score[0] == exact(worst0(best0)));
  CHECK(table.best_worst_case_score[1] == exact(worst1(best1)));
  for (std::size_t c0 = 0; c0 < 4; ++c0) CHECK(worst0(c0) <= worst0(best0));
  for (std::size_t c1 = 0; c1 < 3; ++c1) CHECK(worst1(c1) <= worst1(best1));
}

TEST_CASE("Odds: fistfight round against a brute force over the physical cards",
          "[odds][fistfight]") {
  struct Case {
    std::array<FistSplit, 2> splits;
    std::array<bool, 2> sat_out;
    std::array<int, 2> stuns;
  };
  const std::vector<Case> cases{
      {{FistSplit{2, 1}, FistSplit{0, 3}}, {false, false}, {0, 0}},
      {{FistSplit{4, 0}, FistSplit{1, 1}}, {false, false}, {0, 0}},
      {{FistSplit{0, 0}, FistSplit{0, 0}}, {false, false}, {0, 0}},
      {{FistSplit{3, 1}, FistSplit{2, 2}}, {false, true}, {0, 1}},  // second stun
      {{FistSplit{3, 1}, FistSplit{2, 2}}, {false, true}, {0, 2}},  // third stun: knock-out
      {{FistSplit{0, 4}, FistSplit{1, 0}}, {true, false}, {2, 0}},
      {{FistSplit{1, 1}, FistSplit{1, 1}}, {true, true}, {1, 1}},
  };
  for (std::size_t n = 0; n < cases.size(); ++n) {
    INFO("case " << n);
    const Case& c = cases[n];
    const FistRoundOdds odds = fist_round_odds(c.splits, c.sat_out, c.stuns);
    const FistExpect e = fist_brute(c.splits, c.sat_out, c.stuns);
    for (std::size_t i = 0; i < 2; ++i) {
      CHECK(sum(odds.attack[i]) == exact(c.sat_out[i] ? 0.0 : 1.0));
      for (std::size_t r = 0; r < 3; ++r) CHECK(odds.attack[i][r] == exact(e.attack[i][r]));
      CHECK(odds.knocked_out[i] == exact(e.knocked_out[i]));
      CHECK(odds.stunned[i] == exact(e.stunned[i]));
    }
    CHECK(odds.both_knocked_out == exact(e.both));
  }
  // By hand: Bob sits out after two stuns; Ann's 3 + card >= 7 (cards 4 and up) knocks him out.
  const FistRoundOdds third = fist_round_odds({FistSplit{3, 1}, FistSplit{2, 2}}, {false, true},
                                              {0, 2});
  CHECK(third.knocked_out[1] == exact(40.0 / 50));
  CHECK(third.stunned[1] == exact(0.0));
  CHECK(third.knocked_out[0] == exact(0.0));
  // The second stun is only a stun: cards 4-6 stun (20), 7 and up knock out (20).
  const FistRoundOdds second = fist_round_odds({FistSplit{3, 1}, FistSplit{2, 2}}, {false, true},
                                               {0, 1});
  CHECK(second.stunned[1] == exact(20.0 / 50));
  CHECK(second.knocked_out[1] == exact(20.0 / 50));
}

TEST_CASE("Odds: brawl round sums to 1 under redraw", "[odds][brawl]") {
  const std::vector<std::vector<int>> crowds{
      {0, 1, 2, 3, 4}, {4, 4, 0}, {0, 0, 0, 0, 0, 0, 4}, {3, 1, 4, 1, 0, 2, 2, 4, 0}, {2, 2}};
  for (const auto& hth : crowds) {
    const std::vector<double> out = brawl_round_odds(hth, BrawlTieRule::redraw);
    REQUIRE(out.size() == hth.size());
    CHECK(std::accumulate(out.begin(), out.end(), 0.0) == exact(1.0));
    // Under all_out several may be out at once, never fewer than one.
    const std::vector<double> all_out = brawl_round_odds(hth, BrawlTieRule::all_out);
    CHECK(std::accumulate(all_out.begin(), all_out.end(), 0.0) >= 1.0 - 1e-12);
  }
  // Someone whose best total is below everyone's worst is always out.
  const std::vector<double> hopeless = brawl_round_odds({0, 10, 10}, BrawlTieRule::redraw);
  CHECK(hopeless[0] == exact(1.0));
  CHECK(hopeless[1] == exact(0.0));
}

TEST_CASE("Odds: brawl round is fair among equal HtH", "[odds][brawl]") {
  for (std::size_t n = 2; n <= 8; ++n) {
    INFO(n << " fighters");
    const std::vector<double> out = brawl_round_odds(std::vector<int>(n, 2), BrawlTieRule::redraw);
    for (double p : out) CHECK(p == exact(1.0 / static_cast<double>(n)));
    const std::vector<double> all_out =
        brawl_round_odds(std::vector<int>(n, 2), BrawlTieRule::all_out);
    for (double p : all_out) CHECK(p == exact(all_out[0]));
  }
}

TEST_CASE("Odds: brawl round of 3 against a brute force over the physical cards",
          "[odds][brawl]") {
  const std::vector<std::array<int, 3>> crowds{{0, 2, 3}, {1, 1, 4}, {4, 0, 4}};
  for (const auto& h : crowds) {
    for (BrawlTieRule rule : {BrawlTieRule::redraw, BrawlTieRule::all_out}) {
      INFO("HtH " << h[0] << " " << h[1] << " " << h[2] << ", " << to_string(rule));
      const std::vector<double> out = brawl_round_odds({h[0], h[1], h[2]}, rule);
      const std::array<double, 3> expected = brawl3_brute(h, rule);
      REQUIRE(out.size() == 3);
      for (std::size_t i = 0; i < 3; ++i) CHECK(out[i] == exact(expected[i]));
    }
  }
  // Two fighters (the last two of a brawl): ties always redraw.
  const std::vector<double> two = brawl_round_odds({0, 3}, BrawlTieRule::redraw);
  CHECK(two[0] == exact(pair_out_first(0, 3)));
  CHECK(two[1] == exact(pair_out_first(3, 0)));
}

TEST_CASE("Odds: brawl odds are exact for up to 12 fighters", "[odds][brawl]") {
  try {
    brawl_round_odds(std::vector<int>(13, 1), BrawlTieRule::redraw);
    FAIL("13 fighters were accepted");
  } catch (const Refusal& r) {
    CHECK(r.code() == RefusalCode::out_of_range);
  }
  CHECK_THROWS_AS(brawl_round_odds({3}, BrawlTieRule::redraw), Refusal);
}

TEST_CASE("Odds: cheating accusation", "[odds][accusation]") {
  // Equal Gambling: the accuser is strictly higher in half of the non-ties.
  const AccusationOdds even = accusation_odds(2, 2);
  CHECK(even.opened == exact((1 - tie_probability()) / 2));
  CHECK(even.accused_loses_if_cheat == exact(even.opened));
  CHECK(even.accuser_loses_if_cheat == exact(1 - even.opened));
  CHECK(even.accuser_loses_if_skill == exact(1.0));
  const std::vector<int> deck = physical_deck();
  for (auto [accuser, accused] : {std::pair{3, 1}, std::pair{0, 4}, std::pair{4, 0}}) {
    double higher = 0;
    for (std::size_t k = 0; k < deck.size(); ++k)
      for (std::size_t l = 0; l < deck.size(); ++l)
        if (k != l && deck[k] + accuser > deck[l] + accused) higher += 1 / pairs;
    CHECK(accusation_odds(accuser, accused).opened == exact(higher));
  }
}
