#include "server/kiosk_sign_ins.h"

#include <sodium.h>

#include <array>

namespace marshal::db {

namespace {

std::string new_token() {
  std::array<unsigned char, 24> bytes;
  randombytes_buf(bytes.data(), bytes.size());
  std::array<char, 2 * 24 + 1> hex;
  sodium_bin2hex(hex.data(), hex.size(), bytes.data(), bytes.size());
  return std::string(hex.data());
}

}  // namespace

void KioskSignIns::forget_expired(std::int64_t now_ms) {
  for (auto i = sign_ins_.begin(); i != sign_ins_.end();)
    i = now_ms - i->second.last_use_ms >= kiosk_sign_in_idle_ms ? sign_ins_.erase(i) : std::next(i);
  for (auto i = locked_until_.begin(); i != locked_until_.end();)
    i = i->second <= now_ms ? locked_until_.erase(i) : std::next(i);
  for (auto i = wrong_.begin(); i != wrong_.end();) {
    auto& times = i->second;
    while (!times.empty() && now_ms - times.front() >= pin_try_window_ms) times.pop_front();
    i = times.empty() ? wrong_.erase(i) : std::next(i);
  }
}

std::int64_t KioskSignIns::locked_for_ms(std::int64_t character, std::int64_t now_ms) {
  std::lock_guard lock(mutex_);
  forget_expired(now_ms);
  auto it = locked_until_.find(character);
  return it == locked_until_.end() ? 0 : it->second - now_ms;
}

SignInAttempt KioskSignIns::attempt(const std::string& station, std::int64_t character, bool pin_ok,
                                    std::int64_t now_ms) {
  std::lock_guard lock(mutex_);
  forget_expired(now_ms);
  SignInAttempt a;
  if (auto locked = locked_until_.find(character); locked != locked_until_.end()) {
    a.result = SignInAttempt::Result::locked;
    a.locked_for_ms = locked->second - now_ms;
    return a;
  }
  if (!pin_ok) {
    auto& times = wrong_[character];
    times.push_back(now_ms);
    if (static_cast<int>(times.size()) >= pin_tries_before_lock) {
      wrong_.erase(character);
      locked_until_[character] = now_ms + pin_lock_ms;
      a.result = SignInAttempt::Result::locked;
      a.locked_for_ms = pin_lock_ms;
      return a;
    }
    a.result = SignInAttempt::Result::wrong_pin;
    a.tries_left = pin_tries_before_lock - static_cast<int>(times.size());
    return a;
  }
  wrong_.erase(character);  // the right PIN: earlier slips are forgiven
  // A kiosk holds few sign-ins at once: past the limit its least recently used one ends.
  std::size_t held = 0;
  auto oldest = sign_ins_.end();
  for (auto i = sign_ins_.begin(); i != sign_ins_.end(); ++i) {
    if (i->second.station != station) continue;
    ++held;
    if (oldest == sign_ins_.end() || i->second.last_use_ms < oldest->second.last_use_ms) oldest = i;
  }
  if (held >= max_sign_ins_per_station) sign_ins_.erase(oldest);
  a.result = SignInAttempt::Result::signed_in;
  a.token = new_token();
  sign_ins_[a.token] = {station, character, now_ms};
  return a;
}

std::optional<KioskSignIn> KioskSignIns::use(const std::string& token, const std::string& station,
                                             std::int64_t now_ms) {
  std::lock_guard lock(mutex_);
  forget_expired(now_ms);
  auto it = sign_ins_.find(token);
  if (it == sign_ins_.end() || it->second.station != station) return std::nullopt;
  it->second.last_use_ms = now_ms;
  return it->second;
}

void KioskSignIns::sign_out(const std::string& token, const std::string& station) {
  std::lock_guard lock(mutex_);
  auto it = sign_ins_.find(token);
  if (it != sign_ins_.end() && it->second.station == station) sign_ins_.erase(it);
}

}  // namespace marshal::db
