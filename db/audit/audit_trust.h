#pragma once
// The audit's checks of what stands beside the event chain (docs/audit.md):
//   enrolments     every live station in the stations table holds the token its enrolment
//                  event names, with that event's name and role, and was not revoked since: a
//                  row written with SQL or edited is a FAIL naming the station
//   refusal trail  the trail's rows chained like the events: a row deleted or edited is a FAIL
//                  naming the row after the gap or the row itself
#include "audit/audit.h"
#include "store/sqlite.h"

namespace marshal::db {

AuditCheck check_enrolments(Database& db);
AuditCheck check_refusal_chain(Database& db);

}  // namespace marshal::db
