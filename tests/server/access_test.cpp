// Who may do what (DESIGN.md "Stations on a venue network"): every call but /health and
// /enroll needs a live station's token; a kiosk can never record a GM's event nor see a trick's
// flag or a secret's text it does not hold; an enrollment code works once.
#include <sodium.h>

#include <map>
#include <set>

#include "ledger/apply.h"
#include "server/views.h"
#include "server_test_helpers.h"

using namespace marshal;
using namespace marshal::server_testing;

namespace {

struct AccessFixture {
  TempDir dir;
  TestLedger ledger = make_ledger(dir, {.tricks = 2, .bystanders = 2}, 9);
  std::string gm_token = enrolled_token(ledger.path, "saloon-gm", db::Role::gm);
  std::string kiosk_token = enrolled_token(ledger.path, "lobby-kiosk", db::Role::kiosk);
  InProcessServer server{ledger.path};
  std::int64_t events_before = event_count(ledger.path);
};

client::HttpReply as_station(const std::string& url, const std::string& token,
                             const std::string& method, const std::string& path,
                             const Json& body = Json::object()) {
  client::HttpClient http(url);
  if (!token.empty()) http.set_token(token);
  return method == "POST" ? http.post(path, body) : http.get(path);
}

db::Blob sha256_blob(const std::string& text) {
  db::Blob out(crypto_hash_sha256_BYTES);
  crypto_hash_sha256(out.data(), reinterpret_cast<const unsigned char*>(text.data()), text.size());
  return out;
}

}  // namespace

TEST_CASE("calls without a token, with an unknown one or a revoked station's get 401",
          "[server][access]") {
  AccessFixture f;
  Json event{{"uuid", client::new_uuid_v7(now_ms())},
             {"type", "bystander_bestowed"},
             {"payload", {{"character", f.ledger.badge(bo)}, {"name", "A drover"}}}};
  std::vector<std::pair<std::string, std::string>> calls{
      {"GET", "/cards/" + f.ledger.cards("trick", ada).at(0)},
      {"GET", "/characters/" + f.ledger.badge(ada)},
      {"GET", "/events?after=0"},
      {"POST", "/events"},
  };
  std::string unknown_token(64, 'a');
  for (const std::string& token :
       {std::string(), unknown_token, f.gm_token.substr(0, 63), std::string("Bearer")}) {
    for (const auto& [method, path] : calls) {
      client::HttpReply r = as_station(f.server.url(), token, method, path, event);
      INFO("token '" << token << "' " << method << " " << path << ": " << describe(r));
      CHECK(r.status == 401);
      CHECK(error_code(r) == "unauthenticated");
    }
  }
  CHECK(event_count(f.ledger.path) == f.events_before);
  // /health needs no token.
  CHECK(health_ok(f.server.url()));

  SECTION("a revoked station's token stops working at once") {
    client::HttpReply before = as_station(f.server.url(), f.gm_token, "GET", calls[1].second);
    REQUIRE(before.status == 200);
    {
      db::Ledger ledger(f.ledger.path);
      db::revoke_station(ledger.database(), "saloon-gm", now_ms());
    }
    for (const auto& [method, path] : calls) {
      client::HttpReply r = as_station(f.server.url(), f.gm_token, method, path, event);
      INFO(method << " " << path << ": " << describe(r));
      CHECK(r.status == 401);
      CHECK(error_code(r) == "unauthenticated");
    }
    CHECK(event_count(f.ledger.path) == f.events_before + 1);  // the station_revoked event, nothing else
    // The other station is unaffected.
    CHECK(as_station(f.server.url(), f.kiosk_token, "GET", calls[1].second).status == 200);
  }
}

