#pragma once
// Kiosk PINs: every character has a 4-digit PIN, made when the ledger is created and printed on
// the character sheet. A badge code is visible on a costume; the PIN is what keeps a secret's
// text to its holder at a player kiosk (docs/kiosk.md). PINs live in their own table, outside
// the hash chain and every event (GM stations read event payloads), and are drawn from the
// operating system's randomness.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "store/sqlite.h"

namespace marshal::db {

inline constexpr int kiosk_pin_digits = 4;

// Gives a fresh PIN to every character without one (a ledger made before PINs existed, or just
// now); returns how many were made.
int ensure_kiosk_pins(Database& db, std::int64_t now_ms);

struct KioskPin {
  std::string badge;  // the character's badge code
  std::string name;
  std::string pin;
};
// Every character's PIN, in the characters' order.
std::vector<KioskPin> kiosk_pins(Database& db);

// A new PIN for the character, different from the old one; returns it.
std::string reset_kiosk_pin(Database& db, std::int64_t character, std::int64_t now_ms);

// Whether `pin` is the character's PIN (compared in constant time). False for a character
// without one.
bool kiosk_pin_matches(Database& db, std::int64_t character, const std::string& pin);

// "1234": exactly kiosk_pin_digits digits.
bool well_formed_pin(const std::string& pin);

}  // namespace marshal::db
