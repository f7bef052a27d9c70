#pragma once
// The audit of a ledger file: the hash chain recomputed row by row, then every event replayed
// into a fresh ledger (every resolution through shared/core again) and the rebuilt projections
// compared with the file's. The first event or table that fails is named.
#include <cstdint>
#include <functional>
#include <string>

namespace marshal::db {

struct VerifyReport {
  bool ok = true;
  std::int64_t events = 0;
  std::int64_t failed_seq = 0;  // 0 when the failure is not one event's (a projection table)
  std::string reason;
};

// progress(done, total) is called as events are checked.
VerifyReport verify_ledger(const std::string& path,
                           const std::function<void(std::int64_t, std::int64_t)>& progress = {});

}  // namespace marshal::db
