// Idle keep-alive connections (a room full of kiosks that asked once and went quiet) must not
// hold up a new station: the server answers it at once.
#include "server_test_helpers.h"

using namespace marshal;
using namespace marshal::server_testing;

TEST_CASE("64 idle keep-alive connections do not block a new client", "[server][keepalive]") {
  constexpr int idle = 64;
  TempDir dir;
  TestLedger ledger = make_ledger(dir, {.tricks = 1, .bystanders = 1}, 6);
  std::string token = enrolled_token(ledger.path, "saloon-gm", db::Role::gm);
  InProcessServer server(ledger.path);

  std::vector<std::unique_ptr<RawSocket>> connections;
  for (int i = 0; i < idle; ++i) {
    auto s = std::make_unique<RawSocket>(server.port());
    REQUIRE(s->connected());
    REQUIRE(
        s->send_all("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n"));
    RawReply r = s->read_reply(3000);
    INFO("connection " << i << ": " << r.head);
    REQUIRE(r.complete);
    REQUIRE(r.status == 200);
    connections.push_back(std::move(s));
  }

  auto start = Clock::now();
  client::HttpReply health = client_get(server.url(), "/health", "", 3000);
  INFO(describe(health));
  CHECK(health.reached);
  CHECK(health.status == 200);
  CHECK(ms_since(start) < 3000);
  client::HttpReply character =
      client_get(server.url(), "/characters/" + ledger.badge(ada), token, 3000);
  CHECK(character.status == 200);
  CHECK(character.body.value("name", "") == ada);

  // The idle connections are still open and still served.
  for (int i : {0, idle / 2, idle - 1}) {
    auto& s = *connections[static_cast<std::size_t>(i)];
    REQUIRE(s.send_all("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"));
    RawReply r = s.read_reply(3000);
    CHECK(r.complete);
    CHECK(r.status == 200);
  }
}
