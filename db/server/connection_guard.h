#pragma once
// What keeps one address from locking the stations out of the ledger server: a cap on the
// connections one client address may hold, and deadlines for a request's head and body. A
// connection past its deadline is shut down (shutdown(2) on its socket: the server's own event
// loop then sees the end and frees it). Every shed is logged, rate-limited. Thread-safe; the
// server calls it from libmicrohttpd's callbacks and sheds from its timer thread.
#include <cstdint>
#include <map>
#include <mutex>
#include <string>

#include "server/rate_limited_log.h"

namespace marshal::db {

// The limits, each documented in docs/server.md ("Limits").
inline constexpr unsigned max_connections_per_address = 256;
inline constexpr unsigned max_connections_total = 16'384;
inline constexpr std::int64_t request_head_deadline_ms = 10'000;  // from connect or the last reply
inline constexpr std::int64_t request_body_deadline_ms = 10'000;  // from the end of the head

struct ConnectionLimits {
  unsigned per_address = max_connections_per_address;
  std::int64_t head_deadline_ms = request_head_deadline_ms;
  std::int64_t body_deadline_ms = request_body_deadline_ms;
};

class ConnectionGuard {
 public:
  ConnectionGuard(ConnectionLimits limits, RateLimitedLog& log);

  // Before a connection is accepted: false (and logged) when its address holds its cap already.
  bool may_accept(const std::string& address, std::int64_t now_ms);
  // A connection was opened on socket `fd`; false when it puts its address over the cap (two
  // threads accepted at once): the caller sheds it.
  bool opened(const void* connection, int fd, const std::string& address, std::int64_t now_ms);
  // The head of a request arrived: its body must follow within the body deadline.
  void head_received(const void* connection, std::int64_t now_ms);
  // The whole request arrived and is being answered (an append may wait for the writer, a
  // long-poll for an event): no deadline of this guard's.
  void request_complete(const void* connection);
  // The reply was sent: a keep-alive connection has the head deadline again for its next request.
  void reply_sent(const void* connection, std::int64_t now_ms);
  void closed(const void* connection);

  // Shuts down every connection past its deadline; how many.
  int shed_overdue(std::int64_t now_ms);

  unsigned connections_of(const std::string& address) const;

 private:
  enum class Phase { head, body, answering, shed };
  struct Connection {
    int fd;
    std::string address;
    Phase phase;
    std::int64_t deadline_ms;
  };
  ConnectionLimits limits_;
  RateLimitedLog& log_;
  mutable std::mutex mutex_;
  std::map<const void*, Connection> connections_;
  std::map<std::string, unsigned> per_address_;
};

}  // namespace marshal::db
