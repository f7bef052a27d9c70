#include "ledger/ledger.h"

#include <cassert>
#include <sqlite3.h>

#include "i18n/utf8_text.h"
#include "ledger/kiosk_pins.h"

#include <sodium.h>

#include <cctype>
#include <chrono>
#include <filesystem>
#include <map>

#include <fmt/format.h>

#include "core/card_code.h"
#include "protocol/json_text.h"
#include "store/hash_chain.h"
#include "store/schema.h"

namespace marshal::db {

std::string random_card_code() {
  core::CardCodeBytes bytes;
  randombytes_buf(bytes.data(), bytes.size());
  return core::make_card_code(bytes);
}

LedgerRandomness os_randomness() {
  return {random_card_code, [](std::uint32_t bound) { return randombytes_uniform(bound); }};
}

std::int64_t unix_time_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

std::string make_uuid_v7(std::int64_t unix_ms) {
  std::array<std::uint8_t, 16> b;
  randombytes_buf(b.data(), b.size());
  for (int i = 0; i < 6; ++i) b[i] = static_cast<std::uint8_t>(unix_ms >> (40 - 8 * i));
  b[6] = static_cast<std::uint8_t>(0x70 | (b[6] & 0x0F));  // version 7
  b[8] = static_cast<std::uint8_t>(0x80 | (b[8] & 0x3F));  // variant 10
  std::string hex = to_hex(Blob(b.begin(), b.end()));
  return hex.substr(0, 8) + "-" + hex.substr(8, 4) + "-" + hex.substr(12, 4) + "-" +
         hex.substr(16, 4) + "-" + hex.substr(20);
}

bool is_uuid(const std::string& text) {
  if (text.size() != 36) return false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    bool dash = i == 8 || i == 13 || i == 18 || i == 23;
    if (dash ? c != '-' : !std::isxdigit(static_cast<unsigned char>(c))) return false;
  }
  return true;
}

Ledger::Ledger(const std::string& path, bool create, LedgerRandomness randomness)
    : db_(path, create), randomness_(std::move(randomness)), trail_(std::make_shared<RefusalTrail>()) {
  migrate(db_);
}

Ledger::Ledger(const std::string& path, LedgerRandomness randomness)
    : Ledger((std::filesystem::exists(path)
                  ? path
                  : throw LedgerRefusal(RefusalCode::bad_input, "db",
                                        say("no ledger file at {} (create one with marshal init)", path))),
             false, std::move(randomness)) {}

Ledger::~Ledger() {
  try {
    if (trail_->pending_repeats() == 0) return;
    Transaction tx(db_);
    trail_->flush(db_, unix_time_ms(), true);
    tx.commit();
  } catch (...) {
    // A ledger going away in an error must not throw; the counts are the audit's, not events.
  }
}

void Ledger::create(const std::string& path, const EventDefinition& definition,
                    std::int64_t now_ms) {
  if (std::filesystem::exists(path))
    throw LedgerRefusal(RefusalCode::bad_input, "db", say("{} already exists: a ledger is created once", path));
  auto remove_files = [&] {
    for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path + suffix);
  };
  try {
    Ledger ledger(path, true, os_randomness());
    AppendRequest genesis{make_uuid_v7(now_ms), "admin", now_ms, "event_defined",
                          definition_to_json(definition)};
    AppendResult r = ledger.append(genesis, now_ms);
    if (!r.accepted) throw LedgerRefusal(r.refusal, r.field, r.sentence);
    ensure_kiosk_pins(ledger.database(), now_ms);  // printed on the character sheets
  } catch (...) {
    remove_files();  // nothing half-written is left behind
    throw;
  }
}

std::unique_ptr<Ledger> Ledger::create_in_memory(const EventDefinition& definition,
                                                 std::int64_t now_ms, LedgerRandomness randomness) {
  std::unique_ptr<Ledger> ledger(new Ledger(":memory:", true, std::move(randomness)));
  AppendResult r = ledger->append({make_uuid_v7(now_ms), "admin", now_ms, "event_defined",
                                   definition_to_json(definition)},
                                  now_ms);
  if (!r.accepted) throw LedgerRefusal(r.refusal, r.field, r.sentence);
  return ledger;
}

std::int64_t Ledger::last_seq() { return db_.scalar_int("SELECT COALESCE(MAX(seq), 0) FROM events"); }

Ledger::ChainHead& Ledger::chain_head() {
  std::int64_t version = db_.scalar_int("PRAGMA data_version");
  std::int64_t changes = sqlite3_total_changes64(db_.handle());
  if (!head_ || head_->data_version != version || head_->own_changes != changes) {
    Statement last = db_.prepare("SELECT seq, hash FROM events ORDER BY seq DESC LIMIT 1");
    head_ = last.step() ? ChainHead{last.int64(0), last.blob(1), version, changes}
                        : ChainHead{0, genesis_hash(), version, changes};
  }
  return *head_;
}

