// The protocol's words in the language in use: a bad input's reason (InputError keeps its
// sentence unworded, as core::Refusal does), a refusal passed on with its path, and a duel's
// story; what a resolution records and results stays the same in every language.
#include <catch2/catch.hpp>

#include <optional>
#include <string>
#include <vector>

#include "core/refusal.h"
#include "protocol/json_fields.h"
#include "protocol/resolve.h"
#include "support/in_language.h"

using namespace marshal;
using protocol::InputError;
using protocol::Json;
using marshal::test_support::InLanguage;

namespace protocol_language_test {

std::optional<InputError> out_of_range() {
  try {
    protocol::as_integer(Json(12), "rounds[0].cards.Ann", 0, 10);
  } catch (const InputError& e) {
    return e;
  }
  return std::nullopt;
}

std::optional<InputError> not_text() {
  try {
    protocol::as_text(Json(3), "name");
  } catch (const InputError& e) {
    return e;
  }
  return std::nullopt;
}

// Ann is faster (5 + Speed 1 against 3) and kills Bob with an 8 + Accuracy 3 = 11.
Json duel_input() {
  return Json::parse(R"({
    "duelists": [{"name": "Ann", "speed": 1, "accuracy": 3}, {"name": "Bob", "accuracy": 2}],
    "draw_cards": {"Ann": 5, "Bob": 3},
    "rounds": [{"cards": {"Ann": 8}}]})");
}

Json a_duel(protocol::Detail detail = protocol::Detail::full) {
  return protocol::resolve("duel", duel_input(), nullptr, nullptr, detail);
}

std::optional<core::Refusal> dead_duelist_refused() {
  try {
    protocol::resolve("duel", Json::parse(R"({
      "duelists": [{"name": "Ann", "dead": true}, {"name": "Bob"}],
      "draw_cards": {"Ann": 5, "Bob": 3}})"),
                      nullptr);
  } catch (const core::Refusal& r) {
    return r;
  }
  return std::nullopt;
}

}  // namespace protocol_language_test

using namespace protocol_language_test;

TEST_CASE("a bad input's reason in English is as before, its sentence kept apart", "[protocol][json][i18n]") {
  auto e = out_of_range();
  REQUIRE(e);
  CHECK(e->path() == "rounds[0].cards.Ann");
  CHECK(e->reason() == "must be between 0 and 10, not 12");
  CHECK(std::string(e->what()) == "rounds[0].cards.Ann: must be between 0 and 10, not 12");
  CHECK(e->sentence().text == "must be between {} and {}, not {}");
  CHECK(e->sentence().args == std::vector<std::string>{"0", "10", "12"});
  auto t = not_text();
  REQUIRE(t);
  CHECK(t->reason() == "must be a string, not a number");
  // A reason worded elsewhere is passed on as it is (db/ builds some this way).
  const InputError worded("definition.game", std::string("must be lincoln, tabletop or twtw"));
  CHECK(worded.reason() == "must be lincoln, tabletop or twtw");
  CHECK(worded.sentence().text == "must be lincoln, tabletop or twtw");
  CHECK(worded.sentence().args.empty());
}

TEST_CASE("a bad input's reason made in Russian reads Russian, its sentence stays English with its data",
          "[protocol][json][i18n]") {
  InLanguage ru("ru");
  auto e = out_of_range();
  REQUIRE(e);
  CHECK(e->reason() == "должно быть от 0 до 10, а не 12");
  CHECK(std::string(e->what()) == "rounds[0].cards.Ann: должно быть от 0 до 10, а не 12");
  CHECK(e->sentence().text == "must be between {} and {}, not {}");
  CHECK(e->sentence().args == std::vector<std::string>{"0", "10", "12"});
  CHECK(e->sentence().english() == "must be between 0 and 10, not 12");
  auto t = not_text();
  REQUIRE(t);
  CHECK(t->reason() == "должно быть строкой, а не числом");
  CHECK(t->sentence().english() == "must be a string, not a number");
}

TEST_CASE("an engine refusal passed on with its path keeps its sentence", "[protocol][refusal][i18n]") {
  auto r = dead_duelist_refused();
  REQUIRE(r);
  CHECK(r->field() == "duelists.duelists[0]");
  CHECK(r->reason() == "Ann is dead and cannot take part");
  CHECK(r->sentence().text == "{} is dead and cannot take part");
  CHECK(r->sentence().args == std::vector<std::string>{"Ann"});
  InLanguage ru("ru");
  auto in_russian = dead_duelist_refused();
  REQUIRE(in_russian);
  CHECK(in_russian->reason() == "Персонаж Ann мёртв и не может участвовать");
  CHECK(in_russian->sentence() == r->sentence());
}

TEST_CASE("a duel's story reads in the language in use, its record and result do not change",
          "[protocol][duel][i18n]") {
  const Json english = a_duel();
  REQUIRE(english["story"].size() == 6);
  CHECK(english["story"][0] == "Ann commits 0 to the draw and draws 5: 5 + Speed 1 + 0 = 6");
  CHECK(english["story"][2] == "Ann is faster and shoots first");
  CHECK(english["story"][3] == "Round 1");
  CHECK(english["story"][4] == "  Ann fires at Bob: an 8 + Accuracy 3 = 11 -> dead; Bob is dead");
  CHECK(english["story"][5] == "Ann wins the duel");

  InLanguage ru("ru");
  const Json russian = a_duel();
  REQUIRE(russian["story"].size() == 6);
  CHECK(russian["story"][2] == "Ann быстрее и стреляет раньше");
  CHECK(russian["story"][5] == "Ann побеждает в дуэли");
  CHECK(russian["story"][0] == "Ann вкладывает 0 в выхватывание и тянет 5: 5 + Скорость 1 + 0 = 6");
  CHECK(russian["story"][3] == "Раунд 1");
  CHECK(russian["story"][4] == "  Ann стреляет в Bob: 8 + Меткость 3 = 11 -> мёртв; персонаж Bob мёртв");
  // Only the story is worded: what the ledger keeps and replays is the same in any language.
  CHECK(russian["steps"] == english["steps"]);
  CHECK(russian["record"] == english["record"]);
  CHECK(russian["result"] == english["result"]);
  const Json outcome = a_duel(protocol::Detail::outcome);
  CHECK_FALSE(outcome.contains("story"));
  CHECK(outcome["result"] == english["result"]);
}
