#pragma once
// What the ledger server tests share. Everything is real: a fresh temporary folder per test, an
// event folder of CSV files written there and imported with seeded card codes, a ledger file
// made from it, stations added and enrolled through db/server/stations.h, and a server on
// 127.0.0.1 with an ephemeral port, either in this process (db::LedgerServer) or the real
// `marshal serve` program. Raw sockets are here for what libcurl would hide (chunked bodies,
// endless header lines, idle keep-alive connections).
#include "support/temp_dir.h"
#include <catch2/catch.hpp>

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "client/http.h"
#include "client/ledger_client.h"
#include "core/card_code.h"
#include "core/csprng.h"
#include "import/import_event.h"
#include "ledger/kiosk_pins.h"
#include "ledger/ledger.h"
#include "ledger/verify.h"
#include "server/ledger_server.h"
#include "server/stations.h"
#include "server/tls_identity.h"
#include "store/sqlite.h"
#include "spawned_server.h"  // real programs: run_marshal, SpawnedServer

extern char** environ;

namespace marshal::server_testing {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;
using db::Json;

inline std::int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

inline std::int64_t ms_since(Clock::time_point start) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count();
}

using marshal::test_support::TempDir;

inline void write_text(const fs::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  REQUIRE(out.good());
}

using marshal::test_support::read_text;

// ---- a generated event --------------------------------------------------------------------

// Two characters: "Ada Quick", a lawman, holds `tricks` tricks (cheat and skill in turn) and
// `bystanders` bystanders; "Bo Slow" holds one trick and one bystander. Each holds one secret.
struct EventShape {
  int tricks = 1;
  int bystanders = 1;
};

inline const std::string ada = "Ada Quick";
inline const std::string bo = "Bo Slow";
inline const std::string ada_secret_text =
    "Ada still owes the Golden Spur 3 L from the spring races.";
inline const std::string bo_secret_text = "Bo rode with the Coyote Wash gang in 1872.";

inline void write_event_folder(const fs::path& folder, const EventShape& shape) {
  fs::create_directories(folder);
  write_text(folder / "characters.csv", "name,hth,speed,accuracy,gambling,riding,powers\n" + ada +
                                            ",2,3,2,4,1,lawman\n" + bo + ",3,1,3,1,2,\n");
  std::string tricks = "character,hand,flag\n";
  for (int i = 0; i < shape.tricks; ++i)
    tricks += ada + ",Full House," + (i % 2 == 0 ? "cheat" : "skill") + "\n";
  tricks += bo + ",Two Pair,skill\n";
  write_text(folder / "tricks.csv", tricks);
  std::string bystanders = "character,name\n";
  for (int i = 0; i < shape.bystanders; ++i)
    bystanders += ada + ",Bystander number " + std::to_string(i + 1) + "\n";
  bystanders += bo + ",The blacksmith's boy\n";
  write_text(folder / "bystanders.csv", bystanders);
  write_text(folder / "secrets.csv", "character,title,text\n" + ada + ",Debts," + ada_secret_text +
                                         "\n" + bo + ",The Gang," + bo_secret_text + "\n");
}

// Card codes from a seed: the same seed gives the same codes.
inline std::function<std::string()> seeded_code_maker(std::uint64_t seed) {
  return core::seeded_card_codes(seed);
}

// A ledger file made from a generated event, and the codes printed on its cards.
struct TestLedger {
  std::string path;
  db::EventDefinition definition;

  std::string badge(const std::string& name) const {
    for (const auto& c : definition.characters)
      if (c.name == name) return c.badge_code;
    FAIL("no character " << name);
    return {};
  }
  std::vector<std::string> cards(const std::string& kind, const std::string& holder) const {
    std::vector<std::string> codes;
    for (const auto& c : definition.cards)
      if (c.kind == kind && c.holder == holder) codes.push_back(c.code);
    return codes;
  }
};

inline TestLedger make_ledger(const TempDir& dir, const EventShape& shape, std::uint64_t seed,
                              const std::string& name = "ledger.db") {
  fs::path folder = dir.path() / ("event-" + name);
  write_event_folder(folder, shape);
  db::ImportResult imported = db::import_event(folder.string(), seeded_code_maker(seed));
  for (const auto& e : imported.errors) UNSCOPED_INFO(e.file << ":" << e.line << ": " << e.reason);
  REQUIRE(imported.ok());
  TestLedger ledger{dir.file(name), imported.definition};
  db::Ledger::create(ledger.path, ledger.definition, now_ms());
  return ledger;
}

// A station added as the admin CLI does; returns its one-time enrollment code.
inline std::string add_station(const std::string& ledger_path, const std::string& name,
                               db::Role role) {
  db::Ledger ledger(ledger_path);
  return db::add_station(ledger.database(), name, role, now_ms());
}

