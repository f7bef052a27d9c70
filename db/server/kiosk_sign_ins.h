#pragma once
// Sign-ins at player kiosks. A player scans a badge and types the character's PIN
// (ledger/kiosk_pins.h); the kiosk gets a sign-in token that lets it show that character's
// secret texts and record that character's hand-overs, and nothing of anyone else's. A sign-in
// is bound to the kiosk that opened it and ends when the kiosk signs out (its idle reset) or
// after a minute without use. Wrong PINs are counted per character across all kiosks: five in
// five minutes lock the badge on kiosks for five minutes (a GM station can still look).
//
// Held in the server's memory only: a restarted server forgets sign-ins (kiosks sign in again)
// and running locks. Thread-safe.
#include <cstdint>
#include <deque>
#include <map>
#include <mutex>
#include <optional>
#include <string>

namespace marshal::db {

inline constexpr int pin_tries_before_lock = 5;                // wrong PINs ...
inline constexpr std::int64_t pin_try_window_ms = 5 * 60'000;  // ... within this time
inline constexpr std::int64_t pin_lock_ms = 5 * 60'000;        // lock the badge this long
inline constexpr std::int64_t kiosk_sign_in_idle_ms = 60'000;  // a sign-in unused this long ends
inline constexpr std::size_t max_sign_ins_per_station = 4;     // a player and a buyer, with room

struct KioskSignIn {
  std::string station;
  std::int64_t character = 0;
  std::int64_t last_use_ms = 0;
};

struct SignInAttempt {
  enum class Result { signed_in, wrong_pin, locked } result = Result::wrong_pin;
  std::string token;                // when signed in
  int tries_left = 0;               // when wrong: before the lock
  std::int64_t locked_for_ms = 0;   // when locked (also on the try that locks)
};

class KioskSignIns {
 public:
  // One try of a PIN for `character` at `station`; `pin_ok` is whether it matched. While the
  // badge is locked the answer is `locked` whatever the PIN.
  SignInAttempt attempt(const std::string& station, std::int64_t character, bool pin_ok, std::int64_t now_ms);
  // The sign-in behind a token, if it is this station's and still running; a use keeps it open.
  std::optional<KioskSignIn> use(const std::string& token, const std::string& station, std::int64_t now_ms);
  void sign_out(const std::string& token, const std::string& station);
  // How long the character's badge stays locked (0: not locked).
  std::int64_t locked_for_ms(std::int64_t character, std::int64_t now_ms);

 private:
  void forget_expired(std::int64_t now_ms);

  std::mutex mutex_;
  std::map<std::string, KioskSignIn> sign_ins_;                // by token
  std::map<std::int64_t, std::deque<std::int64_t>> wrong_;     // wrong PIN times by character
  std::map<std::int64_t, std::int64_t> locked_until_;          // by character
};

}  // namespace marshal::db
