#pragma once
// A ledger served over TLS in a test as `marshal serve` serves it at a venue: the ledger's own
// key and certificate, made beside its file (server/tls_identity.h), and the pinned address a
// station keeps after scanning its enrollment card (protocol/enrollment.h).
#include <cstdint>
#include <string>

#include "server/ledger_server.h"
#include "server/tls_identity.h"

namespace marshal::test_support {

// Gives `config` the identity of its ledger (made on first use, as marshal serve does); returns
// the key's pin.
inline std::string serve_over_tls(db::ServerConfig& config) {
  auto identity = db::read_tls_identity(config.db_path);
  if (!identity) identity = db::make_tls_identity(config.db_path);
  config.tls_key_pem = identity->key_pem;
  config.tls_cert_pem = identity->cert_pem;
  return identity->key_pin;
}

inline std::string https_url(std::uint16_t port) { return "https://127.0.0.1:" + std::to_string(port); }
// What a station enrolled by card keeps: the address with the key's pin.
inline std::string pinned_url(std::uint16_t port, const std::string& key_pin) {
  return https_url(port) + "#sha256=" + key_pin;
}

}  // namespace marshal::test_support
