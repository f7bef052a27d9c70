#pragma once
// A whole follow answer (GET /replica/follow's 200, issue 29): the primary's epoch and head,
// whether its replies wait for this standby, and the batch (ledger/replica_wire.h).
//
// Two readers that give the same result: follow_answer_from_json reads any JSON form and says
// what is wrong; follow_answer_from_primary_text reads only the very text the primary writes
// (server/replica_routes.cpp: compact, its keys in their order, no admin snapshot), straight
// into rows, without a JSON tree. The standby's turn waits for this read: the tree cost 135-245
// us a turn of a dozen events (its objects deep-copy their members as they grow), over a third
// of the follower's CPU (perf, bench_ledger --standby-only, 2026-11-29). Any text the fast
// reader is not sure of (another form, an escape or byte it does not read, a value the slow
// reader refuses) it declines, and read_follow_answer reads it the slow way: the fast reader
// never accepts what the slow one refuses, nor reads a value otherwise (replica_answer_test
// compares the two on thousands of changed answers).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "ledger/replica.h"
#include "protocol/json_fields.h"

namespace marshal::db {

struct FollowAnswer {
  std::int64_t epoch = 0;    // the primary's, 1 or more
  std::int64_t head = 0;     // its last event readable when it answered
  bool synchronous = false;  // its replies wait for this standby
  ReplicaBatch batch;
};

// Any JSON form; an InputError names the field that is missing, of the wrong type or out of range.
FollowAnswer follow_answer_from_json(const protocol::Json& answer);
// Only the primary's own form; nullopt for anything else (then read it with the one above).
std::optional<FollowAnswer> follow_answer_from_primary_text(std::string_view text);
// The fast reader, else the text parsed as JSON and read by follow_answer_from_json: an
// InputError for text that is not JSON (naming the byte) or not an answer.
FollowAnswer read_follow_answer(const std::string& text);

}  // namespace marshal::db
