// A refusal reply's reason in the reader's language (shared/protocol/refusal_json.h): the server's
// unworded "words" worded here, whatever a peer put in them.
#include <catch2/catch.hpp>

#include <string>

#include "protocol/refusal_json.h"
#include "support/in_language.h"

using marshal::protocol::Json;
using marshal::protocol::refusal_reason;
using marshal::protocol::reply_refusal_reason;
using marshal::test_support::InLanguage;

namespace {
// A text po/ru.po translates, with two arguments.
Json card_refusal() {
  return Json{{"code", "illegal_move"},
              {"field", "card"},
              {"reason", "A new bystander card B7K2: not printed here (x)"},
              {"words", {{"text", "A new bystander card {}: not printed here ({})"}, {"args", {"B7K2", "x"}}}}};
}
}  // namespace

TEST_CASE("a refusal's words are worded in the reader's language, its English reason otherwise",
          "[protocol][refusal]") {
  CHECK(refusal_reason(card_refusal(), "refused") == "A new bystander card B7K2: not printed here (x)");
  {
    InLanguage ru("ru");
    CHECK(refusal_reason(card_refusal(), "refused") == "Новая карта прохожего B7K2: здесь не напечатана (x)");
    CHECK(reply_refusal_reason(Json{{"error", card_refusal()}}, "") ==
          "Новая карта прохожего B7K2: здесь не напечатана (x)");
    // A text the catalogue lacks: English, worded with its arguments.
    Json unknown = card_refusal();
    unknown["words"]["text"] = "no such text {} {}";
    CHECK(refusal_reason(unknown, "refused") == "no such text B7K2 x");
  }
}

TEST_CASE("a refusal with broken words falls back to its reason, then to the caller's words",
          "[protocol][refusal]") {
  const std::string reason = "A new bystander card B7K2: not printed here (x)";
  auto with_words = [](Json words) {
    Json e = card_refusal();
    e["words"] = std::move(words);
    return e;
  };
  CHECK(refusal_reason(with_words(Json::array()), "") == reason);
  CHECK(refusal_reason(with_words({{"text", 5}, {"args", Json::array()}}), "") == reason);
  CHECK(refusal_reason(with_words({{"text", "x {}"}}), "") == reason);
  CHECK(refusal_reason(with_words({{"text", "x {}"}, {"args", {1}}}), "") == reason);
  CHECK(refusal_reason(with_words({{"text", "x {}"}, {"args", Json(std::vector<std::string>(9, "a"))}}), "") == reason);
  CHECK(refusal_reason(with_words({{"text", std::string(1001, 'x')}, {"args", Json::array()}}), "") == reason);
  CHECK(refusal_reason(with_words({{"text", ""}, {"args", Json::array()}}), "") == reason);
  // A text that does not place its arguments plainly: more placeholders than arguments, a width
  // (a station would allocate it), a lone brace.
  CHECK(refusal_reason(with_words({{"text", "{} {} {}"}, {"args", {"a"}}}), "") == reason);
  CHECK(refusal_reason(with_words({{"text", "{:>2000000000}"}, {"args", {"a"}}}), "") == reason);
  CHECK(refusal_reason(with_words({{"text", "{1}"}, {"args", {"a"}}}), "") == reason);
  CHECK(refusal_reason(with_words({{"text", "x { y"}, {"args", Json::array()}}), "") == reason);
  CHECK(refusal_reason(with_words({{"text", "{{x}} {}"}, {"args", {"a"}}}), "") == "{x} a");
  CHECK(refusal_reason(Json{{"code", "x"}}, "refused") == "refused");
  CHECK(refusal_reason(Json{{"reason", 7}}, "refused") == "refused");
  CHECK(refusal_reason(Json("text"), "refused") == "refused");
  CHECK(reply_refusal_reason(Json::array(), "refused") == "refused");
  CHECK(reply_refusal_reason(Json{{"accepted", true}}, "fine") == "fine");
}
