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
bool is_station_event(const std::string& type);

// Each writes its event after the last one, inside the caller's write transaction, and returns
// its seq. `token_hash_hex`: 64 lower-case hex digits.
std::int64_t append_station_enrolled(Database& db, const std::string& name, const std::string& role,
                                     const std::string& token_hash_hex, std::int64_t now_ms);
std::int64_t append_station_revoked(Database& db, const std::string& name, std::int64_t now_ms);

// A station event's payload as the replay checks it; throws protocol::InputError.
void check_station_event(const std::string& type, const protocol::Json& payload);

}  // namespace marshal::db
