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
// The land register at the end of the evening (deeds.csv, land_transferred): each parcel's
// owner, the lender holding its deed while mortgaged, and every deal with its notary.
AuditCheck check_land(Database& db);
// The promissory notes (note_issued): the unpaid ones first (who owes whom how much, due when,
// overdue at the evening's last event), then how many were paid or voided.
AuditCheck check_notes(Database& db);

}  // namespace marshal::db
