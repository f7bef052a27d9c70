#include "ledger/replica_admin.h"

#include "i18n/sentence.h"
#include "ledger/kiosk_pins.h"
#include "ledger/station_events.h"
#include "protocol/json_text.h"
#include "store/hash_chain.h"

namespace marshal::db {

using protocol::Json;

namespace {
Json text_or_null(const Statement& s, int column) { return s.is_null(column) ? Json() : Json(s.text(column)); }
Json hex_or_null(const Statement& s, int column) { return s.is_null(column) ? Json() : Json(to_hex(s.blob(column))); }

Blob hash_or_refused(const std::string& hex, const std::string& path) {
  std::optional<Blob> bytes = hash_from_hex(hex);
  if (!bytes) throw protocol::InputError(path, i18n::say("a hash is 64 lower-case hex digits"));
  return *bytes;
}
}  // namespace

AdminSnapshot read_admin_snapshot(Database& db, std::int64_t as_of_seq) {
  Json pins = Json::array(), stations = Json::array();
  Statement p = db.prepare("SELECT character, pin, set_ms FROM kiosk_pins ORDER BY character");
  while (p.step()) pins.push_back(Json::array({p.int64(0), p.text(1), p.int64(2)}));
  Statement s = db.prepare("SELECT name, role, enroll_hash, admin_check, created_ms, revoked FROM stations ORDER BY name");
  while (s.step())
    stations.push_back(Json{{"name", s.text(0)},         {"role", s.text(1)},       {"enroll_hash", hex_or_null(s, 2)},
                            {"admin_check", text_or_null(s, 3)}, {"created_ms", s.int64(4)}, {"revoked", s.int64(5) != 0}});
  AdminSnapshot snapshot;
  snapshot.body = Json{{"kiosk_pins", std::move(pins)}, {"stations", std::move(stations)}};
  snapshot.digest = sha256_hex(protocol::compact_text(snapshot.body));
  snapshot.as_of_seq = as_of_seq;
  return snapshot;
}

Json admin_snapshot_json(const AdminSnapshot& snapshot) {
  return Json{{"digest", snapshot.digest}, {"as_of_seq", snapshot.as_of_seq}, {"body", snapshot.body}};
}

AdminSnapshot admin_snapshot_from_json(const Json& json) {
  protocol::Fields f(json, "admin");
  AdminSnapshot snapshot;
  snapshot.digest = f.text("digest");
  snapshot.as_of_seq = f.int64_or("as_of_seq", 0, INT64_MAX, -1);
  if (snapshot.as_of_seq < 0) throw protocol::InputError("admin.as_of_seq", i18n::say("a whole number of at least {} is needed", 0));
  snapshot.body = f.required("body");
  f.done();
  // Checked whole here, so that applying it cannot fail half-way on a malformed row.
  const Json& body = snapshot.body;
  if (!body.is_object() || !body.contains("kiosk_pins") || !body["kiosk_pins"].is_array() ||
      !body.contains("stations") || !body["stations"].is_array())
    throw protocol::InputError("admin.body", i18n::say("kiosk_pins and stations, two lists, are needed"));
  std::size_t i = 0;
  for (const Json& pin : body["kiosk_pins"]) {
    const std::string path = "admin.body.kiosk_pins[" + std::to_string(i++) + "]";
    if (!pin.is_array() || pin.size() != 3 || !pin[0].is_number_integer() || !pin[1].is_string() ||
        !pin[2].is_number_integer())
      throw protocol::InputError(path, i18n::say("[character, pin, set_ms] is needed"));
    // A row the tables would refuse is refused here, naming it: applied, it would roll back the
    // whole batch, every second, as a disk's trouble.
    if (pin[0].get<std::int64_t>() < 1) throw protocol::InputError(path + "[0]", i18n::say("a character's number, 1 or more"));
    if (!well_formed_pin(pin[1].get<std::string>()))
      throw protocol::InputError(path + "[1]", i18n::say("a PIN is {} digits", kiosk_pin_digits));
  }
  i = 0;
  for (const Json& station : body["stations"]) {
    const std::string path = "admin.body.stations[" + std::to_string(i++) + "]";
    protocol::Fields s(station, path);
    if (s.text("name").empty()) throw protocol::InputError(path + ".name", i18n::say("a station's name is needed"));
    if (!known_station_role(s.text("role")))
      throw protocol::InputError(path + ".role", i18n::say("a station's role is gm, kiosk or standby"));
    if (!s.required("enroll_hash").is_null()) hash_or_refused(s.text("enroll_hash"), path + ".enroll_hash");
    if (!s.required("admin_check").is_null()) s.text("admin_check");
    if (s.int64_or("created_ms", 0, INT64_MAX, -1) < 0)
      throw protocol::InputError(path + ".created_ms", i18n::say("a whole number of at least {} is needed", 0));
    if (!s.required("revoked").is_boolean()) throw protocol::InputError(path + ".revoked", i18n::say("true or false"));
    s.done();
  }
  if (sha256_hex(protocol::compact_text(body)) != snapshot.digest)
    throw protocol::InputError("admin.digest", i18n::say("the digest is not the snapshot's"));
  return snapshot;
}

void apply_admin_snapshot(Database& db, const AdminSnapshot& snapshot) {
  db.exec("DELETE FROM kiosk_pins");
  Statement pin = db.prepare("INSERT INTO kiosk_pins(character, pin, set_ms) VALUES (?, ?, ?)");
  for (const Json& row : snapshot.body["kiosk_pins"]) {
    pin.bind(1, row[0].get<std::int64_t>()).bind(2, row[1].get<std::string>()).bind(3, row[2].get<std::int64_t>()).run();
    pin.reset();
  }
  Statement station = db.prepare(
      "INSERT INTO stations(name, role, enroll_hash, admin_check, created_ms, revoked) VALUES (?1, ?2, ?3, ?4, ?5, ?6) "
      "ON CONFLICT(name) DO UPDATE SET role = ?2, enroll_hash = ?3, admin_check = ?4, created_ms = ?5, "  // i18n: not words (SQL)
      "revoked = ?6");  // i18n: not words (SQL)
  for (const Json& row : snapshot.body["stations"]) {
    station.bind(1, row["name"].get<std::string>()).bind(2, row["role"].get<std::string>());
    if (row["enroll_hash"].is_null()) station.bind_null(3);
    else station.bind(3, hash_or_refused(row["enroll_hash"].get<std::string>(), "enroll_hash"));
    if (row["admin_check"].is_null()) station.bind_null(4);
    else station.bind(4, row["admin_check"].get<std::string>());
    station.bind(5, row["created_ms"].get<std::int64_t>()).bind(6, row["revoked"].get<bool>()).run();
    station.reset();
  }
}

}  // namespace marshal::db
