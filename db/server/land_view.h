#pragma once
// The land register (GET /land, docs/server.md; 004 L262: the Mayor "has the complete list of
// who owns what land"): every deed with its owner, the lender holding it while mortgaged, and
// every deal notarized on it.
#include "ledger/ledger.h"
#include "store/sqlite.h"

namespace marshal::db {

// {"deeds": [{"code", "parcel", "acres", "description", "owner", "holder", "mortgaged",
// "transfers": [{"seq", "how" (sale, mortgage, redemption), "from", "to", "notary", "price"}]}]},
// by parcel.
Json land_view(Database& db);

}  // namespace marshal::db
