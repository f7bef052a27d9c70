#include "ledger/refusal_trail.h"

#include <fmt/format.h>

#include "i18n/sentence.h"
#include "protocol/utf8.h"
#include "store/hash_chain.h"

#include <sqlite3.h>

namespace marshal::db {

namespace {
constexpr std::size_t text_max_bytes = 400;  // station, type, code, field and reason

// Chains the row after the trail's last one (store/hash_chain.h). Inside the caller's write
// transaction, or in one of its own, so that no other connection writes between the read of the
// last row and this one.
void insert_row(Database& db, const RefusalRecord& r, std::int64_t repeats) {
  using protocol::truncate_utf8;
  std::optional<Transaction> own;
  if (sqlite3_get_autocommit(db.handle())) own.emplace(db);
  RefusalRow row;
  Statement last = db.prepare("SELECT id, hash FROM refusals ORDER BY id DESC LIMIT 1");
  if (last.step()) {
    row.id = last.int64(0) + 1;
    // A trail begun before it was chained (migration 10) starts its chain here.
    row.prev_hash = last.is_null(1) ? genesis_hash() : last.blob(1);
  } else {
    row.id = 1;
    row.prev_hash = genesis_hash();
  }
  last.reset();
  row.server_time_ms = r.server_time_ms;
  row.station = truncate_utf8(r.station, text_max_bytes);
  if (r.uuid) row.uuid = truncate_utf8(*r.uuid, text_max_bytes);
  row.type = truncate_utf8(r.type, text_max_bytes);
  row.code = truncate_utf8(r.code, text_max_bytes);
  row.field = truncate_utf8(r.field, text_max_bytes);
  row.reason = truncate_utf8(r.reason, text_max_bytes);
  if (!r.payload.empty()) row.payload = truncate_utf8(r.payload, refusal_payload_max_bytes);
  row.repeats = repeats;
  row.hash = refusal_hash(row);
  insert_refusal(db, row);
  if (own) own->commit();
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
    // Stored in English (the audit trail), whatever the server's machine speaks.
    summary.reason =
        i18n::say("{} more refusal(s) of this code from this station in this minute, counted, not stored one by one",
            bucket.repeats)
            .english();
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
