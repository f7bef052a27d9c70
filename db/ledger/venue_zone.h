#pragma once
// The event's time zone made the one every time is shown in: the ledger server's refusals
// ("played already, at 21:14"), the audit report, the stations on a ledger file of their own, the
// command line (i18n/venue_time.h).
#include <string>

#include "store/sqlite.h"

namespace marshal::db {

// Uses the zone the event names (event_info 'timezone', from the definition's `timezone`), or the
// machine's when it names none. "" when that went well; else why this machine cannot show the
// event's zone (no such zone in its tzdata), and times stay in the machine's zone: a warning for
// the operator, never a reason to stop.
std::string use_event_time_zone(Database& db);

}  // namespace marshal::db
