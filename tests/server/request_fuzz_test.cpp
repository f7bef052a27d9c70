// A few thousand random and mutated requests against the real `marshal serve`: bad methods,
// paths, headers and lengths, JSON bodies with wrong types, deep nesting, huge strings and
// invalid UTF-8, mixed with good appends. Afterwards the server answers, `marshal verify` is ok
// and every event the server acknowledged is in the ledger. Seeded: a failure is reproducible.
#include "server_test_helpers.h"

#include <set>

#include "protocol/utf8.h"

using namespace marshal;
using namespace marshal::server_testing;

namespace {

class RequestFuzzer {
 public:
  RequestFuzzer(std::uint64_t seed, const TestLedger& ledger, std::string token)
      : rng_(seed), ledger_(ledger), token_(std::move(token)) {}

  int pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng_); }

  std::string random_bytes(std::size_t n) {
    std::string s;
    for (std::size_t i = 0; i < n; ++i) s += static_cast<char>(pick(256));
    return s;
  }

  std::string good_body(const std::string& uuid) {
    return R"({"uuid":")" + uuid + R"(","type":"bystander_bestowed","payload":{"character":")" +
           ledger_.badge(bo) + R"(","name":"Drover )" + std::to_string(pick(1000)) + R"("}})";
  }

  // A JSON body with something wrong in it.
  std::string bad_body() {
    std::string uuid = client::new_uuid_v7(now_ms());
    switch (pick(10)) {
      case 0: return std::string(static_cast<std::size_t>(65 + pick(20'000)), '[');
      case 1: return R"({"uuid":)" + std::to_string(pick(100)) + R"(,"type":[],"payload":"x"})";
      case 2: return R"({"uuid":")" + uuid + R"(","type":"conflict_resolved","payload":{"kind":"duel","input":)" +
                     std::string(70, '{') + "}}";
      case 3: return R"({"uuid":")" + uuid + R"(","type":"bystander_bestowed","payload":{"character":")" +
                     random_bytes(17) + R"(","name":"x"}})";
      case 4: return R"({"uuid":")" + uuid + R"(","type":"trick_flipped","payload":{"character":")" +
                     std::string(static_cast<std::size_t>(pick(60'000)), 'A') + R"("}})";
      case 5: return R"({"uuid":")" + uuid + R"(","type":"secret_given","payload":{"secret":null,"from":1,"to":{}}})";
      case 6: return R"({"uuid":")" + uuid + R"(","type":"conflict_resolved","payload":{"kind":"shootout","input":{"shooters":"Анна \xFF"},"outcome":null}})";
      case 7: {  // a good body with bytes flipped
        std::string body = good_body(uuid);
        for (int i = 0; i < 1 + pick(4); ++i) body[static_cast<std::size_t>(pick(static_cast<int>(body.size())))] = static_cast<char>(pick(256));
        return body;
      }
      case 8: return R"({"uuid":")" + uuid + R"(","type":"bystander_bestowed","payload":{"character":")" +
                     ledger_.badge(bo) + R"(","name":"x"},"client_time_ms":)" +
                     std::vector<std::string>{"-5", "1e308", "\"now\"", "99999999999999999999"}[static_cast<std::size_t>(pick(4))] + "}";
      default: return random_bytes(static_cast<std::size_t>(pick(300)));
    }
  }

  // One request as bytes; `complete` is false when it is cut short on purpose.
  std::string request(bool& complete) {
    complete = true;
    static const std::vector<std::string> methods{"GET", "POST", "PUT", "DELETE", "HEAD", "OPTIONS", "G\xFFT", "POST"};
    std::vector<std::string> paths{"/events", "/events?after=0&limit=5", "/cards/" + ledger_.badge(ada),
                                   "/characters/" + ledger_.badge(bo), "/health", "/timers", "/event", "/enroll",
                                   "/%FF", "/%", "/%zz/%00", "/cards/%FF?as=%FE", "/events?after=-1&wait_ms=x",
                                   "/" + std::string(static_cast<std::size_t>(pick(9000)), 'p')};
    std::string method = methods[static_cast<std::size_t>(pick(static_cast<int>(methods.size())))];
    // A reply to HEAD has a Content-Length but no body: not read as a whole reply here.
    if (method == "HEAD") complete = false;
    std::string path = paths[static_cast<std::size_t>(pick(static_cast<int>(paths.size())))];
    std::string body = pick(3) == 0 ? good_body(client::new_uuid_v7(now_ms())) : bad_body();
    std::string headers;
    if (pick(4) == 0) headers += "X-Junk: " + random_bytes(static_cast<std::size_t>(pick(200))) + "\r\n";
    std::string token = pick(8) == 0 ? random_bytes(20) : token_;
    switch (pick(14)) {
      case 12:
      case 13:  // a good append, among the bad ones
        return http_request("POST", "/events", token_, good_body(client::new_uuid_v7(now_ms())));
      case 0:  // no request line at all
        return random_bytes(static_cast<std::size_t>(1 + pick(400))) + "\r\n\r\n";
      case 1:  // Content-Length that lies (longer than the body): cut short
        complete = false;
        return method + " /events HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + token_ +
               "\r\nContent-Length: " + std::to_string(body.size() + 10) + "\r\n\r\n" + body;
      case 2:  // a negative or absurd Content-Length
        return "POST /events HTTP/1.1\r\nHost: x\r\nContent-Length: " +
               std::vector<std::string>{"-1", "99999999999999999999", "abc", "1, 2"}[static_cast<std::size_t>(pick(4))] +
               "\r\n\r\n" + body;
      case 3:  // a bad chunked body
        return "POST /events HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + token_ +
               "\r\nTransfer-Encoding: chunked\r\n\r\nZZ\r\n" + body + "\r\n0\r\n\r\n";
      case 4:  // HTTP/0.9 and other versions
        return "GET /health HTTP/" + std::vector<std::string>{"0.9", "2.0", "1.1x", ""}[static_cast<std::size_t>(pick(4))] + "\r\n\r\n";
      default:
        return http_request(method, path, token, body, headers);
    }
  }

 private:
  std::mt19937_64 rng_;
  const TestLedger& ledger_;
  std::string token_;
};

}  // namespace

