// The venue network (docs/server.md, "Venue network"): the ledger serves TLS with its own key,
// made once beside the ledger file; stations trust exactly the key their enrollment card pins;
// nothing a laptop on the Wi-Fi captures shows a PIN, a token, a badge or a secret; a stolen
// token is rotated out at once, and a stolen key replaced. Real `marshal serve` processes and
// in-process servers on 127.0.0.1, real libcurl clients, real TLS.
#include <sys/stat.h>

#include <regex>

#include "protocol/enrollment.h"
#include "server/tls_identity.h"
#include "server_test_helpers.h"
#include "support/tcp_relay.h"
#include "support/tls_server.h"

using namespace marshal;
using namespace marshal::server_testing;

namespace {

unsigned file_mode(const std::string& path) {
  struct stat st{};
  REQUIRE(::stat(path.c_str(), &st) == 0);
  return st.st_mode & 0777;
}

std::int64_t events_of_type(const std::string& ledger_path, const std::string& type) {
  return count_rows(ledger_path, "SELECT COUNT(*) FROM events WHERE type = '" + type + "'");
}

// Another pin than `pin` (one hex digit changed).
std::string other_pin(std::string pin) {
  pin[10] = pin[10] == 'a' ? 'b' : 'a';
  return pin;
}

struct TlsTown {
  TempDir dir;
  TestLedger ledger = make_ledger(dir, {.tricks = 2, .bystanders = 2}, 25);
  db::ServerConfig config;
  std::string key_pin;
  std::unique_ptr<db::LedgerServer> server;

  TlsTown() {
    config.db_path = ledger.path;
    config.host = "127.0.0.1";
    config.log = [](const std::string&) {};
    key_pin = test_support::serve_over_tls(config);
    server = std::make_unique<db::LedgerServer>(config);
  }
  std::string url() const { return test_support::pinned_url(server->port(), key_pin); }
};

}  // namespace

TEST_CASE("marshal serve makes the ledger's key once, keeps it private, prints its pin and serves only TLS",
          "[server][tls]") {
  TempDir dir;
  TestLedger ledger = make_ledger(dir, {}, 21);
  SpawnedServer server(ledger.path, dir.file("serve"), Channel::tls);
  server.start();
  auto identity = db::read_tls_identity(ledger.path);
  REQUIRE(identity);
  CHECK(file_mode(db::tls_key_path(ledger.path)) == 0600);
  CHECK(file_mode(db::tls_cert_path(ledger.path)) == 0600);
  const std::string log = server.log();
  INFO(log);
  CHECK(log.find("Made the ledger's TLS key") != std::string::npos);
  CHECK(log.find("on https://127.0.0.1:" + std::to_string(server.port())) != std::string::npos);
  CHECK(log.find("sha256 " + protocol::grouped_key_pin(identity->key_pin)) != std::string::npos);
  CHECK(health_ok(server.url()));

  // Plain HTTP to the TLS port gets nothing a client could read, and the server goes on.
  RawReply plain = raw_exchange(server.port(), http_request("GET", "/health", "", ""), 3000);
  CHECK_FALSE(plain.complete);
  CHECK(plain.head.find("\"ok\"") == std::string::npos);
  CHECK(plain.body.find("\"ok\"") == std::string::npos);
  client::HttpReply via_http = client_get("http://127.0.0.1:" + std::to_string(server.port()), "/health");
  CHECK_FALSE(via_http.body.is_object());
  CHECK(health_ok(server.url()));

  // A restart reuses the key: stations enrolled before still trust it.
  CHECK(server.stop() == 0);
  server.start();
  CHECK(db::read_tls_identity(ledger.path)->key_pin == identity->key_pin);
  CHECK(server.log().find("Made the ledger's TLS key") == std::string::npos);
  CHECK(health_ok(server.url()));
  CHECK(events_of_type(ledger.path, "ledger_key_made") == 1);
  CHECK(server.stop() == 0);

  // marshal head names the key beside the head; verify replays the key's event.
  ProgramRun head = run_marshal({"head", "--db", ledger.path}, dir.file("head.log"));
  CHECK(head.out.find("key sha256 " + protocol::grouped_key_pin(identity->key_pin)) != std::string::npos);
  ProgramRun verify = run_marshal({"verify", "--db", ledger.path}, dir.file("verify.log"));
  INFO(verify.out);
  CHECK(verify.exit_code == 0);
}

