#pragma once
// The ledger: the event log and its projections in one SQLite file (store/schema.h describes
// the format). append() checks an event against the current state, replays every resolution
// through shared/core, refuses what cannot have happened, and otherwise writes the event and
// its projections in one durable transaction. The same uuid sent twice is stored once and
// answered the same way.
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/csprng.h"
#include "i18n/sentence.h"
#include "ledger/definition.h"
#include "ledger/refusal_code.h"
#include "ledger/refusal_trail.h"
#include "ledger/replica.h"
#include "store/sqlite.h"

namespace marshal::db {

// Why the ledger refused an event: a stable code (ledger/refusal_code.h, docs/ledger.md), the
// field, a sentence kept unworded so that the server sends it for the station to word in its own
// language (reason is it in this process's language).
struct LedgerRefusal : std::runtime_error {
  LedgerRefusal(RefusalCode refusal_, std::string field_, i18n::Sentence sentence_)
      : std::runtime_error(""), refusal(refusal_), code(to_string(refusal_)), field(std::move(field_)),
        reason(sentence_.translated()), sentence(std::move(sentence_)),
        message(field.empty() ? reason : field + ": " + reason) {}
  // A reason already worded (one passed on from elsewhere): no station can translate it.
  LedgerRefusal(RefusalCode refusal_, std::string field_, std::string worded_reason)
      : LedgerRefusal(refusal_, std::move(field_), i18n::Sentence{std::move(worded_reason), {}}) {}
  const char* what() const noexcept override { return message.c_str(); }
  RefusalCode refusal;
  std::string code;  // refusal's text on the wire, for readers of the text (the command line)
  std::string field, reason;  // reason worded once (a flood of refusals formats each once)
  i18n::Sentence sentence;
  std::string message;  // "field: reason"
};
using i18n::say;

struct AppendRequest {
  AppendRequest() = default;
  AppendRequest(std::string uuid_, std::string station_, std::optional<std::int64_t> client_time_ms_,
                std::string type_, Json payload_)
      : uuid(std::move(uuid_)), station(std::move(station_)), client_time_ms(client_time_ms_),
        type(std::move(type_)), payload(std::move(payload_)) {}

  std::string uuid;  // UUIDv7 made by the client
  std::string station;
  std::optional<std::int64_t> client_time_ms;
  std::string type;
  Json payload = Json::object();
  // payload.dump(), when the caller has made it already: the server does so on the
  // connection's thread, which takes that work off the one writer thread.
  std::string payload_text;
};

struct AppendResult {
  bool accepted = false;
  bool duplicate = false;     // the uuid was already stored: this is the stored answer
  std::int64_t seq = 0;
  Blob hash;                     // the event's hash, when accepted: the station keeps it as an anchor
  Json ledger = Json::object();  // what the ledger determined (outcome, picks, new codes)
  std::string ledger_text;       // the same as stored (compact JSON), when accepted
  // When refused: the code, its text on the wire (to_string(refusal), what stations and the
  // command line read), the field and the reason, worded and unworded (for the station to word).
  RefusalCode refusal = RefusalCode::bad_input;
  std::string code, field, reason;
  i18n::Sentence sentence;

  static AppendResult refused(const LedgerRefusal& r) {
    AppendResult result;
    result.refusal = r.refusal;
    result.code = r.code;
    result.field = r.field;
    result.reason = r.reason;
    result.sentence = r.sentence;
    return result;
  }
};

// Where the ledger's own randomness comes from (random bystander picks, new card codes).
struct LedgerRandomness {
  std::function<std::string()> make_code;
  std::function<std::uint32_t(std::uint32_t)> uniform;  // [0, bound)
};
LedgerRandomness os_randomness();
// A card code from the operating system's randomness (libsodium): what real cards get.
std::string random_card_code();

class Ledger {
 public:
  // Creates a new ledger file holding the event's definition as its first event. Refuses an
  // existing file.
  static void create(const std::string& path, const EventDefinition& definition,
                     std::int64_t now_ms);
  // A ledger in memory holding the definition, for fuzzing and quick checks: nothing on disk.
  static std::unique_ptr<Ledger> create_in_memory(const EventDefinition& definition,
                                                  std::int64_t now_ms, LedgerRandomness randomness);
  // Opens an existing ledger (applying pending migrations).
  explicit Ledger(const std::string& path, LedgerRandomness randomness = os_randomness());
  // Writes the refusal trail's counts not yet written (best effort: never throws).
  ~Ledger();
  Ledger(const Ledger&) = delete;
  Ledger& operator=(const Ledger&) = delete;

  AppendResult append(const AppendRequest& request, std::int64_t server_time_ms);
  // Group commit: every request in one durable transaction (each inside its own savepoint, so
  // a refused one leaves no trace but its refusal). Results in the order of the requests.
  // commit_s, when given, receives the seconds the COMMIT took (the fsync, mostly; with
  // `committed`, the callback and the log's sync too). Not set when it throws.
  // `committed`, when given, is called with the new head once the batch is committed and
  // readable, before the disk has it (sqlite::DeferredSync): the server hands the batch to its
  // standby then, so that the two disks write it at the same time. The log is synced after it
  // returns, and append_batch returns once the batch is durable, as without it. When that sync
  // fails it throws, the batch committed (server/append_queue.cpp then takes no more writes).
  std::vector<AppendResult> append_batch(const std::vector<AppendRequest>& requests,
                                         std::int64_t server_time_ms, double* commit_s = nullptr,
                                         const std::function<void(std::int64_t seq)>& committed = {});

