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

// What the audit learns on the replay's way, so that it reads the file once:
//  on_read       every row as it is read, in order, on the reading thread (after its seq, link
//                and hash were checked): the audit's per-station figures and timeline
//  on_parsed     the same row with its payload parsed (without the ledger's part) and the
//                ledger's part as stored, on the reading thread, for each event the replay
//                will be handed: what needs no state (the draws, the conflicts' rows)
//  before_apply  each event before it is replayed, with the rebuilt ledger as it stood just
//                before it: the state a conflict began from (the odds for calibration)
using RowObserver = std::function<void(const EventRow& row)>;
using ParsedObserver = std::function<void(const EventRow& row, const protocol::Json& payload, const protocol::Json& stored)>;
using ReplayObserver = std::function<void(const EventRow& row, const protocol::Json& payload, Database& before)>;
struct ReplayHooks {
  std::function<void(std::int64_t, std::int64_t)> progress;  // (done, total) as events are replayed
  RowObserver on_read;
  ParsedObserver on_parsed;
  ReplayObserver before_apply;
};

struct VerifyReport {
  bool ok = true;
  std::int64_t events = 0;
  std::int64_t failed_seq = 0;  // 0 when the failure is not one event's (a projection table)
  std::string reason;
  bool read_to_end = false;     // every row was read and its link and hash checked
};

VerifyReport verify_ledger(const std::string& path, const ReplayHooks& hooks);
// progress(done, total) is called as events are checked.
VerifyReport verify_ledger(const std::string& path,
                           const std::function<void(std::int64_t, std::int64_t)>& progress = {});

}  // namespace marshal::db
