#pragma once
// Stations: the GM stations and player kiosks allowed to talk to the ledger server. The admin
// adds one by name and role and hands its one-time enrollment code to whoever sets the station
// up; the station trades the code for a token it sends with every call. Only SHA-256 hashes of
// codes and tokens are stored. Revoking a station ends its token at once.
#include <cstdint>
#include <optional>
#include <string>

#include "store/sqlite.h"

namespace marshal::db {

// A standby is another ledger server that follows this one's chain (docs/server.md "A standby
// ledger"): it reads the chain, never records.
enum class Role { gm, kiosk, standby };
std::string to_string(Role role);
std::optional<Role> role_from_string(const std::string& text);

struct Station {
  std::string name;
  Role role = Role::kiosk;
};

struct StationError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Returns the enrollment code to print. Refuses a name already in use by a live station; a
// revoked name can be added again (a replaced tablet).
std::string add_station(Database& db, const std::string& name, Role role, std::int64_t now_ms);
// Revoking an enrolled station writes a station_revoked event (ledger/station_events.h).
void revoke_station(Database& db, const std::string& name, std::int64_t now_ms);

// Ends a live station's token at once and returns a new one-time enrollment code for it (same
// name and role; a kiosk keeps its admin card). An enrolled station's rotation writes a
// station_token_rotated event; the station enrols again with the new code.
struct Rotation {
  std::string code;  // the new one-time enrollment code
  Role role;         // the station's, unchanged
};
Rotation rotate_station_token(Database& db, const std::string& name, std::int64_t now_ms);

struct Enrollment {
  Station station;
  std::string token;
  std::string admin_check;  // a kiosk's (protocol::admin_check), empty when it has no admin card
};

// A kiosk's admin card code and admin PIN, made anew (the old ones stop working); only their
// hash is kept, and given to the kiosk when it enrolls.
struct KioskAdmin {
  std::string code, pin;
};
KioskAdmin add_kiosk_admin(Database& db, const std::string& name);
// Trades a one-time code for a token and writes the station_enrolled event with the token's
// hash; a used, unknown or revoked code gives nullopt.
std::optional<Enrollment> enroll_station(Database& db, const std::string& code, std::int64_t now_ms);
std::optional<Station> station_for_token(Database& db, const std::string& token);

}  // namespace marshal::db
