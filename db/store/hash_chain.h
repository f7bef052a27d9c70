#pragma once
// The SHA-256 chain over the event log. hash = SHA-256 of the fields of one row, each written
// as an 8-byte big-endian length followed by its bytes (so no two rows can serialise alike):
//   seq (decimal), uuid, station, client_time_ms (decimal, or empty for NULL), server_time_ms
//   (decimal), type, payload, prev_hash (32 raw bytes).
#include <cstdint>
#include <optional>
#include <string>

#include "store/sqlite.h"

namespace marshal::db {

struct EventRow {
  std::int64_t seq = 0;
  std::string uuid;
  std::string station;
  std::optional<std::int64_t> client_time_ms;
  std::int64_t server_time_ms = 0;
  std::string type;
  std::string payload;
  Blob prev_hash;
  Blob hash;
};

// The columns of an events row in EventRow's order, and the row read back from a statement
// that selected them (first).
inline constexpr const char* event_columns =
    "seq, uuid, station, client_time_ms, server_time_ms, type, payload, prev_hash, hash";
EventRow event_row_from(const Statement& s);

inline constexpr std::size_t hash_bytes = 32;
Blob genesis_hash();  // 32 zero bytes
Blob event_hash(const EventRow& row);
std::string to_hex(const Blob& bytes);

}  // namespace marshal::db
