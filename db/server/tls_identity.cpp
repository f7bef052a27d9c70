#include "server/tls_identity.h"

#include <fcntl.h>
#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/rand.h>
#include <openssl/x509.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <stdexcept>

#include <fmt/format.h>

#include "i18n/translate.h"

namespace marshal::db {

using i18n::tr;

namespace {

// A certificate nobody checks the dates of (the pin is the trust), valid long enough that no
// client library that does look ever finds it expired during a campaign.
constexpr long certificate_valid_days = 20 * 365;
constexpr long certificate_backdated_s = 24 * 3600;  // a station whose clock is a day behind

template <typename T, void (*Free)(T*)>
struct Freer {
  void operator()(T* p) const { Free(p); }
};
using Key = std::unique_ptr<EVP_PKEY, Freer<EVP_PKEY, EVP_PKEY_free>>;
using Certificate = std::unique_ptr<X509, Freer<X509, X509_free>>;
using Bio = std::unique_ptr<BIO, Freer<BIO, BIO_free_all>>;

// `what` is worded already (tr).
std::runtime_error failure(const std::string& what) {
  return std::runtime_error(fmt::format(fmt::runtime(tr("TLS identity: {}")), what));
}

std::string bio_text(BIO* bio) {
  char* data = nullptr;
  long size = BIO_get_mem_data(bio, &data);
  return std::string(data, static_cast<std::size_t>(size));
}

std::string key_pin_of(EVP_PKEY* key) {
  unsigned char* der = nullptr;
  int size = i2d_PUBKEY(key, &der);
  if (size <= 0) throw failure(tr("cannot encode the public key"));
  unsigned char hash[EVP_MAX_MD_SIZE];
  unsigned int hash_size = 0;
  bool ok = EVP_Digest(der, static_cast<std::size_t>(size), hash, &hash_size, EVP_sha256(), nullptr) == 1;
  OPENSSL_free(der);
  if (!ok) throw failure(tr("cannot hash the public key"));
  std::string hex;
  for (unsigned i = 0; i < hash_size; ++i) hex += fmt::format("{:02x}", hash[i]);
  return hex;
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw failure(fmt::format(fmt::runtime(tr("cannot read {}: {}")), path, std::strerror(errno)));
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// Written to a temporary file of mode 0600, synced and renamed over `path`: a crash leaves the
// old file or the new one, never half of one.
void write_private_file(const std::string& path, const std::string& text) {
  const std::string temporary = path + ".tmp";
  int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (fd < 0) throw failure(fmt::format(fmt::runtime(tr("cannot write {}: {}")), temporary, std::strerror(errno)));
  ::fchmod(fd, 0600);  // an older file of that name kept its mode through O_TRUNC
  std::size_t written = 0;
  while (written < text.size()) {
    ssize_t n = ::write(fd, text.data() + written, text.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      ::close(fd);
      throw failure(fmt::format(fmt::runtime(tr("cannot write {}: {}")), temporary, std::strerror(errno)));
    }
    written += static_cast<std::size_t>(n);
  }
  bool synced = ::fsync(fd) == 0;
  ::close(fd);
  if (!synced || ::rename(temporary.c_str(), path.c_str()) != 0)
    throw failure(fmt::format(fmt::runtime(tr("cannot write {}: {}")), path, std::strerror(errno)));
}

Certificate self_signed(EVP_PKEY* key) {
  Certificate cert(X509_new());
  if (!cert) throw failure(tr("cannot make a certificate"));
  X509_set_version(cert.get(), 2);
  unsigned char serial[16];
  if (RAND_bytes(serial, sizeof serial) != 1) throw failure(tr("no randomness for the serial number"));
  serial[0] &= 0x7f;  // a positive serial number
  BIGNUM* number = BN_bin2bn(serial, sizeof serial, nullptr);
  BN_to_ASN1_INTEGER(number, X509_get_serialNumber(cert.get()));
  BN_free(number);
  X509_gmtime_adj(X509_getm_notBefore(cert.get()), -certificate_backdated_s);
  X509_time_adj_ex(X509_getm_notAfter(cert.get()), certificate_valid_days, 0, nullptr);
  X509_set_pubkey(cert.get(), key);
  X509_NAME* name = X509_get_subject_name(cert.get());
  X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_ASC, reinterpret_cast<const unsigned char*>("Marshal ledger"), -1,  // i18n: not words (the name in the certificate)
                             -1, 0);
  X509_set_issuer_name(cert.get(), name);
  if (X509_sign(cert.get(), key, EVP_sha256()) <= 0) throw failure(tr("cannot sign the certificate"));
  return cert;
}

}  // namespace

std::string tls_key_path(const std::string& db_path) { return db_path + ".tls-key.pem"; }
std::string tls_cert_path(const std::string& db_path) { return db_path + ".tls-cert.pem"; }

std::string key_pin_of_certificate(const std::string& cert_pem) {
  Bio bio(BIO_new_mem_buf(cert_pem.data(), static_cast<int>(cert_pem.size())));
  Certificate cert(PEM_read_bio_X509(bio.get(), nullptr, nullptr, nullptr));
  if (!cert) throw failure(tr("not a PEM certificate"));
  EVP_PKEY* key = X509_get0_pubkey(cert.get());
  if (!key) throw failure(tr("the certificate holds no public key"));
  return key_pin_of(key);
}

std::optional<TlsIdentity> read_tls_identity(const std::string& db_path) {
  const std::string key_path = tls_key_path(db_path), cert_path = tls_cert_path(db_path);
  bool has_key = std::filesystem::exists(key_path), has_cert = std::filesystem::exists(cert_path);
  if (!has_key && !has_cert) return std::nullopt;
  if (!has_key || !has_cert)
    // TRANSLATORS: {0} and {1} are file names (the TLS key and certificate)
    throw failure(fmt::format(fmt::runtime(tr("{} is there but {} is not: restore it, or make a new key with marshal serve --new-key")),
                              has_key ? key_path : cert_path, has_key ? cert_path : key_path));
  TlsIdentity id{read_file(key_path), read_file(cert_path), ""};
  Bio bio(BIO_new_mem_buf(id.key_pem.data(), static_cast<int>(id.key_pem.size())));
  Key key(PEM_read_bio_PrivateKey(bio.get(), nullptr, nullptr, nullptr));
  if (!key) throw failure(fmt::format(fmt::runtime(tr("{} holds no private key")), key_path));
  id.key_pin = key_pin_of_certificate(id.cert_pem);
  if (key_pin_of(key.get()) != id.key_pin)
    // TRANSLATORS: {0} and {1} are file names (the TLS key and certificate)
    throw failure(fmt::format(fmt::runtime(tr("{} and {} do not belong together: make a new key with marshal serve --new-key")),
                              key_path, cert_path));
  return id;
}

TlsIdentity make_tls_identity(const std::string& db_path) {
  Key key(EVP_EC_gen("P-256"));
  if (!key) throw failure(tr("cannot make an EC P-256 key"));
  Certificate cert = self_signed(key.get());
  Bio key_bio(BIO_new(BIO_s_mem())), cert_bio(BIO_new(BIO_s_mem()));
  if (PEM_write_bio_PrivateKey(key_bio.get(), key.get(), nullptr, nullptr, 0, nullptr, nullptr) != 1 ||
      PEM_write_bio_X509(cert_bio.get(), cert.get()) != 1)
    throw failure(tr("cannot write the key or certificate as PEM"));
  TlsIdentity id{bio_text(key_bio.get()), bio_text(cert_bio.get()), key_pin_of(key.get())};
  // The certificate first: a crash between the two leaves an old key beside a new certificate,
  // which read_tls_identity refuses by name, never a pin that a station would trust wrongly.
  write_private_file(tls_cert_path(db_path), id.cert_pem);
  write_private_file(tls_key_path(db_path), id.key_pem);
  return id;
}

}  // namespace marshal::db
