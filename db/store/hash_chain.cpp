#include "store/hash_chain.h"

#include <sodium.h>

namespace marshal::db {

Blob genesis_hash() { return Blob(hash_bytes, 0); }

namespace {
void add_field(crypto_hash_sha256_state& state, const void* data, std::uint64_t size) {
  unsigned char length[8];
  for (int i = 0; i < 8; ++i) length[i] = static_cast<unsigned char>(size >> (56 - 8 * i));
  crypto_hash_sha256_update(&state, length, sizeof length);
  crypto_hash_sha256_update(&state, static_cast<const unsigned char*>(data), size);
}
void add_text(crypto_hash_sha256_state& state, const std::string& text) {
  add_field(state, text.data(), text.size());
}
}  // namespace

Blob event_hash(const EventRow& row) {
  crypto_hash_sha256_state state;
  crypto_hash_sha256_init(&state);
  add_text(state, std::to_string(row.seq));
  add_text(state, row.uuid);
  add_text(state, row.station);
  add_text(state, row.client_time_ms ? std::to_string(*row.client_time_ms) : std::string());
  add_text(state, std::to_string(row.server_time_ms));
  add_text(state, row.type);
  add_text(state, row.payload);
  add_field(state, row.prev_hash.data(), row.prev_hash.size());
  Blob out(hash_bytes);
  crypto_hash_sha256_final(&state, out.data());
  return out;
}

std::string to_hex(const Blob& bytes) {
  std::string hex(bytes.size() * 2 + 1, '\0');
  sodium_bin2hex(hex.data(), hex.size(), bytes.data(), bytes.size());
  hex.pop_back();
  return hex;
}

}  // namespace marshal::db
