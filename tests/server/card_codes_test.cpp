// Card codes at the server (DESIGN.md "Card codes"): a forged code (well-formed, unknown) and a
// mistyped one (its check character does not match) are told apart and refused clearly, both
// when an event names them and when a station looks one up; nothing is written to the events.
#include "server_test_helpers.h"

using namespace marshal;
using namespace marshal::server_testing;

namespace {

std::string forged_code() {
  std::random_device random;
  core::CardCodeBytes bytes{};
  for (auto& b : bytes) b = static_cast<std::uint8_t>(random() & 0xFF);
  return core::make_card_code(bytes);
}

// One data character replaced by its neighbour in the alphabet: a typical typo.
std::string mistyped(std::string code, std::size_t at) {
  auto i = core::card_code_alphabet.find(code[at]);
  code[at] = core::card_code_alphabet[(i + 1) % core::card_code_alphabet.size()];
  return code;
}

struct CodesFixture {
  TempDir dir;
  TestLedger ledger = make_ledger(dir, {.tricks = 2, .bystanders = 2}, 8);
  std::string token = enrolled_token(ledger.path, "saloon-gm", db::Role::gm);
  InProcessServer server{ledger.path};
  client::HttpClient http{server.url()};
  std::int64_t events_before = event_count(ledger.path);
  std::int64_t refusals_before = refusals_counted(ledger.path);
  CodesFixture() { http.set_token(token); }
};

}  // namespace

TEST_CASE("forged and mistyped card codes in POST /events", "[server][codes]") {
  CodesFixture f;
  std::string badge = f.ledger.badge(ada), trick = f.ledger.cards("trick", ada).at(0);
  std::string forged = forged_code();
  REQUIRE(core::parse_card_code(forged).ok());
  std::string typo = mistyped(trick, 5);
  REQUIRE(core::parse_card_code(typo).problem == core::CardCodeProblem::bad_check);
  std::string wrong_check = mistyped(trick, core::card_code_length - 1);
  REQUIRE(core::parse_card_code(wrong_check).problem == core::CardCodeProblem::bad_check);

  struct Case {
    std::string what;
    Json payload;
    long status;
    std::string code, field;
  };
  std::vector<Case> cases{
      {"forged trick", {{"character", badge}, {"trick", forged}}, 409, "unknown_code", "trick"},
      {"forged badge", {{"character", forged}, {"trick", trick}}, 409, "unknown_code", "character"},
      {"mistyped trick", {{"character", badge}, {"trick", typo}}, 400, "bad_code", "trick"},
      {"trick with a wrong check character",
       {{"character", badge}, {"trick", wrong_check}},
       400,
       "bad_code",
       "trick"},
      {"mistyped badge",
       {{"character", mistyped(badge, 0)}, {"trick", trick}},
       400,
       "bad_code",
       "character"},
  };
  for (const auto& c : cases) {
    client::HttpReply r =
        post_event(f.http, client::new_uuid_v7(now_ms()), "trick_flipped", c.payload);
    INFO(c.what << ": " << describe(r));
    CHECK(r.status == c.status);
    CHECK(error_code(r) == c.code);
    CHECK(r.body["error"]["field"] == c.field);
    CHECK(r.body.value("accepted", true) == false);
  }
  CHECK(health_ok(f.server.url()));
  CHECK(event_count(f.ledger.path) == f.events_before);
  // The trick itself is untouched and can still be played.
  client::HttpReply good = post_event(f.http, client::new_uuid_v7(now_ms()), "trick_flipped",
                                      {{"character", badge}, {"trick", trick}});
  CHECK(good.status == 200);
  // Each refusal is counted in the audit trail (written whole or as a repeat).
  f.server.stop();
  CHECK(refusals_counted(f.ledger.path) == f.refusals_before + static_cast<std::int64_t>(cases.size()));
}

TEST_CASE("forged and mistyped card codes in GET /cards and /characters", "[server][codes]") {
  CodesFixture f;
  std::string trick = f.ledger.cards("trick", ada).at(0), badge = f.ledger.badge(ada);
  std::string forged = forged_code();

  client::HttpReply known = f.http.get("/cards/" + trick);
  REQUIRE(known.status == 200);
  CHECK(known.body["kind"] == "trick");

  // The server answers an unknown code on a lookup with 404 (not the 409 of POST /events).
  client::HttpReply unknown_card = f.http.get("/cards/" + forged);
  INFO(describe(unknown_card));
  CHECK(unknown_card.status == 404);
  CHECK(error_code(unknown_card) == "unknown_code");
  client::HttpReply unknown_badge = f.http.get("/characters/" + forged);
  INFO(describe(unknown_badge));
  CHECK(unknown_badge.status == 404);
  CHECK(error_code(unknown_badge) == "unknown_code");

  for (const std::string& typo :
       {mistyped(trick, 3), mistyped(trick, core::card_code_length - 1)}) {
    client::HttpReply r = f.http.get("/cards/" + typo);
    INFO(typo << ": " << describe(r));
    CHECK(r.status == 400);
    CHECK(error_code(r) == "bad_code");
  }
  client::HttpReply typo_badge = f.http.get("/characters/" + mistyped(badge, 7));
  INFO(describe(typo_badge));
  CHECK(typo_badge.status == 400);
  CHECK(error_code(typo_badge) == "bad_code");

  CHECK(health_ok(f.server.url()));
  CHECK(event_count(f.ledger.path) == f.events_before);
  // Each of the five refused lookups (not the good one) is in the audit trail, by station.
  f.server.stop();
  CHECK(refusals_counted(f.ledger.path) == f.refusals_before + 5);
  CHECK(refusals_counted(f.ledger.path, "station = 'saloon-gm' AND uuid IS NULL AND "
                                        "type IN ('card_lookup', 'character_lookup')") == 5);
}
