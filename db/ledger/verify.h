#pragma once
// The audit of a ledger file: the hash chain recomputed row by row, then every event replayed
// into a fresh ledger (every resolution through shared/core again) and the rebuilt projections
// compared with the file's. The first event or table that fails is named.
#include <cstdint>
#include <functional>
#include <string>

#include "protocol/json_fields.h"
#include "store/sqlite.h"

namespace marshal::db {

struct EventRow;

// Called before each event is replayed, with the event (its payload parsed, without the
// ledger's part) and the rebuilt ledger as it stood just before it: the audit reads the state
// a conflict began from (odds for its calibration check, who was dead) without replaying twice.
using ReplayObserver = std::function<void(const EventRow& row, const protocol::Json& payload, Database& before)>;

struct VerifyReport {
  bool ok = true;
  std::int64_t events = 0;
  std::int64_t failed_seq = 0;  // 0 when the failure is not one event's (a projection table)
  std::string reason;
};

// progress(done, total) is called as events are checked.
VerifyReport verify_ledger(const std::string& path,
                           const std::function<void(std::int64_t, std::int64_t)>& progress = {},
                           const ReplayObserver& observer = {});

}  // namespace marshal::db
