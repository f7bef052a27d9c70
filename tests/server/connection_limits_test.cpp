// One address holding thousands of idle or half-sent connections does not lock the stations
// out: a cap per client address, deadlines for a request's head and body, and a log line when
// the server sheds. The attacker connects from 127.0.0.2 (another loopback address), the
// stations from 127.0.0.1.
#include "server_test_helpers.h"

#include <sys/resource.h>

#include <mutex>

#include "server/connection_guard.h"

using namespace marshal;
using namespace marshal::server_testing;

namespace {

// Room for a few thousand sockets in this process (the server and the attacker share it).
void raise_open_files_limit() {
  rlimit limit{};
  REQUIRE(getrlimit(RLIMIT_NOFILE, &limit) == 0);
  limit.rlim_cur = limit.rlim_max;
  REQUIRE(setrlimit(RLIMIT_NOFILE, &limit) == 0);
  REQUIRE(limit.rlim_cur >= 6000);
}

struct LoggedServer {
  TempDir dir;
  TestLedger ledger = make_ledger(dir, {.tricks = 1, .bystanders = 1}, 14);
  std::string token = enrolled_token(ledger.path, "saloon-gm", db::Role::gm);
  std::mutex log_mutex;
  std::vector<std::string> log;
  std::unique_ptr<db::LedgerServer> server;

  LoggedServer() {
    db::ServerConfig config;
    config.db_path = ledger.path;
    config.log = [this](const std::string& line) {
      std::lock_guard lock(log_mutex);
      log.push_back(line);
    };
    server = std::make_unique<db::LedgerServer>(config);
  }
  std::string url() const { return "http://127.0.0.1:" + std::to_string(server->port()); }
  bool logged_now(const std::string& words) {
    std::lock_guard lock(log_mutex);
    for (const auto& line : log)
      if (line.find(words) != std::string::npos) return true;
    return false;
  }
  // The server logs a shed just after it shuts the socket: the client may see the close first.
  bool logged(const std::string& words, int wait_ms = 3000) {
    auto start = Clock::now();
    while (!logged_now(words)) {
      if (ms_since(start) > wait_ms) return false;
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return true;
  }
};

// Opens n connections from `source`; those the server closed at once are counted out.
std::vector<std::unique_ptr<RawSocket>> open_idle(std::uint16_t port, int n, const char* source) {
  std::vector<std::unique_ptr<RawSocket>> sockets;
  for (int i = 0; i < n; ++i) {
    auto s = std::make_unique<RawSocket>(port, 5000, source);
    if (s->connected()) sockets.push_back(std::move(s));
  }
  return sockets;
}

int still_open(std::vector<std::unique_ptr<RawSocket>>& sockets) {
  int open = 0;
  for (auto& s : sockets)
    if (!s->closed_by_peer(1)) ++open;
  return open;
}

}  // namespace

TEST_CASE("2,000 idle connections from one address leave the stations answered within 2 s",
          "[server][limits]") {
  raise_open_files_limit();
  LoggedServer s;
  auto idle = open_idle(s.server->port(), 2000, "127.0.0.2");
  std::this_thread::sleep_for(std::chrono::milliseconds(300));  // let the server accept them all

  auto start = Clock::now();
  client::HttpReply health = client_get(s.url(), "/health", "", 2000);
  client::HttpReply who = client_get(s.url(), "/characters/" + s.ledger.badge(ada), s.token, 2000);
  INFO(describe(health) << " / " << describe(who));
  CHECK(health.status == 200);
  CHECK(who.status == 200);
  CHECK(ms_since(start) < 2000);

  // The attacker keeps at most its cap; the rest were shed, and the log says so.
  CHECK(still_open(idle) == static_cast<int>(db::max_connections_per_address));
  CHECK(s.logged("cap"));
  CHECK(s.logged("127.0.0.2"));
  // At start (and every 5 minutes) the server logs the ledger's head: an anchor for the audit
  // (the definition, then the station's enrolment).
  CHECK(s.logged("head 2:"));
}

TEST_CASE("the per-address cap: the last connection under it is kept, the next one shed", "[server][limits]") {
  raise_open_files_limit();
  LoggedServer s;
  auto held = open_idle(s.server->port(), static_cast<int>(db::max_connections_per_address), "127.0.0.3");
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  CHECK(still_open(held) == static_cast<int>(db::max_connections_per_address));
  CHECK_FALSE(s.logged_now("cap"));
  RawSocket one_more(s.server->port(), 5000, "127.0.0.3");
  REQUIRE(one_more.connected());  // the kernel accepts; the server closes it
  CHECK(one_more.closed_by_peer(3000));
  CHECK(s.logged("cap"));
  // Another address is not affected, and the held connections still work.
  CHECK(health_ok(s.url()));
  REQUIRE(held.front()->send_all("GET /health HTTP/1.1\r\nHost: x\r\n\r\n"));
  CHECK(held.front()->read_reply(3000).status == 200);
}

TEST_CASE("a request head or body not sent whole within its deadline is shed", "[server][limits]") {
  LoggedServer s;
  RawSocket nothing(s.server->port());
  RawSocket half_head(s.server->port());
  RawSocket half_body(s.server->port());
  REQUIRE(half_head.send_all("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n"));
  REQUIRE(half_body.send_all("POST /events HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " + s.token +
                             "\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"uuid\":"));
  // A slow sender that keeps trickling a byte is shed too: the deadline is not an idle timeout.
  auto start = Clock::now();
  while (ms_since(start) < db::request_head_deadline_ms - 1500) {
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    if (!half_head.send_all("X")) break;
  }
  CHECK_FALSE(nothing.closed_by_peer(1));
  CHECK_FALSE(half_head.closed_by_peer(1));
  CHECK_FALSE(half_body.closed_by_peer(1));
  // Both deadlines are 10 s: by 11.5 s all three are gone, and a station is still served.
  std::int64_t left = db::request_head_deadline_ms + 1500 - ms_since(start);
  CHECK(nothing.closed_by_peer(static_cast<int>(left)));
  CHECK(half_head.closed_by_peer(500));
  CHECK(half_body.closed_by_peer(500));
  CHECK(s.logged("request head"));
  CHECK(s.logged("request body"));
  CHECK(health_ok(s.url()));
}
