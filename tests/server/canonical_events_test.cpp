// The same event sent again in another spelling is the duplicate it is: a UUID in upper case,
// JSON keys in another order, a badge code in lower case or with spaces. And client_time_ms is
// a whole number of milliseconds in 0..2^53, or the request is refused naming the field.
#include "server_test_helpers.h"

#include <algorithm>

using namespace marshal;
using namespace marshal::server_testing;

namespace {

struct CanonicalFixture {
  TempDir dir;
  TestLedger ledger = make_ledger(dir, {.tricks = 1, .bystanders = 2}, 15);
  std::string gm = enrolled_token(ledger.path, "saloon-gm", db::Role::gm);
  InProcessServer server{ledger.path};

  RawReply post(const std::string& body) {
    RawReply r = raw_exchange(server.port(), http_request("POST", "/events", gm, body));
    INFO(body << " -> " << r.head << " " << r.body);
    REQUIRE(r.complete);
    return r;
  }
};

std::string upper(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
  return s;
}
std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

}  // namespace

TEST_CASE("a UUID in upper case and then in lower case is one event", "[server][canonical]") {
  CanonicalFixture f;
  std::string uuid = client::new_uuid_v7(now_ms());
  std::string payload = R"({"character":")" + f.ledger.badge(bo) + R"(","name":"A drover"})";
  std::int64_t before = event_count(f.ledger.path);
  RawReply first = f.post(R"({"uuid":")" + upper(uuid) + R"(","type":"bystander_bestowed","payload":)" + payload + "}");
  RawReply second = f.post(R"({"uuid":")" + lower(uuid) + R"(","type":"bystander_bestowed","payload":)" + payload + "}");
  CHECK(first.status == 200);
  CHECK(second.status == 200);
  CHECK(second.json["duplicate"] == true);
  CHECK(second.json["seq"] == first.json["seq"]);
  CHECK(event_count(f.ledger.path) == before + 1);
  // Stored in its canonical form: lower case.
  CHECK(count_rows(f.ledger.path, "SELECT COUNT(*) FROM events WHERE uuid = '" + lower(uuid) + "'") == 1);
}

TEST_CASE("the same event with its keys in another order or its codes spelt otherwise is a duplicate",
          "[server][canonical]") {
  CanonicalFixture f;
  std::string uuid = client::new_uuid_v7(now_ms());
  std::string badge = f.ledger.badge(ada);
  std::string trick = f.ledger.cards("trick", ada).at(0);
  RawReply first = f.post(R"({"uuid":")" + uuid + R"(","type":"trick_flipped","payload":{"character":")" + badge +
                          R"(","trick":")" + trick + R"("},"client_time_ms":1000})");
  REQUIRE(first.status == 200);
  std::string spaced = lower(badge.substr(0, 4)) + " " + lower(badge.substr(4, 4)) + "-" + badge.substr(8);
  for (std::string body : {
           // keys in another order, inside and outside the payload
           R"({"payload":{"trick":")" + trick + R"(","character":")" + badge + R"("},"type":"trick_flipped","uuid":")" + uuid + R"("})",
           // the badge in lower case
           R"({"uuid":")" + uuid + R"(","type":"trick_flipped","payload":{"character":")" + lower(badge) + R"(","trick":")" + trick + R"("}})",
           // the trick code with spaces and a hyphen, as typed from the card
           R"({"uuid":")" + uuid + R"(","type":"trick_flipped","payload":{"character":")" + spaced + R"(","trick":")" + trick + R"("}})"}) {
    RawReply again = f.post(body);
    CHECK(again.status == 200);
    CHECK(again.json["duplicate"] == true);
    CHECK(again.json["seq"] == first.json["seq"]);
  }
  // A different event under the uuid is still refused.
  std::string other = f.ledger.badge(bo);
  RawReply reused = f.post(R"({"uuid":")" + uuid + R"(","type":"trick_flipped","payload":{"character":")" + other +
                           R"(","trick":")" + trick + R"("}})");
  CHECK(reused.status == 409);
  CHECK(error_code(reused.json) == "uuid_reused");
}

TEST_CASE("client_time_ms outside 0..2^53 or not a whole number is refused naming the field and range",
          "[server][canonical]") {
  CanonicalFixture f;
  std::int64_t before = event_count(f.ledger.path);
  auto body = [&](const std::string& time) {
    return R"({"uuid":")" + client::new_uuid_v7(now_ms()) + R"(","type":"bystander_bestowed","payload":{"character":")" +
           f.ledger.badge(bo) + R"(","name":"A drover"},"client_time_ms":)" + time + "}";
  };
  for (std::string bad : {"-1", "9007199254740993", "18446744073709551615", "1.5", "1e3", "\"123\"", "null", "true"}) {
    RawReply r = f.post(body(bad));
    INFO(bad);
    CHECK(r.status == 400);
    CHECK(error_code(r.json) == "bad_input");
    CHECK(r.json["error"]["field"] == "client_time_ms");
    CHECK(r.json["error"]["reason"].get<std::string>().find("9007199254740992") != std::string::npos);
  }
  CHECK(event_count(f.ledger.path) == before);
  // The boundaries themselves are accepted and stored as sent.
  for (std::string good : {"0", "9007199254740992"}) {
    RawReply r = f.post(body(good));
    CHECK(r.status == 200);
    CHECK(count_rows(f.ledger.path, "SELECT client_time_ms FROM events WHERE seq = " + r.json["seq"].dump()) ==
          std::stoll(good));
  }
}
