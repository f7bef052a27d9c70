#pragma once
// Stations: the GM stations and player kiosks allowed to talk to the ledger server. The admin
// adds one by name and role and hands its one-time enrollment code to whoever sets the station
// up; the station trades the code for a token it sends with every call. Only SHA-256 hashes of
// codes and tokens are stored. Revoking a station ends its token at once.
#include <cstdint>
#include <mutex>
#include <optional>
#include <set>
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

// The enrolment events station_for_token found to match a station's row (the event's seq, the
// token's hash, the name and the role), so that each is read once, not on every call: that read
// (a join and three json_extract) was a fifth of the server's connection threads' CPU
// (perf, bench_ledger --standby-only, 2026-11-29). The chain's events never change
// (events_no_update), so a match holds. The row itself is read on every call: a revocation, a
// new token or a role edited in the file takes effect at once. Shared by the server's threads.
class EnrolmentsChecked {
 public:
  // Past this many (entries: one a station enrolment, a few dozen an evening), all are forgotten
  // and checked again as they come: the memory stays bounded whatever a file holds.
  static constexpr std::size_t max_entries = 4096;

  struct Key {
    std::int64_t seq;
    Blob token_hash;
    std::string name, role;
    auto operator<=>(const Key&) const = default;
  };
  bool holds(const Key& key) const;
  void add(Key key);
  std::size_t size() const;

 private:
  mutable std::mutex mutex_;
  std::set<Key> keys_;
};

// The live station whose token this is, its row matching its enrolment event; nullopt for any
// other token. `checked` (the server's) remembers the events already matched.
std::optional<Station> station_for_token(Database& db, const std::string& token,
                                         EnrolmentsChecked* checked = nullptr);

}  // namespace marshal::db
