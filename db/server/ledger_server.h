#pragma once
// The ledger server: HTTPS/JSON for stations on the venue network (docs/server.md), on
// libmicrohttpd with an epoll thread pool, so idle keep-alive connections cost no thread and a
// new connection is answered at once. Appends go through the group-commit AppendQueue; the
// live feed is a long-poll whose connection is suspended until an event arrives or it times out.
// Limits (docs/server.md, "Limits"): request bodies (chunked or not) up to max_body_bytes, else
// 413; the whole request head within connection_memory_bytes, else the connection is refused and
// its memory freed; JSON nested at most protocol::max_json_depth_levels; connections per address
// and deadlines for a request's head and body kept by ConnectionGuard.
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "server/append_queue.h"
#include "server/connection_guard.h"
#include "server/replica_follower.h"

namespace marshal::db {

struct ServerConfig {
  std::string db_path;
  std::string host = "127.0.0.1";
  std::uint16_t port = 0;  // 0: any free port (see LedgerServer::port)
  std::size_t max_body_bytes = 64 * 1024;
  std::size_t connection_memory_bytes = 32 * 1024;
  unsigned threads = 4;
  unsigned idle_timeout_s = 120;
  std::int64_t max_wait_ms = 30'000;  // longest long-poll
  // The ledger's TLS key and certificate, PEM (server/tls_identity.h). Both empty: plain HTTP,
  // which the server refuses to serve on any address but loopback (127.0.0.0/8).
  std::string tls_key_pem, tls_cert_pem;
  ConnectionLimits connection_limits;  // per address, head and body deadlines (connection_guard.h)
  // Where the server says why it refused or shed, one line each, rate-limited (standard error
  // when empty).
  std::function<void(const std::string& line)> log;
  // Set: this server is a standby (issue 29, docs/server.md "A standby ledger"). It follows the
  // primary's chain into db_path (an empty replica: Ledger::create_replica), serves reads, and
  // refuses every write 503 not_primary, until `marshal promote` makes the file a primary.
  struct StandbyOf {
    std::string primary;  // the primary's pinned URL, for words and replica_state
    Fetch fetch;          // a GET on the primary (db/cli builds it from the pinned HTTPS client)
  };
  std::optional<StandbyOf> standby_of;
};

class LedgerServer {
 public:
  // Opens the ledger and starts listening; throws std::runtime_error with a clear message when
  // the file is not a ledger or the address cannot be bound.
  explicit LedgerServer(const ServerConfig& config);
  ~LedgerServer();
  LedgerServer(const LedgerServer&) = delete;
  LedgerServer& operator=(const LedgerServer&) = delete;

  std::uint16_t port() const;
  // The group-commit writer's figures so far (server/append_queue.h).
  AppendQueue::Stats writer_stats() const;
  // A standby's follower's figures (all zero on a primary).
  ReplicaFollower::Stats follower_stats() const;

  struct Impl;

 private:
  std::unique_ptr<Impl> impl_;
};

// Whether an IPv4 address in text is a loopback one (127.0.0.0/8).
bool is_loopback_address(const std::string& host);

// Parses "HOST:PORT" (e.g. 0.0.0.0:8080, 127.0.0.1:0); false with a reason when malformed.
bool parse_listen_address(const std::string& text, std::string& host, std::uint16_t& port,
                          std::string& reason);

}  // namespace marshal::db
