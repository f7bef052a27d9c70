// Cheating accusations (RULES.md "Cheating accusation", "Innocent bystanders"; seed "Gambling").
// Cards are entered physically: participant 0 is the accuser, 1 the accused.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/accusation.h"
#include "core/participants.h"
#include "core/refusal.h"

#include "test_helpers.h"

using namespace marshal::core;
using namespace marshal::core::testing;

namespace {

Character gambler(const std::string& name, int gambling) {
  Character c;
  c.name = name;
  c.base.gambling = gambling;
  c.bystanders = {name + "-b1", name + "-b2", name + "-b3"};
  return c;
}

Trick flipped(TrickFlag flag) {
  Trick trick{"T-17", "Full House", flag, false};
  flip_trick(trick);
  return trick;
}

// The accuser (people[0]) drew `accuser_card`, the accused `accused_card`.
AccusationOutcome accuse(std::vector<Character>& people, const Trick& trick, int accuser_card,
                         int accused_card, const std::optional<std::string>& pick,
                         Csprng* rng = nullptr) {
  const std::vector<std::string> names = names_of(people);
  DeckSupply deck({{accuser_card, accused_card}}, nullptr, &names);
  return resolve_accusation(people, trick, deck, pick, rng, 0);
}


}  // namespace

TEST_CASE("accusation: a trick is single-use for the evening, spent when flipped", "[accusation]") {
  Trick trick{"T-17", "Full House", TrickFlag::skill, false};
  flip_trick(trick);
  CHECK(trick.spent);
  try {
    flip_trick(trick);
    FAIL("a spent trick was flipped again");
  } catch (const Refusal& r) {
    CHECK(r.code() == RefusalCode::already_spent);
    CHECK(r.field() == "trick");
  }
  CHECK(trick.spent);
}

TEST_CASE("accusation: only a trick flipped at the table can be accused", "[accusation]") {
  std::vector<Character> people{gambler("Ann", 2), gambler("Bob", 1)};
  Trick unflipped{"T-17", "Full House", TrickFlag::cheat, false};
  CHECK(refusal_code([&] { accuse(people, unflipped, 9, 2, std::nullopt); }) == "illegal_move");
  CHECK(people[0].bystanders.size() == 3);
  CHECK(people[1].bystanders.size() == 3);
}

TEST_CASE("accusation: a cheat opened by a higher accuser costs the accused a bystander",
          "[accusation]") {
  std::vector<Character> people{gambler("Ann", 2), gambler("Bob", 1)};
  AccusationOutcome out = accuse(people, flipped(TrickFlag::cheat), 6, 4, "Bob-b2");
  CHECK(out.card == std::array<int, 2>{6, 4});
  CHECK(out.total == std::array<int, 2>{8, 5});
  CHECK(out.opened);
  REQUIRE(out.revealed.has_value());
  CHECK(*out.revealed == TrickFlag::cheat);
  CHECK(out.loser == 1);
  CHECK(out.bystander_lost == std::optional<std::string>("Bob-b2"));
  CHECK(people[1].bystanders == std::vector<std::string>{"Bob-b1", "Bob-b3"});
  CHECK(people[0].bystanders.size() == 3);
  REQUIRE(out.draws.size() == 1);
  CHECK(out.draws[0].size() == 2);
}

TEST_CASE("accusation: skill opened, the accuser loses a bystander", "[accusation]") {
  std::vector<Character> people{gambler("Ann", 2), gambler("Bob", 1)};
  AccusationOutcome out = accuse(people, flipped(TrickFlag::skill), 6, 4, "Ann-b1");
  CHECK(out.opened);
  REQUIRE(out.revealed.has_value());
  CHECK(*out.revealed == TrickFlag::skill);
  CHECK(out.loser == 0);
  CHECK(people[0].bystanders == std::vector<std::string>{"Ann-b2", "Ann-b3"});
  CHECK(people[1].bystanders.size() == 3);
}

TEST_CASE("accusation: equal totals, the accuser loses and the trick stays closed",
          "[accusation]") {
  std::vector<Character> people{gambler("Ann", 2), gambler("Bob", 1)};
  AccusationOutcome out = accuse(people, flipped(TrickFlag::cheat), 5, 6, "Ann-b3");
  CHECK(out.total == std::array<int, 2>{7, 7});
  CHECK_FALSE(out.opened);
  CHECK_FALSE(out.revealed.has_value());  // even a cheat stays secret
  CHECK(out.loser == 0);
  CHECK(out.bystander_lost == std::optional<std::string>("Ann-b3"));
  CHECK(people[0].bystanders.size() == 2);
  CHECK(people[1].bystanders.size() == 3);
}

TEST_CASE("accusation: an accuser lower than the accused loses, the flag unrevealed",
          "[accusation]") {
  std::vector<Character> people{gambler("Ann", 0), gambler("Bob", 0)};
  AccusationOutcome out = accuse(people, flipped(TrickFlag::cheat), 3, 4, "Ann-b1");
  CHECK_FALSE(out.opened);
  CHECK_FALSE(out.revealed.has_value());
  CHECK(out.loser == 0);
  CHECK(people[0].bystanders.size() == 2);
}

