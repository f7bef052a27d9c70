#include "core/csprng.h"

#include <sodium.h>

#include <cstring>

namespace marshal::core {

namespace {
int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}
}  // namespace

Seed seed_from_number(std::uint64_t number) {
  Seed seed{};
  for (int i = 0; i < 8; ++i) seed[31 - i] = static_cast<std::uint8_t>(number >> (8 * i));
  return seed;
}

Seed seed_from_text(std::string_view text) {
  Seed seed{};
  bool all_hex = !text.empty() && text.size() <= 64;
  for (char c : text) all_hex = all_hex && hex_value(c) >= 0;
  if (all_hex) {
    // Right-aligned so that "42" and "0042" name the same seed as seed_from_number(0x42).
    std::size_t nibble = 0;
    for (auto it = text.rbegin(); it != text.rend(); ++it, ++nibble) {
      auto byte = static_cast<std::size_t>(31 - nibble / 2);
      auto value = static_cast<std::uint8_t>(hex_value(*it));
      seed[byte] = static_cast<std::uint8_t>(seed[byte] | (nibble % 2 ? value << 4 : value));
    }
    return seed;
  }
  crypto_generichash(seed.data(), seed.size(), reinterpret_cast<const unsigned char*>(text.data()),
                     text.size(), nullptr, 0);
  return seed;
}

std::string seed_to_hex(const Seed& seed) {
  std::string hex(seed.size() * 2 + 1, '\0');
  sodium_bin2hex(hex.data(), hex.size(), seed.data(), seed.size());
  hex.pop_back();
  return hex;
}

Csprng::Csprng(const Seed& seed) : key_(seed) {}

void Csprng::refill() {
  // Each refill uses a fresh nonce (the block counter), so the stream never repeats.
  std::array<std::uint8_t, crypto_stream_chacha20_ietf_NONCEBYTES> nonce{};
  std::memcpy(nonce.data(), &block_counter_, sizeof block_counter_);
  ++block_counter_;
  crypto_stream_chacha20_ietf(buffer_.data(), buffer_.size(), nonce.data(), key_.data());
  used_ = 0;
}

std::uint32_t Csprng::next_u32() {
  if (used_ + 4 > buffer_.size()) refill();
  std::uint32_t value;
  std::memcpy(&value, buffer_.data() + used_, 4);
  used_ += 4;
  return value;
}

std::uint32_t Csprng::uniform(std::uint32_t bound) {
  // Values at or above the largest multiple of bound would favour small results: draw again.
  const std::uint32_t limit = static_cast<std::uint32_t>(-bound) % bound;
  for (;;) {
    std::uint32_t value = next_u32();
    if (value >= limit) return value % bound;
  }
}

}  // namespace marshal::core
