#pragma once
// The audit's check of the ledger's standby (issue 29, docs/audit.md "standby"): every promotion
// (its epoch, whether it was forced or the standby was behind) and every period the ledger went on
// without a standby (`ledger_alone` to the next `standby_in_sync`, or to the chain's end): events
// acknowledged then were on one disk only. WARN when there is any such period or a forced
// promotion; PASS otherwise, also when no standby ever followed (the evening had none).
#include "audit/audit.h"
#include "store/sqlite.h"

namespace marshal::db {

AuditCheck check_standby(Database& db);

}  // namespace marshal::db