// A station added and enrolled; returns its token.
inline std::string enrolled_token(const std::string& ledger_path, const std::string& name,
                                  db::Role role) {
  std::string code = add_station(ledger_path, name, role);
  db::Ledger ledger(ledger_path);
  auto enrollment = db::enroll_station(ledger.database(), code, now_ms());
  REQUIRE(enrollment);
  return enrollment->token;
}

// Polls `done` every 20 ms for up to `limit_ms`: whether it came true (a standby catching up).
template <typename Done>
bool comes_true(Done done, std::int64_t limit_ms = 15'000) {
  for (std::int64_t waited = 0; waited < limit_ms; waited += 20) {
    if (done()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return done();
}

inline std::int64_t count_rows(const std::string& ledger_path, const std::string& sql) {
  db::Database db(ledger_path, false);
  return db.scalar_int(sql);
}

// Refusals in the trail, each counted once (ledger/refusal_trail.h: repeats in a minute are one
// row). A running server writes the last repeat counts when it stops: stop it first.
inline std::int64_t refusals_counted(const std::string& ledger_path, const std::string& where = "1") {
  return count_rows(ledger_path, "SELECT COALESCE(SUM(repeats), 0) FROM refusals WHERE " + where);
}

inline std::int64_t event_count(const std::string& ledger_path) {
  return count_rows(ledger_path, "SELECT COUNT(*) FROM events");
}

// ---- servers ------------------------------------------------------------------------------

// db::LedgerServer in this process on 127.0.0.1, any free port.
class InProcessServer {
 public:
  explicit InProcessServer(const std::string& ledger_path) {
    config_.db_path = ledger_path;
    config_.host = "127.0.0.1";
    config_.port = 0;
    start();
  }
  // A server with its own configuration (a standby's: db::ServerConfig::standby_of).
  explicit InProcessServer(db::ServerConfig config) : config_(std::move(config)) { start(); }
  void start() { server_ = std::make_unique<db::LedgerServer>(config_); }
  void stop() { server_.reset(); }
  std::uint16_t port() const { return server_->port(); }
  std::string url() const { return "http://127.0.0.1:" + std::to_string(port()); }

 private:
  db::ServerConfig config_;
  std::unique_ptr<db::LedgerServer> server_;
};


// ---- HTTP ---------------------------------------------------------------------------------

inline client::HttpReply post_event(client::HttpClient& http, const std::string& uuid,
                                    const std::string& type, const Json& payload) {
  return http.post("/events", Json{{"uuid", uuid}, {"type", type}, {"payload", payload}});
}

// The error code of a refusal ("" when the reply is not one).
inline std::string error_code(const Json& body) {
  if (!body.is_object() || !body.contains("error") || !body["error"].is_object()) return "";
  return body["error"].value("code", "");
}
inline std::string error_code(const client::HttpReply& reply) {
  return error_code(reply.body);
}

inline std::string describe(const client::HttpReply& reply) {
  if (!reply.reached) return "not reached: " + reply.error;
  return std::to_string(reply.status) + " " + reply.body.dump();
}

// A character's kiosk PIN, as `marshal pins` prints it.
inline std::string pin_of(const std::string& ledger_path, const std::string& name) {
  db::Database db(ledger_path, false);
  for (const auto& p : db::kiosk_pins(db))
    if (p.name == name) return p.pin;
  FAIL("no kiosk PIN for " << name);
  return {};
}

// A player signed in at a kiosk (POST /kiosk/sign-in); the sign-in token.
inline std::string kiosk_sign_in(const std::string& url, const std::string& kiosk_token, const std::string& badge,
                                 const std::string& pin) {
  client::HttpClient http(url);
  http.set_token(kiosk_token);
  client::HttpReply r = http.post("/kiosk/sign-in", Json{{"badge", badge}, {"pin", pin}});
  INFO("sign-in " << badge << ": " << describe(r));
  REQUIRE(r.status == 200);
  return r.body.value("sign_in", "");
}

inline client::HttpReply client_get(const std::string& url, const std::string& path,
                                    const std::string& token = "", long timeout_ms = 3000) {
  client::HttpClient http(url, timeout_ms);
  if (!token.empty()) http.set_token(token);
  return http.get(path);
}

inline bool health_ok(const std::string& url) {
  client::HttpReply r = client_get(url, "/health");
  return r.reached && r.status == 200 && r.body.is_object() && r.body.value("ok", false);
}

struct RawReply {
  bool complete = false;  // a whole reply arrived
  int status = 0;
  std::string head;
  std::string body;
  Json json;  // the body as JSON, or discarded
};

// One TCP connection to 127.0.0.1 written and read byte for byte; every wait is bounded.
// `source`, when given, is the loopback address it comes from (127.0.0.2: "another client").
class RawSocket {
 public:
  explicit RawSocket(std::uint16_t port, int send_timeout_ms = 5000, const char* source = nullptr) {
    fd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd_ < 0) return;
    timeval tv{send_timeout_ms / 1000, (send_timeout_ms % 1000) * 1000};
    setsockopt(fd_, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
    if (source) {
      sockaddr_in from{};
      from.sin_family = AF_INET;
      inet_pton(AF_INET, source, &from.sin_addr);
      if (::bind(fd_, reinterpret_cast<sockaddr*>(&from), sizeof from) != 0) {
        close();
        return;
      }
    }
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(port);
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::connect(fd_, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) close();
  }
  ~RawSocket() { close(); }
  RawSocket(const RawSocket&) = delete;
  RawSocket& operator=(const RawSocket&) = delete;

  bool connected() const { return fd_ >= 0; }
  int error() const { return error_; }  // errno of the last failed send
  void close() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
  }

  // False when the peer closed, reset, or did not read within the send timeout (see error()).
  bool send_all(std::string_view data) {
    while (!data.empty()) {
      ssize_t n = ::send(fd_, data.data(), data.size(), MSG_NOSIGNAL);
      if (n <= 0) {
        if (n < 0 && errno == EINTR) continue;
        error_ = n < 0 ? errno : 0;
        return false;
      }
      data.remove_prefix(static_cast<std::size_t>(n));
    }
    return true;
  }

  // Reads one HTTP reply (Content-Length or chunked body) within timeout_ms.
  RawReply read_reply(int timeout_ms = 5000) {
    RawReply reply;
    auto start = Clock::now();
    std::size_t head_end;
    while ((head_end = buffer_.find("\r\n\r\n")) == std::string::npos)
      if (!fill(start, timeout_ms)) return reply;
    reply.head = buffer_.substr(0, head_end);
    buffer_.erase(0, head_end + 4);
    if (reply.head.size() < 12 || reply.head.compare(0, 5, "HTTP/") != 0) return reply;
    reply.status = std::atoi(reply.head.c_str() + 9);
    std::string lower = reply.head;
    for (auto& ch : lower) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    if (auto at = lower.find("content-length:"); at != std::string::npos) {
      std::size_t length = std::stoul(lower.substr(at + 15));
      while (buffer_.size() < length)
        if (!fill(start, timeout_ms)) return reply;
      reply.body = buffer_.substr(0, length);
      buffer_.erase(0, length);
    } else if (lower.find("transfer-encoding: chunked") != std::string::npos) {
      for (;;) {
        std::size_t line_end;
        while ((line_end = buffer_.find("\r\n")) == std::string::npos)
          if (!fill(start, timeout_ms)) return reply;
        std::size_t size = std::stoul(buffer_.substr(0, line_end), nullptr, 16);
        while (buffer_.size() < line_end + 2 + size + 2)
          if (!fill(start, timeout_ms)) return reply;
        reply.body += buffer_.substr(line_end + 2, size);
        buffer_.erase(0, line_end + 2 + size + 2);
        if (size == 0) break;
      }
    }
    reply.json = Json::parse(reply.body, nullptr, false);
    reply.complete = true;
    return reply;
  }

  // True when the peer has closed the connection (read gives end of file) within timeout_ms.
  bool closed_by_peer(int timeout_ms) {
    auto start = Clock::now();
    while (fill(start, timeout_ms)) {
    }
    return eof_;
  }

 private:
  bool fill(Clock::time_point start, int timeout_ms) {
    if (fd_ < 0 || eof_) return false;
    std::int64_t left = timeout_ms - ms_since(start);
    if (left <= 0) return false;
    pollfd p{fd_, POLLIN, 0};
    if (::poll(&p, 1, static_cast<int>(left)) <= 0) return false;
    char chunk[16384];
    ssize_t n = ::recv(fd_, chunk, sizeof chunk, 0);
    if (n <= 0) {
      eof_ = true;
      return false;
    }
    buffer_.append(chunk, static_cast<std::size_t>(n));
    return true;
  }

  int fd_ = -1;
  int error_ = 0;
  bool eof_ = false;
  std::string buffer_;
};

// An HTTP/1.1 request as text, with Content-Length when there is a body.
inline std::string http_request(const std::string& method, const std::string& path,
                                const std::string& token, const std::string& body,
                                const std::string& extra_headers = "") {
  std::string text = method + " " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\n";
  if (!token.empty()) text += "Authorization: Bearer " + token + "\r\n";
  if (method == "POST")
    text +=
        "Content-Type: application/json\r\nContent-Length: " + std::to_string(body.size()) + "\r\n";
  return text + extra_headers + "\r\n" + body;
}

// Sends a request on a new connection and reads the reply.
inline RawReply raw_exchange(std::uint16_t port, const std::string& request,
                             int timeout_ms = 5000) {
  RawSocket s(port);
  if (!s.connected() || !s.send_all(request)) return {};
  return s.read_reply(timeout_ms);
}

// This process's resident memory, in KiB (from /proc/self/status).
inline long vm_rss_kib() {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line))
    if (line.rfind("VmRSS:", 0) == 0) return std::stol(line.substr(6));
  return -1;
}

}  // namespace marshal::server_testing
