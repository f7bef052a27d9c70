// A standby's copy of the primary's chain (ledger/replica.h): Ledger's members for it.
#include <charconv>
#include <filesystem>

#include <sqlite3.h>

#include <fmt/format.h>

#include "i18n/translate.h"
#include "ledger/ledger.h"
#include "ledger/station_events.h"
#include "store/hash_chain.h"

namespace marshal::db {

using i18n::tr;

namespace {
// Who may talk to the ledger is in the chain: a standby keeps its stations table in step with
// the events that change it, so a station's token works on it the moment it is promoted.
// The enrolled station's token hash; the event is refused (ReplicaMismatch) when it holds none:
// this runs before the replay checks the event (station_events.cpp).
Blob token_hash_of(const EventRow& row, const Json& payload) {
  if (std::optional<Blob> hash = hash_from_hex(payload.value("token_hash", ""))) return *hash;
  throw ReplicaMismatch(row.seq, 0, fmt::format(fmt::runtime(tr("event {}'s payload cannot be read: {}")), row.seq,
                                                tr("a hash is 64 lower-case hex digits")));
}

void follow_station_event(Database& db, const EventRow& row, const Json& payload) {
  const std::string name = payload.value("name", "");
  if (row.type == station_enrolled_event) {
    db.prepare("INSERT INTO stations(name, role, token_hash, created_ms, enrolled_ms, revoked, enrolled_seq) "
               "VALUES (?1, ?2, ?3, ?4, ?4, 0, ?5) ON CONFLICT(name) DO UPDATE SET role = ?2, token_hash = ?3, "
               "enroll_hash = NULL, enrolled_ms = ?4, revoked = 0, enrolled_seq = ?5")  // i18n: not words (SQL)
        .bind(1, name)
        .bind(2, payload.value("role", ""))
        .bind(3, token_hash_of(row, payload))
        .bind(4, row.server_time_ms)
        .bind(5, row.seq)
        .run();
  } else if (row.type == station_revoked_event) {
    db.prepare("UPDATE stations SET revoked = 1, token_hash = NULL, enroll_hash = NULL WHERE name = ?").bind(1, name).run();
  } else if (row.type == station_token_rotated_event) {
    db.prepare("UPDATE stations SET token_hash = NULL, enrolled_ms = NULL, enrolled_seq = NULL WHERE name = ?")
        .bind(1, name)
        .run();
  }
}

// A SQLite error a retry can mend (a locked, full or failing disk); any other (a constraint an
// event breaks) is the event's, and stays.
bool passing_trouble(const SqliteError& e) {
  switch (e.code() & 0xff) {
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
    case SQLITE_NOMEM:
    case SQLITE_READONLY:
    case SQLITE_INTERRUPT:
    case SQLITE_IOERR:
    case SQLITE_FULL:
    case SQLITE_CANTOPEN:
    case SQLITE_PROTOCOL:
      return true;
    default:
      return false;
  }
}

// A station event followed into the stations table; what it cannot be is a ReplicaMismatch
// naming it (a payload that is not JSON, a field of another type, a role no station has).
void follow_checked(Database& db, const EventRow& row) {
  try {
    follow_station_event(db, row, Json::parse(row.payload));
  } catch (const Json::exception& e) {
    // TRANSLATORS: {0} is an event's number, {1} what is wrong in it.
    throw ReplicaMismatch(row.seq, 0, fmt::format(fmt::runtime(tr("event {}'s payload cannot be read: {}")), row.seq, e.what()));
  } catch (const SqliteError& e) {
    if (passing_trouble(e)) throw;
    throw ReplicaMismatch(row.seq, 0, fmt::format(fmt::runtime(tr("event {}'s payload cannot be read: {}")), row.seq, e.what()));
  }
}

// The station events after `seq` followed again (an admin snapshot read before them was just
// applied). Their payloads were read when they came.
void follow_station_events_after(Database& db, std::int64_t seq) {
  std::vector<EventRow> rows;  // read first: following writes the stations table
  {
    Statement s = db.prepare(std::string("SELECT ") + event_columns +
                             " FROM events WHERE seq > ?1 AND type IN (?2, ?3, ?4) ORDER BY seq");
    s.bind(1, seq).bind(2, std::string(station_enrolled_event)).bind(3, std::string(station_revoked_event));
    s.bind(4, std::string(station_token_rotated_event));
    while (s.step()) rows.push_back(event_row_from(s));
  }
  for (const EventRow& row : rows) follow_checked(db, row);
}

constexpr const char* replayed_key = "replayed_seq";  // i18n: not words (a key)
// How many events a replay reads into memory at a time.
constexpr std::int64_t replay_read_events = 500;

void write_replayed_seq(Database& db, std::int64_t seq) {
  db.prepare("INSERT INTO replica_state(key, value) VALUES (?1, ?2) ON CONFLICT(key) DO UPDATE SET value = ?2")
      .bind(1, std::string(replayed_key))
      .bind(2, std::to_string(seq))
      .run();
}
}  // namespace

std::optional<std::int64_t> replayed_seq(Database& db) {
  Statement s = db.prepare("SELECT value FROM replica_state WHERE key = ?");
  s.bind(1, std::string(replayed_key));
  if (!s.step()) return std::nullopt;
  // Only this code writes the mark, and never past the file's last event: anything else is a file
  // edited by hand or damaged. Guessing would replay events its tables already hold (a mark read
  // as 0), or replay events the rules already judged once the chain grows past it (a mark past
  // the head).
  const std::string text = s.text(0);
  std::int64_t seq = -1;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), seq);
  if (error != std::errc{} || end != text.data() + text.size() || seq < 0)
    // TRANSLATORS: {} is what the file holds where the number of its last replayed event belongs.
    throw ReplicaMismatch::of_mark(
        fmt::format(fmt::runtime(tr("the standby's replay mark '{}' is not an event's number: the file was edited or "
                                    "damaged")),
                    text));
  const std::int64_t head = db.scalar_int("SELECT COALESCE(MAX(seq), 0) FROM events");
  if (seq > head)
    // TRANSLATORS: {0} the event a standby's file says it replayed last, {1} its last event.
    throw ReplicaMismatch::of_mark(
        fmt::format(fmt::runtime(tr("the standby's replay mark names event {0}, past its last event {1}: the file "
                                    "was edited or damaged")),
                    seq, head));
  return seq;
}

