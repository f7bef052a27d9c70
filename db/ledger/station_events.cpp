#include "ledger/station_events.h"

#include "i18n/utf8_text.h"
#include "ledger/ledger.h"
#include "protocol/json_text.h"
#include "store/hash_chain.h"

namespace marshal::db {

bool is_station_event(const std::string& type) {
  return type == station_enrolled_event || type == station_revoked_event || type == station_token_rotated_event ||
         type == ledger_key_made_event;
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

bool is_lower_hex(const std::string& text) {
  for (char c : text)
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  return true;
}
}  // namespace

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

void check_station_event(const std::string& type, const Json& payload) {
  protocol::Fields f(payload, "");
  if (type == ledger_key_made_event) {
    std::string pin = f.text("key_pin"), why = f.text("why");
    if (pin.size() != 64 || !is_lower_hex(pin))
      throw LedgerRefusal(RefusalCode::bad_input, "key_pin", say("must be the key's SHA-256 as 64 lower-case hex digits"));
    if (why != "first" && why != "replaced") throw LedgerRefusal(RefusalCode::bad_input, "why", say("must be first or replaced"));
    f.done();
    return;
  }
  std::string name = f.text("name");
  if (name.empty() || i18n::characters_in(name) > 80)
    throw LedgerRefusal(RefusalCode::bad_input, "name", say("a station's name is 1 to 80 characters"));
  if (type == station_enrolled_event) {
    std::string role = f.text("role");
    if (role != "gm" && role != "kiosk") throw LedgerRefusal(RefusalCode::bad_input, "role", say("must be gm or kiosk"));
    std::string hash = f.text("token_hash");
    if (hash.size() != 64 || !is_lower_hex(hash))
      throw LedgerRefusal(RefusalCode::bad_input, "token_hash", say("must be the token's SHA-256 as 64 lower-case hex digits"));
  }
  f.done();
}

}  // namespace marshal::db
