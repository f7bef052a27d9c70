// Exact odds of the chance rules of seed 000 (TABLETOP.md "Cards for chance"): the Luck Draw, the
// Fate Roll, serial and compound serial rolls and the Connection Marker. Every example of the
// seed and of TABLETOP.md to 1e-12; the Fate Roll against a deck built here card by card; the
// serial rolls against a series summed term by term and a recursion written independently; and a
// seeded Monte Carlo with its own exploding-die roller; then the refusals.
#include <catch2/catch.hpp>

#include "core/exact_odds.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "core/chance_odds.h"
#include "core/refusal.h"
#include "core/trait_roll.h"

using namespace marshal::core;

namespace {


// "code@field" of the Refusal `step` throws, or "accepted".
template <typename Step>
std::string refusal(Step step) {
  try {
    step();
  } catch (const Refusal& r) {
    return std::string(to_string(r.code())) + "@" + r.field();
  }
  return "accepted";
}

// Every legal roll the sweeps below try: three rulesets, every trait die (and the coin where
// deadlands-1876 has it), with and without a Wild Die, modifiers from -4 to +4.
std::vector<TraitRoll> sweep() {
  std::vector<TraitRoll> rolls;
  for (Ruleset ruleset : {Ruleset::savage, Ruleset::deadlands_1876, Ruleset::deadlands_ru}) {
    const TraitRules rules = rules_for(ruleset);
    for (int die : {2, 4, 6, 8, 10, 12}) {
      for (int wild : {0, 6, 8}) {
        if (die == 2 && (ruleset != Ruleset::deadlands_1876 || wild != 0)) continue;
        for (int modifier = -4; modifier <= 4; ++modifier)
          rolls.push_back(TraitRoll{die, wild, modifier, 4, rules});
      }
    }
  }
  return rolls;
}

std::string describe(const TraitRoll& roll) {
  return "d" + std::to_string(roll.trait_die) + " wild d" + std::to_string(roll.wild_die) +
         " modifier " + std::to_string(roll.modifier) + " tn " + std::to_string(roll.tn) +
         (roll.rules.natural_one ? " (deadlands-1876)"
                                 : roll.rules.extra_one_always_fails ? " (deadlands-ru)"
                                                                     : " (savage)");
}

// --- One card of a 54-card deck, built here apart from chance_odds.cpp ---
struct Card {
  int rank = 0;  // 2..14, Aces high; 0 for a Joker
  bool joker = false;
  bool red = false;  // the red Joker (suits do not matter to a Fate Roll)
};

std::vector<Card> deck() {
  std::vector<Card> cards;
  for (int suit = 0; suit < 4; ++suit)
    for (int rank = 2; rank <= 14; ++rank) cards.push_back(Card{rank, false, suit < 2});
  cards.push_back(Card{0, true, true});
  cards.push_back(Card{0, true, false});
  return cards;
}

// 000 L62: "face cards representing TN-10 and aces TN-11", the rest their face value.
int card_tn(int rank) {
  switch (rank) {
    case 11:
    case 12:
    case 13: return 10;
    case 14: return 11;
    default: return rank;
  }
}

// --- A tiny roller, written from the seeds rather than from trait_roll.cpp ---
using Rng = std::mt19937_64;

int roll_die(Rng& rng, int sides) { return std::uniform_int_distribution<int>(1, sides)(rng); }

// dN!: a maximum is rolled again and added (001 L13).
int exploding(Rng& rng, int sides) {
  int total = 0;
  int face = 0;
  do {
    face = roll_die(rng, sides);
    total += face;
  } while (face == sides);
  return total;
}

struct Rolled {
  bool success = false;
  bool crit_fail = false;
  bool crit_success = false;
};

Rolled roll_once(Rng& rng, const TraitRoll& roll, int tn) {
  const TraitRules& rules = roll.rules;
  Rolled out;
  const int t = exploding(rng, roll.trait_die);
  // 000 L36: a natural one is not raised by a modifier (a penalty still counts).
  const int one_value = rules.natural_one ? std::min(1, 1 + roll.modifier) : 1 + roll.modifier;
  const int trait_value = t == 1 ? one_value : t + roll.modifier;
  if (roll.wild_die != 0) {
    const int w = exploding(rng, roll.wild_die);
    const int wild_value = w + (rules.modifier_on == ModifierOn::total ? roll.modifier : 0);
    out.crit_fail = t == 1 && w == 1;  // snake eyes (001 L20, 000 L26)
    out.success = !out.crit_fail && std::max(trait_value, wild_value) >= tn;
    // Boxcars (000 L20): both first rolls at their maximum, so both Aced past it.
    out.crit_success = rules.critical_success && t >= roll.trait_die && w >= roll.wild_die;
    return out;
  }
  if (t == 1) {
    out.crit_fail = roll_die(rng, 6) == 1;  // 001 L23: an Extra's 1, then a d6 showing 1
    if (out.crit_fail || rules.extra_one_always_fails) return out;  // 002 L45
  }
  out.success = trait_value >= tn;
  return out;
}

// |estimate - p| within 4 standard errors of a proportion of n trials.
void within_4se(double hits, double n, double p) {
  const double se = std::sqrt(p * (1 - p) / n);
  INFO("estimate " << hits / n << " exact " << p << " se " << se);
  CHECK(std::fabs(hits / n - p) <= 4 * se);
}

}  // namespace

