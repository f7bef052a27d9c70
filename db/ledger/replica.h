#pragma once
// A standby ledger's copy of the primary's chain (issue 29, docs/plans/standby-ledger.md §1): the
// primary's events and refusal rows, appended to the standby's file as they are (their seq,
// uuid, times, payload bytes and hashes), each one checked before it is written: it follows the
// head (seq and link), its hash is its own, and replaying it through the rules gives the outcome
// stored in it. Nothing of a batch is written unless all of it holds.
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "store/hash_chain.h"

namespace marshal::db {

// What the primary sends a standby in one answer (the wire form comes with the follow route).
struct ReplicaBatch {
  std::vector<EventRow> events;      // in seq order, the first right after the standby's head
  std::vector<RefusalRow> refusals;  // in id order, the first right after the standby's last
};

// A batch that cannot be the primary's next: `seq` names the event (or `refusal_id` the refusal
// row) that failed, `what` says how. The standby stops following and says so.
struct ReplicaMismatch : std::runtime_error {
  ReplicaMismatch(std::int64_t seq_, std::int64_t refusal_id_, const std::string& what)
      : std::runtime_error(what), seq(seq_), refusal_id(refusal_id_) {}
  std::int64_t seq;         // 0 when a refusal row failed
  std::int64_t refusal_id;  // 0 when an event failed
};

// The chain's head and the refusal trail's last row of a file: where a standby asks to go on from.
struct ReplicaHead {
  std::int64_t seq = 0;
  Blob hash;  // genesis_hash() before the first event
  std::int64_t refusal_id = 0;
};

}  // namespace marshal::db
