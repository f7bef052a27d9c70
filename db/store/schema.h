#pragma once
// The ledger's tables and their numbered migrations.
//
// THE FORMAT. A ledger is one SQLite file (WAL, synchronous=FULL). Its truth is the table
// `events`: an append-only log, one row per thing that happened at the event, in the order the
// server accepted them. Each row carries
//   seq             1, 2, 3, ... without gaps (the INTEGER PRIMARY KEY)
//   uuid            the client-made UUIDv7: the idempotency key (UNIQUE)
//   station         who recorded it ("admin" for the command line)
//   client_time_ms  the station's clock when recorded (may be NULL)
//   server_time_ms  the server's clock when accepted: the event time used for timers
//   type            what happened (docs/ledger.md lists the types and their payloads)
//   payload         the JSON body: the inputs and, for a resolution, the outcome
//   prev_hash       the previous row's hash (32 zero bytes before the first)
//   hash            SHA-256 over the fields above (see hash_chain.h)
// Triggers refuse UPDATE and DELETE on `events`: a mistake is corrected by a new event.
//
// Every other table except `schema_migrations` and `refusals` is a projection: written in the
// same transaction as the event that changes it, and rebuildable from the events alone (the
// projection_tables() list). `refusals` keeps the audit trail of what the ledger refused; it is
// append-only too but not chained, since a refusal changes nothing.
//
// MIGRATIONS. migrations()[i] brings a ledger from version i to i + 1; the version reached is
// recorded in `schema_migrations`. A migration is never edited once released: add another.
#include <string>
#include <vector>

#include "store/sqlite.h"

namespace marshal::db {

const std::vector<std::string>& migrations();
// Applies the migrations the file has not had yet, each in its own transaction.
void migrate(Database& db);
int schema_version(Database& db);
// Tables rebuilt from the events, in an order that respects their foreign keys.
const std::vector<std::string>& projection_tables();

}  // namespace marshal::db
