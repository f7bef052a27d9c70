#pragma once
// A character's part in the town's offices (db/ledger/apply_offices.cpp), added to the
// character's view (GET /characters/BADGE, docs/server.md): the deputy's task they hold, their
// latest sentence, banishment, the Territory Fair prizes they won.
#include <cstdint>

#include "ledger/ledger.h"
#include "store/sqlite.h"

namespace marshal::db {

// Adds to `view`: "deputy" {"task", "target" (a name, when the task is an arrest), "judge",
// "seq"} while a task runs; "sentence" {"sentence" (jail, fine, banishment, hanging), "charge",
// "minutes", "fine", "judge", "seq", "overridden"} of the latest sentence; "banished" (true or
// false); "prizes" [{"prize", "seq"}]; "notes_owed" [{"code", "title", "amount", "due_ms",
// "holder"}]: the promissory notes they owe, unpaid.
void add_office_state(Database& db, std::int64_t id, Json& view);

}  // namespace marshal::db
