#pragma once
// The town at a glance for a GM (the "town" of GET /timers when a GM station asks; the GM
// station's home screen, docs/gmstation.md): every character who is not alive and well (dead,
// wounded, in jail, banished), with their badge. Who is knocked out or has a headache is in the
// same reply's timers.
#include "ledger/ledger.h"
#include "store/sqlite.h"

namespace marshal::db {

// {"people": [{"name", "badge", "dead", "wounded", "limb", "jailed", "banished"}]}: the dead
// first, then by name.
Json town_view(Database& db);

}  // namespace marshal::db
