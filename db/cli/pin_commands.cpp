#include "cli/pin_commands.h"

#include <ostream>

#include <fmt/format.h>

#include "audit/audit_csv.h"
#include "cli/cli.h"
#include "core/card_code.h"
#include "i18n/translate.h"
#include "ledger/kiosk_pins.h"
#include "ledger/ledger.h"
#include "ledger/town.h"

namespace marshal::cli {

int run_pins(const std::string& db_path, std::ostream& out, std::ostream& err) {
  try {
    db::Ledger ledger(db_path);
    db::ensure_kiosk_pins(ledger.database(), db::unix_time_ms());  // a ledger older than PINs
    out << "badge,name,pin\r\n";  // CRLF lines, as RFC 4180 and the audit's CSV files
    for (const auto& p : db::kiosk_pins(ledger.database()))
      out << db::csv_field(core::format_card_code(p.badge)) << "," << db::csv_field(p.name) << "," << p.pin << "\r\n";
    return exit_ok;
  } catch (const db::LedgerRefusal& r) {
    err << "marshal: " << r.reason << "\n";
    return exit_bad_input;
  } catch (const std::exception& e) {
    err << "marshal: " << db_path << ": " << e.what() << "\n";
    return exit_bad_input;
  }
}

int run_pin_reset(const std::string& db_path, const std::string& badge, std::ostream& out, std::ostream& err) {
  try {
    db::Ledger ledger(db_path);
    db::Town town(ledger.database(), 0, 0);
    std::int64_t character = town.character_by_badge(db::Json(badge), "BADGE");
    std::string pin = db::reset_kiosk_pin(ledger.database(), character, db::unix_time_ms());
    // TRANSLATORS: {0} is the character's name, {1} the new PIN, {2} the name again (in a command to type).
    out << fmt::format(fmt::runtime(i18n::tr("{}'s new kiosk PIN: {}\nThe old one no longer works; reprint the "
                                             "character sheet (marshal print packets --character \"{}\") or hand "
                                             "the player this PIN.\n")),
                       town.name_of(character), pin, town.name_of(character));
    return exit_ok;
  } catch (const db::LedgerRefusal& r) {
    err << "marshal: " << (r.field == "db" ? r.reason : r.what()) << "\n";
    return exit_bad_input;
  } catch (const std::exception& e) {
    err << "marshal: " << db_path << ": " << e.what() << "\n";
    return exit_bad_input;
  }
}

}  // namespace marshal::cli
