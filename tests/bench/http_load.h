#pragma once
// A load generator for the ledger server, like wrk: one thread drives N keep-alive connections
// to 127.0.0.1 with epoll, each connection a station with one request outstanding at a time.
// The stations of a real venue are other machines; on the benchmark's machine a thread per
// client (libcurl, shared/client) would take half of the cores the server is measured on, so
// the figures would say more about the clients than about the server.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace marshal::bench {

struct LoadResult {
  std::vector<double> latency_ms;  // one per request answered, in the order they completed
  int not_accepted = 0;            // answered with a status other than 200
  double seconds = 0;              // from the first request sent to the last reply read
  std::string error;               // set when the run could not go on (connection lost...)
};

// Sends `requests` POSTs to `path` spread over `connections` connections; body(connection, i)
// gives the JSON text of request i on that connection. Every request carries the token.
LoadResult drive_load(std::uint16_t port, const std::string& path, const std::string& token,
                      int connections, int requests,
                      const std::function<std::string(int connection, int index)>& body);

}  // namespace marshal::bench
