// Text no station should send never stops the server: a path that is not UTF-8, broken
// percent-escapes, invalid UTF-8 in the query, a header or the body, a body nested 15,000 levels
// deep, and a refusal that quotes Russian names and emoji. Every reply is valid UTF-8 JSON.
#include "server_test_helpers.h"

#include "protocol/json_depth.h"
#include "protocol/utf8.h"

using namespace marshal;
using namespace marshal::server_testing;

namespace {

struct HostileFixture {
  TempDir dir;
  TestLedger ledger = make_ledger(dir, {.tricks = 1, .bystanders = 1}, 13);
  std::string kiosk = enrolled_token(ledger.path, "kiosk-1", db::Role::kiosk);
  std::string gm = enrolled_token(ledger.path, "saloon-gm", db::Role::gm);
  InProcessServer server{ledger.path};

  RawReply exchange(const std::string& request) {
    RawReply r = raw_exchange(server.port(), request);
    INFO("request: " << request.substr(0, 200));
    INFO("reply: " << r.head << "\n" << r.body.substr(0, 300));
    CHECK(r.complete);
    // Every reply of ours is JSON, and JSON is UTF-8.
    CHECK(protocol::is_valid_utf8(r.body));
    CHECK_FALSE(r.json.is_discarded());
    return r;
  }
};

}  // namespace

TEST_CASE("a request path that is not UTF-8 gets a JSON 404 and the server goes on", "[server][hostile]") {
  HostileFixture f;
  for (std::string path : {"/%FF", "/%C0%AF", "/cards/%FF%FE", "/characters/%ED%A0%80", "/%F4%90%80%80x"}) {
    RawReply r = f.exchange(http_request("GET", path, f.kiosk, ""));
    CHECK(r.status / 100 == 4);
    CHECK(health_ok(f.server.url()));
  }
}

TEST_CASE("broken percent-escapes and bad bytes in query and headers are answered", "[server][hostile]") {
  HostileFixture f;
  for (std::string path : {"/%", "/%G1", "/cards/%", "/events?after=%FF", "/cards/ABC?as=%FF%FF",
                           "/events?after=1&limit=%", "/health?%FF=%FE"}) {
    RawReply r = raw_exchange(f.server.port(), http_request("GET", path, f.kiosk, ""));
    INFO(path << " -> " << r.head << " " << r.body);
    CHECK(r.complete);
    if (!r.body.empty()) CHECK(protocol::is_valid_utf8(r.body));
    CHECK(health_ok(f.server.url()));
  }
  RawReply bad_header = f.exchange(http_request("GET", "/timers", "tok\xFF\xFEn", "", "X-Name: \xFF\xC0\r\n"));
  CHECK(bad_header.status == 401);
  RawReply bad_body = f.exchange(http_request(
      "POST", "/events", f.gm,
      "{\"uuid\":\"" + client::new_uuid_v7(now_ms()) + "\",\"type\":\"bystander_bestowed\",\"payload\":{\"character\":\"" +
          f.ledger.badge(bo) + "\",\"name\":\"\xFF\xFE\"}}"));
  CHECK(bad_body.status == 400);
  CHECK(error_code(bad_body.json) == "bad_input");
  CHECK(health_ok(f.server.url()));
}

