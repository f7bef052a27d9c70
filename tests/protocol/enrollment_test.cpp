// The enrollment card's QR text (protocol/enrollment.h): what `marshal station add --card` prints
// and a kiosk reads back, whatever case a wedge scanner's keys arrive in.
#include <catch2/catch.hpp>

#include <cctype>
#include <stdexcept>

#include "core/card_code.h"
#include "protocol/enrollment.h"

using namespace marshal::protocol;

TEST_CASE("an enrollment card's text holds the server and the code, and reads back", "[protocol][enroll]") {
  const std::string code = marshal::core::seeded_card_codes(7)();  // a well-formed code with its check character
  std::string typed = marshal::core::format_card_code(code);
  for (auto& c : typed) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  CHECK(enrollment_payload({"http://10.0.0.2:8080", code}) == "MARSHAL-ENROLL 10.0.0.2 8080 " + code);
  CHECK(enrollment_payload({"http://ledger.saloon:1", typed}) == "MARSHAL-ENROLL ledger.saloon 1 " + code);
  auto back = parse_enrollment_payload("MARSHAL-ENROLL 10.0.0.2 8080 " + code);
  REQUIRE(back);
  CHECK(back->server_url == "http://10.0.0.2:8080");
  CHECK(back->code == code);
  // A scanner's keys may come in the other case: the text reads the same.
  std::string lower_code = code;
  for (auto& c : lower_code) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  auto shouted = parse_enrollment_payload("marshal-enroll LEDGER.Saloon 65535 " + lower_code);
  REQUIRE(shouted);
  CHECK(shouted->server_url == "http://ledger.saloon:65535");
  CHECK(shouted->code == code);
}

TEST_CASE("an enrollment card refuses what a station could not use", "[protocol][enroll]") {
  const std::string code = marshal::core::seeded_card_codes(7)();
  for (const char* url : {"10.0.0.2:8080", "https://10.0.0.2:8080", "http://10.0.0.2", "http://10.0.0.2:0",
                          "http://10.0.0.2:65536", "http://10.0.0.2:8080/", "http://:8080", "http://a b:80",
                          "http://10.0.0.2:80x"}) {
    std::string why;
    INFO(url);
    CHECK_FALSE(valid_server_url(url, why));
    CHECK(why.find("http://HOST:PORT") != std::string::npos);
    CHECK_THROWS_AS(enrollment_payload({url, code}), std::invalid_argument);
  }
  CHECK_THROWS_AS(enrollment_payload({"http://10.0.0.2:8080", "NOT A CODE"}), std::invalid_argument);
  for (const std::string& text :
       {std::string(), code, std::string("MARSHAL-ENROLL 10.0.0.2 8080"), "MARSHAL-ENROL 10.0.0.2 8080 " + code,
        "MARSHAL-ENROLL 10.0.0.2 8080 " + code + " extra", "MARSHAL-ENROLL 10.0.0.2 99999 " + code,
        "MARSHAL-ENROLL 10.0.0.2;8080 " + code, "MARSHAL-ENROLL 10.0.0.2 8080 " + code.substr(0, 16)}) {
    INFO("'" << text << "'");
    CHECK_FALSE(parse_enrollment_payload(text));
  }
}
