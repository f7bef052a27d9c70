// What a station reads from the network is outside input too: a reply nested 15,000 levels
// deep (a broken or hostile server on the venue network) is read as no body, never a crash.
// The "server" here is a real socket on 127.0.0.1 that answers one request with fixed bytes.
#include "server_test_helpers.h"

#include "protocol/json_depth.h"

using namespace marshal;
using namespace marshal::server_testing;

namespace {

// Listens on 127.0.0.1 (any port) and answers the first request with `reply` as its body.
class OneReplyServer {
 public:
  explicit OneReplyServer(std::string body) : body_(std::move(body)) {
    listener_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    REQUIRE(::bind(listener_, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0);
    REQUIRE(::listen(listener_, 4) == 0);
    socklen_t len = sizeof addr;
    getsockname(listener_, reinterpret_cast<sockaddr*>(&addr), &len);
    port_ = ntohs(addr.sin_port);
    thread_ = std::thread([this] {
      pollfd p{listener_, POLLIN, 0};
      if (::poll(&p, 1, 5000) <= 0) return;
      int c = ::accept(listener_, nullptr, nullptr);
      if (c < 0) return;
      char buffer[4096];
      (void)::recv(c, buffer, sizeof buffer, 0);  // the request: not read further
      std::string reply = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " +
                          std::to_string(body_.size()) + "\r\nConnection: close\r\n\r\n" + body_;
      (void)::send(c, reply.data(), reply.size(), MSG_NOSIGNAL);
      ::close(c);
    });
  }
  ~OneReplyServer() {
    thread_.join();
    ::close(listener_);
  }
  std::string url() const { return "http://127.0.0.1:" + std::to_string(port_); }

 private:
  std::string body_;
  int listener_ = -1;
  std::uint16_t port_ = 0;
  std::thread thread_;
};

}  // namespace

TEST_CASE("a station reads a reply nested past the limit as no body", "[server][client][hostile]") {
  std::string deep = std::string(15'000, '[') + std::string(15'000, ']');
  OneReplyServer server(deep);
  client::HttpClient http(server.url());
  client::HttpReply r = http.get("/health");
  INFO(r.error);
  CHECK(r.reached);
  CHECK(r.status == 200);
  CHECK(r.body.is_null());
}

TEST_CASE("a station reads a reply at the nesting limit as it is", "[server][client]") {
  std::string at_limit = std::string(protocol::max_json_depth_levels, '[') +
                         std::string(protocol::max_json_depth_levels, ']');
  OneReplyServer server(at_limit);
  client::HttpClient http(server.url());
  client::HttpReply r = http.get("/health");
  CHECK(r.status == 200);
  CHECK(r.body.is_array());
}
