#pragma once
// The ledger's migrations 21 onwards (store/schema.h: MIGRATIONS), a tabletop game's fights
// (issue 32): fighters and fights, rounds, hits, Injuries, Healing attempts; 27 TWTW care. migrations() puts
// them after the first twenty, in this order.
#include <string>
#include <vector>

namespace marshal::db {

std::vector<std::string> tabletop_migrations();

}  // namespace marshal::db
