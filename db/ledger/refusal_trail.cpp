#include "ledger/refusal_trail.h"

#include <fmt/format.h>

#include "protocol/utf8.h"

namespace marshal::db {

namespace {
constexpr std::size_t text_max_bytes = 400;  // station, type, code, field and reason

void insert_row(Database& db, const RefusalRecord& r, std::int64_t repeats) {
  using protocol::truncate_utf8;
  db.prepare(
        "INSERT INTO refusals(server_time_ms, station, uuid, type, code, field, reason, payload, "
        "repeats) VALUES (?,?,?,?,?,?,?,?,?)")
      .bind(1, r.server_time_ms)
      .bind(2, truncate_utf8(r.station, text_max_bytes))
      .bind(3, r.uuid ? std::optional<std::string>(truncate_utf8(*r.uuid, text_max_bytes)) : std::nullopt)
      .bind(4, truncate_utf8(r.type, text_max_bytes))
      .bind(5, truncate_utf8(r.code, text_max_bytes))
      .bind(6, truncate_utf8(r.field, text_max_bytes))
      .bind(7, truncate_utf8(r.reason, text_max_bytes))
      .bind(8, r.payload.empty() ? std::nullopt
                                 : std::optional<std::string>(truncate_utf8(r.payload, refusal_payload_max_bytes)))
      .bind(9, repeats)
      .run();
}
}  // namespace

void RefusalTrail::record(Database& db, const RefusalRecord& refusal) {
  std::int64_t minute = refusal.server_time_ms / refusal_bucket_ms;
  {
    std::lock_guard lock(mutex_);
    Key key{refusal.station, minute, refusal.code};
    auto [bucket, first] = buckets_.try_emplace(key);
    int& rows = rows_[{refusal.station, minute}];
    if (!first || rows >= refusal_rows_per_station_per_minute) {
      bucket->second.type = refusal.type;
      ++bucket->second.repeats;
      return;
    }
    ++rows;
  }
  insert_row(db, refusal, 1);
}

int RefusalTrail::flush(Database& db, std::int64_t now_ms, bool everything) {
  std::int64_t this_minute = now_ms / refusal_bucket_ms;
  std::vector<std::pair<Key, Bucket>> closed;
  {
    std::lock_guard lock(mutex_);
    for (auto it = buckets_.begin(); it != buckets_.end();) {
      if (!everything && std::get<1>(it->first) >= this_minute) {
        ++it;
        continue;
      }
      if (it->second.repeats > 0) closed.emplace_back(*it);
      it = buckets_.erase(it);
    }
    for (auto it = rows_.begin(); it != rows_.end();)
      it = everything || it->first.second < this_minute ? rows_.erase(it) : std::next(it);
  }
  for (const auto& [key, bucket] : closed) {
    const auto& [station, minute, code] = key;
    RefusalRecord summary;
    summary.server_time_ms = std::min(now_ms, (minute + 1) * refusal_bucket_ms - 1);
    summary.station = station;
    summary.type = bucket.type;
    summary.code = code;
    summary.reason = fmt::format("{} more refusal(s) of this code from this station in this minute, counted, not stored one by one",
                                 bucket.repeats);
    insert_row(db, summary, bucket.repeats);
  }
  return static_cast<int>(closed.size());
}

std::int64_t RefusalTrail::pending_repeats() const {
  std::lock_guard lock(mutex_);
  std::int64_t n = 0;
  for (const auto& [key, bucket] : buckets_) n += bucket.repeats;
  return n;
}

}  // namespace marshal::db