void Ledger::create_replica(const std::string& path) {
  if (std::filesystem::exists(path))
    throw LedgerRefusal(RefusalCode::bad_input, "db", say("{} already exists: a standby starts from a new file", path));
  try {
    Ledger replica(path, true, LedgerRandomness{});
  } catch (...) {
    for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path + suffix);
    throw;
  }
}

ReplicaHead Ledger::replica_head() {
  ReplicaHead head;
  Statement last = db_.prepare("SELECT seq, hash FROM events ORDER BY seq DESC LIMIT 1");
  if (last.step()) {
    head.seq = last.int64(0);
    head.hash = last.blob(1);
  } else {
    head.hash = genesis_hash();
  }
  last.reset();
  head.refusal_id = db_.scalar_int("SELECT COALESCE(MAX(id), 0) FROM refusals");
  return head;
}

void set_replica_role(Database& db, const std::string& role) {
  db.prepare("INSERT INTO replica_state(key, value) VALUES ('role', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value")
      .bind(1, role)
      .run();
}

namespace {
// A follower never writes into a file promoted meanwhile (marshal promote on a running standby).
void refuse_if_promoted(Database& db) {
  if (db.scalar_text("SELECT COALESCE(MAX(value), '') FROM replica_state WHERE key = 'role'") == "primary")
    throw ReplicaMismatch(0, 0, tr("this file was promoted (marshal promote): it follows no more"));
}
}  // namespace

void write_replica_state(Database& db, const ReplicaState& state) {
  if (state.role.empty()) refuse_if_promoted(db);
  const std::pair<const char*, std::string> values[] = {
      {"primary", state.primary},
      {"primary_epoch", std::to_string(state.primary_epoch)},
      {"primary_head", std::to_string(state.primary_head)},
      {"last_contact_ms", std::to_string(state.last_contact_ms)},
      {"in_sync", state.in_sync ? "1" : "0"},
      {"role", state.role},
      {"admin_digest", state.admin_digest},
  };
  Statement upsert = db.prepare(
      "INSERT INTO replica_state(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value");
  for (const auto& [key, value] : values) {
    if (std::string_view(key) == "role" && value.empty()) continue;
    upsert.bind(1, std::string(key)).bind(2, value).run();
    upsert.reset();
  }
}

std::optional<ReplicaState> read_replica_state(Database& db) {
  Statement s = db.prepare("SELECT key, value FROM replica_state");
  std::optional<ReplicaState> state;
  auto number = [](const std::string& text) {
    try {
      return static_cast<std::int64_t>(std::stoll(text));
    } catch (const std::exception&) {
      return std::int64_t{0};
    }
  };
  while (s.step()) {
    if (!state) state.emplace();
    const std::string key = s.text(0), value = s.text(1);
    if (key == "primary") state->primary = value;
    else if (key == "primary_epoch") state->primary_epoch = number(value);
    else if (key == "primary_head") state->primary_head = number(value);
    else if (key == "last_contact_ms") state->last_contact_ms = number(value);
    else if (key == "in_sync") state->in_sync = value == "1";
    else if (key == "role") state->role = value;
    else if (key == "admin_digest") state->admin_digest = value;
  }
  return state;
}

