#pragma once
// What a station's enrollment card holds in its QR code (docs/kiosk.md, docs/server.md "Venue
// network"): the ledger server's address, the station's one-time enrollment code and the
// SHA-256 of the ledger's public key, so a kiosk with no keyboard enrolls by one scan and trusts
// exactly the ledger its card names:
// "MARSHAL-ENROLL 10.0.0.2 8443 K3M07XQ2W9RTAB4CD 3f2a...(64 hex digits)", and when the ledger
// has a standby (issue 29, docs/server.md "A standby ledger") its address and pin after it:
// "... 10.0.0.3 8443 9c01...(64 hex digits)", so that a station knows where to go on when the
// ledger machine dies. The server is always
// reached over TLS (https); a card without the key's pin (made before the venue network was
// pinned) is refused with a message saying to print a new one.
//
// Why no "https://" and no ":": a keyboard-wedge scanner types the text as key presses, and a
// character that needs Shift (":") or sits elsewhere on another keyboard layout can arrive as
// another (";"). Letters, digits, dots, dashes and spaces are typed alike everywhere, and the
// letters' case is ignored.
//
// A station keeps the pin with the address as a pinned URL, https://HOST:PORT#sha256=HEX (the
// fragment is never sent: client/http.h reads it and pins the key).
#include <optional>
#include <string>

namespace marshal::protocol {

inline constexpr const char* enrollment_prefix = "MARSHAL-ENROLL";
inline constexpr std::size_t key_pin_hex_digits = 64;  // a SHA-256

struct Enrollment {
  std::string server_url;  // https://HOST:PORT, no path
  std::string code;        // the one-time code, as `marshal station add` printed it
  std::string key_pin;     // the SHA-256 of the ledger's public key, 64 lower-case hex digits
  // The standby's, when the card names one (both empty otherwise).
  std::string standby_url{};
  std::string standby_key_pin{};
  // The address with its pin: https://HOST:PORT#sha256=HEX.
  std::string pinned_url() const;
  // The standby's the same way; empty when the card names none.
  std::string standby_pinned_url() const;
};

// The QR text; throws std::invalid_argument naming what is wrong with the URL, code or pin.
std::string enrollment_payload(const Enrollment& enrollment);
// The enrollment a scanned text holds; nullopt when it is none. When the text is an enrollment
// card's but cannot be used (an old card without the key's pin, a damaged pin), `problem` says
// why in words for the person holding it.
std::optional<Enrollment> parse_enrollment_payload(const std::string& text, std::string* problem = nullptr);

// An address as a station keeps it: the URL and, for https, the ledger key's pin.
struct ServerAddress {
  std::string url;      // http(s)://HOST:PORT
  std::string key_pin;  // empty when the text had none
};
// Splits "https://HOST:PORT#sha256=HEX" (the pin is optional here; valid_server_url checks).
ServerAddress split_pinned_url(const std::string& text);
// The address a station talks to: `kept` (what it enrolled at, with the pin) when `given` names
// the same server without another pin (`--server https://HOST:PORT` after an enrolment by
// card), else `given`; `kept` when nothing is given. A token belongs to `kept`'s server only.
std::string address_to_use(const std::string& given, const std::string& kept);
// Whether `url`'s host is this machine's loopback (127.x.x.x or localhost).
bool is_loopback_url(const std::string& url);
// Whether `url` is an address a station may talk to: https://HOST:PORT, optionally with
// #sha256=HEX, or plain http://HOST:PORT on loopback only (a local ledger); nothing after it
// (HOST: letters, digits, dots, dashes). `why` says what is wrong.
bool valid_server_url(const std::string& url, std::string& why);
// Whether `pin` is 64 hex digits (either case).
bool valid_key_pin(const std::string& pin);
// A pin for people, in groups of 4 hex digits ("3f2a 9c01 ..."): its first `groups` of them.
std::string grouped_key_pin(const std::string& key_pin, std::size_t groups = key_pin_hex_digits / 4);

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