TEST_CASE("plain HTTP is for this machine only: --insecure-http on another address is refused",
          "[server][tls]") {
  TempDir dir;
  TestLedger ledger = make_ledger(dir, {}, 22);
  ProgramRun wide = run_marshal({"serve", "--db", ledger.path, "--listen", "0.0.0.0:0", "--insecure-http"},
                                dir.file("wide.log"));
  CHECK(wide.exit_code == 1);
  CHECK(wide.out.find("--insecure-http serves plain HTTP on this machine only") != std::string::npos);
  // The server itself refuses too, whoever starts it.
  db::ServerConfig config;
  config.db_path = ledger.path;
  config.host = "0.0.0.0";
  config.log = [](const std::string&) {};
  CHECK_THROWS_WITH(db::LedgerServer(config), Catch::Contains("plain HTTP is served only on this machine's loopback"));
  // On loopback it serves, and says it is plain.
  SpawnedServer local(ledger.path, dir.file("local"), Channel::plain_loopback);
  local.start();
  CHECK(local.log().find("PLAIN HTTP on this machine only") != std::string::npos);
  CHECK(health_ok(local.url()));
  CHECK_FALSE(db::read_tls_identity(ledger.path));  // no key made for a plain server
  // A station never sends anything in plain text over the network, whatever it is given.
  client::HttpClient lan("http://10.0.0.2:" + std::to_string(local.port()));
  client::HttpReply r = lan.get("/health");
  CHECK_FALSE(r.reached);
  CHECK(r.error.find("only for a ledger on this machine") != std::string::npos);
}

TEST_CASE("a pinned GM station and kiosk work end to end over TLS", "[server][tls]") {
  TlsTown town;
  const std::string gm_code = add_station(town.ledger.path, "saloon-gm", db::Role::gm);
  client::LedgerClient station({town.url(), town.dir.file("gm-cache.db"), 3000});
  std::string error;
  REQUIRE(station.enroll(gm_code, error));
  CHECK(station.online());
  const std::string ada_badge = town.ledger.badge(ada), bo_badge = town.ledger.badge(bo);
  client::Record r = station.record("bystander_bestowed", {{"character", bo_badge}, {"name", "A new friend"}}, now_ms());
  CHECK(r.status == client::RecordStatus::accepted);
  auto feed = station.feed(0, 0);
  REQUIRE(feed);
  CHECK((*feed)["events"].back()["type"] == "bystander_bestowed");
  client::View seen = station.character(ada_badge);
  CHECK(seen.found);
  CHECK_FALSE(seen.from_cache);

  // The station given its address without the pin later (--server https://HOST:PORT) takes the
  // pin it enrolled with from its cache.
  client::LedgerClient again({test_support::https_url(town.server->port()), town.dir.file("gm-cache.db"), 3000});
  CHECK(again.enrolled());
  CHECK(again.character(bo_badge).found);

  // A kiosk: a player signs in with the PIN, reads their secret, hands it over.
  const std::string kiosk_token = enrolled_token(town.ledger.path, "lobby-kiosk", db::Role::kiosk);
  const std::string sign_in = kiosk_sign_in(town.url(), kiosk_token, ada_badge, pin_of(town.ledger.path, ada));
  client::HttpClient kiosk(town.url());
  kiosk.set_token(kiosk_token);
  kiosk.set_header("X-Sign-In", sign_in);
  client::HttpReply mine = kiosk.get("/characters/" + ada_badge);
  INFO(describe(mine));
  REQUIRE(mine.status == 200);
  CHECK(mine.body.dump().find(ada_secret_text) != std::string::npos);
  const std::string secret = town.ledger.cards("secret", ada).at(0);
  client::HttpReply given = post_event(kiosk, client::new_uuid_v7(now_ms()), "secret_given",
                                       {{"from", ada_badge}, {"to", bo_badge}, {"secret", secret}});
  INFO(describe(given));
  CHECK(given.status == 200);
}

TEST_CASE("a server with another key is refused: this is not your ledger", "[server][tls]") {
  TlsTown town;
  const std::string code = add_station(town.ledger.path, "saloon-gm", db::Role::gm);
  const std::string impostor_url =
      test_support::pinned_url(town.server->port(), other_pin(town.key_pin));  // the card's pin, another server's key
  client::HttpClient http(impostor_url);
  client::HttpReply health = http.get("/health");
  CHECK_FALSE(health.reached);
  CHECK(health.wrong_key);
  CHECK(health.error == "this is not your ledger: its key does not match the one on your enrolment card");

  client::LedgerClient station({impostor_url, town.dir.file("gm-cache.db"), 3000});
  std::string error;
  CHECK_FALSE(station.enroll(code, error));
  CHECK(error == client::wrong_key_words);
  CHECK(events_of_type(town.ledger.path, "station_enrolled") == 0);  // the code was never sent

  // An https address without a pin is never contacted at all.
  client::HttpClient unpinned(test_support::https_url(town.server->port()));
  client::HttpReply r = unpinned.get("/health");
  CHECK_FALSE(r.reached);
  CHECK(r.error.find("no key pin") != std::string::npos);

  // The right pin enrols with the same code: the refusals spent nothing.
  client::LedgerClient right({town.url(), town.dir.file("gm-cache-2.db"), 3000});
  CHECK(right.enroll(code, error));
}