TEST_CASE("Luck Draw: 3/54, bad luck 1/54, Queen or higher 13/54 (000 L58)", "[chance]") {
  const LuckOdds one = luck_draw_odds();
  CHECK(one.named_cards == 1);
  CHECK(one.success == exact(3.0 / 54));  // the named card and two Jokers
  CHECK(one.bad_luck == exact(1.0 / 54));
  CHECK(one.failure == exact(50.0 / 54));

  // Q, K, A of four suits, less the Ace of Spades: 11 cards, and the two Jokers.
  CHECK(luck_cards_ranked_at_least(12) == 11);
  const LuckOdds queen_or_higher = luck_draw_odds(luck_cards_ranked_at_least(12));
  CHECK(queen_or_higher.success == exact(13.0 / 54));
  CHECK(queen_or_higher.bad_luck == exact(1.0 / 54));  // "always bad luck", even broadened
  CHECK(queen_or_higher.failure == exact(40.0 / 54));

  CHECK(luck_cards_ranked_at_least(14) == 3);   // Aces: the three that are not the Ace of Spades
  CHECK(luck_cards_ranked_at_least(2) == 51);   // every card the player may name
  CHECK(luck_draw_odds(51).success == exact(53.0 / 54));
  CHECK(luck_draw_odds(51).failure == exact(0));

  for (int n = 1; n <= 51; ++n) {
    const LuckOdds odds = luck_draw_odds(n);
    CHECK(odds.success == exact((n + 2) / 54.0));
    CHECK(odds.success + odds.bad_luck + odds.failure == exact(1));
  }
}

TEST_CASE("Fate Roll: a worked example by hand (000 L62)", "[chance]") {
  // A savage Extra's d4, no modifier: a 1 never reaches TN 2 or more, so each card's success
  // is the tail P(d4! >= TN): TN 2..9 (4 cards each) 3/4, 2/4, 1/4, 1/4, 3/16, 2/16, 1/16,
  // 1/16; TN 10 (16 cards) 3/64; TN 11 (4 Aces) 2/64; and the red Joker.
  // (1 + 4 * 35/16 + 16 * 3/64 + 4 * 2/64) / 54 = (85/8) / 54 = 85/432.
  const TraitRoll extra = extra_roll(rules_for(Ruleset::savage), 4, 0, 4);
  const FateOdds odds = fate_roll_odds(extra);
  CHECK(odds.success == exact(85.0 / 432));
  // The black Joker, and 1/24 (a 1, then a 1 on the d6: 001 L23) on each of the 52 cards.
  CHECK(odds.crit_fail == exact((1 + 52.0 / 24) / 54));
  CHECK(odds.crit_fail == exact(19.0 / 324));
  CHECK(odds.crit_success == exact(1.0 / 54));  // the red Joker only: no boxcars in savage
  CHECK(odds.plain_failure() == exact(1 - 85.0 / 432 - 19.0 / 324));

  // The TN of the roll is ignored: the card sets it, so even an illegal one is no matter.
  TraitRoll any_tn = extra;
  any_tn.tn = 0;
  CHECK(fate_roll_odds(any_tn).success == exact(85.0 / 432));
}

