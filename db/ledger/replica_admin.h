#pragma once
// What a standby needs of the primary beside its chain (issue 29): the players' kiosk PINs, the
// kiosks' admin checks and the stations' codes not yet enrolled. They live outside the chain
// (kiosk_pins, stations), so the primary sends them as a snapshot with a follow answer whenever
// its digest differs from the one the standby has; a promoted standby then signs players in with
// the PINs they were given, and a station enrols there with a code printed on the primary.
#include <cstdint>
#include <string>

#include "protocol/json_fields.h"
#include "store/sqlite.h"

namespace marshal::db {

struct AdminSnapshot {
  std::string digest;            // SHA-256 of `body`'s text: what the standby sends back
  std::int64_t as_of_seq = 0;    // the head it was read at: applied only by a file that far
  protocol::Json body;           // {"kiosk_pins": [[character, pin, set_ms]], "stations": [...]}
};

// Read inside the caller's read of the chain (`as_of_seq` its head).
AdminSnapshot read_admin_snapshot(Database& db, std::int64_t as_of_seq);
protocol::Json admin_snapshot_json(const AdminSnapshot& snapshot);
// Throws protocol::InputError naming the field when the answer's snapshot is malformed.
AdminSnapshot admin_snapshot_from_json(const protocol::Json& json);
// Inside the caller's transaction: the PINs replaced by the primary's; each station's role, code,
// admin check, creation and revocation set as the primary has them (tokens follow the chain).
void apply_admin_snapshot(Database& db, const AdminSnapshot& snapshot);

}  // namespace marshal::db
