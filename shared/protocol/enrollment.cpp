#include "protocol/enrollment.h"

#include <sodium.h>

#include <cctype>
#include <sstream>
#include <stdexcept>

#include "core/card_code.h"

namespace marshal::protocol {

namespace {

const std::string scheme = "http://";

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

}  // namespace

bool valid_server_url(const std::string& url, std::string& why) {
  why = "a server address is http://HOST:PORT with nothing after it (e.g. http://10.0.0.2:8080)";
  if (url.rfind(scheme, 0) != 0) return false;
  const std::string rest = url.substr(scheme.size());
  const auto colon = rest.rfind(':');
  if (colon == std::string::npos) return false;
  return host_text(rest.substr(0, colon)) && port_text(rest.substr(colon + 1));
}

std::string enrollment_payload(const Enrollment& e) {
  std::string why;
  if (!valid_server_url(e.server_url, why)) throw std::invalid_argument(why);
  core::ParsedCardCode code = core::parse_card_code(e.code);
  if (!code.ok()) throw std::invalid_argument("the enrollment code: " + std::string(core::describe(code.problem)));
  const std::string rest = e.server_url.substr(scheme.size());
  const auto colon = rest.rfind(':');
  return std::string(enrollment_prefix) + " " + rest.substr(0, colon) + " " + rest.substr(colon + 1) + " " + code.code;
}

std::optional<Enrollment> parse_enrollment_payload(const std::string& text) {
  std::istringstream words(text);
  std::string prefix, host, port, code, extra;
  if (!(words >> prefix >> host >> port >> code) || (words >> extra)) return std::nullopt;
  if (lower(prefix) != lower(enrollment_prefix) || !host_text(host) || !port_text(port)) return std::nullopt;
  core::ParsedCardCode parsed = core::parse_card_code(code);
  if (!parsed.ok()) return std::nullopt;
  return Enrollment{scheme + lower(host) + ":" + port, parsed.code};
}

std::string admin_payload(const std::string& code) {
  core::ParsedCardCode parsed = core::parse_card_code(code);
  if (!parsed.ok()) throw std::invalid_argument("the admin code: " + std::string(core::describe(parsed.problem)));
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