TEST_CASE("a kiosk is refused every GM-only event with 403 not_allowed", "[server][access]") {
  AccessFixture f;
  std::string ada_badge = f.ledger.badge(ada), bo_badge = f.ledger.badge(bo);
  std::string trick = f.ledger.cards("trick", ada).at(0);
  std::string bystander = f.ledger.cards("bystander", ada).at(0);
  std::string secret = f.ledger.cards("secret", ada).at(0);
  // Payloads a GM station would send; every other GM-only type gets a plain one (the role is
  // checked before the payload).
  std::map<std::string, Json> payloads{
      {"trick_flipped", {{"character", ada_badge}, {"trick", trick}}},
      {"bystander_docked", {{"character", ada_badge}, {"card", bystander}}},
      {"card_reissued", {{"card", bystander}}},
      {"arrested", {{"character", bo_badge}, {"lawman", ada_badge}}},
      {"conflict_resolved", {{"kind", "duel"}, {"participants", {ada_badge, bo_badge}}}},
  };
  const std::set<std::string> kiosk_may{"secret_given", "horse_sold", "ballot_cast", "trick_flipped"};
  std::set<std::string> refused;
  for (const auto& type : db::event_types()) {
    if (kiosk_may.count(type)) continue;
    Json payload = payloads.count(type) ? payloads[type] : Json{{"character", bo_badge}};
    client::HttpReply r =
        as_station(f.server.url(), f.kiosk_token, "POST", "/events",
                   {{"uuid", client::new_uuid_v7(now_ms())}, {"type", type}, {"payload", payload}});
    INFO(type << ": " << describe(r));
    CHECK(r.status == 403);
    CHECK(error_code(r) == "not_allowed");
    CHECK(r.body["error"]["field"] == "type");
    refused.insert(type);
  }
  for (const char* type :
       {"bystander_docked", "conflict_resolved", "card_reissued", "arrested", "wound_healed"})
    CHECK(refused.count(type) == 1);
  // A trick a kiosk may play, for its signed-in player only: without a sign-in, 401.
  client::HttpReply unsigned_trick = as_station(
      f.server.url(), f.kiosk_token, "POST", "/events",
      {{"uuid", client::new_uuid_v7(now_ms())}, {"type", "trick_flipped"}, {"payload", payloads["trick_flipped"]}});
  INFO(describe(unsigned_trick));
  CHECK(unsigned_trick.status == 401);
  CHECK(error_code(unsigned_trick) == "sign_in_needed");
  CHECK(event_count(f.ledger.path) == f.events_before);
  CHECK(health_ok(f.server.url()));

  SECTION("the same events from a GM are accepted: the 403s were about the role") {
    for (const char* type : {"trick_flipped", "bystander_docked", "arrested", "card_reissued"}) {
      client::HttpReply r = as_station(
          f.server.url(), f.gm_token, "POST", "/events",
          {{"uuid", client::new_uuid_v7(now_ms())}, {"type", type}, {"payload", payloads[type]}});
      INFO(type << ": " << describe(r));
      CHECK(r.status == 200);
    }
    CHECK(event_count(f.ledger.path) == f.events_before + 4);
  }
  SECTION("a kiosk hands a secret over for its signed-in player") {
    Json event{{"uuid", client::new_uuid_v7(now_ms())},
               {"type", "secret_given"},
               {"payload", {{"secret", secret}, {"from", ada_badge}, {"to", bo_badge}}}};
    client::HttpClient kiosk(f.server.url());
    kiosk.set_token(f.kiosk_token);
    client::HttpReply unsigned_in = kiosk.post("/events", event);
    INFO(describe(unsigned_in));
    CHECK(unsigned_in.status == 401);
    CHECK(error_code(unsigned_in) == "sign_in_needed");
    kiosk.set_header("X-Sign-In", kiosk_sign_in(f.server.url(), f.kiosk_token, ada_badge, pin_of(f.ledger.path, ada)));
    client::HttpReply r = kiosk.post("/events", event);
    INFO(describe(r));
    CHECK(r.status == 200);
    CHECK(event_count(f.ledger.path) == f.events_before + 1);
  }
  SECTION("nobody records a second event definition") {
    client::HttpReply r = as_station(f.server.url(), f.gm_token, "POST", "/events",
                                     {{"uuid", client::new_uuid_v7(now_ms())},
                                      {"type", "event_defined"},
                                      {"payload", Json::object()}});
    CHECK(r.status == 403);
    CHECK(error_code(r) == "not_allowed");
  }
}