TEST_CASE("thousands of random and mutated requests: the server answers, verifies, loses nothing",
          "[server][fuzz]") {
  constexpr int requests = 3000;
  TempDir dir;
  TestLedger ledger = make_ledger(dir, {.tricks = 2, .bystanders = 2}, 18);
  std::string token = enrolled_token(ledger.path, "saloon-gm", db::Role::gm);
  SpawnedServer server(ledger.path, dir.file("serve"));
  server.start();
  RequestFuzzer fuzz(0xF022, ledger, token);

  std::set<std::string> acknowledged;  // uuids the server said it stored
  int answered = 0, server_errors = 0;
  std::string errors_seen;  // the first few failed handlers' replies, for the failure message
  for (int i = 0; i < requests; ++i) {
    bool complete = true;
    std::string request = fuzz.request(complete);
    RawSocket s(server.port());
    REQUIRE(s.connected());
    s.send_all(request);  // the server may close early on a bad head: that is its answer
    RawReply r = s.read_reply(complete ? 3000 : 50);
    bool head_request = request.rfind("HEAD ", 0) == 0;  // its reply has no body to read
    if (r.complete && !head_request) {
      ++answered;
      INFO("request " << i << ": " << request.substr(0, 300) << "\n-> " << r.head << "\n" << r.body.substr(0, 300));
      CHECK(protocol::is_valid_utf8(r.body));
      if (r.head.find("application/json") != std::string::npos) CHECK_FALSE(r.json.is_discarded());
      // 505 for HTTP/0.9 and the like is libmicrohttpd's fair answer; a 500 is a handler that failed.
      if (r.status == 500 || (!r.json.is_discarded() && error_code(r.json) == "server_error")) {
        ++server_errors;
        if (server_errors <= 5)
          errors_seen += "request " + std::to_string(i) + ": " + request.substr(0, 200) + "\n-> " + r.head.substr(0, 40) +
                         " " + r.body.substr(0, 200) + "\n";
      }
      if (r.status == 200 && r.json.is_object() && r.json.value("accepted", false)) {
        auto at = request.find("\"uuid\":\"");
        REQUIRE(at != std::string::npos);
        acknowledged.insert(request.substr(at + 8, 36));
      }
    }
    if (i % 500 == 0) REQUIRE(health_ok(server.url()));
  }
  INFO(answered << " answered, " << acknowledged.size() << " acknowledged");
  INFO(errors_seen);
  CHECK(server_errors == 0);
  CHECK(answered > requests / 2);
  CHECK(acknowledged.size() > 50);
  REQUIRE(health_ok(server.url()));
  CHECK(server.stop() == 0);

  ProgramRun verify = run_marshal({"verify", "--db", ledger.path}, dir.file("verify.log"));
  INFO(verify.out);
  CHECK(verify.exit_code == 0);
  db::Database db(ledger.path, false);
  for (const auto& uuid : acknowledged) {
    INFO(uuid);
    CHECK(db.prepare("SELECT 1 FROM events WHERE uuid = ?").bind(1, uuid).step());
  }
}
