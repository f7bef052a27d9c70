#include "store/hash_chain.h"

#include <openssl/evp.h>
#include <sodium.h>

#include <stdexcept>

#include "i18n/translate.h"

namespace marshal::db {

Blob genesis_hash() { return Blob(hash_bytes, 0); }

std::optional<Blob> hash_from_hex(std::string_view hex) {
  auto digit = [](char c) { return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1; };
  if (hex.size() != 2 * hash_bytes) return std::nullopt;
  Blob bytes;
  for (std::size_t i = 0; i < hex.size(); i += 2) {
    if (digit(hex[i]) < 0 || digit(hex[i + 1]) < 0) return std::nullopt;
    bytes.push_back(static_cast<unsigned char>(digit(hex[i]) * 16 + digit(hex[i + 1])));
  }
  return bytes;
}

std::string sha256_hex(std::string_view bytes) {
  Blob digest(hash_bytes);
  unsigned int size = 0;
  if (EVP_Digest(bytes.data(), bytes.size(), digest.data(), &size, EVP_sha256(), nullptr) != 1 || size != hash_bytes)
    throw std::runtime_error("SHA-256 failed");  // i18n: not words (never seen: OpenSSL's digest cannot fail here)
  return to_hex(digest);
}

EventRow event_row_from(const Statement& s) {
  EventRow row;
  row.seq = s.int64(0);
  row.uuid = s.text(1);
  row.station = s.text(2);
  if (!s.is_null(3)) row.client_time_ms = s.int64(3);
  row.server_time_ms = s.int64(4);
  row.type = s.text(5);
  row.payload = s.text(6);
  row.prev_hash = s.blob(7);
  row.hash = s.blob(8);
  return row;
}

namespace {

// SHA-256 by OpenSSL: it uses the processor's SHA instructions where there are any (several
// times libsodium's portable code, and the hash covers every event's whole payload).
class Sha256 {
 public:
  Sha256() : context_(EVP_MD_CTX_new()) {
    if (!context_ || EVP_DigestInit_ex(context_, EVP_sha256(), nullptr) != 1)
      throw std::runtime_error(i18n::tr("SHA-256 is not available from OpenSSL"));
  }
  ~Sha256() { EVP_MD_CTX_free(context_); }
  Sha256(const Sha256&) = delete;
  Sha256& operator=(const Sha256&) = delete;

  // One field: its 8-byte big-endian length, then its bytes.
  void add_field(const void* data, std::uint64_t size) {
    unsigned char length[8];
    for (int i = 0; i < 8; ++i) length[i] = static_cast<unsigned char>(size >> (56 - 8 * i));
    EVP_DigestUpdate(context_, length, sizeof length);
    EVP_DigestUpdate(context_, data, size);
  }
  void add_text(const std::string& text) { add_field(text.data(), text.size()); }

  Blob finish() {
    Blob out(hash_bytes);
    unsigned int size = 0;
    EVP_DigestFinal_ex(context_, out.data(), &size);
    return out;
  }

 private:
  EVP_MD_CTX* context_;
};

}  // namespace

Blob event_hash(const EventRow& row) {
  Sha256 sha;
  sha.add_text(std::to_string(row.seq));
  sha.add_text(row.uuid);
  sha.add_text(row.station);
  sha.add_text(row.client_time_ms ? std::to_string(*row.client_time_ms) : std::string());
  sha.add_text(std::to_string(row.server_time_ms));
  sha.add_text(row.type);
  sha.add_text(row.payload);
  sha.add_field(row.prev_hash.data(), row.prev_hash.size());
  return sha.finish();
}

Blob refusal_hash(const RefusalRow& row) {
  Sha256 sha;
  sha.add_text(std::to_string(row.id));
  sha.add_text(std::to_string(row.server_time_ms));
  sha.add_text(std::to_string(row.repeats));
  sha.add_text(row.station);
  sha.add_text(row.uuid.value_or(""));
  sha.add_text(row.type);
  sha.add_text(row.code);
  sha.add_text(row.field);
  sha.add_text(row.reason);
  sha.add_text(row.payload.value_or(""));
  sha.add_field(row.prev_hash.data(), row.prev_hash.size());
  return sha.finish();
}

RefusalRow refusal_row_from(const Statement& s) {
  RefusalRow row;
  row.id = s.int64(0);
  row.server_time_ms = s.int64(1);
  row.station = s.text(2);
  if (!s.is_null(3)) row.uuid = s.text(3);
  row.type = s.text(4);
  row.code = s.text(5);
  row.field = s.text(6);
  row.reason = s.text(7);
  if (!s.is_null(8)) row.payload = s.text(8);
  row.repeats = s.int64(9);
  if (!s.is_null(10)) row.prev_hash = s.blob(10);
  if (!s.is_null(11)) row.hash = s.blob(11);
  return row;
}

void insert_event(Database& db, const EventRow& row) {
  static const std::string insert =
      std::string("INSERT INTO events(") + event_columns + ") VALUES (?,?,?,?,?,?,?,?,?)";
  db.prepare(insert)
      .bind(1, row.seq)
      .bind(2, row.uuid)
      .bind(3, row.station)
      .bind(4, row.client_time_ms)
      .bind(5, row.server_time_ms)
      .bind(6, row.type)
      .bind(7, row.payload)
      .bind(8, row.prev_hash)
      .bind(9, row.hash)
      .run();
}

void insert_refusal(Database& db, const RefusalRow& row) {
  db.prepare(std::string("INSERT INTO refusals(") + refusal_columns + ") VALUES (?,?,?,?,?,?,?,?,?,?,?,?)")
      .bind(1, row.id)
      .bind(2, row.server_time_ms)
      .bind(3, row.station)
      .bind(4, row.uuid)
      .bind(5, row.type)
      .bind(6, row.code)
      .bind(7, row.field)
      .bind(8, row.reason)
      .bind(9, row.payload)
      .bind(10, row.repeats)
      // A row written before the trail was chained (migration 10) has neither.
      .bind(11, row.hash.empty() ? std::optional<Blob>() : std::optional<Blob>(row.prev_hash))
      .bind(12, row.hash.empty() ? std::optional<Blob>() : std::optional<Blob>(row.hash))
      .run();
}

void append_chained(Database& db, EventRow& row) {
  Statement last = db.prepare("SELECT seq, hash FROM events ORDER BY seq DESC LIMIT 1");
  if (last.step()) {
    row.seq = last.int64(0) + 1;
    row.prev_hash = last.blob(1);
  } else {
    row.seq = 1;
    row.prev_hash = genesis_hash();
  }
  row.hash = event_hash(row);
  insert_event(db, row);
}

std::string to_hex(const Blob& bytes) {
  std::string hex(bytes.size() * 2 + 1, '\0');
  sodium_bin2hex(hex.data(), hex.size(), bytes.data(), bytes.size());
  hex.pop_back();
  return hex;
}

}  // namespace marshal::db