TEST_CASE("Fate Roll equals the average over the 54 cards, built here", "[chance]") {
  const std::vector<Card> cards = deck();
  REQUIRE(cards.size() == 54);
  for (const TraitRoll& roll : sweep()) {
    double success = 0, crit_fail = 0, crit_success = 0;
    for (const Card& card : cards) {
      if (card.joker) {
        // The red Joker is an automatic critical success, the black an automatic critical
        // failure (000 L62).
        (card.red ? success : crit_fail) += 1;
        if (card.red) crit_success += 1;
        continue;
      }
      TraitRoll at = roll;
      at.tn = card_tn(card.rank);
      const TraitOdds odds = trait_odds(at);
      success += odds.success;
      crit_fail += odds.crit_fail;
      crit_success += odds.crit_success;
    }
    const FateOdds odds = fate_roll_odds(roll);
    INFO(describe(roll));
    CHECK(odds.success == exact(success / 54));
    CHECK(odds.crit_fail == exact(crit_fail / 54));
    CHECK(odds.crit_success == exact(crit_success / 54));
    CHECK(odds.plain_failure() >= 0);
    if (!roll.rules.critical_success || roll.wild_die == 0)
      CHECK(odds.crit_success == exact(1.0 / 54));
  }
}

TEST_CASE("Compound serial ladders (000 L46)", "[chance]") {
  const TraitRules rules = rules_for(Ruleset::deadlands_1876);
  auto ladder = [&](int tn) { return serial_roll_odds(wild_card_roll(rules, 8, 0, tn), true).ladder; };
  CHECK(ladder(8) == std::vector<int>{8, 10, 12});
  CHECK(ladder(7) == std::vector<int>{7, 9, 11, 12});
  CHECK(ladder(11) == std::vector<int>{11, 12});
  CHECK(ladder(4) == std::vector<int>{4, 6, 8, 10, 12});
  CHECK(ladder(1) == std::vector<int>{1, 3, 5, 7, 9, 11, 12});
  CHECK(ladder(12) == std::vector<int>{12});  // already the Last Chance: one roll
  CHECK(ladder(15) == std::vector<int>{15});  // one roll, never lowered to 12
  // A plain serial roll rolls the one TN every time.
  CHECK(serial_roll_odds(wild_card_roll(rules, 8, 0, 8), false).ladder == std::vector<int>{8});
}

TEST_CASE("Compound serial: an Extra's d4 vs TN 8 by hand (000 L46)", "[chance]") {
  // savage Extra d4: P(d4! >= 8) = 1/16, >= 10 = 3/64, >= 12 = 1/64; Critical Failure 1/24.
  const double s8 = 1.0 / 16, s10 = 3.0 / 64, s12 = 1.0 / 64, c = 1.0 / 24;
  const double f8 = 1 - s8 - c, f10 = 1 - s10 - c, f12 = 1 - s12 - c;
  const SerialOdds odds = serial_roll_odds(extra_roll(rules_for(Ruleset::savage), 4, 0, 8), true);
  CHECK(odds.ladder == std::vector<int>{8, 10, 12});
  CHECK(odds.success == exact(s8 + f8 * s10 + f8 * f10 * s12));
  CHECK(odds.crit_fail == exact(c + f8 * c + f8 * f10 * c));
  CHECK(odds.failure == exact(f8 * f10 * f12));
  CHECK(odds.expected_rolls == exact(1 + f8 + f8 * f10));
  CHECK(odds.success + odds.crit_fail + odds.failure == exact(1));
}

TEST_CASE("Plain serial roll: s / (s + c) equals the series summed term by term (000 L44)",
          "[chance]") {
  for (TraitRoll roll : sweep()) {
    for (int tn : {2, 4, 6, 9, 12, 16}) {
      roll.tn = tn;
      const TraitOdds one = trait_odds(roll);
      // Attempt k+1 is rolled after k plain failures: sum f^k s, f^k c, and (k+1) f^k (s + c).
      const double f = one.plain_failure();
      double success = 0, crit_fail = 0, rolls = 0, reach = 1;
      for (int k = 0; reach > 1e-19; ++k) {
        success += reach * one.success;
        crit_fail += reach * one.crit_fail;
        rolls += (k + 1) * reach * (one.success + one.crit_fail);
        reach *= f;
      }
      const SerialOdds odds = serial_roll_odds(roll, false);
      INFO(describe(roll));
      CHECK(odds.success == exact(success));
      CHECK(odds.crit_fail == exact(crit_fail));
      CHECK(odds.failure == 0);
      CHECK(odds.expected_rolls == Approx(rolls).epsilon(1e-12));
      CHECK(odds.success + odds.crit_fail == exact(1));
    }
  }
}

