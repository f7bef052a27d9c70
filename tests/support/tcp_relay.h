#pragma once
// What a laptop on the venue's Wi-Fi sees: a relay on 127.0.0.1 between stations and the ledger
// that forwards every byte both ways and keeps a copy of all of them, as a capture on the wire
// would (tcpdump needs privileges and a capture file; this runs anywhere CI runs). Stations are
// pointed at the relay's port; TLS passes through it untouched, end to end.
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace marshal::test_support {

class TcpRelay {
 public:
  explicit TcpRelay(std::uint16_t upstream_port) : upstream_port_(upstream_port) {
    listen_fd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t size = sizeof addr;
    if (listen_fd_ < 0 || ::bind(listen_fd_, reinterpret_cast<sockaddr*>(&addr), size) != 0 ||
        ::listen(listen_fd_, 16) != 0 || ::getsockname(listen_fd_, reinterpret_cast<sockaddr*>(&addr), &size) != 0)
      throw std::runtime_error("the relay cannot listen on 127.0.0.1");
    port_ = ntohs(addr.sin_port);
    thread_ = std::thread([this] { run(); });
  }
  ~TcpRelay() {
    stopping_ = true;
    thread_.join();
    for (int fd : open_fds_) ::close(fd);
    ::close(listen_fd_);
  }
  TcpRelay(const TcpRelay&) = delete;
  TcpRelay& operator=(const TcpRelay&) = delete;

  std::uint16_t port() const { return port_; }
  // A slow Wi-Fi: each piece read is held this long (ms) before it is passed on (0: at once).
  // One thread relays every connection, so a piece held holds the others too, as a busy
  // access point does.
  void set_delay_ms(int ms) { delay_ms_ = ms; }
  // Every byte that crossed the relay so far, both directions, in the order it came.
  std::string captured() const {
    std::lock_guard lock(mutex_);
    return captured_;
  }

 private:
  struct Pair {
    int client, server;
    bool closed[2] = {false, false};  // client->server, server->client ended
  };

  int connect_upstream() const {
    int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    addr.sin_port = htons(upstream_port_);
    if (fd >= 0 && ::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0) return fd;
    if (fd >= 0) ::close(fd);
    return -1;
  }

  // One thread, poll() over the listener and every connection, 20 ms at a time, until stopped.
  void run() {
    std::vector<Pair> pairs;
    char buffer[16384];
    while (!stopping_) {
      std::vector<pollfd> fds{{listen_fd_, POLLIN, 0}};
      for (const Pair& p : pairs) {
        fds.push_back({p.closed[0] ? -1 : p.client, POLLIN, 0});  // poll() skips a negative fd
        fds.push_back({p.closed[1] ? -1 : p.server, POLLIN, 0});
      }
      if (::poll(fds.data(), fds.size(), 20) <= 0) continue;
      const std::size_t polled = pairs.size();  // a pair accepted below waits for the next poll
      if (fds[0].revents & POLLIN) {
        int client = ::accept4(listen_fd_, nullptr, nullptr, SOCK_CLOEXEC);
        int server = client >= 0 ? connect_upstream() : -1;
        if (client >= 0 && server >= 0) {
          pairs.push_back({client, server, {false, false}});
          open_fds_.push_back(client);
          open_fds_.push_back(server);
        } else if (client >= 0) {
          ::close(client);
        }
      }
      for (std::size_t i = 0; i < polled; ++i) {
        for (int side = 0; side < 2; ++side) {
          const pollfd& f = fds[1 + 2 * i + side];
          if (!(f.revents & (POLLIN | POLLHUP | POLLERR))) continue;
          int from = side == 0 ? pairs[i].client : pairs[i].server;
          int to = side == 0 ? pairs[i].server : pairs[i].client;
          ssize_t n = ::recv(from, buffer, sizeof buffer, MSG_DONTWAIT);
          if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) continue;
          if (n <= 0) {  // one side closed: the other is told by a half-close
            ::shutdown(to, SHUT_WR);
            pairs[i].closed[side] = true;
            continue;
          }
          {
            std::lock_guard lock(mutex_);
            captured_.append(buffer, static_cast<std::size_t>(n));
          }
          if (const int delay = delay_ms_; delay > 0) std::this_thread::sleep_for(std::chrono::milliseconds(delay));
          for (ssize_t sent = 0; sent < n;) {
            ssize_t m = ::send(to, buffer + sent, static_cast<std::size_t>(n - sent), MSG_NOSIGNAL);
            if (m <= 0) break;
            sent += m;
          }
        }
      }
    }
  }

  std::uint16_t upstream_port_, port_ = 0;
  int listen_fd_ = -1;
  std::vector<int> open_fds_;  // closed when the relay goes
  std::atomic<bool> stopping_{false};
  std::atomic<int> delay_ms_{0};
  mutable std::mutex mutex_;
  std::string captured_;
  std::thread thread_;
};

}  // namespace marshal::test_support
