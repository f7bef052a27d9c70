#include "ledger/kiosk_pins.h"

#include <sodium.h>

#include <fmt/format.h>

namespace marshal::db {

namespace {

std::string random_pin() {
  static_assert(kiosk_pin_digits == 4, "the format below writes 4 digits");  // i18n: not words (a build check)
  return fmt::format("{:04d}", randombytes_uniform(10000));
}

void store_pin(Database& db, std::int64_t character, const std::string& pin, std::int64_t now_ms) {
  db.prepare("INSERT INTO kiosk_pins(character, pin, set_ms) VALUES (?, ?, ?) "
             "ON CONFLICT(character) DO UPDATE SET pin = excluded.pin, set_ms = excluded.set_ms")
      .bind(1, character)
      .bind(2, pin)
      .bind(3, now_ms)
      .run();
}

}  // namespace

bool well_formed_pin(const std::string& pin) {
  if (pin.size() != static_cast<std::size_t>(kiosk_pin_digits)) return false;
  for (char c : pin)
    if (c < '0' || c > '9') return false;
  return true;
}

int ensure_kiosk_pins(Database& db, std::int64_t now_ms) {
  std::vector<std::int64_t> without;
  Statement s = db.prepare("SELECT id FROM characters WHERE id NOT IN (SELECT character FROM kiosk_pins) ORDER BY id");
  while (s.step()) without.push_back(s.int64(0));
  if (without.empty()) return 0;
  Transaction tx(db);
  for (std::int64_t id : without) store_pin(db, id, random_pin(), now_ms);
  tx.commit();
  return static_cast<int>(without.size());
}

std::vector<KioskPin> kiosk_pins(Database& db) {
  std::vector<KioskPin> pins;
  Statement s = db.prepare(
      "SELECT COALESCE((SELECT code FROM cards b WHERE b.kind = 'badge' AND b.holder = c.id AND b.revoked = 0 "
      "LIMIT 1), ''), c.name, p.pin FROM characters c JOIN kiosk_pins p ON p.character = c.id ORDER BY c.id");
  while (s.step()) pins.push_back({s.text(0), s.text(1), s.text(2)});
  return pins;
}

std::string reset_kiosk_pin(Database& db, std::int64_t character, std::int64_t now_ms) {
  std::string old;
  Statement s = db.prepare("SELECT pin FROM kiosk_pins WHERE character = ?");
  s.bind(1, character);
  if (s.step()) old = s.text(0);
  std::string pin;
  do pin = random_pin();
  while (pin == old);
  store_pin(db, character, pin, now_ms);
  return pin;
}

bool kiosk_pin_matches(Database& db, std::int64_t character, const std::string& pin) {
  if (!well_formed_pin(pin)) return false;
  Statement s = db.prepare("SELECT pin FROM kiosk_pins WHERE character = ?");
  s.bind(1, character);
  if (!s.step()) return false;
  std::string stored = s.text(0);
  return stored.size() == pin.size() && sodium_memcmp(stored.data(), pin.data(), pin.size()) == 0;
}

}  // namespace marshal::db
