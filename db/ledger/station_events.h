#pragma once
// Who may write is in the chain (docs/audit.md): a station's enrolment (its name, role and the
// SHA-256 of its token, never the token) and its revocation are events, written by the admin
// (`marshal station revoke`) and by the server's /enroll beside the stations table. The server
// accepts a token only when the station's row points at an enrolment event with that token's
// hash, name and role; the audit proves every live row against these events. Stations never
// record them: the ledger refuses them from anyone.
#include <cstdint>
#include <string>

#include "protocol/json_fields.h"
#include "store/sqlite.h"

namespace marshal::db {

inline constexpr const char* station_enrolled_event = "station_enrolled";
inline constexpr const char* station_revoked_event = "station_revoked";
// `marshal station rotate`: the station's token ends at once; it enrols again with a new card
// (a new station_enrolled event follows).
inline constexpr const char* station_token_rotated_event = "station_token_rotated";
// The ledger made its TLS key (first start, or `marshal serve --new-key` after a loss or theft):
// the key's pin, so the audit shows which key the stations trusted when (server/tls_identity.h).
inline constexpr const char* ledger_key_made_event = "ledger_key_made";
// Whether `type` is one of the events above (the admin's, never a station's).
bool is_station_event(const std::string& type);

// Each writes its event after the last one, inside the caller's write transaction, and returns
// its seq. `token_hash_hex`: 64 lower-case hex digits.
std::int64_t append_station_enrolled(Database& db, const std::string& name, const std::string& role,
                                     const std::string& token_hash_hex, std::int64_t now_ms);
std::int64_t append_station_revoked(Database& db, const std::string& name, std::int64_t now_ms);
std::int64_t append_station_token_rotated(Database& db, const std::string& name, std::int64_t now_ms);
// `why`: "first" (the ledger's first key) or "replaced" (--new-key).
std::int64_t append_ledger_key_made(Database& db, const std::string& key_pin_hex, const std::string& why,
                                    std::int64_t now_ms);

// A station event's payload as the replay checks it; throws protocol::InputError.
void check_station_event(const std::string& type, const protocol::Json& payload);

}  // namespace marshal::db
