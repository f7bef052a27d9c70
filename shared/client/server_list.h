#pragma once
// The ledgers a station may talk to (issue 29, docs/server.md "A standby ledger"): the one it
// enrolled at and the standby that ledger named in /health (or the primary a standby follows),
// each as a pinned URL (https://HOST:PORT#sha256=PIN). One is current: asked first, until it
// stops answering as a ledger that takes the station's records; then the others are asked in
// order (shared/client/ledger_client.h). Only data here: the client keeps it in its cache file's
// settings ("servers", a JSON array, and "server_current").
#include <cstddef>
#include <string>
#include <vector>

#include "protocol/json_fields.h"

namespace marshal::client {

class ServerList {
 public:
  // At most this many addresses are kept: the one enrolled at, a standby, and room for a standby
  // moved to another address. When full, the oldest learnt one (neither the first nor the
  // current) makes room.
  static constexpr std::size_t max_servers = 4;

  ServerList() = default;
  // `first`: the server enrolled at (settings "server"), always kept first.
  explicit ServerList(const std::string& first);
  // From the settings: `kept_json` (a JSON array of URLs; empty or damaged: only `first`),
  // `first` and `current` (ignored when not in the list).
  static ServerList from_settings(const std::string& kept_json, const std::string& first, const std::string& current);

  const std::vector<std::string>& urls() const { return urls_; }
  const std::string& current() const;
  bool contains(const std::string& url) const;
  // A URL a ledger named: true when the list changed. Refused (false): one a station may not use
  // (protocol::valid_server_url; https needs its pin), or one known. The same address with
  // another pin replaces the old one (that standby's key was made anew; a pinned ledger said so),
  // but never the first's or the current one's pin (false).
  bool add(const std::string& url);
  // The addresses a ledger's /health names (a primary's "standby_url", a standby's "following"),
  // each add()ed: true when the list changed.
  bool learn_from_health(const protocol::Json& health);
  // `url` must be in the list.
  void make_current(const std::string& url);
  // Every URL but the current one, in list order.
  std::vector<std::string> others() const;
  std::string to_json() const;

 private:
  std::vector<std::string> urls_;
  std::size_t current_ = 0;
};

}  // namespace marshal::client