TEST_CASE("a rotated station token is refused at once, the station enrols again with its new code",
          "[server][tls]") {
  TlsTown town;
  const std::string gm_token = enrolled_token(town.ledger.path, "saloon-gm", db::Role::gm);
  CHECK(client_get(town.url(), "/event", gm_token).status == 200);
  ProgramRun rotated = run_marshal({"station", "rotate", "saloon-gm", "--db", town.ledger.path}, town.dir.file("rot.log"));
  INFO(rotated.out);
  REQUIRE(rotated.exit_code == 0);
  CHECK(rotated.out.find("its old token is refused from now on") != std::string::npos);
  std::smatch code;
  REQUIRE(std::regex_search(rotated.out, code, std::regex("\n    ([0-9A-Z]{4} [0-9A-Z]{4} [0-9A-Z]{4} [0-9A-Z]{4} [0-9A-Z])\n")));
  client::HttpReply old = client_get(town.url(), "/event", gm_token);
  CHECK(old.status == 401);
  CHECK(error_code(old) == "unauthenticated");
  CHECK(events_of_type(town.ledger.path, "station_token_rotated") == 1);

  client::LedgerClient station({town.url(), town.dir.file("gm-cache.db"), 3000});
  std::string error, typed = code[1].str();
  INFO(error);
  REQUIRE(station.enroll(typed, error));
  CHECK(station.role() == "gm");
  CHECK(station.character(town.ledger.badge(ada)).found);
  CHECK(events_of_type(town.ledger.path, "station_enrolled") == 2);
  // The chain still proves who may write: verify replays the rotation.
  town.server.reset();
  ProgramRun verify = run_marshal({"verify", "--db", town.ledger.path}, town.dir.file("verify.log"));
  INFO(verify.out);
  CHECK(verify.exit_code == 0);
  // No such station: a clear refusal.
  ProgramRun none = run_marshal({"station", "rotate", "no-such", "--db", town.ledger.path}, town.dir.file("none.log"));
  CHECK(none.exit_code == 3);
  CHECK(none.out.find("no live station named 'no-such'") != std::string::npos);
}

TEST_CASE("marshal serve --new-key replaces a stolen key: stations pinned to the old one are refused",
          "[server][tls]") {
  TempDir dir;
  TestLedger ledger = make_ledger(dir, {}, 23);
  SpawnedServer server(ledger.path, dir.file("serve"), Channel::tls);
  server.start();
  const std::string old_url = server.url();
  const std::string old_pin = db::read_tls_identity(ledger.path)->key_pin;
  CHECK(server.stop() == 0);
  server.set_extra_args({"--new-key"});
  server.start();
  const std::string log = server.log();
  INFO(log);
  CHECK(log.find("Replaced the ledger's TLS key") != std::string::npos);
  CHECK(log.find("Every station must enrol again with a new card") != std::string::npos);
  const std::string new_pin = db::read_tls_identity(ledger.path)->key_pin;
  CHECK(new_pin != old_pin);
  client::HttpReply stale = client_get("https://127.0.0.1:" + std::to_string(server.port()) + "#sha256=" + old_pin,
                                       "/health");
  CHECK(stale.wrong_key);
  CHECK(health_ok(server.url()));
  CHECK(server.stop() == 0);
  CHECK(events_of_type(ledger.path, "ledger_key_made") == 2);
  CHECK(count_rows(ledger.path, "SELECT COUNT(*) FROM events WHERE type = 'ledger_key_made' AND "
                                "json_extract(payload, '$.why') = 'replaced' AND json_extract(payload, '$.key_pin') = '" +
                                    new_pin + "'") == 1);
  // A key file damaged or missing its certificate: a clear refusal naming the file, no server.
  std::filesystem::remove(db::tls_cert_path(ledger.path));
  ProgramRun broken = run_marshal({"serve", "--db", ledger.path, "--listen", "127.0.0.1:0"}, dir.file("broken.log"));
  CHECK(broken.exit_code == 2);
  CHECK(broken.out.find(db::tls_cert_path(ledger.path)) != std::string::npos);
}

