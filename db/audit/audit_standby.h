#pragma once
// The audit's check of the ledger's standby (issue 29, docs/audit.md "standby"): every promotion
// (its epoch, whether it was forced or the standby was behind) and every period the ledger went on
// without a standby (`ledger_alone` to the next `standby_in_sync`, or to the chain's end): events
// acknowledged then were on one disk only. WARN when there is any such period or a forced
// promotion; PASS otherwise, also when no standby ever followed (the evening had none).
#include <optional>

#include "audit/audit.h"
#include "store/sqlite.h"

namespace marshal::db {

AuditCheck check_standby(Database& db);

// On a standby's file whose tables are replayed to event M of N (ledger/replica.h's mark): a
// WARN named "tables" saying the story's checks read them as of event M, not the head (the
// chain and the replay cover every event). Nothing on a primary's file, nor on a standby's
// replayed to its head.
std::optional<AuditCheck> check_tables_as_of(Database& db);

}  // namespace marshal::db
