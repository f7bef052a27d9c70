#pragma once
// What a station's enrollment card holds in its QR code (docs/kiosk.md): the ledger server's
// address and the station's one-time enrollment code, so a kiosk with no keyboard enrolls by
// one scan: "MARSHAL-ENROLL 10.0.0.2 8080 K3M07XQ2W9RTAB4CD".
//
// Why no "http://" and no ":": a keyboard-wedge scanner types the text as key presses, and a
// character that needs Shift (":") or sits elsewhere on another keyboard layout can arrive as
// another (";"). Letters, digits, dots, dashes and spaces are typed alike everywhere, and the
// letters' case is ignored.
#include <optional>
#include <string>

namespace marshal::protocol {

inline constexpr const char* enrollment_prefix = "MARSHAL-ENROLL";

struct Enrollment {
  std::string server_url;  // http://HOST:PORT, no path
  std::string code;        // the one-time code, as `marshal station add` printed it
};

// The QR text; throws std::invalid_argument naming what is wrong with the URL or the code.
std::string enrollment_payload(const Enrollment& enrollment);
// The enrollment a scanned text holds; nullopt when it is no enrollment card's.
std::optional<Enrollment> parse_enrollment_payload(const std::string& text);
// Whether `url` is http://HOST:PORT with nothing after it (HOST: letters, digits, dots, dashes);
// `why` says what is wrong.
bool valid_server_url(const std::string& url, std::string& why);

// A kiosk's admin card: "MARSHAL-ADMIN CODE". Scanned at the kiosk and followed by the kiosk's
// admin PIN (printed by `marshal station add`, never on the card), it opens the admin screen.
inline constexpr const char* admin_prefix = "MARSHAL-ADMIN";
std::string admin_payload(const std::string& code);
// The admin card's code in a scanned text; nullopt when it is no admin card's.
std::optional<std::string> parse_admin_payload(const std::string& text);
// What the ledger keeps, and gives the kiosk at enrollment, to check a card and PIN by: a
// SHA-256 (hex) of both, so neither is stored.
std::string admin_check(const std::string& code, const std::string& pin);

}  // namespace marshal::protocol
