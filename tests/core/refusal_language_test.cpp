// A refusal made while Russian is in use reads Russian (reason(), what()), yet keeps its sentence
// unworded, English text and data apart (sentence()), for a station in another language; in
// English it reads exactly as it always did (core/refusal.h).
#include <catch2/catch.hpp>

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/chase.h"
#include "core/duel.h"
#include "core/refusal.h"
#include "core/table_roll.h"
#include "support/in_language.h"

using namespace marshal::core;
using marshal::test_support::InLanguage;

namespace refusal_language_test {

Character named(const std::string& name) {
  Character c;
  c.name = name;
  return c;
}

Character dead(const std::string& name) {
  Character c = named(name);
  c.death = Death{};
  return c;
}

std::optional<Refusal> refusal_from(const std::function<void()>& step) {
  try {
    step();
  } catch (const Refusal& r) {
    return r;
  }
  return std::nullopt;
}

// A dead duelist: "{} is dead and cannot take part" (po/ru.po already has it).
std::optional<Refusal> dead_duelist() {
  return refusal_from([] { static_cast<void>(Duel(dead("Kid Calloway"), named("Sheriff Brady"), 0)); });
}

// A horse rated 7: "a horse is rated 0-4, not {}".
std::optional<Refusal> horse_of_seven() {
  return refusal_from([] { static_cast<void>(chase_hand_size({ChaseRider{named("Ann"), 7}}, ChaseOptions{})); });
}

}  // namespace refusal_language_test

using namespace refusal_language_test;

TEST_CASE("an engine refusal in English reads exactly as before, its sentence kept apart",
          "[core][refusal][i18n]") {
  auto r = dead_duelist();
  REQUIRE(r);
  CHECK(r->code() == RefusalCode::dead);
  CHECK(r->field() == "duelists[0]");
  CHECK(r->reason() == "Kid Calloway is dead and cannot take part");
  CHECK(std::string(r->what()) == "duelists[0]: Kid Calloway is dead and cannot take part");
  CHECK(r->sentence().text == "{} is dead and cannot take part");
  CHECK(r->sentence().args == std::vector<std::string>{"Kid Calloway"});

  auto horse = horse_of_seven();
  REQUIRE(horse);
  CHECK(horse->field() == "horse.Ann");
  CHECK(horse->reason() == "a horse is rated 0-4, not 7");
  CHECK(horse->sentence().text == "a horse is rated 0-4, not {}");
  CHECK(horse->sentence().args == std::vector<std::string>{"7"});
}

TEST_CASE("an engine refusal made in Russian reads Russian, its sentence stays English with its data",
          "[core][refusal][i18n]") {
  InLanguage ru("ru");
  auto r = dead_duelist();
  REQUIRE(r);
  CHECK(r->reason() == "Персонаж Kid Calloway мёртв и не может участвовать");
  CHECK(std::string(r->what()) == "duelists[0]: Персонаж Kid Calloway мёртв и не может участвовать");
  CHECK(r->sentence().text == "{} is dead and cannot take part");
  CHECK(r->sentence().args == std::vector<std::string>{"Kid Calloway"});
  CHECK(r->sentence().english() == "Kid Calloway is dead and cannot take part");

  auto horse = horse_of_seven();
  REQUIRE(horse);
  CHECK(horse->reason() == "лошадь оценивается от 0 до 4, а не 7");
  CHECK(std::string(horse->what()) == "horse.Ann: лошадь оценивается от 0 до 4, а не 7");
  CHECK(horse->sentence().text == "a horse is rated 0-4, not {}");
  CHECK(horse->sentence().args == std::vector<std::string>{"7"});
  CHECK(horse->sentence().english() == "a horse is rated 0-4, not 7");

  // A refusal passed on with a context in front keeps the same sentence (protocol's in_context does).
  const Refusal passed(horse->code(), "riders[0]." + horse->field(), horse->sentence());
  CHECK(passed.reason() == horse->reason());
  CHECK(passed.sentence() == horse->sentence());
}

TEST_CASE("a roll spelled out for the table reads in the language in use", "[core][table][i18n]") {
  const TraitRules savage = rules_for(Ruleset::savage);
  TraitRoll roll = wild_card_roll(savage, 10, 1, 4);
  RolledTrait rolled = roll_trait_from_dice(roll, {10, 4}, {3});
  CHECK(describe_roll(roll, rolled) == "d10: 10 Ace + 4 = 14, Wild Die d6: 3, +1 -> 15 vs TN 4: success, 2 raises");
  InLanguage ru("ru");
  CHECK(describe_roll(roll, rolled) ==
        "d10: 10 взрыв + 4 = 14, Дикий кубик d6: 3, +1 -> 15 против сложности 4: успех, 2 подъёма");
}