TEST_CASE("a kiosk never sees a trick's flag, nor a secret's text it does not hold",
          "[server][access]") {
  AccessFixture f;
  std::string ada_badge = f.ledger.badge(ada), bo_badge = f.ledger.badge(bo);
  std::string cheat = f.ledger.cards("trick", ada).at(0);  // the first of Ada's tricks is a cheat
  std::string secret = f.ledger.cards("secret", ada).at(0);
  auto view = [&](const std::string& token, const std::string& path) {
    client::HttpReply r = as_station(f.server.url(), token, "GET", path);
    INFO(path << ": " << describe(r));
    REQUIRE(r.status == 200);
    return r.body;
  };

  // A GM sees both.
  CHECK(view(f.gm_token, "/cards/" + cheat)["detail"]["flag"] == "cheat");
  CHECK(view(f.gm_token, "/cards/" + secret)["detail"]["text"] == ada_secret_text);

  // A kiosk without its holder's sign-in learns a trick's kind alone (docs/kiosk.md, "Who is at
  // the keypad"); never its flag.
  for (const std::string& path : {"/cards/" + cheat, "/cards/" + cheat + "?as=" + ada_badge}) {
    Json trick = view(f.kiosk_token, path);
    CHECK(trick == Json{{"kind", "trick"}, {"yours", false}});
    CHECK(trick.dump().find("cheat") == std::string::npos);
  }
  // The secret's text only to the player signed in at the kiosk with badge and PIN, who holds
  // it; `as` names nobody.
  for (const std::string& path : {"/cards/" + secret, "/cards/" + secret + "?as=" + bo_badge,
                                  "/cards/" + secret + "?as=" + ada_badge, "/cards/" + secret + "?as=NOT-A-BADGE"}) {
    Json hidden = view(f.kiosk_token, path);
    CHECK(hidden["kind"] == "secret");
    CHECK_FALSE(hidden["detail"].contains("text"));
    CHECK(hidden.dump().find(ada_secret_text) == std::string::npos);
  }
  const std::string ada_sign_in = kiosk_sign_in(f.server.url(), f.kiosk_token, ada_badge, pin_of(f.ledger.path, ada));
  const std::string bo_sign_in = kiosk_sign_in(f.server.url(), f.kiosk_token, bo_badge, pin_of(f.ledger.path, bo));
  auto signed_in_view = [&](const std::string& sign_in, const std::string& path) {
    client::HttpClient kiosk(f.server.url());
    kiosk.set_token(f.kiosk_token);
    kiosk.set_header("X-Sign-In", sign_in);
    client::HttpReply r = kiosk.get(path);
    INFO(path << ": " << describe(r));
    REQUIRE(r.status == 200);
    return r.body;
  };
  CHECK(signed_in_view(ada_sign_in, "/cards/" + secret)["detail"]["text"] == ada_secret_text);
  CHECK_FALSE(signed_in_view(bo_sign_in, "/cards/" + secret)["detail"].contains("text"));
  // Her own trick, signed in: its hand and holder, still never its flag.
  Json own_trick = signed_in_view(ada_sign_in, "/cards/" + cheat);
  CHECK(own_trick["title"] == "Full House");
  CHECK(own_trick["holder"] == ada);
  CHECK_FALSE(own_trick["detail"].contains("flag"));
  CHECK(own_trick.dump().find("cheat") == std::string::npos);
  // A sign-in is the kiosk's own: another kiosk's token with it is a sign-in ended there.
  std::string other_kiosk = enrolled_token(f.ledger.path, "porch-kiosk", db::Role::kiosk);
  {
    client::HttpClient kiosk(f.server.url());
    kiosk.set_token(other_kiosk);
    kiosk.set_header("X-Sign-In", ada_sign_in);
    client::HttpReply r = kiosk.get("/cards/" + secret);
    CHECK(r.status == 401);
    CHECK(error_code(r) == "sign_in_ended");
    CHECK(r.body.dump().find(ada_secret_text) == std::string::npos);
  }

  // Ada's badge at the kiosk: signed in, her own secret, but none of her tricks' flags; not
  // signed in (a badge read off her costume), no secret text at all.
  Json character = signed_in_view(ada_sign_in, "/characters/" + ada_badge);
  int tricks_seen = 0, secrets_seen = 0;
  for (const auto& card : character["cards"]) {
    if (card["kind"] == "trick") {
      ++tricks_seen;
      CHECK_FALSE(card["detail"].contains("flag"));
    }
    if (card["kind"] == "secret") {
      ++secrets_seen;
      CHECK(card["detail"]["text"] == ada_secret_text);
    }
  }
  CHECK(tricks_seen == 2);
  CHECK(secrets_seen == 1);
  CHECK(view(f.kiosk_token, "/characters/" + ada_badge).dump().find(ada_secret_text) == std::string::npos);
  CHECK(signed_in_view(bo_sign_in, "/characters/" + ada_badge).dump().find(ada_secret_text) == std::string::npos);
  // Bo signed in: Ada's secret is not among his cards, and his own is shown.
  Json bo_view = signed_in_view(bo_sign_in, "/characters/" + bo_badge);
  CHECK(bo_view.dump().find(ada_secret_text) == std::string::npos);
  CHECK(bo_view.dump().find(bo_secret_text) != std::string::npos);

  // The live feed gives a kiosk no payloads (the event definition holds every flag and secret).
  Json feed = view(f.kiosk_token, "/events?after=0");
  REQUIRE(feed["events"].size() >= 1);
  for (const auto& e : feed["events"]) CHECK_FALSE(e.contains("payload"));
  CHECK(feed.dump().find("cheat") == std::string::npos);
  CHECK(feed.dump().find(ada_secret_text) == std::string::npos);
}

