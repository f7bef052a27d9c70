#include "http_load.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <strings.h>

namespace marshal::bench {

namespace {

using Clock = std::chrono::steady_clock;

struct Connection {
  int fd = -1;
  int sent = 0;  // requests sent on this connection
  std::string in;
  Clock::time_point started;
};

int connect_to(std::uint16_t port) {
  int fd = socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return -1;
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(port);
  inet_pton(AF_INET, "127.0.0.1", &addr.sin_addr);
  if (connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
    close(fd);
    return -1;
  }
  int one = 1;
  setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  return fd;
}

bool send_all(int fd, const std::string& text) {
  std::size_t done = 0;
  while (done < text.size()) {
    ssize_t n = send(fd, text.data() + done, text.size() - done, MSG_NOSIGNAL);
    if (n <= 0) return false;  // the socket is blocking: a short write just loops
    done += static_cast<std::size_t>(n);
  }
  return true;
}

// A whole reply in `in`? Then its status, and how many bytes it takes; 0 while incomplete.
std::size_t complete_reply(const std::string& in, int& status) {
  std::size_t head_end = in.find("\r\n\r\n");
  if (head_end == std::string::npos) return 0;
  if (in.compare(0, 9, "HTTP/1.1 ") != 0) return std::string::npos;
  status = std::atoi(in.c_str() + 9);
  std::size_t length = std::string::npos;
  for (std::size_t line = in.find("\r\n"); line < head_end; line = in.find("\r\n", line + 2)) {
    const char* header = in.c_str() + line + 2;
    if (strncasecmp(header, "Content-Length:", 15) == 0) length = std::strtoul(header + 15, nullptr, 10);
  }
  if (length == std::string::npos) return std::string::npos;  // the server always sends one
  std::size_t total = head_end + 4 + length;
  return in.size() >= total ? total : 0;
}

}  // namespace

LoadResult drive_load(std::uint16_t port, const std::string& path, const std::string& token,
                      int connections, int requests,
                      const std::function<std::string(int, int)>& body) {
  LoadResult result;
  result.latency_ms.reserve(static_cast<std::size_t>(requests));
  const std::string head = "POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " + token +
                           "\r\nContent-Type: application/json\r\nContent-Length: ";
  std::vector<Connection> conns(static_cast<std::size_t>(connections));
  int epoll = epoll_create1(0);
  auto send_next = [&](int c) {
    Connection& conn = conns[static_cast<std::size_t>(c)];
    std::string text = body(c, conn.sent);
    conn.started = Clock::now();
    ++conn.sent;
    return send_all(conn.fd, head + std::to_string(text.size()) + "\r\n\r\n" + text);
  };
  // Requests are dealt round-robin: connection c sends the ones with index % connections == c.
  auto quota = [&](int c) { return requests / connections + (c < requests % connections ? 1 : 0); };
  for (int c = 0; c < connections; ++c) {
    conns[static_cast<std::size_t>(c)].fd = connect_to(port);
    if (conns[static_cast<std::size_t>(c)].fd < 0) {
      result.error = "cannot connect to 127.0.0.1:" + std::to_string(port);
      break;
    }
    epoll_event ev{};
    ev.events = EPOLLIN;
    ev.data.u32 = static_cast<std::uint32_t>(c);
    epoll_ctl(epoll, EPOLL_CTL_ADD, conns[static_cast<std::size_t>(c)].fd, &ev);
  }
  auto start = Clock::now();
  int outstanding = 0;
  for (int c = 0; c < connections && result.error.empty(); ++c)
    if (quota(c) > 0) {
      if (!send_next(c)) result.error = "a request could not be sent";
      ++outstanding;
    }
  std::vector<epoll_event> events(static_cast<std::size_t>(connections));
  char buffer[16384];
  while (outstanding > 0 && result.error.empty()) {
    int n = epoll_wait(epoll, events.data(), connections, 10'000);
    if (n <= 0) {
      result.error = "no reply within 10 s";
      break;
    }
    for (int e = 0; e < n && result.error.empty(); ++e) {
      int c = static_cast<int>(events[static_cast<std::size_t>(e)].data.u32);
      Connection& conn = conns[static_cast<std::size_t>(c)];
      ssize_t got = recv(conn.fd, buffer, sizeof buffer, 0);
      if (got <= 0) {
        result.error = "the server closed a connection";
        break;
      }
      conn.in.append(buffer, static_cast<std::size_t>(got));
      int status = 0;
      std::size_t used = complete_reply(conn.in, status);
      if (used == std::string::npos) {
        result.error = "a reply that is not HTTP/1.1 with a Content-Length";
        break;
      }
      if (used == 0) continue;
      conn.in.erase(0, used);
      result.latency_ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - conn.started).count());
      if (status != 200) ++result.not_accepted;
      --outstanding;
      if (conn.sent < quota(c)) {
        if (!send_next(c)) result.error = "a request could not be sent";
        ++outstanding;
      }
    }
  }
  result.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  for (auto& conn : conns)
    if (conn.fd >= 0) close(conn.fd);
  close(epoll);
  return result;
}

}  // namespace marshal::bench
