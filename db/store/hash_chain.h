#pragma once
// The SHA-256 chain over the event log. hash = SHA-256 of the fields of one row, each written
// as an 8-byte big-endian length followed by its bytes (so no two rows can serialise alike):
//   seq (decimal), uuid, station, client_time_ms (decimal, or empty for NULL), server_time_ms
//   (decimal), type, payload, prev_hash (32 raw bytes).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

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
    "seq, uuid, station, client_time_ms, server_time_ms, type, payload, prev_hash, hash";  // i18n: not words
EventRow event_row_from(const Statement& s);

inline constexpr std::size_t hash_bytes = 32;
Blob genesis_hash();  // 32 zero bytes
Blob event_hash(const EventRow& row);
std::string to_hex(const Blob& bytes);
// A hash written as 64 lower-case hex digits (to_hex's form), back as its 32 bytes; nullopt when
// the text is anything else.
std::optional<Blob> hash_from_hex(std::string_view hex);
// The SHA-256 of some bytes, as 64 lower-case hex digits (a digest to compare, not a chain link).
std::string sha256_hex(std::string_view bytes);

// Writes one events row as it is (its seq, links and hash already made).
void insert_event(Database& db, const EventRow& row);
// Chains `row` (station, times, type, payload set; seq, prev_hash and hash filled in here) after
// the file's last event and writes it. Inside the caller's write transaction: the admin's own
// events (station enrolments) that are written beside the server's writer; the writer sees
// another connection's commit and reads the head again.
void append_chained(Database& db, EventRow& row);

// The refusal trail is chained too (docs/audit.md): each row's hash covers its fields and the
// hash of the row before it, so a row deleted or edited breaks the chain at the next one.
//   id, server_time_ms, repeats (decimal), station, uuid (empty for NULL), type, code, field,
//   reason, payload (empty for NULL), prev_hash (32 raw bytes), each length-prefixed as above.
struct RefusalRow {
  std::int64_t id = 0;
  std::int64_t server_time_ms = 0;
  std::string station;
  std::optional<std::string> uuid;
  std::string type, code, field, reason;
  std::optional<std::string> payload;
  std::int64_t repeats = 1;
  Blob prev_hash;
  Blob hash;  // empty for a row written before the trail was chained (migration 10)
};
inline constexpr const char* refusal_columns =
    "id, server_time_ms, station, uuid, type, code, field, reason, payload, repeats, prev_hash, hash";  // i18n: not words
RefusalRow refusal_row_from(const Statement& s);
Blob refusal_hash(const RefusalRow& row);
// Writes one refusals row as it is (its id, link and hash already made).
void insert_refusal(Database& db, const RefusalRow& row);

}  // namespace marshal::db
