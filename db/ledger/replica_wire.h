#pragma once
// The JSON form of what a primary sends its standby (GET /replica/follow, issue 29): each event
// and refusal row with every column as stored, the hashes as hex, the payload as the stored text
// (a JSON string, so its bytes come back exactly as hashed). Read back strictly: a field missing,
// of the wrong type or out of range is an InputError naming it.
#include <cstdint>

#include "ledger/replica.h"
#include "protocol/json_fields.h"

namespace marshal::db {

// At most this many events, and about this many bytes of them, in one answer to a standby.
inline constexpr std::int64_t standby_batch_max_events = 1000;
inline constexpr std::size_t standby_batch_max_bytes = 4u << 20;  // 4 MiB
// How often, at most, a primary reads its admin snapshot again for its standby (ms): the
// standby's PINs, admin checks and codes lag the primary's by about this much.
inline constexpr std::int64_t admin_snapshot_every_ms = 1000;

protocol::Json replica_event_json(const EventRow& row);
protocol::Json replica_refusal_json(const RefusalRow& row);
// The same as protocol::compact_text of the two above, written straight into `out`: a follow
// answer is made while the standby waits for it, and a dozen events' JSON trees cost more than
// reading them.
void append_replica_event_text(const EventRow& row, std::string& out);
void append_replica_refusal_text(const RefusalRow& row, std::string& out);
// `path` names the row in an error ("events[3]").
EventRow replica_event_from_json(const protocol::Json& json, const std::string& path);
RefusalRow replica_refusal_from_json(const protocol::Json& json, const std::string& path);
// {"events": [...], "refusals": [...], "admin": {...} when sent} (other fields of the answer are
// the caller's).
ReplicaBatch replica_batch_from_json(const protocol::Json& answer);

}  // namespace marshal::db
