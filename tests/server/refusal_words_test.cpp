// A refusal comes with its words unworded (docs/server.md): beside the English "reason", the
// reply's error holds "words": {"text", "args"}, the marked English text and its arguments as
// data, so that a station words it in its own language (protocol/refusal_json.h). A real server on
// 127.0.0.1 over TLS, a real libcurl client pinned to the ledger's key; then replies a hostile
// server could send, which never throw and fall back to the reason.
#include <regex>
#include <string>

#include "i18n/sentence.h"
#include "protocol/refusal_json.h"
#include "server_test_helpers.h"
#include "support/in_language.h"
#include "support/tls_server.h"

using namespace marshal;
using namespace marshal::server_testing;

namespace {

struct WordsTown {
  TempDir dir;
  TestLedger ledger = make_ledger(dir, {.tricks = 2, .bystanders = 1}, 41);
  std::string gm_token = enrolled_token(ledger.path, "saloon-gm", db::Role::gm);
  db::ServerConfig config;
  std::string key_pin;
  std::unique_ptr<db::LedgerServer> server;

  WordsTown() {
    config.db_path = ledger.path;
    config.host = "127.0.0.1";
    config.log = [](const std::string&) {};
    key_pin = test_support::serve_over_tls(config);
    server = std::make_unique<db::LedgerServer>(config);
  }
  client::HttpReply post(const std::string& type, const Json& payload) {
    client::HttpClient http(test_support::pinned_url(server->port(), key_pin));
    http.set_token(gm_token);
    return post_event(http, client::new_uuid_v7(now_ms()), type, payload);
  }
};

const Json& words_of(const client::HttpReply& r) {
  REQUIRE(r.body.is_object());
  REQUIRE(r.body.contains("error"));
  REQUIRE(r.body["error"].contains("words"));
  return r.body["error"]["words"];
}

std::string reason_of(const client::HttpReply& r) { return r.body["error"].value("reason", ""); }

// A reply as a server might send it, with these words beside the reason.
Json reply_with(const Json& words) {
  return Json{{"error", {{"code", "dead"}, {"field", "character"}, {"reason", "Bo Slow is dead"}, {"words", words}}},
              {"accepted", false}};
}

}  // namespace

TEST_CASE("a refused append carries its words: the marked English text and its arguments as data",
          "[server][i18n][words]") {
  WordsTown t;
  const std::string bo_badge = t.ledger.badge(bo), ada_badge = t.ledger.badge(ada);
  const std::string bo_trick = t.ledger.cards("trick", bo).at(0), ada_trick = t.ledger.cards("trick", ada).at(0);

  // Bo dies (a GM's correction); then plays a trick: the dead do nothing.
  client::HttpReply died =
      t.post("correction", {{"character", bo_badge}, {"corrects", 1}, {"note", "shot behind the saloon"}, {"dead", true}});
  INFO(describe(died));
  REQUIRE(died.status == 200);
  client::HttpReply dead = t.post("trick_flipped", {{"character", bo_badge}, {"trick", bo_trick}});
  INFO(describe(dead));
  REQUIRE(dead.status == 409);
  CHECK(error_code(dead) == "dead");
  CHECK(dead.body["error"]["field"] == "character");
  CHECK(reason_of(dead) == "Bo Slow is dead");
  CHECK(words_of(dead) == Json{{"text", "{} is dead"}, {"args", {bo}}});

  // A trick played twice: the card's code is the argument.
  client::HttpReply first = t.post("trick_flipped", {{"character", ada_badge}, {"trick", ada_trick}});
  INFO(describe(first));
  REQUIRE(first.status == 200);
  client::HttpReply twice = t.post("trick_flipped", {{"character", ada_badge}, {"trick", ada_trick}});
  INFO(describe(twice));
  REQUIRE(twice.status == 409);
  CHECK(error_code(twice) == "already_spent");
  // The card's code, then when (the venue's clock) and where the first play was recorded.
  const Json played = words_of(twice);
  CHECK(played["text"] == "trick {} was already played this evening, at {} at {}");
  REQUIRE(played["args"].size() == 3);
  CHECK(played["args"][0] == ada_trick);
  CHECK(std::regex_match(played["args"][1].get<std::string>(), std::regex("[0-2][0-9]:[0-5][0-9]")));
  CHECK(played["args"][2] == "saloon-gm");
  CHECK(reason_of(twice) == "trick " + ada_trick + " was already played this evening, at " +
                                played["args"][1].get<std::string>() + " at saloon-gm");

  // A refusal the server makes itself (no such endpoint) has words too.
  client::HttpClient http(test_support::pinned_url(t.server->port(), t.key_pin));
  http.set_token(t.gm_token);
  client::HttpReply lost = http.get("/nowhere");
  INFO(describe(lost));
  CHECK(lost.status == 404);
  CHECK(words_of(lost) == Json{{"text", "no such endpoint: {} {}"}, {"args", {"GET", "/nowhere"}}});

  SECTION("in English, the station words it exactly as the reason") {
    for (const auto* r : {&dead, &twice, &lost}) {
      INFO(describe(*r));
      CHECK(protocol::reply_refusal_reason(r->body, "") == reason_of(*r));
    }
  }

  SECTION("in Russian, the station words it in Russian, the name in it") {
    test_support::InLanguage ru("ru");
    const std::string worded = protocol::reply_refusal_reason(dead.body, "");
    CHECK(worded == "Персонаж Bo Slow мёртв");
    CHECK(worded.find(bo) != std::string::npos);
    CHECK(worded != reason_of(dead));
    const std::string trick = protocol::reply_refusal_reason(twice.body, "");
    CHECK(trick == "трюк " + ada_trick + " уже сыгран сегодня вечером, в " + played["args"][1].get<std::string>() +
                       " на станции saloon-gm");
  }
}

