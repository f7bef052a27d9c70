#pragma once
// `marshal pins`: the characters' kiosk PINs for the organisers (ledger/kiosk_pins.h).
#include <iosfwd>
#include <string>

namespace marshal::cli {

// Prints badge,name,pin as CSV (RFC 4180 quoting), one line per character.
int run_pins(const std::string& db_path, std::ostream& out, std::ostream& err);
// Gives the character with this badge a new PIN and prints it.
int run_pin_reset(const std::string& db_path, const std::string& badge, std::ostream& out, std::ostream& err);

}  // namespace marshal::cli
