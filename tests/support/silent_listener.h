#pragma once
// A network that drops packets, as a station sees one: a listener on 127.0.0.1 that takes
// connections (the kernel completes them) and never reads or answers, so every request waits
// out its whole timeout. Put it on a stopped ledger server's port to make the venue's Wi-Fi go
// silent, as it does, rather than refuse connections at once as a stopped server does.
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdint>
#include <stdexcept>
#include <string>

namespace marshal::test_support {

class SilentListener {
 public:
  explicit SilentListener(int port) : fd_(::socket(AF_INET, SOCK_STREAM, 0)) {
    int yes = 1;
    ::setsockopt(fd_, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(static_cast<std::uint16_t>(port));
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (fd_ < 0 || ::bind(fd_, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 || ::listen(fd_, 128) != 0) {
      if (fd_ >= 0) ::close(fd_);
      throw std::runtime_error("a silent listener on port " + std::to_string(port) + " could not start");
    }
  }
  ~SilentListener() { ::close(fd_); }
  SilentListener(const SilentListener&) = delete;
  SilentListener& operator=(const SilentListener&) = delete;

 private:
  int fd_;
};

}  // namespace marshal::test_support