TEST_CASE("a laptop on the Wi-Fi captures no PIN, token, badge or secret of a sign-in, a read and a record",
          "[server][tls]") {
  TempDir dir;
  TestLedger ledger = make_ledger(dir, {}, 24);
  const std::string gm_token = enrolled_token(ledger.path, "saloon-gm", db::Role::gm);
  const std::string kiosk_token = enrolled_token(ledger.path, "lobby-kiosk", db::Role::kiosk);
  const std::string ada_badge = ledger.badge(ada), bo_badge = ledger.badge(bo);
  const std::string pin = pin_of(ledger.path, ada);

  // What a sign-in, a secret read and a GM's record send and receive, through `relay`; the
  // words a listener must never read.
  auto play = [&](const std::string& url) {
    const std::string sign_in = kiosk_sign_in(url, kiosk_token, ada_badge, pin);
    client::HttpClient kiosk(url);
    kiosk.set_token(kiosk_token);
    kiosk.set_header("X-Sign-In", sign_in);
    client::HttpReply mine = kiosk.get("/characters/" + ada_badge);
    INFO(describe(mine));
    REQUIRE(mine.status == 200);
    REQUIRE(mine.body.dump().find(ada_secret_text) != std::string::npos);
    client::HttpClient gm(url);
    gm.set_token(gm_token);
    client::HttpReply recorded = post_event(gm, client::new_uuid_v7(now_ms()), "bystander_bestowed",
                                            {{"character", bo_badge}, {"name", "Wanted poster"}});
    REQUIRE(recorded.status == 200);
    return std::vector<std::string>{"\"pin\":\"" + pin + "\"", kiosk_token, gm_token, sign_in, ada_badge, bo_badge,
                                    ada_secret_text, "Wanted poster"};
  };

  SECTION("over TLS, the bytes on the wire hold none of them") {
    db::ServerConfig config;
    config.db_path = ledger.path;
    config.log = [](const std::string&) {};
    const std::string key_pin = test_support::serve_over_tls(config);
    db::LedgerServer server(config);
    test_support::TcpRelay wire(server.port());
    const auto secrets = play(test_support::pinned_url(wire.port(), key_pin));
    const std::string bytes = wire.captured();
    CHECK(bytes.size() > 1000);  // the exchange did cross the wire
    for (const auto& secret : secrets) {
      INFO(secret);
      CHECK(bytes.find(secret) == std::string::npos);
    }
    CHECK(bytes.find("HTTP/1.1") == std::string::npos);
  }
  SECTION("the same over plain HTTP shows them all: the capture sees what there is") {
    db::ServerConfig config;
    config.db_path = ledger.path;
    config.log = [](const std::string&) {};
    db::LedgerServer server(config);
    test_support::TcpRelay wire(server.port());
    const auto secrets = play("http://127.0.0.1:" + std::to_string(wire.port()));
    const std::string bytes = wire.captured();
    for (const auto& secret : secrets) {
      INFO(secret);
      CHECK(bytes.find(secret) != std::string::npos);
    }
  }
}

TEST_CASE("the server's log never holds a token, a PIN or a secret's text", "[server][tls]") {
  TlsTown town;
  std::vector<std::string> lines;
  std::mutex lines_mutex;
  town.server.reset();
  town.config.log = [&](const std::string& line) {
    std::lock_guard lock(lines_mutex);
    lines.push_back(line);
  };
  town.server = std::make_unique<db::LedgerServer>(town.config);
  const std::string kiosk_token = enrolled_token(town.ledger.path, "lobby-kiosk", db::Role::kiosk);
  const std::string ada_badge = town.ledger.badge(ada);
  const std::string right_pin = pin_of(town.ledger.path, ada);
  const std::string wrong_pin = right_pin == "0000" ? "1111" : "0000";
  client::HttpClient kiosk(town.url());
  kiosk.set_token(kiosk_token);
  CHECK(kiosk.post("/kiosk/sign-in", Json{{"badge", ada_badge}, {"pin", wrong_pin}}).status == 403);
  const std::string forged_token(64, 'f');
  CHECK(client_get(town.url(), "/event", forged_token).status == 401);
  const std::string sign_in = kiosk_sign_in(town.url(), kiosk_token, ada_badge, right_pin);
  kiosk.set_header("X-Sign-In", sign_in);
  CHECK(kiosk.get("/characters/" + ada_badge).status == 200);
  CHECK(kiosk.post("/events", Json{{"uuid", "x"}, {"type", "secret_given"}, {"payload", ada_secret_text}}).status >= 400);
  town.server.reset();
  std::lock_guard lock(lines_mutex);
  REQUIRE_FALSE(lines.empty());  // the refusals were logged
  for (const auto& line : lines) {
    INFO(line);
    CHECK(line.find(kiosk_token) == std::string::npos);
    CHECK(line.find(forged_token) == std::string::npos);
    CHECK(line.find(sign_in) == std::string::npos);
    CHECK(line.find(ada_secret_text) == std::string::npos);
    CHECK(line.find("\"" + wrong_pin + "\"") == std::string::npos);
    CHECK(line.find("pin " + wrong_pin) == std::string::npos);
  }
}
