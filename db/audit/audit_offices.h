#pragma once
// The offices in the audit's story (docs/audit.md), like the deaths and votes beside it: a check
// that always PASSes, whose evidence says what the Judges and the Mayor did (db/ledger/
// apply_offices.cpp): every deputy's task and how it ended, every sentence with its charge (and
// who overrode it), every override and the disputes between Judges (settled by the Mayor, or
// left open), and the Territory Fair's prizes.
#include "audit/audit.h"
#include "store/sqlite.h"

namespace marshal::db {

AuditCheck check_offices(Database& db);

}  // namespace marshal::db