TEST_CASE("an enrollment code from `marshal station add` works once", "[server][access]") {
  AccessFixture f;
  ProgramRun add =
      run_marshal({"station", "add", "front-kiosk", "--role", "kiosk", "--db", f.ledger.path},
                  f.dir.file("station-add.log"));
  INFO(add.out);
  REQUIRE(add.exit_code == 0);
  std::istringstream lines(add.out);
  std::string line;
  for (int i = 0; i < 3; ++i) std::getline(lines, line);
  std::string code = line.substr(line.find_first_not_of(' '));
  REQUIRE(code.size() == core::card_code_length + 4);  // groups of four, spaces between
  REQUIRE(core::parse_card_code(code).ok());

  client::HttpClient http(f.server.url());
  client::HttpReply first = http.post("/enroll", Json{{"code", code}});
  INFO(describe(first));
  REQUIRE(first.status == 200);
  CHECK(first.body["station"] == "front-kiosk");
  CHECK(first.body["role"] == "kiosk");
  std::string token = first.body.value("token", "");
  CHECK(token.size() == 64);
  CHECK(as_station(f.server.url(), token, "GET", "/characters/" + f.ledger.badge(ada)).status ==
        200);

  client::HttpReply second = http.post("/enroll", Json{{"code", code}});
  INFO(describe(second));
  CHECK(second.status == 403);
  CHECK(error_code(second) == "enroll_refused");
  CHECK_FALSE(second.body.contains("token"));
  // The station's own client says so too, and the first token still works.
  client::LedgerClient station({f.server.url(), f.dir.file("kiosk-cache.db"), 3000});
  std::string error;
  CHECK_FALSE(station.enroll(code, error));
  CHECK_FALSE(error.empty());
  CHECK_FALSE(station.enrolled());
  CHECK(as_station(f.server.url(), token, "GET", "/characters/" + f.ledger.badge(ada)).status ==
        200);

  // A code that was never issued, and a malformed request.
  CHECK(http.post("/enroll", Json{{"code", core::format_card_code(f.ledger.badge(bo))}}).status ==
        403);
  client::HttpReply malformed = http.post("/enroll", Json{{"code", code}, {"role", "gm"}});
  CHECK(malformed.status == 400);
  CHECK(error_code(malformed) == "bad_input");
  CHECK(event_count(f.ledger.path) == f.events_before + 1);  // the one enrolment, nothing else
}

TEST_CASE("GET /event gives every station the title, options and locations, nobody else",
          "[server][access]") {
  AccessFixture f;
  Json expected;
  {
    db::Ledger ledger(f.ledger.path);
    expected = db::event_view(ledger.database());
  }
  REQUIRE(expected["options"].contains("brawl_tie"));
  REQUIRE(expected["locations"].is_array());
  for (const std::string& token : {f.gm_token, f.kiosk_token}) {
    client::HttpReply r = as_station(f.server.url(), token, "GET", "/event");
    INFO(describe(r));
    REQUIRE(r.status == 200);
    CHECK(r.body == expected);
  }
  CHECK(as_station(f.server.url(), "", "GET", "/event").status == 401);
  CHECK(as_station(f.server.url(), f.gm_token, "POST", "/event").status == 405);
}

