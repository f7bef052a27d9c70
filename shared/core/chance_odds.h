#pragma once
// Exact odds of the chance rules of Deadlands 1876 (seed 000; TABLETOP.md "Cards for chance"):
// the Luck Draw, the Fate Roll, serial and compound serial rolls, and the Connection Marker.
// Everything is a closed form over one trait roll's exact odds (trait_roll.h) and the 54 cards
// of one deck; nothing is sampled, so the station can show these odds before a card is drawn.
#include <vector>

#include "core/trait_roll.h"

namespace marshal::core {

// --- Luck Draw (000 L58) ---
// One card from a shuffled 54-card deck (52 and a red and a black Joker).
struct LuckOdds {
  int named_cards = 1;  // the named non-Joker cards that succeed (never the Ace of Spades)
  double success = 0;   // a named card or either Joker
  double bad_luck = 0;  // the Ace of Spades: "always bad luck" (000 L58), never a success
  double failure = 0;   // any other card: no luck either way
};
// `named_cards` counts the non-Joker cards the player names or the GM broadens the draw to,
// without the Ace of Spades, which the player cannot name and which never succeeds (000 L58):
// 1 (the default: one named card) to 51 (every card but the Ace of Spades). The Jokers always
// succeed on top: success = (named_cards + 2) / 54, bad luck 1/54.
// Refused (out_of_range, "named_cards") outside 1..51.
LuckOdds luck_draw_odds(int named_cards = 1);
// How many cards a "rank or higher" draw names (000 L58's "a Queen or higher"), Aces high:
// rank 2..14 (J 11, Q 12, K 13, A 14), four suits each, less the Ace of Spades. "Queen or
// higher" is Q, K, A of four suits = 12 less the Ace of Spades = 11, and succeeds on 13/54.
// Refused (out_of_range, "rank") outside 2..14.
int luck_cards_ranked_at_least(int rank);

// --- Fate Roll (000 L62) ---
struct FateOdds {
  double success = 0;       // the red Joker, or the roll reaches the card's TN (no crit fail)
  double crit_fail = 0;     // the black Joker, or a Critical Failure of the roll
  double crit_success = 0;  // the red Joker, or boxcars where the rules have them (000 L20)
  // A failure that is not critical.
  double plain_failure() const { return 1 - success - crit_fail; }
};
// A trait roll against the TN of one card drawn from the 54: 2-10 their face value, J/Q/K 10,
// Ace 11; the red Joker an automatic Critical Success, the black an automatic Critical Failure.
// `roll.tn` is ignored (the card sets it); everything else of the roll is checked as
// trait_odds() checks it, and refused the same way.
FateOdds fate_roll_odds(const TraitRoll& roll);

// --- Serial and compound serial rolls (000 L44, L46) ---
struct SerialOdds {
  double success = 0;         // some attempt succeeds
  double crit_fail = 0;       // it ends in a Critical Failure, which stops it for everyone
  double failure = 0;         // compound only: the Last Chance roll fails plainly; 0 for plain
  double expected_rolls = 0;  // the mean number of attempts until it ends
  std::vector<int> ladder;    // the TN of each attempt: plain, the one TN every attempt uses;
                              // compound, e.g. 8, 10, 12 or 7, 9, 11, 12
};
// Plain (`compound` false, 000 L44): the roll is repeated until it succeeds or critically fails,
// with no limit (the player giving up is not modelled): success = s / (s + c).
// Compound (000 L46): after each plain failure the TN rises by 2, capped at 12; failing the
// TN 12 "Last Chance" roll fails the action; a TN already 12 or more is the one Last Chance.
// Refused as trait_odds() refuses the roll.
SerialOdds serial_roll_odds(const TraitRoll& roll, bool compound);

// --- Connection Marker (000 L88-90) ---
// P(success) of calling in a dN Marker: the marker die alone, open-ended, no Wild Die, no
// modifier, vs TN 4 (d8 5/8, d4 1/4). Refused (out_of_range, "die") unless 4, 6, 8, 10, 12.
double marker_odds(int die);
// The Marker after one use, success or not (000 L88): 12 > 10 > 8 > 6 > 4 > 0 (spent).
// Refused (out_of_range, "die") as marker_odds().
int marker_step_down(int die);
// The expected number of favors a dN Marker grants before it is spent: one call at each die
// down to d4, so the sum of their odds (d8: 5/8 + 1/2 + 1/4 = 11/8). Refused as marker_odds().
double marker_expected_favors(int die);

}  // namespace marshal::core
