#include "server/connection_guard.h"

#include <sys/socket.h>

#include <fmt/format.h>

#include "i18n/translate.h"

namespace marshal::db {

using i18n::tr;

ConnectionGuard::ConnectionGuard(ConnectionLimits limits, RateLimitedLog& log)
    : limits_(limits), log_(log) {}

bool ConnectionGuard::may_accept(const std::string& address, std::int64_t now_ms) {
  {
    std::lock_guard lock(mutex_);
    auto it = per_address_.find(address);
    if (it == per_address_.end() || it->second < limits_.per_address) return true;
  }
  log_.write("per-address cap",  // i18n: not words (a key)
           // TRANSLATORS: {0} is an IPv4 address, {1} the most connections one address may hold
           fmt::format(fmt::runtime(tr("refused a connection from {}: it holds {} connections already (the cap)")),
                       address, limits_.per_address),
           now_ms);
  return false;
}

bool ConnectionGuard::opened(const void* connection, int fd, const std::string& address,
                             std::int64_t now_ms) {
  unsigned held;
  {
    std::lock_guard lock(mutex_);
    held = ++per_address_[address];
    connections_[connection] = {fd, address, Phase::head, now_ms + limits_.head_deadline_ms};
    if (held <= limits_.per_address) return true;
    // Shed at once; closed() will still come and count it out.
    connections_[connection].phase = Phase::shed;
    ::shutdown(fd, SHUT_RDWR);
  }
  log_.write("per-address cap",  // i18n: not words (a key)
           // TRANSLATORS: {0} is an IPv4 address, {1} the most connections one address may hold
           fmt::format(fmt::runtime(tr("shed a connection from {}: over its cap of {} connections")), address,
                       limits_.per_address),
           now_ms);
  return false;
}

void ConnectionGuard::head_received(const void* connection, std::int64_t now_ms) {
  std::lock_guard lock(mutex_);
  auto it = connections_.find(connection);
  if (it != connections_.end() && it->second.phase == Phase::head)
    it->second = {it->second.fd, it->second.address, Phase::body, now_ms + limits_.body_deadline_ms};
}

void ConnectionGuard::request_complete(const void* connection) {
  std::lock_guard lock(mutex_);
  auto it = connections_.find(connection);
  if (it != connections_.end() && it->second.phase != Phase::shed) it->second.phase = Phase::answering;
}

void ConnectionGuard::reply_sent(const void* connection, std::int64_t now_ms) {
  std::lock_guard lock(mutex_);
  auto it = connections_.find(connection);
  if (it != connections_.end() && it->second.phase != Phase::shed)
    it->second = {it->second.fd, it->second.address, Phase::head, now_ms + limits_.head_deadline_ms};
}

void ConnectionGuard::closed(const void* connection) {
  std::lock_guard lock(mutex_);
  auto it = connections_.find(connection);
  if (it == connections_.end()) return;
  auto count = per_address_.find(it->second.address);
  if (count != per_address_.end() && --count->second == 0) per_address_.erase(count);
  connections_.erase(it);
}

int ConnectionGuard::shed_overdue(std::int64_t now_ms) {
  int heads = 0, bodies = 0;
  std::string example;
  {
    std::lock_guard lock(mutex_);
    for (auto& [key, c] : connections_) {
      bool waiting = c.phase == Phase::head || c.phase == Phase::body;
      if (!waiting || c.deadline_ms > now_ms) continue;
      (c.phase == Phase::head ? heads : bodies) += 1;
      if (example.empty()) example = c.address;
      // The socket is still open: closed() (under this lock) comes before its descriptor is
      // closed, so `fd` cannot name another connection's socket here.
      ::shutdown(c.fd, SHUT_RDWR);
      c.phase = Phase::shed;
    }
  }
  if (heads > 0)
    log_.write("head deadline",  // i18n: not words (a key)
             // TRANSLATORS: {0} is how many connections, {1} an IPv4 address, {2} milliseconds
             fmt::format(fmt::runtime(tr("shed {} connection(s) (e.g. from {}) that sent no whole request head "
                                         "within {} ms")),
                         heads, example, limits_.head_deadline_ms),
             now_ms);
  if (bodies > 0)
    log_.write("body deadline",  // i18n: not words (a key)
             // TRANSLATORS: {0} is how many connections, {1} an IPv4 address, {2} milliseconds
             fmt::format(fmt::runtime(tr("shed {} connection(s) (e.g. from {}) that sent no whole request body "
                                         "within {} ms of its head")),
                         bodies, example, limits_.body_deadline_ms),
             now_ms);
  return heads + bodies;
}

unsigned ConnectionGuard::connections_of(const std::string& address) const {
  std::lock_guard lock(mutex_);
  auto it = per_address_.find(address);
  return it == per_address_.end() ? 0 : it->second;
}

}  // namespace marshal::db