TEST_CASE("accusation: a loser with no bystander left loses none, and nothing is refused",
          "[accusation][bystander]") {
  std::vector<Character> people{gambler("Ann", 0), gambler("Bob", 3)};
  people[0].bystanders.clear();
  AccusationOutcome out = accuse(people, flipped(TrickFlag::skill), 2, 2, std::nullopt);
  CHECK(out.loser == 0);
  CHECK_FALSE(out.bystander_lost.has_value());
  CHECK(people[1].bystanders.size() == 3);
  // A recorded pick for a loser with nothing left cannot be replayed.
  CHECK(refusal_code([&] {
          accuse(people, flipped(TrickFlag::skill), 2, 2, std::string("Ann-b1"));
        }) == "already_spent");
}

TEST_CASE("accusation: a recorded pick is replayed, a card the loser does not hold is refused",
          "[accusation][bystander]") {
  std::vector<Character> people{gambler("Ann", 3), gambler("Bob", 0)};
  const Trick cheat = flipped(TrickFlag::cheat);
  // Bob loses: Ann's card is no pick for him, and nobody loses anything.
  CHECK(refusal_code([&] { accuse(people, cheat, 9, 1, std::string("Ann-b1")); }) ==
        "already_spent");
  CHECK(refusal_code([&] { accuse(people, cheat, 9, 1, std::string("Bob-b9")); }) ==
        "already_spent");
  CHECK(people[0].bystanders.size() == 3);
  CHECK(people[1].bystanders.size() == 3);

  AccusationOutcome out = accuse(people, cheat, 9, 1, std::string("Bob-b3"));
  CHECK(out.bystander_lost == std::optional<std::string>("Bob-b3"));
  CHECK(people[1].bystanders == std::vector<std::string>{"Bob-b1", "Bob-b2"});
}

TEST_CASE("accusation: the random pick is among the cards held and replays with the seed",
          "[accusation][bystander][rng]") {
  const Trick skill = flipped(TrickFlag::skill);
  std::map<std::string, int> picked;
  for (std::uint64_t seed = 0; seed < 300; ++seed) {
    std::vector<Character> people{gambler("Ann", 1), gambler("Bob", 1)};
    Csprng rng(seed_from_number(seed));
    AccusationOutcome out = accuse(people, skill, 2, 8, std::nullopt, &rng);
    REQUIRE(out.loser == 0);
    REQUIRE(out.bystander_lost.has_value());
    const std::string card = *out.bystander_lost;
    CHECK((card == "Ann-b1" || card == "Ann-b2" || card == "Ann-b3"));
    CHECK(people[0].bystanders.size() == 2);
    CHECK(std::find(people[0].bystanders.begin(), people[0].bystanders.end(), card) ==
          people[0].bystanders.end());
    ++picked[card];

    std::vector<Character> again{gambler("Ann", 1), gambler("Bob", 1)};
    Csprng same(seed_from_number(seed));
    CHECK(accuse(again, skill, 2, 8, std::nullopt, &same).bystander_lost == card);
  }
  // Uniform among three cards: about 100 each out of 300.
  REQUIRE(picked.size() == 3);
  for (const auto& [card, count] : picked) {
    CAPTURE(card);
    CHECK(count > 60);
  }

  std::vector<Character> people{gambler("Ann", 1), gambler("Bob", 1)};
  CHECK(refusal_code([&] { accuse(people, skill, 2, 8, std::nullopt); }) == "missing_input");
  CHECK(people[0].bystanders.size() == 3);
}

TEST_CASE("accusation: Gambling in use carries the wound penalty, never below 0",
          "[accusation][wound]") {
  Character ann = gambler("Ann", 3);
  ann.wounded = true;  // Gambling 2 in use
  std::vector<Character> people{ann, gambler("Bob", 1)};
  AccusationOutcome out = accuse(people, flipped(TrickFlag::cheat), 5, 6, std::string("Ann-b1"));
  CHECK(out.total == std::array<int, 2>{7, 7});  // unwounded, Ann's 8 would have opened it
  CHECK_FALSE(out.opened);
  CHECK(out.loser == 0);

  Character bob = gambler("Bob", 0);
  bob.wounded = true;  // Gambling 0, not -1
  std::vector<Character> floor{gambler("Ann", 0), bob};
  AccusationOutcome low = accuse(floor, flipped(TrickFlag::cheat), 3, 3, std::string("Ann-b1"));
  CHECK(low.total == std::array<int, 2>{3, 3});
  CHECK_FALSE(low.opened);
}

TEST_CASE("accusation: between two people, both alive and awake", "[accusation]") {
  const Trick cheat = flipped(TrickFlag::cheat);
  std::vector<Character> three{gambler("Ann", 1), gambler("Bob", 1), gambler("Cy", 1)};
  CHECK(refusal_code([&] { accuse(three, cheat, 5, 6, std::nullopt); }) == "illegal_move");

  std::vector<Character> dead{gambler("Ann", 1), gambler("Bob", 1)};
  dead[1].death = Death{};
  CHECK(refusal_code([&] { accuse(dead, cheat, 5, 6, std::nullopt); }) == "dead");

  std::vector<Character> aching{gambler("Ann", 1), gambler("Bob", 1)};
  aching[0].timers.push_back({TimerKind::headache, 0, headache_duration_ms});
  CHECK(refusal_code([&] { accuse(aching, cheat, 5, 6, std::nullopt); }) == "knocked_out");
}