  // A standby's ledger (ledger/replica.h): a new file with the schema and no event, which
  // append_replicated() fills with the primary's chain. Refuses an existing file.
  static void create_replica(const std::string& path);
  // Appends the primary's events and refusal rows as they are, in one durable transaction, each
  // checked (its place, link and hash); throws ReplicaMismatch naming the first that fails, and
  // then nothing of the batch is written. The events are not replayed into the tables yet
  // (project_replicated), except the stations' (tokens never lag the chain) and as far as an
  // admin snapshot needs. `state`, when given, is written in the same transaction.
  void append_replicated(const ReplicaBatch& batch, const ReplicaState* state = nullptr);
  // Replays up to `max_events` appended events not yet replayed into the tables, in one
  // transaction, each checked against the outcome stored in it (ReplicaMismatch names the first
  // that differs; nothing is written then). Returns how many are left.
  std::int64_t project_replicated(std::int64_t max_events);
  // Replays every event not replayed yet, inside the caller's transaction: a promotion does so in
  // the transaction that writes it, so that no batch a running follower appends comes between.
  // Throws ReplicaMismatch as project_replicated does; the caller's transaction is then given up
  // with the Ledger object (what apply() keeps in memory is not put back).
  void replay_pending_in_transaction();
  ReplicaHead replica_head();

  Database& database() { return db_; }
  std::int64_t last_seq();
  // The refusal trail this ledger writes (shared with the server, which logs refused lookups).
  std::shared_ptr<RefusalTrail> refusal_trail() const { return trail_; }

 private:
  friend class Replayer;
  Ledger(const std::string& path, bool create, LedgerRandomness randomness);
  // Validates and projects one event inside the caller's transaction; fills `ledger` with what
  // the ledger determined. Replaying, `recorded` is the stored ledger part: its random choices
  // are read back from it (null: a live append, which draws them).
  void apply(const std::string& type, const Json& payload, Json& ledger, std::int64_t seq,
             std::int64_t server_time_ms, const Json* recorded);
  void log_refusal(const AppendRequest& request, const std::string& uuid, std::int64_t server_time_ms,
                   const LedgerRefusal& refusal);
  const Json& event_options();
  // Replays the appended events after the last replayed one up to `last_seq` (ledger/replica.h),
  // inside the caller's transaction.
  void project_in_transaction(std::int64_t last_seq);
  // One event replayed and its stored outcome compared (ReplicaMismatch names it when it differs,
  // or when the rules cannot read it; a SQLite error is passed on: the disk's, not the event's).
  void replay_one(const EventRow& row);
  // The same, its payload parsed already and its stored outcome ("ledger") taken out of it.
  void replay_parsed(const EventRow& row, const Json& payload, const Json& stored);
  // One request inside the caller's transaction.
  AppendResult append_in_transaction(const AppendRequest& request, std::int64_t server_time_ms);

  // The last event's seq and hash, which the next event chains to. Kept between appends (the
  // server's writer appends thousands a second); read again whenever another connection has
  // committed since (PRAGMA data_version: `marshal record` on the same file, say) and after a
  // batch that failed.
  // Also read again when this very connection wrote rows outside append() (data_version
  // counts only other connections' commits): the admin's station events (station_events.h)
  // are written through database() too.
  struct ChainHead {
    std::int64_t seq = 0;
    Blob hash;
    std::int64_t data_version = 0;
    std::int64_t own_changes = 0;  // sqlite3_total_changes64 after the last append
  };
  ChainHead& chain_head();  // inside the caller's write transaction

  Database db_;
  LedgerRandomness randomness_;
  std::optional<Json> options_;  // the event's options, read once
  // The epoch of the last promotion this object applied: a replay's fresh file has no events to
  // read it from (station_events.h, current_epoch).
  std::int64_t applied_epoch_ = 1;
  std::optional<ChainHead> head_;
  std::shared_ptr<RefusalTrail> trail_;
};

// Milliseconds since 1970 by this machine's clock: the server time of events, and the clock of
// the admin command line and the stations. (shared/core never reads a clock.)
std::int64_t unix_time_ms();

// A fresh UUIDv7 (48-bit milliseconds, then random bits), as stations make them.
std::string make_uuid_v7(std::int64_t unix_ms);
bool is_uuid(const std::string& text);
// A UUID as the ledger stores and compares it: lower case.
std::string canonical_uuid(const std::string& text);
// Whether two payloads are the same event: keys in any order, card codes in any accepted spelling.
bool same_event_payload(const Json& a, const Json& b);

// The largest client_time_ms: 2^53 ms (every JSON reader holds it exactly), some 285,000 years.
inline constexpr std::int64_t max_client_time_ms = std::int64_t{1} << 53;

}  // namespace marshal::db
