#pragma once
// A seeded cryptographically secure generator (ChaCha20 keystream from libsodium). Stations seed
// it from the operating system's randomness; tests and replays give the seed, so the same seed
// always gives the same shuffles. libsodium's stream functions do no I/O, which keeps core pure.
#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace marshal::core {

using Seed = std::array<std::uint8_t, 32>;

// A seed from 1-64 hex digits (right-aligned) or, failing that, from the text's bytes hashed in;
// the same text always gives the same seed.
Seed seed_from_text(std::string_view text);
Seed seed_from_number(std::uint64_t number);
std::string seed_to_hex(const Seed& seed);

class Csprng {
 public:
  explicit Csprng(const Seed& seed);

  // Uniform in [0, bound); bound > 0. Rejection sampling keeps it unbiased.
  std::uint32_t uniform(std::uint32_t bound);
  std::uint32_t next_u32();

 private:
  void refill();

  Seed key_;
  std::uint64_t block_counter_ = 0;
  std::array<std::uint8_t, 512> buffer_{};
  std::size_t used_ = buffer_.size();
};

}  // namespace marshal::core