void Ledger::append_replicated(const ReplicaBatch& batch, const ReplicaState* state) {
  // What apply() keeps in memory goes back with a batch rolled back (a retry meets it anew).
  const std::int64_t epoch_before = applied_epoch_;
  const std::optional<Json> options_before = options_;
  try {
    Transaction tx(db_);
    const ChainHead& head = chain_head();
    std::int64_t seq = head.seq;
    Blob hash = head.hash;
    // A file without the mark has replayed every event it holds (replayed_seq): say so before
    // events that are not replayed yet go in.
    if (!batch.events.empty() && !replayed_seq(db_)) write_replayed_seq(db_, seq);
    for (const EventRow& row : batch.events) {
      auto mismatch = [&](const std::string& what) { return ReplicaMismatch(row.seq, 0, what); };
      if (row.seq != seq + 1)
        // TRANSLATORS: {0} is the event sent, {1} the last one this file has.
        throw mismatch(fmt::format(fmt::runtime(tr("event {} cannot follow event {}: the events between are missing")),
                                   row.seq, seq));
      if (row.prev_hash != hash)
        // TRANSLATORS: {0} is an event's number, {1} the one before it.
        throw mismatch(fmt::format(fmt::runtime(tr("event {} does not link to event {} as this file has it: the "
                                                   "chains differ")),
                                   row.seq, seq));
      if (event_hash(row) != row.hash)
        // TRANSLATORS: {} is an event's number.
        throw mismatch(fmt::format(fmt::runtime(tr("event {} does not match its own hash: it was altered")), row.seq));
      insert_event(db_, row);
      if (is_station_event(row.type)) follow_checked(db_, row);
      seq = row.seq;
      hash = row.hash;
    }
    Statement last = db_.prepare("SELECT id, hash FROM refusals ORDER BY id DESC LIMIT 1");
    std::int64_t refusal_id = 0;
    std::optional<Blob> refusal_hash_before;  // none: the trail is empty, or its last row is unchained
    if (last.step()) {
      refusal_id = last.int64(0);
      if (!last.is_null(1)) refusal_hash_before = last.blob(1);
    }
    last.reset();
    for (const RefusalRow& row : batch.refusals) {
      auto mismatch = [&](const std::string& what) { return ReplicaMismatch(0, row.id, what); };
      if (row.id != refusal_id + 1)
        // TRANSLATORS: {0} is the refusal row sent, {1} the last one this file has.
        throw mismatch(fmt::format(fmt::runtime(tr("refusal {} cannot follow refusal {}: the rows between are missing")),
                                   row.id, refusal_id));
      const bool chained = !row.hash.empty();
      // A trail begun before it was chained (migration 10) has unchained rows first, then a
      // chain that starts from the genesis hash; none after the chain began.
      if (!chained && refusal_hash_before)
        // TRANSLATORS: {} is a refusal row's number.
        throw mismatch(fmt::format(fmt::runtime(tr("refusal {} has no hash, after rows that have one")), row.id));
      if (chained && (row.prev_hash != refusal_hash_before.value_or(genesis_hash()) || refusal_hash(row) != row.hash))
        // TRANSLATORS: {} is a refusal row's number.
        throw mismatch(fmt::format(fmt::runtime(tr("refusal {} does not link to the trail or match its own hash")), row.id));
      insert_refusal(db_, row);
      refusal_id = row.id;
      if (chained) refusal_hash_before = row.hash;
    }
    if (batch.admin && seq >= batch.admin->as_of_seq) {
      // Its PINs name characters, which only the event's definition (event 1) makes: no more of
      // the backlog is replayed here, while the primary's reply waits for this commit.
      project_in_transaction(std::min<std::int64_t>(batch.admin->as_of_seq, 1));
      apply_admin_snapshot(db_, *batch.admin);
      // The primary reads its snapshot at most once a second (admin_snapshot_every_ms): what the
      // chain did to the stations after it (an enrolment using up a code, a revocation) holds.
      follow_station_events_after(db_, batch.admin->as_of_seq);
    }
    if (state) write_replica_state(db_, *state);
    else refuse_if_promoted(db_);
    tx.commit();  // synchronous=FULL: on this disk once this returns
  } catch (...) {
    head_.reset();  // rolled back: the head is read again
    applied_epoch_ = epoch_before;
    options_ = options_before;
    throw;
  }
  head_.reset();
}

