#include <catch2/catch.hpp>

#include <map>
#include <numeric>

#include "core/action_deck.h"
#include "core/refusal.h"

using namespace marshal::core;

TEST_CASE("the action deck has the 50 cards of RULES.md", "[deck]") {
  CHECK(std::accumulate(action_deck_copies.begin(), action_deck_copies.end(), 0) == 50);
  CHECK(action_deck_copies[1] == 2);
  CHECK(action_deck_copies[2] == 4);
  CHECK(action_deck_copies[3] == 4);
  CHECK(action_deck_copies[4] == 6);
  CHECK(action_deck_copies[5] == 6);
  CHECK(action_deck_copies[6] == 8);
  CHECK(action_deck_copies[7] == 6);
  CHECK(action_deck_copies[8] == 6);
  CHECK(action_deck_copies[9] == 4);
  CHECK(action_deck_copies[10] == 4);
}

TEST_CASE("fifty virtual draws from one round give exactly the deck", "[deck]") {
  Csprng rng(seed_from_number(7));
  std::vector<std::string> names;
  for (int i = 0; i < 50; ++i) names.push_back("p" + std::to_string(i));
  RoundDeck deck({}, &rng, &names);
  std::array<int, 11> seen{};
  for (int i = 0; i < 50; ++i) ++seen[deck.card_for(i)];
  CHECK(seen == action_deck_copies);
}

TEST_CASE("physical entries the deck cannot produce in one round are refused", "[deck]") {
  std::vector<std::string> names{"Ann", "Bob", "Cy"};
  CHECK_NOTHROW(RoundDeck({1, 1}, nullptr, &names));
  try {
    RoundDeck deck({1, 1, 1}, nullptr, &names);
    FAIL("three Aces were accepted");
  } catch (const Refusal& r) {
    CHECK(r.code() == RefusalCode::impossible_cards);
    CHECK(r.field() == "cards.Cy");
  }
  CHECK_THROWS_AS(RoundDeck({11}, nullptr, &names), Refusal);
  CHECK_THROWS_AS(RoundDeck({0}, nullptr, &names), Refusal);
  CHECK_THROWS_AS(check_one_round({10, 10, 10, 10, 10}), Refusal);
  CHECK_NOTHROW(check_one_round({10, 10, 10, 10}));
}

TEST_CASE("the same seed gives the same draws, another seed differs", "[deck][rng]") {
  auto run = [](std::uint64_t seed) {
    Csprng rng(seed_from_number(seed));
    std::vector<int> values;
    for (int round = 0; round < 20; ++round) {
      RoundDeck deck({}, &rng, nullptr);
      values.push_back(deck.card_for(0));
      values.push_back(deck.card_for(1));
    }
    return values;
  };
  CHECK(run(1) == run(1));
  CHECK(run(1) != run(2));
}

TEST_CASE("a virtual draw fills in around the entered cards of the round", "[deck]") {
  Csprng rng(seed_from_number(3));
  // Both Aces entered: no virtual draw of the round may be an Ace.
  for (int trial = 0; trial < 200; ++trial) {
    RoundDeck deck({1, 1}, &rng, nullptr);
    CHECK(deck.card_for(0) == 1);
    CHECK(deck.card_for(1) == 1);
    CHECK(deck.card_for(2) != 1);
  }
}

TEST_CASE("without a generator a missing card is refused, an unused entry too", "[deck]") {
  std::vector<std::string> names{"Ann", "Bob"};
  RoundDeck deck({5}, nullptr, &names);
  CHECK(deck.card_for(0) == 5);
  CHECK_THROWS_AS(deck.card_for(1), Refusal);
  RoundDeck unused({5, 6}, nullptr, &names);
  unused.card_for(0);
  CHECK_THROWS_AS(unused.finish(), Refusal);
}

TEST_CASE("virtual draws are uniform over the deck", "[deck][rng]") {
  Csprng rng(seed_from_number(99));
  std::array<int, 11> seen{};
  const int n = 200000;
  for (int i = 0; i < n; ++i) {
    RoundDeck deck({}, &rng, nullptr);
    ++seen[deck.card_for(0)];
  }
  for (int v = 1; v <= 10; ++v) {
    double expected = n * action_deck_copies[v] / 50.0;
    double sd = std::sqrt(expected * (1 - action_deck_copies[v] / 50.0));
    CHECK(std::abs(seen[v] - expected) < 5 * sd);
  }
}

TEST_CASE("seeds from text: hex is right-aligned, other text is hashed", "[rng]") {
  CHECK(seed_from_text("2a") == seed_from_number(42));
  CHECK(seed_from_text("002A") == seed_from_number(42));
  CHECK(seed_from_text("hello") == seed_from_text("hello"));
  CHECK(seed_from_text("hello") != seed_from_text("hellp"));
  CHECK(seed_to_hex(seed_from_number(1)).size() == 64);
}
