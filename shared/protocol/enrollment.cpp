#include "protocol/enrollment.h"

#include <sodium.h>

#include <cctype>
#include <sstream>
#include <stdexcept>

#include <fmt/format.h>

#include "core/card_code.h"
#include "i18n/translate.h"

namespace marshal::protocol {

namespace {

using i18n::tr;

const std::string tls_scheme = "https://", plain_scheme = "http://", pin_marker = "#sha256=";

bool host_text(const std::string& host) {
  if (host.empty() || host.size() > 253) return false;
  for (unsigned char c : host)
    if (!std::isalnum(c) && c != '.' && c != '-') return false;
  return true;
}

bool port_text(const std::string& port) {
  if (port.empty() || port.size() > 5) return false;
  for (unsigned char c : port)
    if (!std::isdigit(c)) return false;
  const long n = std::stol(port);
  return n >= 1 && n <= 65535;
}

std::string lower(std::string s) {
  for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// HOST and PORT of scheme://HOST:PORT; false when the rest is not that.
bool host_and_port(const std::string& url, std::string& host, std::string& port) {
  std::string rest;
  if (url.rfind(tls_scheme, 0) == 0) rest = url.substr(tls_scheme.size());
  else if (url.rfind(plain_scheme, 0) == 0) rest = url.substr(plain_scheme.size());
  else return false;
  const auto colon = rest.rfind(':');
  if (colon == std::string::npos) return false;
  host = rest.substr(0, colon);
  port = rest.substr(colon + 1);
  return host_text(host) && port_text(port);
}

}  // namespace

bool valid_key_pin(const std::string& pin) {
  if (pin.size() != key_pin_hex_digits) return false;
  for (unsigned char c : pin)
    if (!std::isxdigit(c)) return false;
  return true;
}

ServerAddress split_pinned_url(const std::string& text) {
  const auto at = text.find(pin_marker);
  if (at == std::string::npos) return {text, ""};
  return {text.substr(0, at), lower(text.substr(at + pin_marker.size()))};
}

std::string grouped_key_pin(const std::string& key_pin, std::size_t groups) {
  std::string out;
  for (std::size_t i = 0; i < key_pin.size() && i / 4 < groups; i += 4) out += (i ? " " : "") + key_pin.substr(i, 4);
  return out;
}

std::string address_to_use(const std::string& given, const std::string& kept) {
  if (given.empty()) return kept;
  if (kept.empty()) return given;
  const ServerAddress g = split_pinned_url(given), k = split_pinned_url(kept);
  return g.url == k.url && (g.key_pin.empty() || g.key_pin == k.key_pin) ? kept : given;
}

bool is_loopback_url(const std::string& url) {
  std::string host, port;
  if (!host_and_port(split_pinned_url(url).url, host, port)) return false;
  return host == "localhost" || host.rfind("127.", 0) == 0;
}

bool valid_server_url(const std::string& text, std::string& why) {
  // TRANSLATORS: HOST and PORT stand for a machine's address and port: keep them as they are.
  why = tr("a server address is https://HOST:PORT with nothing after it (e.g. https://10.0.0.2:8443)");
  const ServerAddress address = split_pinned_url(text);
  std::string host, port;
  if (!host_and_port(address.url, host, port)) return false;
  if (text.find(pin_marker) != std::string::npos && !valid_key_pin(address.key_pin)) {
    // TRANSLATORS: "marshal head" is a command: keep it as it is.
    why = tr("the key's pin after #sha256= is 64 hex digits (marshal head prints it)");
    return false;
  }
  if (address.url.rfind(plain_scheme, 0) == 0 && !is_loopback_url(address.url)) {
    why = tr("plain http:// is only for a ledger on this machine (127.0.0.1); on the venue network the ledger is "
             "https://HOST:PORT, pinned by the station's enrollment card");
    return false;
  }
  return true;
}

std::string Enrollment::pinned_url() const { return server_url + pin_marker + lower(key_pin); }
std::string Enrollment::standby_pinned_url() const {
  return standby_url.empty() ? "" : standby_url + pin_marker + lower(standby_key_pin);
}

namespace {
// "HOST PORT PIN" of a card's server: its pin in capitals (with the rest, digits, capitals, dots
// and spaces, the text stays in the QR code's alphanumeric mode, a smaller symbol than lower-case
// letters need). Throws std::invalid_argument naming what is wrong.
std::string server_words(const std::string& url, const std::string& key_pin) {
  std::string why, host, port;
  if (!valid_server_url(url, why)) throw std::invalid_argument(why);
  if (url.rfind(tls_scheme, 0) != 0 || !host_and_port(url, host, port))
    throw std::invalid_argument(tr("an enrollment card names an https://HOST:PORT server"));
  if (!valid_key_pin(key_pin))
    throw std::invalid_argument(tr("an enrollment card needs the ledger's key pin, 64 hex digits (marshal head prints it)"));
  std::string pin = key_pin;
  for (auto& c : pin) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return host + " " + port + " " + pin;
}
}  // namespace

std::string enrollment_payload(const Enrollment& e) {
  const std::string primary = server_words(e.server_url, e.key_pin);
  core::ParsedCardCode code = core::parse_card_code(e.code);
  // TRANSLATORS: {} says what is wrong with the code (a card code's problem).
  if (!code.ok()) throw std::invalid_argument(fmt::format(fmt::runtime(tr("the enrollment code: {}")), core::describe(code.problem)));
  // "HOST PORT CODE PIN": the code between the primary's port and pin, as cards always had it.
  const std::size_t pin_at = primary.rfind(' ');
  std::string text = std::string(enrollment_prefix) + " " + primary.substr(0, pin_at) + " " + code.code + primary.substr(pin_at);
  if (!e.standby_url.empty()) text += " " + server_words(e.standby_url, e.standby_key_pin);
  return text;
}

std::optional<Enrollment> parse_enrollment_payload(const std::string& text, std::string* problem) {
  std::istringstream words(text);
  std::string prefix, host, port, code, pin, standby_host, standby_port, standby_pin, extra;
  if (!(words >> prefix) || lower(prefix) != lower(enrollment_prefix)) return std::nullopt;
  auto refuse = [&](const std::string& why) -> std::optional<Enrollment> {
    if (problem) *problem = why;
    return std::nullopt;
  };
  if (!(words >> host >> port >> code) || !host_text(host) || !port_text(port))
    return refuse(tr("this enrollment card cannot be read whole: scan it again, or print a new one"));
  if (!(words >> pin))
    // TRANSLATORS: the command and its options (NAME, FILE, HOST, PORT) stay as they are.
    return refuse(tr("this enrollment card is an old one, without the ledger's key: print a new card with "
                     "marshal station rotate NAME --card FILE --server https://HOST:PORT"));
  // A standby's three words, or none.
  const bool standby = static_cast<bool>(words >> standby_host);
  if (standby && (!(words >> standby_port >> standby_pin) || !host_text(standby_host) || !port_text(standby_port)))
    return refuse(tr("this enrollment card cannot be read whole: scan it again, or print a new one"));
  if ((words >> extra) || !valid_key_pin(pin) || (standby && !valid_key_pin(standby_pin)))
    return refuse(tr("this enrollment card's key pin is damaged (64 hex digits expected): scan it again, or print a "
                     "new one"));
  core::ParsedCardCode parsed = core::parse_card_code(code);
  // TRANSLATORS: {} says what is wrong with the code (a card code's problem).
  if (!parsed.ok()) return refuse(fmt::format(fmt::runtime(tr("this enrollment card's code is damaged: {}")), core::describe(parsed.problem)));
  Enrollment card{tls_scheme + lower(host) + ":" + port, parsed.code, lower(pin), "", ""};
  if (standby) {
    card.standby_url = tls_scheme + lower(standby_host) + ":" + standby_port;
    card.standby_key_pin = lower(standby_pin);
  }
  return card;
}

std::string admin_payload(const std::string& code) {
  core::ParsedCardCode parsed = core::parse_card_code(code);
  // TRANSLATORS: {} says what is wrong with the code (a card code's problem).
  if (!parsed.ok()) throw std::invalid_argument(fmt::format(fmt::runtime(tr("the admin code: {}")), core::describe(parsed.problem)));
  return std::string(admin_prefix) + " " + parsed.code;
}

std::optional<std::string> parse_admin_payload(const std::string& text) {
  std::istringstream words(text);
  std::string prefix, code, extra;
  if (!(words >> prefix >> code) || (words >> extra) || lower(prefix) != lower(admin_prefix)) return std::nullopt;
  core::ParsedCardCode parsed = core::parse_card_code(code);
  if (!parsed.ok()) return std::nullopt;
  return parsed.code;
}

std::string admin_check(const std::string& code, const std::string& pin) {
  const std::string text = std::string(admin_prefix) + ":" + code + ":" + pin;
  unsigned char hash[crypto_hash_sha256_BYTES];
  crypto_hash_sha256(hash, reinterpret_cast<const unsigned char*>(text.data()), text.size());
  char hex[2 * crypto_hash_sha256_BYTES + 1];
  sodium_bin2hex(hex, sizeof hex, hash, sizeof hash);
  return hex;
}

}  // namespace marshal::protocol