void Ledger::replay_one(const EventRow& row) {
  auto mismatch = [&](const std::string& what) { return ReplicaMismatch(row.seq, 0, what); };
  Json payload, stored = Json::object();
  try {
    payload = Json::parse(row.payload);
  } catch (const std::exception&) {
    // TRANSLATORS: {} is an event's number.
    throw mismatch(fmt::format(fmt::runtime(tr("event {}'s payload is not JSON")), row.seq));
  }
  if (auto part = payload.find("ledger"); part != payload.end()) {
    stored = std::move(*part);
    payload.erase(part);
  }
  replay_parsed(row, payload, stored);
}

void Ledger::replay_parsed(const EventRow& row, const Json& payload, const Json& stored) {
  auto mismatch = [&](const std::string& what) { return ReplicaMismatch(row.seq, 0, what); };
  // Worked out afresh, the stored part read only for the ledger's random choices: a key the
  // replay does not write (a forged one added) makes the two differ.
  Json ledger = Json::object();
  try {
    apply(row.type, payload, ledger, row.seq, row.server_time_ms, &stored);
  } catch (const LedgerRefusal& r) {
    // TRANSLATORS: {0} is an event's number, {1} its type, {2} why the rules refuse it.
    throw mismatch(fmt::format(fmt::runtime(tr("replaying event {} ({}) is refused: {}")), row.seq, row.type,
                               fmt::format("{} ({})", r.what(), r.code)));
  } catch (const SqliteError& e) {
    if (passing_trouble(e)) throw;  // the disk's trouble (a locked file, a full disk), not the event's: tried again
    // TRANSLATORS: {0} is an event's number, {1} its type, {2} what failed.
    throw mismatch(fmt::format(fmt::runtime(tr("replaying event {} ({}) fails: {}")), row.seq, row.type, e.what()));
  } catch (const std::exception& e) {
    // A payload the rules cannot read (a field of another type): the event's, and it stays so.
    // TRANSLATORS: {0} is an event's number, {1} its type, {2} what failed.
    throw mismatch(fmt::format(fmt::runtime(tr("replaying event {} ({}) fails: {}")), row.seq, row.type, e.what()));
  }
  if (ledger != stored)
    // TRANSLATORS: {0} is an event's number, {1} its type.
    throw mismatch(fmt::format(fmt::runtime(tr("replaying event {} ({}) gives another outcome than the one stored")),
                               row.seq, row.type));
}

void Ledger::project_in_transaction(std::int64_t last_seq) {
  const std::optional<std::int64_t> from = replayed_seq(db_);
  if (!from || *from >= last_seq) return;
  std::int64_t done = *from;
  while (done < last_seq) {
    // Read first (the replay writes the tables while a read is open otherwise), a bounded number
    // at a time: a promotion replays a whole backlog in one transaction.
    std::vector<EventRow> rows;
    {
      Statement s = db_.prepare(std::string("SELECT ") + event_columns + " FROM events WHERE seq > ? AND seq <= ? ORDER BY seq");
      s.bind(1, done).bind(2, std::min(last_seq, done + replay_read_events));
      while (s.step()) rows.push_back(event_row_from(s));
    }
    if (rows.empty()) break;
    for (const EventRow& row : rows) replay_one(row);
    done = rows.back().seq;
  }
  if (done == *from) return;
  // Every event replayed: no mark, as in a primary's file (a promoted one writes on from here).
  if (done == chain_head().seq)
    db_.prepare("DELETE FROM replica_state WHERE key = ?").bind(1, std::string(replayed_key)).run();
  else
    write_replayed_seq(db_, done);
}

void Ledger::replay_pending_in_transaction() { project_in_transaction(INT64_MAX); }

std::int64_t Ledger::project_replicated(std::int64_t max_events) {
  const std::int64_t epoch_before = applied_epoch_;
  const std::optional<Json> options_before = options_;
  try {
    Transaction tx(db_);
    const std::optional<std::int64_t> from = replayed_seq(db_);
    const std::int64_t head = chain_head().seq;
    if (!from || *from >= head) return 0;
    const std::int64_t last = max_events >= head - *from ? head : *from + max_events;
    project_in_transaction(last);
    tx.commit();
    return head - last;
  } catch (...) {
    head_.reset();
    applied_epoch_ = epoch_before;
    options_ = options_before;
    throw;
  }
}

}  // namespace marshal::db
