#pragma once
// The ledger's own TLS identity (docs/server.md, "Venue network"). A venue has no CA and no DNS
// name, so the ledger makes its own key pair (EC P-256) and a self-signed certificate the first
// time it serves, keeps both beside the ledger file (mode 0600) and reuses them on restart.
// Stations trust exactly this key: the enrolment card carries the SHA-256 of its public key
// (SubjectPublicKeyInfo, the form libcurl's CURLOPT_PINNEDPUBLICKEY pins), so the certificate's
// names and dates mean nothing and a DHCP address change does not matter.
//
// A key lost or stolen is replaced with `marshal serve --new-key`: the old files are overwritten,
// a `ledger_key_made` event goes into the chain, and every station re-enrols with a new card.
#include <optional>
#include <string>

namespace marshal::db {

struct TlsIdentity {
  std::string key_pem;   // the private key, PEM (PKCS#8)
  std::string cert_pem;  // the self-signed certificate, PEM
  std::string key_pin;   // SHA-256 of the public key's DER SubjectPublicKeyInfo, 64 lower-case hex digits
};

// Where the identity of the ledger `db_path` is kept: `db_path`.tls-key.pem and .tls-cert.pem.
std::string tls_key_path(const std::string& db_path);
std::string tls_cert_path(const std::string& db_path);

// The identity kept beside the ledger; nullopt when there is none yet. Throws std::runtime_error
// naming the file when one is there but unreadable, or the key and certificate do not belong
// together.
std::optional<TlsIdentity> read_tls_identity(const std::string& db_path);
// A fresh identity written beside the ledger (mode 0600, each file written whole or not at all),
// replacing any there.
TlsIdentity make_tls_identity(const std::string& db_path);

// The key pin of a PEM certificate's public key (64 hex digits); throws when it is no certificate.
std::string key_pin_of_certificate(const std::string& cert_pem);

}  // namespace marshal::db
