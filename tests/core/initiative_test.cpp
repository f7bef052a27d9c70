// Action Cards (core/initiative.h; 001 L45, 000 L52-54, SWD): who acts first, every card of the
// 54 read and written, a shuffled deck dealing each card once, a card already out refused by
// name, the Joker that calls for a shuffle, and the station's draws uniform.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "core/initiative.h"
#include "core/refusal.h"

using namespace marshal::core;

namespace {
PlayingCard typed_card(const char* text) {
  auto parsed = parse_playing_card(text);
  REQUIRE(parsed);
  return *parsed;
}
}  // namespace

TEST_CASE("Action Cards act from the Ace down, ties by suit, Jokers first, the Black before the Red (000 L54)",
          "[initiative]") {
  CHECK(acts_before(typed_card("AS"), typed_card("KS")));
  CHECK(acts_before(typed_card("KC"), typed_card("QS")));  // rank before suit
  CHECK(acts_before(typed_card("3C"), typed_card("2S")));
  CHECK(acts_before(typed_card("10S"), typed_card("10H")));  // Spades, Hearts, Diamonds, Clubs (SWD)
  CHECK(acts_before(typed_card("10H"), typed_card("10D")));
  CHECK(acts_before(typed_card("10D"), typed_card("10C")));
  CHECK(acts_before(typed_card("BJ"), typed_card("RJ")));    // 000 L54: the Black Joker beats the Red
  CHECK(acts_before(typed_card("RJ"), typed_card("AS")));
  CHECK_FALSE(acts_before(typed_card("AS"), typed_card("BJ")));
  CHECK_FALSE(acts_before(typed_card("7D"), typed_card("7D")));  // nobody before themselves
  std::vector<PlayingCard> round{typed_card("7D"), typed_card("RJ"), typed_card("7S"), typed_card("AC"), typed_card("2H"), typed_card("BJ")};
  std::sort(round.begin(), round.end(), acts_before);
  std::vector<std::string> order;
  for (const PlayingCard& c : round) order.push_back(card_text(c));
  CHECK(order == std::vector<std::string>{"BJ", "RJ", "AC", "7S", "7D", "2H"});
}

TEST_CASE("every card of the 54 is read as typed and written back", "[initiative]") {
  const std::vector<PlayingCard>& deck = full_initiative_deck();
  REQUIRE(deck.size() == initiative_deck_size);
  std::set<std::string> texts;
  for (const PlayingCard& c : deck) {
    texts.insert(card_text(c));
    CHECK(parse_playing_card(card_text(c)) == std::optional<PlayingCard>(c));
  }
  CHECK(texts.size() == initiative_deck_size);  // 54 different cards
  CHECK(card_text(typed_card("10h")) == "10H");          // any case
  CHECK(card_text(typed_card("qd")) == "QD");
  CHECK(typed_card("rj").joker == Joker::red);
  for (const char* bad : {"", "1H", "11H", "10X", "H", "10", "RJX", "JJ", "AH ", "0S", "1OS"}) {
    INFO(bad);
    CHECK_FALSE(parse_playing_card(bad));
  }
}

TEST_CASE("a shuffled deck deals each of its 54 cards once, then is shuffled again (SWD)", "[initiative]") {
  Csprng rng(seed_from_number(1876));
  InitiativeDeck deck;
  std::set<std::string> dealt;
  for (int i = 0; i < initiative_deck_size; ++i) dealt.insert(card_text(deck.draw(rng)));
  CHECK(dealt.size() == initiative_deck_size);
  CHECK(deck.left() == 0);
  CHECK(deck.joker_out());
  deck.draw(rng);  // none left: shuffled before this one
  CHECK(deck.left() == initiative_deck_size - 1);
}

TEST_CASE("a card typed from a physical deck that is out since the shuffle is refused by name", "[initiative]") {
  InitiativeDeck deck;
  deck.take(typed_card("QH"));
  CHECK_FALSE(deck.joker_out());
  try {
    deck.take(typed_card("qh"));
    FAIL("dealt twice");
  } catch (const Refusal& r) {
    CHECK(r.code() == RefusalCode::impossible_cards);
    CHECK(r.field() == "card");
    CHECK(r.reason().find("QH") != std::string::npos);
  }
  CHECK(deck.out().size() == 1);  // nothing added by the refusal
  deck.take(typed_card("RJ"));
  CHECK(deck.joker_out());  // the next deal comes after a shuffle
  deck.shuffle();
  CHECK_FALSE(deck.joker_out());
  deck.take(typed_card("QH"));  // back in the deck after the shuffle
  CHECK(deck.left() == initiative_deck_size - 1);
}

TEST_CASE("the station's draws are uniform over the cards left", "[initiative]") {
  Csprng rng(seed_from_number(54));
  constexpr int draws = 54'000;
  std::map<std::string, int> seen;
  for (int i = 0; i < draws; ++i) {
    InitiativeDeck deck;
    deck.take(typed_card("AS"));  // one card out: the other 53 share the draws
    ++seen[card_text(deck.draw(rng))];
  }
  CHECK(seen.count("AS") == 0);
  CHECK(seen.size() == initiative_deck_size - 1);
  const double p = 1.0 / (initiative_deck_size - 1), se = std::sqrt(p * (1 - p) / draws);
  for (const auto& [text, count] : seen) {
    INFO(text << ": " << count);
    CHECK(std::abs(static_cast<double>(count) / draws - p) <= 4.5 * se);
  }
}

TEST_CASE("a card no deck holds is refused, a Joker is the same Joker whatever suit it carries", "[initiative]") {
  InitiativeDeck deck;
  deck.take(typed_card("RJ"));
  try {
    deck.take(PlayingCard{0, Suit::hearts, Joker::red});
    FAIL("the red Joker twice");
  } catch (const Refusal& r) {
    CHECK(r.code() == RefusalCode::impossible_cards);
  }
  for (const PlayingCard& bad : {PlayingCard{15, Suit::spades, Joker::none}, PlayingCard{1, Suit::spades, Joker::none},
                                 PlayingCard{0, Suit::spades, Joker::none}, PlayingCard{5, Suit::clubs, Joker::black}}) {
    try {
      deck.take(bad);
      FAIL("taken");
    } catch (const Refusal& r) {
      CHECK(r.code() == RefusalCode::out_of_range);
      CHECK(r.field() == "card");
    }
  }
  CHECK(deck.out().size() == 1);
}
