#include "ledger/verify.h"

#include <filesystem>

#include <fmt/format.h>

#include "ledger/ledger.h"
#include "store/hash_chain.h"
#include "store/schema.h"

namespace marshal::db {

namespace {

std::vector<std::string> table_rows(Database& db, const std::string& table) {
  Statement s = db.prepare("SELECT * FROM " + table);
  std::vector<std::string> rows;
  while (s.step()) {
    std::string row;
    for (int c = 0; c < s.columns(); ++c) {
      if (c) row += " | ";
      row += s.is_null(c) ? "NULL" : s.text(c);
    }
    rows.push_back(row);
  }
  std::sort(rows.begin(), rows.end());
  return rows;
}

}  // namespace

// Replays a ledger's events into a fresh one in memory; friend of Ledger for apply().
class Replayer {
 public:
  static VerifyReport run(Database& source, const std::function<void(std::int64_t, std::int64_t)>& progress,
                          const ReplayObserver& observer) {
    VerifyReport report;
    std::int64_t total = source.scalar_int("SELECT COUNT(*) FROM events");
    Ledger fresh(":memory:", true, LedgerRandomness{});
    Statement s = source.prepare(std::string("SELECT ") + event_columns + " FROM events ORDER BY seq");
    Blob previous = genesis_hash();
    std::int64_t expected_seq = 1;
    auto fail = [&](std::int64_t seq, const std::string& reason) {
      report.ok = false;
      report.failed_seq = seq;
      report.reason = reason;
      return report;
    };
    while (s.step()) {
      EventRow row = event_row_from(s);
      if (row.seq != expected_seq)
        return fail(expected_seq, fmt::format("event {} is missing (the next is {})", expected_seq, row.seq));
      if (row.prev_hash != previous)
        return fail(row.seq, "its prev_hash does not match the hash of the event before it");
      if (event_hash(row) != row.hash)
        return fail(row.seq, "its hash does not match its contents: the event was altered");
      previous = row.hash;
      ++expected_seq;

      Json payload;
      try {
        payload = Json::parse(row.payload);
      } catch (const std::exception&) {
        return fail(row.seq, "its payload is not JSON");
      }
      Json stored = payload.value("ledger", Json::object());
      payload.erase("ledger");
      Json ledger = stored;
      if (observer) observer(row, payload, fresh.db_);
      try {
        Transaction tx(fresh.db_);
        fresh.apply(row.type, payload, ledger, row.seq, row.server_time_ms, true);
        tx.commit();
      } catch (const LedgerRefusal& r) {
        return fail(row.seq, fmt::format("replaying {} is refused: {} ({})", row.type, r.what(), r.code));
      }
      if (ledger != stored)
        return fail(row.seq, "replaying " + row.type + " gives a different outcome than the one stored");
      ++report.events;
      if (progress) progress(report.events, total);
    }
    for (const auto& table : projection_tables()) {
      auto mine = table_rows(source, table), rebuilt = table_rows(fresh.db_, table);
      if (mine != rebuilt) {
        std::size_t i = 0;
        while (i < mine.size() && i < rebuilt.size() && mine[i] == rebuilt[i]) ++i;
        std::string detail = i < mine.size() ? "the file has: " + mine[i] : "the file lacks: " + rebuilt[i];
        return fail(0, "table " + table + " differs from the one rebuilt from the events; " + detail);
      }
    }
    return report;
  }
};

VerifyReport verify_ledger(const std::string& path,
                           const std::function<void(std::int64_t, std::int64_t)>& progress,
                           const ReplayObserver& observer) {
  if (!std::filesystem::exists(path)) return {false, 0, 0, "no ledger file at " + path};
  Database source(path, false);
  if (schema_version(source) != static_cast<int>(migrations().size()))
    return {false, 0, 0, "the file is not a ledger of this version of Marshal"};
  return Replayer::run(source, progress, observer);
}

}  // namespace marshal::db
