#pragma once
// A standby ledger's copy of the primary's chain (issue 29, docs/plans/standby-ledger.md §1): the
// primary's events and refusal rows, appended to the standby's file as they are (their seq,
// uuid, times, payload bytes and hashes), each one checked before it is written: it follows the
// head (seq and link) and its hash is its own. Nothing of a batch is written unless all of it
// holds. Replaying the events through the rules into the file's tables (the projections: who is
// alive, which card was played) comes after, in transactions of its own (Ledger::
// project_replicated): the primary's reply waits for the standby's disk, not for its replay.
// A replay whose outcome is not the one stored stops the standby as a broken link does.
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "ledger/replica_admin.h"
#include "store/hash_chain.h"

namespace marshal::db {

// What the primary sends a standby in one answer (the wire form comes with the follow route).
struct ReplicaBatch {
  std::vector<EventRow> events;      // in seq order, the first right after the standby's head
  std::vector<RefusalRow> refusals;  // in id order, the first right after the standby's last
  // The PINs, admin checks and codes (ledger/replica_admin.h), when the standby's digest was
  // another: applied once the file holds the chain up to its as_of_seq.
  std::optional<AdminSnapshot> admin;
};

// A batch that cannot be the primary's next: `seq` names the event (or `refusal_id` the refusal
// row) that failed, `what` says how. The standby stops following and says so.
struct ReplicaMismatch : std::runtime_error {
  ReplicaMismatch(std::int64_t seq_, std::int64_t refusal_id_, const std::string& what)
      : std::runtime_error(what), seq(seq_), refusal_id(refusal_id_) {}
  // The file's own replay mark is bad (replayed_seq): no event is to blame and marshal verify
  // cannot mend it, so the standby starts again from a new file.
  static ReplicaMismatch of_mark(const std::string& what) {
    ReplicaMismatch mismatch(0, 0, what);
    mismatch.bad_mark = true;
    return mismatch;
  }
  bool names_the_mark() const { return bad_mark; }

  // 0 and 0: neither an event nor a refusal row is to blame (the mark, a promoted file).
  std::int64_t seq;         // 0 when a refusal row failed
  std::int64_t refusal_id;  // 0 when an event failed
  bool bad_mark = false;    // of_mark
};

// The chain's head and the refusal trail's last row of a file: where a standby asks to go on from.
struct ReplicaHead {
  std::int64_t seq = 0;
  Blob hash;  // genesis_hash() before the first event
  std::int64_t refusal_id = 0;
};

// What a standby knows of its primary, kept in its own file (replica_state: never replicated,
// never a projection) so that `marshal promote` can tell, with the server stopped, whether the
// standby was in step when it last heard from it.
struct ReplicaState {
  std::string primary;               // the primary's pinned URL
  std::int64_t primary_epoch = 0;
  std::int64_t primary_head = 0;     // the primary's head at its last answer
  std::int64_t last_contact_ms = 0;  // 0: never
  bool in_sync = false;              // this file held the primary's whole chain then
  std::string admin_digest;          // the primary's admin snapshot this file holds (replica_admin.h)
  std::string role = "standby";      // "primary" once promoted (marshal promote)
};
// Inside the caller's transaction. An empty `role` leaves the file's as it is and throws
// ReplicaMismatch when it is "primary": a follower never undoes a promotion written meanwhile.
void write_replica_state(Database& db, const ReplicaState& state);
// What an operator decided: `marshal serve --standby-of` makes the file a standby, `marshal
// promote` a primary.
void set_replica_role(Database& db, const std::string& role);
// nullopt: the file never followed a primary.
std::optional<ReplicaState> read_replica_state(Database& db);

// The last event replayed into a standby's tables; nullopt when the file keeps no such mark:
// then every event is (a primary, a standby with nothing left to replay). A mark that is not an
// event's number, or names one past the file's last, is a ReplicaMismatch naming it (a file
// edited or damaged): verify and the audit fail on it, a primary does not start on it, and
// nothing replays or appends past it.
std::optional<std::int64_t> replayed_seq(Database& db);

}  // namespace marshal::db
