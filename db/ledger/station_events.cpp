#include "ledger/station_events.h"

#include <limits>

#include "i18n/utf8_text.h"
#include "ledger/ledger.h"
#include "protocol/json_text.h"
#include "store/hash_chain.h"

namespace marshal::db {

const std::vector<std::string>& station_event_types() {
  static const std::vector<std::string> types{station_enrolled_event, station_revoked_event,
                                              station_token_rotated_event, ledger_key_made_event,
                                              ledger_promoted_event, ledger_alone_event,
                                              standby_in_sync_event, standby_joined_event};
  return types;
}

bool is_station_event(const std::string& type) {
  for (const std::string& t : station_event_types())
    if (t == type) return true;
  return false;
}

namespace {
std::int64_t append_admin_event(Database& db, const char* type, const Json& payload, std::int64_t now_ms) {
  EventRow row;
  row.uuid = make_uuid_v7(now_ms);
  row.station = "admin";
  row.client_time_ms = now_ms;
  row.server_time_ms = now_ms;
  row.type = type;
  row.payload = protocol::compact_text(payload);
  append_chained(db, row);
  return row.seq;
}

}  // namespace

bool known_station_role(const std::string& role) { return role == "gm" || role == "kiosk" || role == "standby"; }

std::int64_t append_station_enrolled(Database& db, const std::string& name, const std::string& role,
                                     const std::string& token_hash_hex, std::int64_t now_ms) {
  return append_admin_event(db, station_enrolled_event,
                            {{"name", name}, {"role", role}, {"token_hash", token_hash_hex}}, now_ms);
}

std::int64_t append_station_revoked(Database& db, const std::string& name, std::int64_t now_ms) {
  return append_admin_event(db, station_revoked_event, {{"name", name}}, now_ms);
}

std::int64_t append_station_token_rotated(Database& db, const std::string& name, std::int64_t now_ms) {
  return append_admin_event(db, station_token_rotated_event, {{"name", name}}, now_ms);
}

std::int64_t append_ledger_key_made(Database& db, const std::string& key_pin_hex, const std::string& why,
                                    std::int64_t now_ms) {
  return append_admin_event(db, ledger_key_made_event, {{"key_pin", key_pin_hex}, {"why", why}}, now_ms);
}

std::int64_t append_ledger_promoted(Database& db, const Promotion& p, std::int64_t now_ms) {
  return append_admin_event(db, ledger_promoted_event,
                            {{"epoch", p.epoch}, {"key_pin", p.key_pin}, {"primary_was", p.primary_was},
                             {"last_contact_ms", p.last_contact_ms}, {"was_in_sync", p.was_in_sync}, {"forced", p.forced}},
                            now_ms);
}

std::int64_t append_ledger_alone(Database& db, const std::string& standby, std::int64_t acked_seq, std::int64_t waited_ms,
                                 const std::string& why, std::int64_t now_ms) {
  return append_admin_event(db, ledger_alone_event,
                            {{"standby", standby}, {"acked_seq", acked_seq}, {"waited_ms", waited_ms}, {"why", why}}, now_ms);
}

std::int64_t append_standby_in_sync(Database& db, const std::string& standby, std::int64_t seq, std::int64_t now_ms) {
  return append_admin_event(db, standby_in_sync_event, {{"standby", standby}, {"seq", seq}}, now_ms);
}

std::string append_alone_at_restart(Database& db, std::int64_t now_ms) {
  // Read once as a server starts (not indexed by type).
  Statement last = db.prepare(
      "SELECT type, json_extract(payload, '$.standby'), json_extract(payload, '$.seq') FROM events "
      "WHERE type IN ('ledger_alone', 'standby_in_sync') ORDER BY seq DESC LIMIT 1");
  if (!last.step() || last.text(0) != standby_in_sync_event) return "";
  const std::string standby = last.text(1);
  append_ledger_alone(db, standby, last.int64(2), 0, "restart", now_ms);
  return standby;
}

std::int64_t append_standby_joined(Database& db, const std::string& name, const std::string& url,
                                   const std::string& key_pin_hex, std::int64_t now_ms) {
  return append_admin_event(db, standby_joined_event, {{"name", name}, {"url", url}, {"key_pin", key_pin_hex}}, now_ms);
}

Epoch current_epoch(Database& db) {
  // The type in the SQL itself (not bound): only then does SQLite use migration 20's partial
  // index, and a file with no promotion (the usual one) is not read through.
  Statement s = db.prepare(
      "SELECT seq, json_extract(payload, '$.epoch') FROM events WHERE type = 'ledger_promoted' ORDER BY seq DESC LIMIT 1");
  if (!s.step()) return {};
  return {s.int64(1), s.int64(0)};
}

Epoch epoch_before(Database& db, std::int64_t seq) {
  Statement s = db.prepare(
      "SELECT seq, json_extract(payload, '$.epoch') FROM events WHERE type = 'ledger_promoted' AND seq < ? "
      "ORDER BY seq DESC LIMIT 1");
  s.bind(1, seq);
  if (!s.step()) return {};
  return {s.int64(1), s.int64(0)};
}

std::string last_standby_url(Database& db, std::int64_t after_seq) {
  // Read once as a server starts (not indexed by type: a standby joins rarely).
  Statement s = db.prepare(
      "SELECT json_extract(payload, '$.url'), json_extract(payload, '$.key_pin') FROM events "
      "WHERE type = 'standby_joined' AND seq > ? ORDER BY seq DESC LIMIT 1");
  s.bind(1, after_seq);
  if (!s.step()) return "";
  return s.text(0) + "#sha256=" + s.text(1);
}

namespace {
// A key's pin: its SHA-256 as 64 lower-case hex digits.
std::string key_pin(protocol::Fields& f, const std::string& field) {
  std::string pin = f.text(field);
  if (!hash_from_hex(pin))
    throw LedgerRefusal(RefusalCode::bad_input, field, say("must be the key's SHA-256 as 64 lower-case hex digits"));
  return pin;
}

// A count or a seq the servers write: required, never negative.
std::int64_t count(protocol::Fields& f, const std::string& field) {
  const std::int64_t value = f.int64_or(field, 0, std::numeric_limits<std::int64_t>::max(), -1);
  if (value < 0) throw LedgerRefusal(RefusalCode::bad_input, field, say("must be a whole number, 0 or more"));
  return value;
}

std::string station_name(protocol::Fields& f, const std::string& field) {
  std::string name = f.text(field);
  if (name.empty() || i18n::characters_in(name) > 80)
    throw LedgerRefusal(RefusalCode::bad_input, field, say("a station's name is 1 to 80 characters"));
  return name;
}

// The standby's events: their forms; a promotion's epoch follows `epoch_before`.
void check_standby_event(const std::string& type, protocol::Fields& f, std::int64_t epoch_before) {
  if (type == ledger_promoted_event) {
    const std::int64_t epoch = count(f, "epoch");
    key_pin(f, "key_pin");
    f.text("primary_was");
    count(f, "last_contact_ms");
    f.boolean_or("was_in_sync", false);
    f.boolean_or("forced", false);
    if (epoch != epoch_before + 1)
      // TRANSLATORS: {0} is the epoch this promotion must have, {1} the one it has.
      throw LedgerRefusal(RefusalCode::bad_input, "epoch", say("must be {} (the epoch before it + 1), not {}", epoch_before + 1, epoch));
  } else if (type == ledger_alone_event) {
    station_name(f, "standby");
    count(f, "acked_seq");
    count(f, "waited_ms");
    const std::string why = f.text("why");
    if (why != "no_answer" && why != "behind" && why != "diverged" && why != "restart")
      throw LedgerRefusal(RefusalCode::bad_input, "why", say("must be no_answer, behind, diverged or restart"));
  } else if (type == standby_in_sync_event) {
    station_name(f, "standby");
    count(f, "seq");
  } else {  // standby_joined
    station_name(f, "name");
    if (!f.text("url").starts_with("https://")) throw LedgerRefusal(RefusalCode::bad_input, "url", say("must be an https:// address"));
    key_pin(f, "key_pin");
  }
}
}  // namespace

void check_station_event(const std::string& type, const Json& payload, std::int64_t epoch_before) {
  protocol::Fields f(payload, "");
  if (type == ledger_key_made_event) {
    key_pin(f, "key_pin");
    std::string why = f.text("why");
    if (why != "first" && why != "replaced") throw LedgerRefusal(RefusalCode::bad_input, "why", say("must be first or replaced"));
    f.done();
    return;
  }
  if (type == ledger_promoted_event || type == ledger_alone_event || type == standby_in_sync_event ||
      type == standby_joined_event) {
    check_standby_event(type, f, epoch_before);
    f.done();
    return;
  }
  station_name(f, "name");
  if (type == station_enrolled_event) {
    std::string role = f.text("role");
    if (!known_station_role(role))
      throw LedgerRefusal(RefusalCode::bad_input, "role", say("must be gm, kiosk or standby"));
    std::string hash = f.text("token_hash");
    if (!hash_from_hex(hash))
      throw LedgerRefusal(RefusalCode::bad_input, "token_hash", say("must be the token's SHA-256 as 64 lower-case hex digits"));
  }
  f.done();
}

}  // namespace marshal::db