namespace {
// The payload as compact JSON: made already by the server on the connection's thread, or here.
std::string payload_text(const AppendRequest& request) {
  return request.payload_text.empty() ? protocol::compact_text(request.payload) : request.payload_text;
}

// The payload as stored: the station's payload with "ledger" added as its last key (what the
// ledger determined, already as text), written without copying the payload.
std::string stored_payload(const AppendRequest& request, const std::string& ledger_text) {
  std::string text = payload_text(request);
  if (ledger_text == "{}") return text;
  text.pop_back();  // the closing brace
  if (!request.payload.empty()) text += ',';
  text += "\"ledger\":";
  text += ledger_text;
  text += '}';
  return text;
}
}  // namespace

void Ledger::log_refusal(const AppendRequest& request, const std::string& uuid,
                         std::int64_t server_time_ms, const LedgerRefusal& refusal) {
  RefusalRecord r;
  r.server_time_ms = server_time_ms;
  r.station = request.station;
  r.uuid = uuid;
  r.type = request.type;
  r.code = refusal.code;
  r.field = refusal.field;
  r.reason = refusal.sentence.english();  // the ledger keeps English, whatever its machine speaks
  try {
    r.payload = payload_text(request);
  } catch (const std::exception&) {
    r.payload = request.payload.dump(-1, ' ', false, Json::error_handler_t::replace);
  }
  trail_->record(db_, r);
}

std::string canonical_uuid(const std::string& text) {
  std::string uuid = text;
  for (char& c : uuid) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return uuid;
}

namespace {
// An event's payload as the ledger compares it for idempotency: objects with their keys
// sorted, card codes in their canonical spelling (the ledger reads "abcd efgh..." as ABCDEFGH...).
// The depth is bounded: payloads from outside are parsed with a nesting limit.
Json comparable(const Json& value) {
  if (value.is_object()) {
    std::map<std::string, const Json*> sorted;
    for (auto it = value.begin(); it != value.end(); ++it) sorted.emplace(it.key(), &it.value());
    Json out = Json::object();
    for (const auto& [key, member] : sorted) out[key] = comparable(*member);
    return out;
  }
  if (value.is_array()) {
    Json out = Json::array();
    for (const auto& item : value) out.push_back(comparable(item));
    return out;
  }
  if (value.is_string()) {
    core::ParsedCardCode code = core::parse_card_code(value.get<std::string>());
    if (code.ok()) return code.code;
  }
  return value;
}
}  // namespace

bool same_event_payload(const Json& a, const Json& b) { return comparable(a) == comparable(b); }

AppendResult Ledger::append(const AppendRequest& request, std::int64_t server_time_ms) {
  return append_batch({request}, server_time_ms).front();
}

std::vector<AppendResult> Ledger::append_batch(const std::vector<AppendRequest>& requests,
                                               std::int64_t server_time_ms, double* commit_s,
                                               const std::function<void(std::int64_t seq)>& committed) {
  std::vector<AppendResult> results;
  results.reserve(requests.size());
  const std::int64_t epoch_before = applied_epoch_;
  std::optional<DeferredSync> deferred;  // before the transaction: synchronous is set outside one
  if (committed) deferred.emplace(db_);
  auto committing = std::chrono::steady_clock::now();
  try {
    Transaction tx(db_);
    chain_head();  // checked once for the batch: nobody else writes while it holds the lock
    // A standby's file with events not replayed into its tables yet (ledger/replica.h), written
    // to as a primary: the rules judge the next event against tables that hold them all.
    // (marshal promote and a primary's start replay them first: this is the last guard.)
    if (replayed_seq(db_)) {
      options_.reset();  // read again after the replay (and after a rollback)
      replay_pending_in_transaction();
    }
    for (const auto& request : requests) results.push_back(append_in_transaction(request, server_time_ms));
    trail_->flush(db_, server_time_ms);  // repeat counts of minutes that are over
    committing = std::chrono::steady_clock::now();
    tx.commit();  // synchronous=FULL (without `committed`): every accepted event is on disk
    if (head_) head_->own_changes = sqlite3_total_changes64(db_.handle());
  } catch (...) {
    head_.reset();  // the batch was rolled back: its events are not the chain's head
    applied_epoch_ = epoch_before;
    throw;
  }
  if (committed) {
    deferred.reset();
    committed(chain_head().seq);
    // Committed: a failing disk from here is no rollback. The caller answers that nothing was
    // recorded, and the stations' copies, sent again, find their events by uuid.
    db_.sync_log();  // now every accepted event is on disk
  }
  if (commit_s) *commit_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - committing).count();
  return results;
}

