// What a kiosk's token reads and records, by the sign-in it sends (docs/kiosk.md, "Who is at the
// keypad"): a character's state only with that character's own live sign-in; without one a
// name and whether they live; a card's code, title and holder only for a card its signed-in
// player holds; a sign-in the server no longer knows (a restart, the idle expiry, a sign-out)
// answered 401 sign_in_ended, so that the kiosk ends the session at once.
#include "server_test_helpers.h"

using namespace marshal;
using namespace marshal::server_testing;

namespace {

struct Kiosk {
  TempDir dir;
  TestLedger ledger = make_ledger(dir, {.tricks = 1, .bystanders = 1}, 61);
  std::string kiosk_token = enrolled_token(ledger.path, "lobby-kiosk", db::Role::kiosk);
  InProcessServer server{ledger.path};
  std::string ada_badge = ledger.badge(ada), bo_badge = ledger.badge(bo);
  std::string ada_secret = ledger.cards("secret", ada).at(0), bo_secret = ledger.cards("secret", bo).at(0);

  std::string sign_in(const std::string& name) {
    return kiosk_sign_in(server.url(), kiosk_token, ledger.badge(name), pin_of(ledger.path, name));
  }
  // A request from the kiosk with `sign_in` as X-Sign-In ("" sends none).
  client::HttpReply get(const std::string& path, const std::string& sign_in) {
    client::HttpClient http(server.url());
    http.set_token(kiosk_token);
    if (!sign_in.empty()) http.set_header("X-Sign-In", sign_in);
    return http.get(path);
  }
  client::HttpReply give(const std::string& secret, const std::string& from, const std::string& to,
                         const std::string& sign_in) {
    client::HttpClient http(server.url());
    http.set_token(kiosk_token);
    if (!sign_in.empty()) http.set_header("X-Sign-In", sign_in);
    return post_event(http, client::new_uuid_v7(now_ms()), "secret_given", {{"secret", secret}, {"from", from}, {"to", to}});
  }
  // Every code of a card Ada holds (her badge aside).
  std::vector<std::string> ada_codes() const {
    std::vector<std::string> codes;
    for (const auto& c : ledger.definition.cards)
      if (c.holder == ada && c.kind != "badge") codes.push_back(c.code);
    return codes;
  }
};

// A character's public view at a kiosk: the name and whether they live, nothing else.
void public_only(const client::HttpReply& r, const std::string& name, const std::vector<std::string>& codes) {
  INFO(describe(r));
  REQUIRE(r.status == 200);
  CHECK(r.body["name"] == name);
  CHECK(r.body["dead"] == false);
  CHECK(r.body.size() == 3);  // name, dead, public
  CHECK(r.body["public"] == true);
  for (const auto& code : codes) CHECK(r.body.dump().find(code) == std::string::npos);
  CHECK(r.body.dump().find(ada_secret_text) == std::string::npos);
}

// A card's view at a kiosk whose player does not hold it: its kind alone.
void kind_only(const client::HttpReply& r, const std::string& kind) {
  INFO(describe(r));
  REQUIRE(r.status == 200);
  CHECK(r.body == Json{{"kind", kind}, {"yours", false}});
}

}  // namespace

TEST_CASE("without a sign-in a kiosk reads a character's name and life, and a card's kind", "[server][kiosk][session]") {
  Kiosk k;
  public_only(k.get("/characters/" + k.ada_badge, ""), ada, k.ada_codes());
  kind_only(k.get("/cards/" + k.ada_secret, ""), "secret");
  kind_only(k.get("/cards/" + k.ada_badge, ""), "badge");
  CHECK(error_code(k.give(k.ada_secret, k.ada_badge, k.bo_badge, "")) == "sign_in_needed");
  // The vote and the public calls answer as before.
  CHECK(k.get("/vote", "").status == 200);
  CHECK(k.get("/event", "").status == 200);
  CHECK(k.get("/timers", "").status == 200);
  CHECK(k.get("/table", "").status == 403);
}

TEST_CASE("with another player's sign-in a kiosk reads only that player's own state", "[server][kiosk][session]") {
  Kiosk k;
  const std::string bo_in = k.sign_in(bo);
  public_only(k.get("/characters/" + k.ada_badge, bo_in), ada, k.ada_codes());
  kind_only(k.get("/cards/" + k.ada_secret, bo_in), "secret");
  // Bo's own: everything, his secret's text with it.
  client::HttpReply own = k.get("/characters/" + k.bo_badge, bo_in);
  REQUIRE(own.status == 200);
  CHECK(own.body.contains("cards"));
  CHECK(own.body.dump().find(bo_secret_text) != std::string::npos);
  client::HttpReply card = k.get("/cards/" + k.bo_secret, bo_in);
  REQUIRE(card.status == 200);
  CHECK(card.body["code"] == k.bo_secret);
  CHECK(card.body["detail"]["text"] == bo_secret_text);
  // Bo's sign-in gives nothing of Ada's away.
  client::HttpReply as_ada = k.give(k.ada_secret, k.ada_badge, k.bo_badge, bo_in);
  CHECK(as_ada.status == 403);
  CHECK(error_code(as_ada) == "not_yours");
  CHECK(count_rows(k.ledger.path, "SELECT COUNT(*) FROM events WHERE type = 'secret_given'") == 0);
}

TEST_CASE("a sign-in the server no longer knows is answered sign_in_ended, never with a view", "[server][kiosk][session]") {
  Kiosk k;
  const std::string ada_in = k.sign_in(ada);
  REQUIRE(k.get("/characters/" + k.ada_badge, ada_in).status == 200);
  std::vector<std::pair<std::string, std::string>> ended{{"a made-up sign-in", std::string(48, 'a')}};
  SECTION("signed out") {
    client::HttpClient http(k.server.url());
    http.set_token(k.kiosk_token);
    http.set_header("X-Sign-In", ada_in);
    REQUIRE(http.post("/kiosk/sign-out", Json::object()).status == 200);
    ended.push_back({"signed out", ada_in});
  }
  SECTION("the server restarted") {
    k.server.stop();
    k.server.start();
    ended.push_back({"after a restart", ada_in});
  }
  for (const auto& [why, sign_in] : ended) {
    INFO(why);
    for (const std::string& path : {"/characters/" + k.ada_badge, "/cards/" + k.ada_secret, std::string("/vote")}) {
      INFO(path);
      client::HttpReply r = k.get(path, sign_in);
      CHECK(r.status == 401);
      CHECK(error_code(r) == "sign_in_ended");
      CHECK(r.body.dump().find(ada_secret_text) == std::string::npos);
    }
    CHECK(error_code(k.give(k.ada_secret, k.ada_badge, k.bo_badge, sign_in)) == "sign_in_needed");
  }
  CHECK(count_rows(k.ledger.path, "SELECT COUNT(*) FROM events WHERE type = 'secret_given'") == 0);
}

TEST_CASE("a GM station reads every character whole, sign-in or not", "[server][kiosk][session]") {
  Kiosk k;
  const std::string gm_token = enrolled_token(k.ledger.path, "saloon-gm", db::Role::gm);
  client::HttpReply r = client_get(k.server.url(), "/characters/" + k.ada_badge, gm_token);
  REQUIRE(r.status == 200);
  CHECK(r.body.contains("cards"));
  CHECK(r.body.dump().find(k.ada_secret) != std::string::npos);
}
