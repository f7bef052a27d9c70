#pragma once
// Who may write is in the chain (docs/audit.md): a station's enrolment (its name, role and the
// SHA-256 of its token, never the token) and its revocation are events, written by the admin
// (`marshal station revoke`) and by the server's /enroll beside the stations table. The server
// accepts a token only when the station's row points at an enrolment event with that token's
// hash, name and role; the audit proves every live row against these events. Stations never
// record them: the ledger refuses them from anyone.
#include <cstdint>
#include <string>
#include <vector>

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
// A standby ledger (docs/server.md "A standby ledger", issue 29): the servers' own events.
// `marshal promote`: a standby became the primary at `epoch` (the one before + 1; a ledger is at
// epoch 1 before any): a station that has seen it refuses a server at a lower epoch (fencing).
inline constexpr const char* ledger_promoted_event = "ledger_promoted";
// The primary went on without its standby: an event acknowledged after it is on one disk only
// until a standby_in_sync follows. `why`: no_answer, behind or diverged.
inline constexpr const char* ledger_alone_event = "ledger_alone";
// The standby caught up with the primary: acknowledgements wait for it again.
inline constexpr const char* standby_in_sync_event = "standby_in_sync";
// A standby joined (or came back at another address or with another key): its URL and key pin.
inline constexpr const char* standby_joined_event = "standby_joined";
// The events above, in one list (the admin's and the servers', never a station's).
const std::vector<std::string>& station_event_types();
// Whether `type` is one of them.
bool is_station_event(const std::string& type);

// A station's role as the chain and the stations table spell it: gm, kiosk or standby.
bool known_station_role(const std::string& role);

// Each writes its event after the last one, inside the caller's write transaction, and returns
// its seq. `token_hash_hex`: 64 lower-case hex digits.
std::int64_t append_station_enrolled(Database& db, const std::string& name, const std::string& role,
                                     const std::string& token_hash_hex, std::int64_t now_ms);
std::int64_t append_station_revoked(Database& db, const std::string& name, std::int64_t now_ms);
std::int64_t append_station_token_rotated(Database& db, const std::string& name, std::int64_t now_ms);
// `why`: "first" (the ledger's first key) or "replaced" (--new-key).
std::int64_t append_ledger_key_made(Database& db, const std::string& key_pin_hex, const std::string& why,
                                    std::int64_t now_ms);

struct Promotion {
  std::int64_t epoch = 0;  // the new one: the last promotion's + 1
  std::string key_pin;     // the new primary's TLS key, 64 hex digits
  std::string primary_was;  // the old primary's pinned URL, as the standby followed it
  std::int64_t last_contact_ms = 0;  // the standby's last answer from it (0: never)
  bool was_in_sync = false;  // whether the standby had every acknowledged event then
  bool forced = false;       // promoted with --force (the old primary answered, or out of step)
};
std::int64_t append_ledger_promoted(Database& db, const Promotion& promotion, std::int64_t now_ms);
// `why`: "no_answer", "behind" or "diverged".
std::int64_t append_ledger_alone(Database& db, const std::string& standby, std::int64_t acked_seq, std::int64_t waited_ms,
                                 const std::string& why, std::int64_t now_ms);
std::int64_t append_standby_in_sync(Database& db, const std::string& standby, std::int64_t seq, std::int64_t now_ms);
// A primary starting: when its chain's last standby event says the standby was in step, it writes
// ledger_alone "restart": until the standby holds the chain again nothing waits for it, and a
// file that went on so is never set aside when it rejoins as a standby (cli/standby_rejoin.h).
// The standby's name when written, else empty. In the caller's transaction.
std::string append_alone_at_restart(Database& db, std::int64_t now_ms);
std::int64_t append_standby_joined(Database& db, const std::string& name, const std::string& url,
                                   const std::string& key_pin_hex, std::int64_t now_ms);

// The epoch a ledger file is at: its last promotion's, and that event's seq; {1, 0} before any.
struct Epoch {
  std::int64_t epoch = 1;
  std::int64_t seq = 0;
};
Epoch current_epoch(Database& db);
// The epoch event `seq` was recorded in: the last promotion before it. A standby's file may hold
// later events not yet replayed (ledger/replica.h): a promotion is checked against this.
Epoch epoch_before(Database& db, std::int64_t seq);
// Where stations reach the standby named by the last standby_joined after `after_seq` (the
// epoch's promotion: before it, the standby named was the one promoted): its https URL with
// "#sha256=PIN", or empty when none joined since.
std::string last_standby_url(Database& db, std::int64_t after_seq);

// A station event's payload as the replay checks it; throws protocol::InputError or LedgerRefusal.
// A promotion's epoch must be `epoch_before` + 1.
void check_station_event(const std::string& type, const protocol::Json& payload, std::int64_t epoch_before);

}  // namespace marshal::db
