#pragma once
// A GM station's cache file as evidence for the audit (docs/audit.md): the station keeps the
// server's reply to every record it made (shared/client/ledger_client.cpp, table `records`), and
// each accepted reply names the event's seq and hash. Every one of them is an anchor the file
// under audit must hold: a station's records deleted, or the chain rewritten, is caught by any
// station that was there.
#include <string>
#include <vector>

#include "audit/anchors.h"

namespace marshal::db {

struct StationCache {
  std::string path;
  std::string station;          // the name it enrolled under ("" if it never did)
  std::vector<Anchor> anchors;  // its accepted records, in seq order
  std::int64_t records_without_hash = 0;  // accepted before the server gave hashes
};

// Reads a station's cache file; throws std::runtime_error naming the file when it is not one.
StationCache read_station_cache(const std::string& path);

}  // namespace marshal::db