AppendResult Ledger::append_in_transaction(const AppendRequest& request,
                                           std::int64_t server_time_ms) {
  AppendResult result;
  // One event, one uuid: "ABC..." and "abc..." are the same (stored in lower case).
  const std::string uuid = canonical_uuid(request.uuid);
  // Prepared (and cached) rather than exec'd: SQLite would parse these again for every event.
  db_.prepare("SAVEPOINT append_one").run();  // i18n: not words (SQL)
  try {
    if (!is_uuid(uuid))
      throw LedgerRefusal(RefusalCode::bad_input, "uuid", say("must be a UUID (8-4-4-4-12 hex digits)"));
    if (request.client_time_ms && (*request.client_time_ms < 0 || *request.client_time_ms > max_client_time_ms))
      throw LedgerRefusal(RefusalCode::bad_input, "client_time_ms",
                          say("must be a whole number of milliseconds since 1970, 0 to {}", max_client_time_ms));
    if (request.station.empty() || i18n::characters_in(request.station) > 80)
      throw LedgerRefusal(RefusalCode::bad_input, "station", say("must be 1 to 80 characters"));
    if (!request.payload.is_object())
      throw LedgerRefusal(RefusalCode::bad_input, "payload", say("must be a JSON object"));
    if (request.payload.contains("ledger"))
      throw LedgerRefusal(RefusalCode::bad_input, "payload.ledger", say("is written by the ledger, not by stations"));

    // Idempotency: the same uuid gets the stored answer; a different event under it is refused.
    {
      Statement s = db_.prepare("SELECT seq, type, payload, hash FROM events WHERE uuid = ?");
      s.bind(1, uuid);
      if (s.step()) {
        Json stored = Json::parse(s.text(2));
        Json ledger = stored.value("ledger", Json::object());
        stored.erase("ledger");
        // The same event spelt otherwise (keys in another order, a code in lower case) is the
        // duplicate it is.
        if (s.text(1) != request.type || !same_event_payload(stored, request.payload))
          throw LedgerRefusal(RefusalCode::uuid_reused, "uuid",
                              say("this uuid already names a different event (seq {})", s.int64(0)));
        result.accepted = result.duplicate = true;
        result.seq = s.int64(0);
        result.hash = s.blob(3);
        result.ledger_text = protocol::compact_text(ledger);
        result.ledger = std::move(ledger);
        db_.prepare("RELEASE append_one").run();  // i18n: not words (SQL)
        return result;
      }
    }
    assert(head_);  // append_batch reads the head inside this transaction, before any request
    ChainHead& head = *head_;
    EventRow row;
    row.seq = head.seq + 1;
    if (row.seq == 1 && request.type != "event_defined")
      throw LedgerRefusal(RefusalCode::illegal_move, "type", say("the first event of a ledger defines the event"));
    if (row.seq > 1 && request.type == "event_defined")
      throw LedgerRefusal(RefusalCode::illegal_move, "type", say("the event is already defined"));
    Json ledger = Json::object();
    apply(request.type, request.payload, ledger, row.seq, server_time_ms, nullptr);

    row.uuid = uuid;
    row.station = request.station;
    row.client_time_ms = request.client_time_ms;
    row.server_time_ms = server_time_ms;
    row.type = request.type;
    result.ledger_text = protocol::compact_text(ledger);
    row.payload = stored_payload(request, result.ledger_text);
    row.prev_hash = head.hash;
    row.hash = event_hash(row);
    assert(row.hash.size() == hash_bytes && row.prev_hash.size() == hash_bytes);  // SHA-256, chained
    insert_event(db_, row);
    db_.prepare("RELEASE append_one").run();  // i18n: not words (SQL)
    head.seq = row.seq;
    result.hash = row.hash;
    head.hash = std::move(row.hash);
    result.accepted = true;
    result.seq = row.seq;
    result.ledger = std::move(ledger);
  } catch (const LedgerRefusal& refusal) {
    // Undo whatever the event had written; keep only the refusal.
    db_.exec("ROLLBACK TO append_one; RELEASE append_one");  // i18n: not words (SQL)
    result = AppendResult::refused(refusal);
    log_refusal(request, uuid, server_time_ms, refusal);
  } catch (...) {
    db_.exec("ROLLBACK TO append_one; RELEASE append_one");  // i18n: not words (SQL)
    throw;
  }
  return result;
}

}  // namespace marshal::db
