#pragma once
// The evening's story in the audit (docs/audit.md), for people rather than proof: these checks
// always PASS (a murder in the game is no fault of the ledger's; the verdict and --strict are
// about the file), and their evidence says what the Judges should look at.
//   deaths  every death with how the ledger judged it: a duel (lawful), a Lawman's killing
//           (lawful if the victim was caught in criminal activity: for the Judges) or a possible
//           murder (for the Judges)
//   votes   every vote: office, who called it, ballots cast, the count's tally and call, an
//           override by a Judge, and the votes whose ballots closed but were never counted
//   characters  each character's evening: alive, dead (how, by whom), wounded (which limb),
//           arrested, jailed; bystanders lost of those held; tricks played; secrets held at the
//           end; every horse they held, with its holders in order (how it passed, at which event)
#include "audit/audit.h"
#include "store/sqlite.h"

namespace marshal::db {

AuditCheck check_deaths(Database& db);
// `now_ms`: the evening's last moment (the last event's server time).
AuditCheck check_votes(Database& db, std::int64_t now_ms);
AuditCheck check_characters(Database& db);

}  // namespace marshal::db
