// The enrollment card's QR text (protocol/enrollment.h): what `marshal station add --card` prints
// and a kiosk reads back, whatever case a wedge scanner's keys arrive in, with the ledger key's
// pin the station will trust (docs/server.md, "Venue network").
#include <catch2/catch.hpp>

#include <cctype>
#include <stdexcept>

#include "core/card_code.h"
#include "protocol/enrollment.h"

using namespace marshal::protocol;

namespace {
const std::string pin = "3f2a9c01" "00112233" "44556677" "8899aabb" "ccddeeff" "01234567" "89abcdef" "fedcba98";

std::string upper(std::string s) {
  for (auto& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}
std::string lower(std::string s) {
  for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}
}  // namespace

TEST_CASE("an enrollment card's text holds the server, the code and the key's pin, and reads back",
          "[protocol][enroll]") {
  const std::string code = marshal::core::seeded_card_codes(7)();  // a well-formed code with its check character
  const std::string typed = lower(marshal::core::format_card_code(code));
  // The pin in capitals, as the rest: the QR code stays in its compact alphanumeric mode.
  CHECK(enrollment_payload({"https://10.0.0.2:8080", code, pin}) ==
        "MARSHAL-ENROLL 10.0.0.2 8080 " + code + " " + upper(pin));
  CHECK(enrollment_payload({"https://ledger.saloon:1", typed, upper(pin)}) ==
        "MARSHAL-ENROLL ledger.saloon 1 " + code + " " + upper(pin));
  auto back = parse_enrollment_payload("MARSHAL-ENROLL 10.0.0.2 8080 " + code + " " + pin);
  REQUIRE(back);
  CHECK(back->server_url == "https://10.0.0.2:8080");
  CHECK(back->code == code);
  CHECK(back->key_pin == pin);
  CHECK(back->pinned_url() == "https://10.0.0.2:8080#sha256=" + pin);
  // A scanner's keys may come in the other case: the text reads the same.
  auto shouted = parse_enrollment_payload("marshal-enroll LEDGER.Saloon 65535 " + lower(code) + " " + upper(pin));
  REQUIRE(shouted);
  CHECK(shouted->server_url == "https://ledger.saloon:65535");
  CHECK(shouted->code == code);
  CHECK(shouted->key_pin == pin);
}

TEST_CASE("an enrollment card refuses what a station could not use", "[protocol][enroll]") {
  const std::string code = marshal::core::seeded_card_codes(7)();
  for (const char* url : {"10.0.0.2:8080", "https://10.0.0.2", "https://10.0.0.2:0", "https://10.0.0.2:65536",
                          "https://10.0.0.2:8080/", "https://:8080", "https://a b:80", "https://10.0.0.2:80x",
                          "ftp://10.0.0.2:8080"}) {
    std::string why;
    INFO(url);
    CHECK_FALSE(valid_server_url(url, why));
    CHECK(why.find("https://HOST:PORT") != std::string::npos);
    CHECK_THROWS_AS(enrollment_payload({url, code, pin}), std::invalid_argument);
  }
  CHECK_THROWS_AS(enrollment_payload({"https://10.0.0.2:8080", "NOT A CODE", pin}), std::invalid_argument);
  // No card without the key's pin, and none for plain http.
  CHECK_THROWS_AS(enrollment_payload({"https://10.0.0.2:8080", code, ""}), std::invalid_argument);
  CHECK_THROWS_AS(enrollment_payload({"https://10.0.0.2:8080", code, pin.substr(1)}), std::invalid_argument);
  CHECK_THROWS_AS(enrollment_payload({"http://127.0.0.1:8080", code, pin}), std::invalid_argument);
  for (const std::string& text : {std::string(), code, "MARSHAL-ENROL 10.0.0.2 8080 " + code + " " + pin}) {
    INFO("'" << text << "'");
    std::string problem;
    CHECK_FALSE(parse_enrollment_payload(text, &problem));
    CHECK(problem.empty());  // not an enrollment card at all
  }
  for (const std::string& text :
       {std::string("MARSHAL-ENROLL 10.0.0.2 8080"), "MARSHAL-ENROLL 10.0.0.2 8080 " + code + " " + pin + " extra",
        "MARSHAL-ENROLL 10.0.0.2 99999 " + code + " " + pin, "MARSHAL-ENROLL 10.0.0.2;8080 " + code + " " + pin,
        "MARSHAL-ENROLL 10.0.0.2 8080 " + code.substr(0, 16) + " " + pin,
        "MARSHAL-ENROLL 10.0.0.2 8080 " + code + " " + pin.substr(0, 63),
        "MARSHAL-ENROLL 10.0.0.2 8080 " + code + " " + pin.substr(0, 63) + "g"}) {
    INFO("'" << text << "'");
    std::string problem;
    CHECK_FALSE(parse_enrollment_payload(text, &problem));
    CHECK_FALSE(problem.empty());  // an enrollment card, damaged: the station says so
  }
}

TEST_CASE("an old enrollment card without the ledger's key is refused with what to do", "[protocol][enroll]") {
  const std::string code = marshal::core::seeded_card_codes(7)();
  std::string problem;
  CHECK_FALSE(parse_enrollment_payload("MARSHAL-ENROLL 10.0.0.2 8080 " + code, &problem));
  CHECK(problem.find("old one, without the ledger's key") != std::string::npos);
  CHECK(problem.find("marshal station rotate") != std::string::npos);
}

TEST_CASE("a station's address: https with the key's pin, plain http on this machine only", "[protocol][enroll]") {
  std::string why;
  CHECK(valid_server_url("https://10.0.0.2:8080", why));
  CHECK(valid_server_url("https://10.0.0.2:8080#sha256=" + pin, why));
  CHECK(valid_server_url("http://127.0.0.1:8080", why));
  CHECK(valid_server_url("http://127.8.9.10:1", why));
  CHECK(valid_server_url("http://localhost:8080", why));
  CHECK_FALSE(valid_server_url("https://10.0.0.2:8080#sha256=" + pin.substr(2), why));
  CHECK(why.find("64 hex digits") != std::string::npos);
  // The venue's Wi-Fi is never spoken to in plain text.
  for (const char* url : {"http://10.0.0.2:8080", "http://192.168.1.5:80", "http://ledger.saloon:8080",
                          "http://128.0.0.1:8080"}) {
    INFO(url);
    CHECK_FALSE(valid_server_url(url, why));
    CHECK(why.find("only for a ledger on this machine") != std::string::npos);
  }
  const ServerAddress address = split_pinned_url("https://10.0.0.2:8080#sha256=" + upper(pin));
  CHECK(address.url == "https://10.0.0.2:8080");
  CHECK(address.key_pin == pin);
  CHECK(split_pinned_url("https://10.0.0.2:8080").key_pin.empty());
  CHECK(is_loopback_url("https://127.0.0.1:9"));
  CHECK_FALSE(is_loopback_url("https://10.0.0.2:9"));
}

TEST_CASE("an enrollment card may name the standby too, with its own key's pin", "[protocol][enroll][standby]") {
  const std::string code = marshal::core::seeded_card_codes(7)();
  const std::string standby_pin = lower(upper(pin).substr(32) + upper(pin).substr(0, 32));
  Enrollment both{"https://10.0.0.2:8080", code, pin};
  both.standby_url = "https://10.0.0.3:8443";
  both.standby_key_pin = standby_pin;
  const std::string text = enrollment_payload(both);
  CHECK(text == "MARSHAL-ENROLL 10.0.0.2 8080 " + code + " " + upper(pin) + " 10.0.0.3 8443 " + upper(standby_pin));
  auto back = parse_enrollment_payload(lower(text));  // a scanner's keys in the other case
  REQUIRE(back);
  CHECK(back->pinned_url() == "https://10.0.0.2:8080#sha256=" + pin);
  CHECK(back->standby_pinned_url() == "https://10.0.0.3:8443#sha256=" + standby_pin);
  // A card naming one ledger names no standby.
  CHECK(parse_enrollment_payload("MARSHAL-ENROLL 10.0.0.2 8080 " + code + " " + pin)->standby_pinned_url().empty());
  // The standby's words are all there, well formed, and nothing after them.
  for (const std::string& tail : {std::string(" 10.0.0.3"), std::string(" 10.0.0.3 8443"),
                                  " 10.0.0.3 8443 " + standby_pin.substr(1), " 10.0.0.3 0 " + standby_pin,
                                  " 10.0.0.3;x 8443 " + standby_pin, " 10.0.0.3 8443 " + standby_pin + " extra"}) {
    const std::string damaged = "MARSHAL-ENROLL 10.0.0.2 8080 " + code + " " + pin + tail;
    INFO("'" << damaged << "'");
    std::string problem;
    CHECK_FALSE(parse_enrollment_payload(damaged, &problem));
    CHECK_FALSE(problem.empty());
  }
  Enrollment bad = both;
  bad.standby_key_pin = "12";
  CHECK_THROWS_AS(enrollment_payload(bad), std::invalid_argument);
  bad = both;
  bad.standby_url = "http://10.0.0.3:8443";
  CHECK_THROWS_AS(enrollment_payload(bad), std::invalid_argument);
}
