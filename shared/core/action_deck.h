#pragma once
// The action deck (RULES.md): 50 cards, Ace x2, 2 x4, 3 x4, 4 x6, 5 x6, 6 x8, 7 x6, 8 x6,
// 9 x4, 10 x4; an Ace counts 1. One round of one conflict draws from one freshly shuffled full
// deck without replacement. A RoundDeck is one such round of use. It serves both station modes
// at once: a participant's card is either entered (physical mode; refused when this deck cannot
// produce it) or drawn with the CSPRNG (virtual mode), and every card is recorded.
#include <array>
#include <optional>
#include <string>
#include <vector>

#include "core/csprng.h"

namespace marshal::core {

inline constexpr int lowest_card = 1;
inline constexpr int highest_card = 10;
inline constexpr int action_deck_size = 50;
// Copies of each value; index 0 is unused so that index == card value.
inline constexpr std::array<int, 11> action_deck_copies{0, 2, 4, 4, 6, 6, 8, 6, 6, 4, 4};

// A card entered at the table, by participant index; nullopt = draw it virtually.
using GivenCards = std::vector<std::optional<int>>;

struct DrawnCard {
  int who = 0;      // participant index within the conflict
  int value = 0;    // 1..10
  bool physical = false;
};

class RoundDeck {
 public:
  // given[i]: participant i's entered card. names: for messages. rng: nullptr = physical only.
  RoundDeck(GivenCards given, Csprng* rng, const std::vector<std::string>* names);

  // The card of participant `who` for this round: the entered one, else a virtual draw.
  int card_for(int who);
  // Refuses entered cards that no participant of the round needed.
  void finish() const;
  const std::vector<DrawnCard>& drawn() const { return drawn_; }

 private:
  std::string name_of(int who) const;

  GivenCards given_;
  Csprng* rng_;
  const std::vector<std::string>* names_;
  std::array<int, 11> left_ = action_deck_copies;  // cards not yet drawn, by value
  int left_total_ = action_deck_size;              // minus the cards reserved by entries
  std::vector<DrawnCard> drawn_;
};

// The successive rounds of use of one step of a conflict (a brawl round may need tie-break
// redraws, each from a fresh deck).
class DeckSupply {
 public:
  DeckSupply(std::vector<GivenCards> given_per_use, Csprng* rng,
             const std::vector<std::string>* names);

  RoundDeck& next_use();
  // How many uses of the deck were begun so far (a brawl's round, then each tie-break).
  std::size_t uses() const { return uses_.size(); }
  // Refuses entered cards for uses that never happened or participants that did not draw.
  void finish() const;
  std::vector<std::vector<DrawnCard>> record() const;

 private:
  std::vector<GivenCards> given_per_use_;
  Csprng* rng_;
  const std::vector<std::string>* names_;
  std::vector<RoundDeck> uses_;
};

// Refuses a set of physically drawn values that one round of one deck cannot produce.
void check_one_round(const std::vector<int>& values);

}  // namespace marshal::core
