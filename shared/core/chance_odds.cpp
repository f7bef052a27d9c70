#include "core/chance_odds.h"

#include <array>
#include <string>

#include "core/refusal.h"

namespace marshal::core {

namespace {

constexpr int deck_cards = 54;  // 52 and two Jokers (TABLETOP.md "Cards for chance")
constexpr int last_chance_tn = 12;  // 000 L46: the TN "maxes out at TN-12"

void check_marker_die(int die) {
  if (die != 4 && die != 6 && die != 8 && die != 10 && die != 12)
    throw Refusal(RefusalCode::out_of_range, "die",
                  say("a Connection Marker is rated d4 to d12 (000 L88), not d{}", die));
}

// The TN a non-Joker card of `rank` sets (000 L62): 2-10 face value, face cards 10, Aces 11.
int fate_tn(int rank) { return rank <= 10 ? rank : rank <= 13 ? 10 : 11; }

// The TNs of a compound serial roll (000 L46): up by 2 after each failure until it reaches 12,
// which is the Last Chance. TN 7 gives 7, 9, 11, 12: the cap cuts the last step short rather
// than skipping TN 12, since the example of L46 ends every ladder on a "final panicky roll vs.
// TN-12". A TN at or above 12 is already the Last Chance: one roll, never lowered to 12.
std::vector<int> compound_ladder(int tn) {
  std::vector<int> ladder;
  for (; tn < last_chance_tn; tn += 2) ladder.push_back(tn);
  ladder.push_back(ladder.empty() ? tn : last_chance_tn);
  return ladder;
}

}  // namespace

LuckOdds luck_draw_odds(int named_cards) {
  // 52 cards less the Ace of Spades leave 51 a player or the GM can name.
  if (named_cards < 1 || named_cards > 51)
    throw Refusal(RefusalCode::out_of_range, "named_cards",
                  say("a Luck Draw names 1 to 51 cards (never a Joker, never the Ace of Spades: "
                      "000 L58), not {}",
                      named_cards));
  LuckOdds odds;
  odds.named_cards = named_cards;
  // Each is one division of whole numbers, so correctly rounded: 3/54 is exactly 3.0 / 54.
  odds.success = (named_cards + 2.0) / deck_cards;  // either Joker succeeds too (000 L58)
  odds.bad_luck = 1.0 / deck_cards;
  odds.failure = (deck_cards - 3.0 - named_cards) / deck_cards;
  return odds;
}

int luck_cards_ranked_at_least(int rank) {
  if (rank < 2 || rank > 14)
    throw Refusal(RefusalCode::out_of_range, "rank",
                  say("a card's rank is 2 to 14 (J 11, Q 12, K 13, A 14), not {}", rank));
  // Every range "or higher" includes the Aces, so always the Ace of Spades, which never counts.
  return 4 * (15 - rank) - 1;
}

FateOdds fate_roll_odds(const TraitRoll& roll) {
  // How many of the 52 cards set each TN: 2..9 four each, 10 from the tens and the 12 face
  // cards (16), 11 from the Aces (4).
  std::array<int, 12> cards_at_tn{};
  for (int rank = 2; rank <= 14; ++rank) cards_at_tn[fate_tn(rank)] += 4;

  TraitRoll at = roll;
  double success = 1;       // the red Joker: an automatic critical success counts as a success
  double crit_fail = 1;     // the black Joker
  double crit_success = 1;  // the red Joker
  for (int tn = 2; tn <= 11; ++tn) {
    at.tn = tn;
    const TraitOdds odds = trait_odds(at);  // refuses a bad die or modifier, as documented
    success += cards_at_tn[tn] * odds.success;
    crit_fail += cards_at_tn[tn] * odds.crit_fail;
    crit_success += cards_at_tn[tn] * odds.crit_success;
  }
  return FateOdds{success / deck_cards, crit_fail / deck_cards, crit_success / deck_cards};
}

SerialOdds serial_roll_odds(const TraitRoll& roll, bool compound) {
  SerialOdds result;
  if (!compound) {
    const TraitOdds odds = trait_odds(roll);
    // Each attempt ends it with s (success) or c (Critical Failure, "negates any additional
    // attempts", 000 L44), else it goes on: the geometric series sum f^k s = s / (s + c).
    const double ends = odds.success + odds.crit_fail;
    // trait_odds always leaves c > 0 (snake eyes 001 L20, an Extra's 1 then a 1 001 L23), so
    // this cannot happen; a roll that never ends has no odds to give, so it is refused rather
    // than given a made-up number.
    if (!(ends > 0))
      throw Refusal(RefusalCode::out_of_range, "roll",
                    say("this roll can neither succeed nor critically fail, so a serial roll of it "
                        "never ends"));
    result.success = odds.success / ends;
    result.crit_fail = odds.crit_fail / ends;
    result.failure = 0;
    result.expected_rolls = 1 / ends;
    result.ladder = {roll.tn};
    return result;
  }

  // Compound: step k is reached only through plain failures at every step before it (a Critical
  // Failure ends it, since a compound serial roll is a serial roll, 000 L44 and L46).
  result.ladder = compound_ladder(roll.tn);
  TraitRoll at = roll;
  double reach = 1;  // P(this step is rolled)
  for (int tn : result.ladder) {
    at.tn = tn;
    const TraitOdds odds = trait_odds(at);
    result.expected_rolls += reach;
    result.success += reach * odds.success;
    result.crit_fail += reach * odds.crit_fail;
    reach *= odds.plain_failure();
  }
  result.failure = reach;  // a plain failure of the Last Chance roll: "the character falls"
  return result;
}

double marker_odds(int die) {
  check_marker_die(die);
  // 000 L88: "No Wild Die is permitted", so the trait_odds of an Extra's roll with the
  // deadlands-1876 rules. Its Extra Critical Failure (001 L23) and natural one (000 L36) only
  // concern a 1, which fails TN 4 anyway with no modifier, so success is P(dN! >= 4) exactly.
  return trait_odds(extra_roll(rules_for(Ruleset::deadlands_1876), die, 0, 4)).success;
}

int marker_step_down(int die) {
  check_marker_die(die);
  return die == 4 ? 0 : die - 2;  // "After a d4 Marker is used, it is depleted" (000 L88)
}

double marker_expected_favors(int die) {
  check_marker_die(die);
  // Used once at each level whatever the result (000 L88), so the expectation is the sum.
  double favors = 0;
  for (int d = die; d != 0; d = marker_step_down(d)) favors += marker_odds(d);
  return favors;
}

}  // namespace marshal::core