namespace {

// The checks below run in English and in Russian: a station in either language falls back alike.
void check_falls_back(const std::vector<std::pair<const char*, Json>>& hostile) {
  const std::string reason = "Bo Slow is dead";
  for (const char* language : {"en", "ru"}) {
    test_support::InLanguage in(language);
    for (const auto& [what, words] : hostile) {
      INFO(language << ": " << what);
      std::string worded;
      CHECK_NOTHROW(worded = protocol::reply_refusal_reason(reply_with(words), "otherwise"));
      CHECK(worded == reason);
    }
  }
}

}  // namespace

TEST_CASE("hostile words (too many, too long, not text) never throw and fall back to the reason",
          "[server][i18n][words]") {
  Json nine = Json::array();
  for (int i = 0; i < 9; ++i) nine.push_back("x");
  const std::string long_text(i18n::sentence_max_text_bytes + 1, 'a');
  const std::string long_arg(i18n::sentence_max_arg_bytes + 1, 'a');
  check_falls_back({
      {"nine arguments", {{"text", "{} is dead"}, {"args", nine}}},
      {"an argument that is a number", {{"text", "{} is dead"}, {"args", {42}}}},
      {"an argument that is an object", {{"text", "{} is dead"}, {"args", {{{"name", "Bo"}}}}}},
      {"an argument that is null", {{"text", "{} is dead"}, {"args", {nullptr}}}},
      {"a text too long", {{"text", long_text}, {"args", Json::array()}}},
      {"an argument too long", {{"text", "{} is dead"}, {"args", {long_arg}}}},
      {"a text that is a number", {{"text", 7}, {"args", Json::array()}}},
      {"an empty text", {{"text", ""}, {"args", Json::array()}}},
      {"no args", {{"text", "{} is dead"}}},
      {"args not a list", {{"text", "{} is dead"}, {"args", "Bo Slow"}}},
      {"words not an object", Json("Bo Slow is dead")},
  });
  for (const char* language : {"en", "ru"}) {
    test_support::InLanguage in(language);
    // Neither words nor a reason: the caller's own words.
    CHECK(protocol::reply_refusal_reason(Json{{"error", {{"code", "dead"}}}}, "otherwise") == "otherwise");
    CHECK(protocol::reply_refusal_reason(Json{{"error", 3}}, "otherwise") == "otherwise");
    CHECK(protocol::reply_refusal_reason(Json("error"), "otherwise") == "otherwise");
    CHECK(protocol::reply_refusal_reason(Json{{"accepted", true}}, "otherwise") == "otherwise");
  }
}

TEST_CASE("hostile words whose text does not fit its arguments never throw and fall back to the reason",
          "[server][i18n][words]") {
  check_falls_back({
      {"more {} than arguments", {{"text", "{} is dead, and so is {}"}, {"args", {"Bo Slow"}}}},
      {"a {1} with one argument", {{"text", "{1} is dead"}, {"args", {"Bo Slow"}}}},
      {"a {} with a bad format spec", {{"text", "{:>99999999999} is dead"}, {"args", {"Bo Slow"}}}},
      {"an unclosed {", {{"text", "{ is dead"}, {"args", Json::array()}}},
  });
}
