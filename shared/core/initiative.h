#pragma once
// Action Cards (001 L45; 000 L52-54; TABLETOP.md "Combat at the table"): each round of a fight
// deals every fighter a card from a 54-card deck (52 and two Jokers); fighters act from the Ace
// down to the 2, ties broken by suit, Spades, Hearts, Diamonds, Clubs (SWD); a Joker acts when
// its holder likes (listed first, the Black before the Red: 000 L54) and gives +2 to every roll
// of that round (damage.h's joker_bonus). The deck is shuffled before the deal after a round in
// which a Joker was dealt, or when it runs out (SWD). A card dealt since the last shuffle cannot
// be dealt again: a GM typing cards from a physical deck is refused a card already out.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/csprng.h"

namespace marshal::core {

// In the order ties are broken, lowest first (SWD: Spades, Hearts, Diamonds, Clubs).
enum class Suit { clubs, diamonds, hearts, spades };
enum class Joker { none, red, black };

// The cards of the initiative deck: 52 and the two Jokers.
inline constexpr int initiative_deck_size = 54;
inline constexpr int lowest_rank = 2, highest_rank = 14;  // 11 Jack, 12 Queen, 13 King, 14 Ace

struct PlayingCard {
  int rank = 0;               // lowest_rank..highest_rank; 0 for a Joker
  Suit suit = Suit::clubs;    // a Joker's is unused
  Joker joker = Joker::none;
  bool operator==(const PlayingCard&) const = default;
};

// "10H", "AS", "qd", "2c", "RJ" (the red Joker), "BJ" (the black): rank then suit, any case;
// nullopt for anything else.
std::optional<PlayingCard> parse_playing_card(std::string_view text);
// The same spelling, upper case: "10H", "AS", "RJ", "BJ".
std::string card_text(const PlayingCard& card);
// Whether `a` acts before `b` in a round (000 L54, SWD): Jokers first, the Black before the Red;
// then the higher rank; then the higher suit. False for the same card.
bool acts_before(const PlayingCard& a, const PlayingCard& b);

class InitiativeDeck {
 public:
  InitiativeDeck() = default;  // shuffled: every card in it
  // A card dealt by hand (a physical deck): refused (Refusal, impossible_cards, "card") when it
  // is out since the last shuffle, naming it; (out_of_range) when no deck holds it. A Joker's
  // suit is not looked at.
  void take(const PlayingCard& card);
  // A card dealt by the station, uniformly among those left (shuffled anew when none is left).
  PlayingCard draw(Csprng& rng);
  void shuffle() { out_.clear(); }  // every card back in the deck
  // A Joker was dealt since the last shuffle: the deck is shuffled before the next deal.
  bool joker_out() const;
  int left() const { return initiative_deck_size - static_cast<int>(out_.size()); }
  const std::vector<PlayingCard>& out() const { return out_; }

 private:
  std::vector<PlayingCard> out_;  // dealt since the last shuffle, in the order dealt
};

// The 54 cards in a fixed order (Jokers last): what a full deck holds.
const std::vector<PlayingCard>& full_initiative_deck();

}  // namespace marshal::core