TEST_CASE("GET /timers lists the knock-outs and headaches running now, soonest first",
          "[server][access]") {
  AccessFixture f;
  {
    db::Database db(f.ledger.path, false);
    std::int64_t now = now_ms();
    auto id = [&](const std::string& name) {
      return db.scalar_int("SELECT id FROM characters WHERE name = '" + name + "'");
    };
    // Written straight into the projection: what a knock-out and a headache leave there.
    db.exec("INSERT INTO timers(character, kind, start_ms, duration_ms, seq) VALUES (" + std::to_string(id(ada)) +
            ", 'knocked_out', " + std::to_string(now - 1000) + ", 300000, 1), (" + std::to_string(id(bo)) +
            ", 'headache', " + std::to_string(now - 200000) + ", 300000, 1), (" + std::to_string(id(bo)) +
            ", 'knocked_out', " + std::to_string(now - 400000) + ", 300000, 1)");
  }
  client::HttpReply r = as_station(f.server.url(), f.kiosk_token, "GET", "/timers");
  INFO(describe(r));
  REQUIRE(r.status == 200);
  const Json& timers = r.body["timers"];
  REQUIRE(timers.size() == 2);  // the third ended long ago
  CHECK(timers[0]["character"] == bo);
  CHECK(timers[0]["kind"] == "headache");
  CHECK(timers[0]["remaining_ms"].get<std::int64_t>() <= 100000);
  CHECK(timers[1]["character"] == ada);
  CHECK(timers[1]["remaining_ms"].get<std::int64_t>() > 290000);
  CHECK(as_station(f.server.url(), "", "GET", "/timers").status == 401);
}

TEST_CASE("a station row written into the file with SQL gets 401: its token has no enrolment event",
          "[server][access]") {
  AccessFixture f;
  // What an attacker with the ledger file does: a GM row with the hash of a token of their own.
  std::string forged(64, 'b');
  {
    db::Database db(f.ledger.path, false);
    db.prepare("INSERT INTO stations(name, role, token_hash, created_ms, enrolled_ms, revoked, enrolled_seq) "
               "SELECT 'back-room', 'gm', ?, 1, 1, 0, enrolled_seq FROM stations WHERE name = 'saloon-gm'")
        .bind(1, sha256_blob(forged))
        .run();
    REQUIRE(db.changes() == 1);
  }
  client::HttpReply r = as_station(f.server.url(), forged, "GET", "/events?after=0");
  INFO(describe(r));
  CHECK(r.status == 401);
  CHECK(error_code(r) == "unauthenticated");
  CHECK(as_station(f.server.url(), f.gm_token, "GET", "/events?after=0").status == 200);
}

TEST_CASE("no station records a station event: they are the admin's", "[server][access]") {
  AccessFixture f;
  for (const char* type : {"station_enrolled", "station_revoked"}) {
    client::HttpReply r = as_station(
        f.server.url(), f.gm_token, "POST", "/events",
        {{"uuid", client::new_uuid_v7(now_ms())},
         {"type", type},
         {"payload", {{"name", "back-room"}, {"role", "gm"}, {"token_hash", std::string(64, 'a')}}}});
    INFO(type << ": " << describe(r));
    CHECK(r.status == 403);
    CHECK(error_code(r) == "not_allowed");
  }
  CHECK(event_count(f.ledger.path) == f.events_before);
}

TEST_CASE("GET /table: a GM station reads chips and recorded rolls, a kiosk is refused", "[server][access][tabletop]") {
  AccessFixture f;
  Json roll{{"uuid", client::new_uuid_v7(now_ms())},
            {"type", "roll_recorded"},
            {"payload",
             {{"by", f.ledger.badge(ada)}, {"die", "d8"}, {"tn", 4}, {"trait", "Shooting"},
              {"dice", {{"trait", {8, 3}}, {"wild", {2}}}}}}};
  client::HttpReply recorded = as_station(f.server.url(), f.gm_token, "POST", "/events", roll);
  INFO(describe(recorded));
  REQUIRE(recorded.status == 200);
  Json award{{"uuid", client::new_uuid_v7(now_ms())},
             {"type", "chip_awarded"},
             {"payload", {{"to", f.ledger.badge(ada)}, {"colour", "benny"}, {"count", 2}, {"why", "a fine line"}}}};
  REQUIRE(as_station(f.server.url(), f.gm_token, "POST", "/events", award).status == 200);

  client::HttpReply r = as_station(f.server.url(), f.gm_token, "GET", "/table");
  INFO(describe(r));
  REQUIRE(r.status == 200);
  CHECK(r.body["ruleset"] == "savage");
  CHECK(r.body["colours"] == Json::array({"benny"}));
  const Json& rolls = r.body["rolls"];
  REQUIRE(rolls.size() == 1);
  CHECK(rolls[0]["by"] == ada);
  CHECK(rolls[0]["trait"] == "Shooting");
  CHECK(rolls[0]["result"] == 11);  // the d8 Aced: 8 + 3
  CHECK(rolls[0]["success"] == true);
  bool found = false;
  for (const auto& c : r.body["characters"])
    if (c["name"] == ada) {
      found = true;
      CHECK(c["chips"]["benny"] == 2);
      CHECK(c["badge"] == f.ledger.badge(ada));
    }
  CHECK(found);
  CHECK(as_station(f.server.url(), f.kiosk_token, "GET", "/table").status == 403);
  CHECK(as_station(f.server.url(), f.gm_token, "POST", "/table").status == 405);
  CHECK(as_station(f.server.url(), "", "GET", "/table").status == 401);
}