namespace {

struct Ending {
  double success = 0, crit_fail = 0, failure = 0, rolls = 0;
};

// The compound serial roll from TN `tn` on, as a recursion: roll once; a success or a Critical
// Failure ends it; a plain failure at TN 12 or more ("Last Chance") fails the action, any other
// goes on at TN + 2, never past 12.
Ending compound_from(TraitRoll roll, int tn) {
  roll.tn = tn;
  const TraitOdds one = trait_odds(roll);
  const double f = 1 - one.success - one.crit_fail;
  if (tn >= 12) return Ending{one.success, one.crit_fail, f, 1};
  const Ending next = compound_from(roll, tn + 2 > 12 ? 12 : tn + 2);
  return Ending{one.success + f * next.success, one.crit_fail + f * next.crit_fail,
                f * next.failure, 1 + f * next.rolls};
}

}  // namespace

TEST_CASE("Compound serial roll equals a recursion written here (000 L46)", "[chance]") {
  for (TraitRoll roll : sweep()) {
    for (int tn = 1; tn <= 14; ++tn) {
      roll.tn = tn;
      const Ending expected = compound_from(roll, tn);
      const SerialOdds odds = serial_roll_odds(roll, true);
      INFO(describe(roll));
      CHECK(odds.success == exact(expected.success));
      CHECK(odds.crit_fail == exact(expected.crit_fail));
      CHECK(odds.failure == exact(expected.failure));
      CHECK(odds.expected_rolls == exact(expected.rolls));
      CHECK(odds.success + odds.crit_fail + odds.failure == exact(1));
      // The limit only takes chances away: a plain serial roll succeeds at least as often.
      CHECK(odds.success <= serial_roll_odds(roll, false).success + 1e-15);
    }
  }
}

TEST_CASE("Connection Marker: d8 5/8, d4 1/4, stepping down (000 L88-90)", "[chance]") {
  CHECK(marker_odds(8) == exact(5.0 / 8));  // 4..8 of a d8: the 6 of L90 succeeds
  CHECK(marker_odds(4) == exact(1.0 / 4));  // only the 4, which Aces (4 + 3 = 7 in L90)
  CHECK(marker_odds(6) == exact(3.0 / 6));
  CHECK(marker_odds(10) == exact(7.0 / 10));
  CHECK(marker_odds(12) == exact(9.0 / 12));

  CHECK(marker_step_down(12) == 10);
  CHECK(marker_step_down(10) == 8);
  CHECK(marker_step_down(8) == 6);  // L90: "that Marker is now d6"
  CHECK(marker_step_down(6) == 4);  // L90: "reducing his Marker to d4"
  CHECK(marker_step_down(4) == 0);  // L88: "After a d4 Marker is used, it is depleted"

  CHECK(marker_expected_favors(4) == exact(1.0 / 4));
  CHECK(marker_expected_favors(8) == exact(5.0 / 8 + 1.0 / 2 + 1.0 / 4));
  CHECK(marker_expected_favors(8) == exact(11.0 / 8));
  CHECK(marker_expected_favors(12) == exact(9.0 / 12 + 7.0 / 10 + 11.0 / 8));
}

