#include "core/initiative.h"

#include <algorithm>
#include <cctype>

#include "core/refusal.h"

namespace marshal::core {

namespace {
constexpr std::string_view suit_letters = "CDHS";  // in Suit's order
constexpr std::string_view rank_letters[] = {"", "", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"};

std::string upper(std::string_view text) {
  std::string s(text);
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}
}  // namespace

std::optional<PlayingCard> parse_playing_card(std::string_view text) {
  const std::string s = upper(text);
  if (s == "RJ") return PlayingCard{0, Suit::clubs, Joker::red};
  if (s == "BJ") return PlayingCard{0, Suit::clubs, Joker::black};
  if (s.size() < 2 || s.size() > 3) return std::nullopt;
  const std::size_t suit = suit_letters.find(s.back());
  if (suit == std::string_view::npos) return std::nullopt;
  const std::string_view rank = std::string_view(s).substr(0, s.size() - 1);
  for (int r = lowest_rank; r <= highest_rank; ++r)
    if (rank == rank_letters[r]) return PlayingCard{r, static_cast<Suit>(suit), Joker::none};
  return std::nullopt;
}

std::string card_text(const PlayingCard& card) {
  if (card.joker == Joker::red) return "RJ";
  if (card.joker == Joker::black) return "BJ";
  return std::string(rank_letters[card.rank]) + suit_letters[static_cast<std::size_t>(card.suit)];
}

bool acts_before(const PlayingCard& a, const PlayingCard& b) {
  auto joker_rank = [](Joker j) { return j == Joker::black ? 2 : j == Joker::red ? 1 : 0; };
  if (joker_rank(a.joker) != joker_rank(b.joker)) return joker_rank(a.joker) > joker_rank(b.joker);
  if (a.rank != b.rank) return a.rank > b.rank;
  return a.suit > b.suit;
}

const std::vector<PlayingCard>& full_initiative_deck() {
  static const std::vector<PlayingCard> deck = [] {
    std::vector<PlayingCard> cards;
    for (Suit suit : {Suit::clubs, Suit::diamonds, Suit::hearts, Suit::spades})
      for (int rank = lowest_rank; rank <= highest_rank; ++rank) cards.push_back({rank, suit, Joker::none});
    cards.push_back({0, Suit::clubs, Joker::red});
    cards.push_back({0, Suit::clubs, Joker::black});
    return cards;
  }();
  return deck;
}

void InitiativeDeck::take(const PlayingCard& typed) {
  PlayingCard card = typed;
  if (card.joker != Joker::none) card.suit = Suit::clubs;  // a Joker has no suit: one red, one black
  const bool in_a_deck = card.joker != Joker::none ? card.rank == 0 : card.rank >= lowest_rank && card.rank <= highest_rank;
  if (!in_a_deck)
    throw Refusal(RefusalCode::out_of_range, "card", say("not a card of the 54: rank 2 to Ace, or a Joker"));
  if (std::find(out_.begin(), out_.end(), card) != out_.end())
    throw Refusal(RefusalCode::impossible_cards, "card",
                  say("{} is dealt already since the last shuffle: one deck holds it once", card_text(card)));
  out_.push_back(card);
}

PlayingCard InitiativeDeck::draw(Csprng& rng) {
  std::vector<PlayingCard> in_deck;
  for (const PlayingCard& card : full_initiative_deck())
    if (std::find(out_.begin(), out_.end(), card) == out_.end()) in_deck.push_back(card);
  if (in_deck.empty()) {  // every card out: shuffled before this one (SWD)
    shuffle();
    in_deck = full_initiative_deck();
  }
  const PlayingCard card = in_deck[rng.uniform(static_cast<std::uint32_t>(in_deck.size()))];
  out_.push_back(card);
  return card;
}

bool InitiativeDeck::joker_out() const {
  return std::any_of(out_.begin(), out_.end(), [](const PlayingCard& c) { return c.joker != Joker::none; });
}

}  // namespace marshal::core
