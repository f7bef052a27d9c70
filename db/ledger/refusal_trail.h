#pragma once
// The refusal trail (the `refusals` table): what the ledger and the server refused, for the
// audit. It stays useful and bounded under a flood. In each (station, reason code, minute) the
// first refusal is written whole; repeats are counted and written later as one summary row
// (`repeats` = how many). A station gets at most refusal_rows_per_station_per_minute whole rows a
// minute; past that every refusal of that minute is counted only. A summary row is written when
// its minute is over (flush), so a crash loses at most the last minute's repeat counts, never an
// event. Thread-safe: the writer thread and the server's connection threads share one trail.
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "store/sqlite.h"

namespace marshal::db {

inline constexpr int refusal_rows_per_station_per_minute = 20;
inline constexpr std::size_t refusal_payload_max_bytes = 4096;  // a longer payload is cut (UTF-8-safe)
inline constexpr std::int64_t refusal_bucket_ms = 60'000;

struct RefusalRecord {
  std::int64_t server_time_ms = 0;
  std::string station;
  std::optional<std::string> uuid;
  std::string type;
  std::string code, field, reason;
  std::string payload;
};

class RefusalTrail {
 public:
  // Writes the refusal into `db` (inside the caller's transaction, if any) or counts it as a
  // repeat. Never throws for text: invalid UTF-8 is replaced, long text cut on a character.
  void record(Database& db, const RefusalRecord& refusal);
  // Writes the summary rows of every bucket whose minute ended before now_ms (all of them when
  // `everything`, as at shutdown); how many rows.
  int flush(Database& db, std::int64_t now_ms, bool everything = false);
  // Repeats counted and not yet written.
  std::int64_t pending_repeats() const;

 private:
  using Key = std::tuple<std::string, std::int64_t, std::string>;  // station, minute, code
  struct Bucket {
    std::string type;
    std::int64_t repeats = 0;  // refusals of the bucket not written whole
  };
  mutable std::mutex mutex_;
  std::map<Key, Bucket> buckets_;
  std::map<std::pair<std::string, std::int64_t>, int> rows_;  // whole rows per station and minute
};

}  // namespace marshal::db
