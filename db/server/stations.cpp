#include "server/stations.h"

#include <sodium.h>

#include <fmt/format.h>

#include "core/card_code.h"
#include "i18n/translate.h"
#include "i18n/utf8_text.h"
#include "ledger/station_events.h"
#include "protocol/enrollment.h"
#include "store/hash_chain.h"

namespace marshal::db {

using i18n::tr;

namespace {
// A fresh one-time code from the operating system's randomness.
std::string new_card_code() {
  core::CardCodeBytes bytes;
  randombytes_buf(bytes.data(), bytes.size());
  return core::make_card_code(bytes);
}

Blob sha256(const std::string& text) {
  Blob out(crypto_hash_sha256_BYTES);
  crypto_hash_sha256(out.data(), reinterpret_cast<const unsigned char*>(text.data()), text.size());
  return out;
}
}  // namespace

std::string to_string(Role role) {
  switch (role) {
    case Role::gm: return "gm";
    case Role::kiosk: return "kiosk";
    case Role::standby: return "standby";
  }
  return "kiosk";
}

std::optional<Role> role_from_string(const std::string& text) {
  if (text == "gm") return Role::gm;
  if (text == "kiosk") return Role::kiosk;
  if (text == "standby") return Role::standby;
  return std::nullopt;
}

std::string add_station(Database& db, const std::string& name, Role role, std::int64_t now_ms) {
  if (name.empty() || i18n::characters_in(name) > 80) throw StationError(tr("a station's name is 1 to 80 characters"));
  Transaction tx(db);
  Statement existing = db.prepare("SELECT revoked FROM stations WHERE name = ?");
  existing.bind(1, name);
  if (existing.step() && existing.int64(0) == 0)
    throw StationError(fmt::format(fmt::runtime(tr("a station named '{}' exists; revoke it first to replace it")), name));
  std::string code = new_card_code();
  db.prepare(
        "INSERT OR REPLACE INTO stations(name, role, enroll_hash, token_hash, created_ms, "
        "enrolled_ms, revoked) VALUES (?, ?, ?, NULL, ?, NULL, 0)")  // i18n: not words (SQL)
      .bind(1, name)
      .bind(2, to_string(role))
      .bind(3, sha256(code))
      .bind(4, now_ms)
      .run();
  tx.commit();
  return code;
}

KioskAdmin add_kiosk_admin(Database& db, const std::string& name) {
  KioskAdmin admin{new_card_code(), fmt::format("{:04d}", randombytes_uniform(10000))};
  db.prepare("UPDATE stations SET admin_check = ? WHERE name = ? AND revoked = 0 AND role = 'kiosk'")
      .bind(1, protocol::admin_check(admin.code, admin.pin))
      .bind(2, name)
      .run();
  if (db.changes() == 0) throw StationError(fmt::format(fmt::runtime(tr("no live kiosk named '{}'")), name));
  return admin;
}

void revoke_station(Database& db, const std::string& name, std::int64_t now_ms) {
  Transaction tx(db);
  Statement s = db.prepare("UPDATE stations SET revoked = 1, token_hash = NULL, enroll_hash = NULL "
                           "WHERE name = ? AND revoked = 0 RETURNING enrolled_seq");
  s.bind(1, name);
  if (!s.step()) throw StationError(fmt::format(fmt::runtime(tr("no live station named '{}'")), name));
  bool enrolled = !s.is_null(0);
  s.reset();
  // A station never enrolled had no authority to take back: nothing goes into the chain.
  if (enrolled) append_station_revoked(db, name, now_ms);
  tx.commit();
}

Rotation rotate_station_token(Database& db, const std::string& name, std::int64_t now_ms) {
  Rotation rotation{new_card_code(), Role::kiosk};
  const std::string& code = rotation.code;
  Transaction tx(db);
  Statement s = db.prepare("SELECT token_hash IS NOT NULL, role FROM stations WHERE name = ? AND revoked = 0");
  s.bind(1, name);
  if (!s.step()) throw StationError(fmt::format(fmt::runtime(tr("no live station named '{}'")), name));
  bool enrolled = s.int64(0) != 0;
  rotation.role = *role_from_string(s.text(1));
  s.reset();
  db.prepare("UPDATE stations SET token_hash = NULL, enroll_hash = ?, enrolled_ms = NULL, enrolled_seq = NULL "
             "WHERE name = ? AND revoked = 0")
      .bind(1, sha256(code))
      .bind(2, name)
      .run();
  if (enrolled) append_station_token_rotated(db, name, now_ms);
  tx.commit();
  return rotation;
}

std::optional<Enrollment> enroll_station(Database& db, const std::string& code, std::int64_t now_ms) {
  core::ParsedCardCode parsed = core::parse_card_code(code);
  if (!parsed.ok()) return std::nullopt;
  Transaction tx(db);
  Statement s = db.prepare("SELECT name, role, COALESCE(admin_check, '') FROM stations WHERE enroll_hash = ? AND revoked = 0");
  s.bind(1, sha256(parsed.code));
  if (!s.step()) return std::nullopt;
  Enrollment e;
  e.station.name = s.text(0);
  e.station.role = *role_from_string(s.text(1));
  e.admin_check = s.text(2);
  Blob token(32);
  randombytes_buf(token.data(), token.size());
  e.token = to_hex(token);
  s.reset();
  Blob token_hash = sha256(e.token);
  std::int64_t seq = append_station_enrolled(db, e.station.name, to_string(e.station.role), to_hex(token_hash), now_ms);
  // The code is spent: a second enrollment with it fails.
  db.prepare("UPDATE stations SET enroll_hash = NULL, token_hash = ?, enrolled_ms = ?, enrolled_seq = ? WHERE name = ?")
      .bind(1, token_hash)
      .bind(2, now_ms)
      .bind(3, seq)
      .bind(4, e.station.name)
      .run();
  tx.commit();
  return e;
}

bool EnrolmentsChecked::holds(const Key& key) const {
  std::lock_guard lock(mutex_);
  return keys_.contains(key);
}

void EnrolmentsChecked::add(Key key) {
  std::lock_guard lock(mutex_);
  if (keys_.size() >= max_entries) keys_.clear();
  keys_.insert(std::move(key));
}

std::size_t EnrolmentsChecked::size() const {
  std::lock_guard lock(mutex_);
  return keys_.size();
}

std::optional<Station> station_for_token(Database& db, const std::string& token, EnrolmentsChecked* checked) {
  if (token.size() != 64) return std::nullopt;
  const Blob token_hash = sha256(token);
  Statement row = db.prepare("SELECT name, role, enrolled_seq FROM stations WHERE token_hash = ? AND revoked = 0");
  row.bind(1, token_hash);
  if (!row.step() || row.is_null(2)) return std::nullopt;
  EnrolmentsChecked::Key key{row.int64(2), token_hash, row.text(0), row.text(1)};
  const std::optional<Role> role = role_from_string(key.role);
  if (!role) return std::nullopt;
  Station station{key.name, *role};
  if (checked && checked->holds(key)) return station;
  // The row must point at its enrolment event, with this token's hash, name and role: a row
  // written into the file with SQL has none, and one edited no longer matches it.
  Statement event = db.prepare(
      "SELECT 1 FROM events WHERE seq = ?1 AND type = 'station_enrolled' "
      "AND json_extract(payload, '$.token_hash') = lower(hex(?2)) "  // i18n: not words (SQL)
      "AND json_extract(payload, '$.name') = ?3 AND json_extract(payload, '$.role') = ?4");  // i18n: not words (SQL)
  event.bind(1, key.seq).bind(2, token_hash).bind(3, key.name).bind(4, key.role);
  if (!event.step()) return std::nullopt;
  if (checked) checked->add(std::move(key));
  return station;
}

}  // namespace marshal::db