TEST_CASE("GET /land: a GM station reads the land register, a kiosk is refused", "[server][access][land]") {
  AccessFixture f;
  client::HttpReply r = as_station(f.server.url(), f.gm_token, "GET", "/land");
  INFO(describe(r));
  REQUIRE(r.status == 200);
  CHECK(r.body == Json{{"deeds", Json::array()}});  // this town has no deeds.csv
  CHECK(as_station(f.server.url(), f.kiosk_token, "GET", "/land").status == 403);
  CHECK(as_station(f.server.url(), f.gm_token, "POST", "/land").status == 405);
  CHECK(as_station(f.server.url(), "", "GET", "/land").status == 401);
}

TEST_CASE("GET /timers: a GM station's reply holds the town at a glance, a kiosk's does not", "[server][access][town]") {
  AccessFixture f;
  const std::string ada_badge = f.ledger.badge(ada), bo_badge = f.ledger.badge(bo);
  client::HttpReply r = as_station(f.server.url(), f.gm_token, "GET", "/timers");
  INFO(describe(r));
  REQUIRE(r.status == 200);
  CHECK(r.body["town"] == Json{{"people", Json::array()}});  // everyone alive and well
  for (const auto& [type, payload] : std::vector<std::pair<std::string, Json>>{
           {"arrested", {{"character", bo_badge}, {"lawman", ada_badge}}}, {"jailed", {{"character", bo_badge}}}}) {
    client::HttpReply sent = as_station(f.server.url(), f.gm_token, "POST", "/events",
                                        {{"uuid", client::new_uuid_v7(now_ms())}, {"type", type}, {"payload", payload}});
    INFO(type << ": " << describe(sent));
    REQUIRE(sent.status == 200);
  }
  r = as_station(f.server.url(), f.gm_token, "GET", "/timers");
  INFO(describe(r));
  REQUIRE(r.status == 200);
  const Json people = r.body["town"]["people"];
  REQUIRE(people.size() == 1);
  CHECK(people[0]["name"] == bo);
  CHECK(people[0]["badge"] == bo_badge);
  CHECK(people[0]["jailed"] == true);
  CHECK(people[0]["dead"] == false);
  // A kiosk stands in a public room: who is jailed, wounded or dead is not its to show.
  client::HttpReply kiosk = as_station(f.server.url(), f.kiosk_token, "GET", "/timers");
  REQUIRE(kiosk.status == 200);
  CHECK_FALSE(kiosk.body.contains("town"));
}

// A standby (issue 29) only follows the chain: its token opens none of the stations' calls.
TEST_CASE("a standby's token is refused every station call with 403 not_allowed", "[server][access][standby]") {
  AccessFixture f;
  const std::string standby_token = enrolled_token(f.ledger.path, "laptop-b", db::Role::standby);
  const std::string badge = f.ledger.badge(ada);
  const std::vector<std::pair<std::string, std::string>> calls{
      {"GET", "/cards/" + badge}, {"GET", "/characters/" + badge}, {"GET", "/vote"},    {"GET", "/timers"},
      {"GET", "/table"},          {"GET", "/land"},                {"GET", "/twtw"},    {"GET", "/event"},
      {"GET", "/events"},         {"POST", "/kiosk/sign-in"},      {"POST", "/events"}, {"POST", "/kiosk/sign-out"}};
  for (const auto& [method, path] : calls) {
    client::HttpReply r = as_station(f.server.url(), standby_token, method, path,
                                     {{"uuid", client::new_uuid_v7(now_ms())}, {"type", "bystander_lost"},
                                      {"payload", {{"character", badge}}}});
    INFO(method << " " << path << ": " << r.body.dump());
    CHECK(r.status == 403);
    CHECK(error_code(r) == "not_allowed");
  }
  CHECK(as_station(f.server.url(), "", "GET", "/health").status == 200);  // anyone's
  CHECK(event_count(f.ledger.path) == f.events_before + 1);  // its enrolment, nothing else
}