TEST_CASE("a body nested past the limit gets 400 naming the limit, at the limit it is read", "[server][hostile]") {
  HostileFixture f;
  auto event_with_input = [&](int levels) {
    // "payload" opens level 2: the nest inside it brings the whole body to `levels`.
    std::string nest = std::string(static_cast<std::size_t>(levels - 2), '[') +
                       std::string(static_cast<std::size_t>(levels - 2), ']');
    return "{\"uuid\":\"" + client::new_uuid_v7(now_ms()) +
           "\",\"type\":\"conflict_resolved\",\"payload\":{\"kind\":\"duel\",\"input\":" + nest + "}}";
  };
  for (int levels : {15'000, 12'000, protocol::max_json_depth_levels + 1}) {
    RawReply r = f.exchange(http_request("POST", "/events", f.gm, event_with_input(levels)));
    CHECK(r.status == 400);
    CHECK(error_code(r.json) == "bad_input");
    CHECK(r.json["error"]["reason"].get<std::string>().find("64") != std::string::npos);
  }
  // At the limit the body is parsed; the ledger then refuses the nonsense input for what it is.
  RawReply at_limit = f.exchange(http_request("POST", "/events", f.gm, event_with_input(protocol::max_json_depth_levels)));
  CHECK(at_limit.status == 400);
  CHECK(at_limit.json["error"]["reason"].get<std::string>().find("64") == std::string::npos);
  RawReply enroll = f.exchange(http_request("POST", "/enroll", "", std::string(20'000, '{')));
  CHECK(enroll.status == 400);
  CHECK(health_ok(f.server.url()));
}

TEST_CASE("a false outcome claimed for Russian-named duelists is refused in valid UTF-8", "[server][hostile]") {
  // Names of two-byte (Cyrillic) and four-byte (emoji) characters, shifted by one ASCII letter at a
  // time so that the refusal's cut of the true outcome falls inside a character in some of them.
  for (std::string pad : {"", "x", "xy", "xyz"}) {
    TempDir dir;
    fs::path folder = dir.path() / "event";
    fs::create_directories(folder);
    std::string anna = "Анна Быстрая-Окраинная " + pad + "\xF0\x9F\xA4\xA0";
    std::string boris = "Борис Медленный из Ёлкино";
    write_text(folder / "characters.csv",
               "name,hth,speed,accuracy,gambling,riding,powers\n" + anna + ",2,4,4,2,1,lawman\n" + boris + ",3,1,2,1,2,\n");
    write_text(folder / "tricks.csv", "character,hand,flag\n" + anna + ",Флеш,skill\n");
    write_text(folder / "bystanders.csv", "character,name\n" + boris + ",Кузнец\n");
    write_text(folder / "secrets.csv", "character,title,text\n" + anna + ",Долги,Анна должна банку.\n");
    db::ImportResult imported = db::import_event(folder.string(), seeded_code_maker(7));
    for (const auto& e : imported.errors) UNSCOPED_INFO(e.file << ":" << e.line << ": " << e.reason);
    REQUIRE(imported.ok());
    TestLedger ledger{dir.file("ledger.db"), imported.definition};
    db::Ledger::create(ledger.path, ledger.definition, now_ms());
    std::string gm = enrolled_token(ledger.path, "saloon-gm", db::Role::gm);
    InProcessServer server(ledger.path);

    Json duel{{"kind", "duel"},
              {"input",
               {{"duelists", {{{"code", ledger.badge(anna)}}, {{"code", ledger.badge(boris)}}}},
                {"draw_cards", {{anna, 9}, {boris, 2}}},
                {"rounds", {{{"cards", {{anna, 7}}}}}}}},
              {"outcome", {{"winner", boris}}}};
    client::HttpClient http(server.url());
    http.set_token(gm);
    client::HttpReply r = post_event(http, client::new_uuid_v7(now_ms()), "conflict_resolved", duel);
    INFO("pad '" << pad << "': " << describe(r));
    REQUIRE(r.reached);
    CHECK(r.status == 409);
    CHECK(error_code(r) == "outcome_mismatch");
    std::string reason = r.body["error"].value("reason", "");
    CHECK(protocol::is_valid_utf8(reason));
    CHECK(reason.find("Анна") != std::string::npos);
    CHECK(health_ok(server.url()));
    // The refusal trail holds valid text too.
    db::Database db(ledger.path, false);
    CHECK(protocol::is_valid_utf8(db.scalar_text("SELECT reason FROM refusals WHERE code = 'outcome_mismatch'")));
  }
}