TEST_CASE("Monte Carlo: Fate Rolls and compound serial rolls within 4 standard errors",
          "[chance][monte-carlo]") {
  Rng rng(0x6d61727368616c21ULL);  // fixed: the same dice every run
  const std::vector<Card> cards = deck();
  constexpr int trials = 200000;

  SECTION("Fate Roll") {
    const std::vector<TraitRoll> rolls = {
        // TABLETOP.md's worked example: d8, d6 Wild Die, +1 on the trait die only.
        wild_card_roll(rules_for(Ruleset::deadlands_1876), 8, 1),
        extra_roll(rules_for(Ruleset::deadlands_ru), 6, -1),
        wild_card_roll(rules_for(Ruleset::savage), 4, -2),
    };
    for (const TraitRoll& roll : rolls) {
      double success = 0, crit_fail = 0, crit_success = 0;
      for (int i = 0; i < trials; ++i) {
        const Card& card = cards[static_cast<std::size_t>(roll_die(rng, 54) - 1)];
        if (card.joker) {
          (card.red ? success : crit_fail) += 1;
          if (card.red) crit_success += 1;
          continue;
        }
        const Rolled r = roll_once(rng, roll, card_tn(card.rank));
        success += r.success;
        crit_fail += r.crit_fail;
        crit_success += r.crit_success;
      }
      const FateOdds odds = fate_roll_odds(roll);
      INFO(describe(roll));
      within_4se(success, trials, odds.success);
      within_4se(crit_fail, trials, odds.crit_fail);
      within_4se(crit_success, trials, odds.crit_success);
    }
  }

  SECTION("compound serial roll") {
    const std::vector<TraitRoll> rolls = {
        wild_card_roll(rules_for(Ruleset::deadlands_1876), 8, 1, 7),  // 7, 9, 11, 12
        extra_roll(rules_for(Ruleset::savage), 6, 0, 8),              // 8, 10, 12
        extra_roll(rules_for(Ruleset::deadlands_1876), 2, 0, 4),      // the coin (000 L40)
    };
    for (const TraitRoll& roll : rolls) {
      double success = 0, crit_fail = 0, failure = 0, rolls_sum = 0, rolls_sq = 0;
      for (int i = 0; i < trials; ++i) {
        int tn = roll.tn;
        int attempts = 0;
        for (;;) {
          ++attempts;
          const Rolled r = roll_once(rng, roll, tn);
          if (r.success) { success += 1; break; }
          if (r.crit_fail) { crit_fail += 1; break; }
          if (tn >= 12) { failure += 1; break; }
          tn = std::min(tn + 2, 12);
        }
        rolls_sum += attempts;
        rolls_sq += static_cast<double>(attempts) * attempts;
      }
      const SerialOdds odds = serial_roll_odds(roll, true);
      INFO(describe(roll));
      within_4se(success, trials, odds.success);
      within_4se(crit_fail, trials, odds.crit_fail);
      within_4se(failure, trials, odds.failure);
      const double mean = rolls_sum / trials;
      const double se = std::sqrt((rolls_sq / trials - mean * mean) / trials);
      INFO("mean rolls " << mean << " exact " << odds.expected_rolls << " se " << se);
      CHECK(std::fabs(mean - odds.expected_rolls) <= 4 * se);
    }
  }
}

TEST_CASE("Chance odds refuse what the rules do not allow", "[chance]") {
  CHECK(refusal([] { luck_draw_odds(0); }) == "out_of_range@named_cards");
  CHECK(refusal([] { luck_draw_odds(52); }) == "out_of_range@named_cards");  // the Ace of Spades
  CHECK(refusal([] { luck_draw_odds(-3); }) == "out_of_range@named_cards");
  CHECK(refusal([] { luck_draw_odds(51); }) == "accepted");
  CHECK(refusal([] { luck_cards_ranked_at_least(1); }) == "out_of_range@rank");
  CHECK(refusal([] { luck_cards_ranked_at_least(15); }) == "out_of_range@rank");

  for (int die : {-4, 0, 2, 3, 5, 7, 14, 20}) {
    INFO("d" << die);
    CHECK(refusal([die] { marker_odds(die); }) == "out_of_range@die");
    CHECK(refusal([die] { marker_step_down(die); }) == "out_of_range@die");
    CHECK(refusal([die] { marker_expected_favors(die); }) == "out_of_range@die");
  }

  const TraitRules rules = rules_for(Ruleset::deadlands_1876);
  CHECK(refusal([&] { fate_roll_odds(wild_card_roll(rules, 5)); }) == "out_of_range@trait_die");
  CHECK(refusal([&] { fate_roll_odds(TraitRoll{8, 10, 0, 4, rules}); }) ==
        "out_of_range@wild_die");
  CHECK(refusal([&] { fate_roll_odds(wild_card_roll(rules, 8, 21)); }) == "out_of_range@modifier");
  CHECK(refusal([&] { serial_roll_odds(wild_card_roll(rules, 8, 0, 100), true); }) ==
        "out_of_range@tn");
  CHECK(refusal([&] { serial_roll_odds(wild_card_roll(rules, 8, 0, 0), false); }) ==
        "out_of_range@tn");
  CHECK(refusal([&] { serial_roll_odds(wild_card_roll(rules, 7), false); }) ==
        "out_of_range@trait_die");
}
