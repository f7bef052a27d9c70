#include "cli/server_commands.h"

#include <csignal>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <optional>
#include <iostream>
#include <sstream>

#include <fmt/format.h>

#include "audit/backup.h"
#include "cli/cli.h"
#include "cli/standby_commands.h"
#include "client/http.h"
#include "core/card_code.h"
#include "i18n/translate.h"
#include "printables/print_jobs.h"
#include "protocol/enrollment.h"
#include "ledger/ledger.h"
#include "server/ledger_server.h"
#include "server/stations.h"
#include "ledger/station_events.h"
#include "ledger/venue_zone.h"
#include "server/tls_identity.h"
#include "store/schema.h"

namespace marshal::cli {

using i18n::tr;

namespace {

// The ledger's TLS identity, made (and its ledger_key_made event chained) when it has none or
// when `replace` asks for a new one (server/tls_identity.h).
db::TlsIdentity ledger_identity(const std::string& db_path, bool replace, std::ostream& out) {
  std::optional<db::TlsIdentity> kept = replace ? std::nullopt : db::read_tls_identity(db_path);
  if (kept) return *kept;
  const bool had_one = replace && (std::filesystem::exists(db::tls_key_path(db_path)) ||
                                   std::filesystem::exists(db::tls_cert_path(db_path)));
  db::Ledger ledger(db_path);  // a file that is no ledger is refused before a key is made
  db::TlsIdentity made = db::make_tls_identity(db_path);
  db::Transaction tx(ledger.database());
  db::append_ledger_key_made(ledger.database(), made.key_pin, had_one ? "replaced" : "first", db::unix_time_ms());
  tx.commit();
  // TRANSLATORS: {} is the key's file.
  out << fmt::format(fmt::runtime(had_one ? tr("Replaced the ledger's TLS key: {} (mode 0600; back it up with the ledger).")
                                          : tr("Made the ledger's TLS key: {} (mode 0600; back it up with the ledger).")),
                     db::tls_key_path(db_path))
      << "\n";
  if (had_one)
    out << tr("Every station must enrol again with a new card: marshal station rotate NAME --card FILE --server URL")
        << "\n";
  return made;
}
}  // namespace

int run_serve(const ServeOptions& options, std::ostream& out, std::ostream& err) {
  const std::string& db_path = options.db_path;
  db::ServerConfig config;
  config.db_path = db_path;
  std::string reason;
  if (!db::parse_listen_address(options.listen, config.host, config.port, reason)) {
    err << "marshal: --listen " << options.listen << ": " << reason << "\n";
    return exit_usage;
  }
  const bool standby = !options.standby_of.empty();
  if (!options.code.empty() && !standby) {
    err << "marshal: " << tr("--code is a standby's enrolment code: it goes with --standby-of URL") << "\n";
    return exit_usage;
  }
  if (int bad = check_advertise(options, err)) return bad;
  if (standby && options.new_key) {
    err << "marshal: " << tr("--new-key replaces a primary's key; a standby's is made once and named by its promotion")
        << "\n";
    return exit_usage;
  }
  if (!standby && !std::filesystem::exists(db_path)) {
    err << "marshal: " << fmt::format(fmt::runtime(tr("no ledger file at {} (create one with marshal init)")), db_path)
        << "\n";
    return exit_bad_input;
  }
  if (!standby)
    if (int refused = refuse_standby_as_primary(db_path, err)) return refused;
  if (options.insecure_http && !db::is_loopback_address(config.host)) {
    // TRANSLATORS: {} is the address asked for with --listen.
    const std::string never = tr("--insecure-http serves plain HTTP on this machine only (--listen 127.0.0.1:PORT), "
                                 "never on {}: anyone on the venue's Wi-Fi would read the PINs, tokens and secrets");
    err << "marshal: " << fmt::format(fmt::runtime(never), config.host) << "\n";
    return exit_usage;
  }
  if (options.insecure_http && options.new_key) {
    err << "marshal: " << tr("--new-key makes a TLS key, which --insecure-http does not use") << "\n";
    return exit_usage;
  }
  std::int64_t backup_every_s = 0;
  if (!options.backup_to.empty()) {
    const std::string every = options.backup_every.empty() ? "5m" : options.backup_every;
    backup_every_s = db::parse_backup_interval(every, reason);
    if (backup_every_s == 0) {
      err << "marshal: --every " << every << ": " << reason << "\n";
      return exit_usage;
    }
  } else if (!options.backup_every.empty()) {
    err << "marshal: " << tr("--every needs --backup-to DIR, the folder to take the backups into") << "\n";
    return exit_usage;
  }
  std::shared_ptr<client::HttpClient> primary;  // a standby's client of its primary
  if (standby)
    if (int failed = prepare_standby(options, config, primary, out, err)) return failed;
  std::string key_pin;
  if (!options.insecure_http) {
    try {
      // A standby's key goes into the chain with its promotion (ledger_promoted), never before:
      // it writes nothing of its own into the primary's chain.
      std::optional<db::TlsIdentity> kept = standby ? db::read_tls_identity(db_path) : std::nullopt;
      db::TlsIdentity identity =
          standby ? (kept ? *kept : db::make_tls_identity(db_path)) : ledger_identity(db_path, options.new_key, out);
      config.tls_key_pem = identity.key_pem;
      config.tls_cert_pem = identity.cert_pem;
      key_pin = identity.key_pin;
    } catch (const std::exception& e) {
      err << "marshal: " << e.what() << "\n";
      return exit_bad_input;
    }
  }
  // The refusals' times in the event's zone, chosen before any thread starts.
  try {
    db::Database db(db_path, false);
    if (const std::string why = db::use_event_time_zone(db); !why.empty()) err << "marshal serve: " << why << "\n";  // i18n: not words (the program's name)
  } catch (const std::exception&) {
    // no ledger there: LedgerServer says so below
  }
  // Block the stop signals before any thread starts, so only sigwait below sees them.
  sigset_t stop;
  sigemptyset(&stop);
  sigaddset(&stop, SIGINT);
  sigaddset(&stop, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &stop, nullptr);
  try {
    db::LedgerServer server(config);
    if (standby)
      // TRANSLATORS: {0} is the ledger file, {1} the primary's address.
      out << fmt::format(fmt::runtime(tr("A standby of {1}: {0} follows its chain, serves reads and takes no writes "
                                         "until marshal promote --db {0}\n")),
                         db_path, options.standby_of);
    if (key_pin.empty())
      // TRANSLATORS: {0} is the ledger file, {1} the address, {2} the port.
      out << fmt::format(fmt::runtime(tr("Marshal ledger server: {} on http://{}:{}, PLAIN HTTP on this machine only "
                                         "(Ctrl-C to stop)\n")),
                         db_path, config.host, server.port());
    else
      // TRANSLATORS: {0} is the ledger file, {1} the address, {2} the port, {3} the key's sha256.
      out << fmt::format(fmt::runtime(tr("Marshal ledger server: {} on https://{}:{} (Ctrl-C to stop)\n"
                                         "The ledger's key (on every enrollment card): sha256 {}\n")),
                         db_path, config.host, server.port(), protocol::grouped_key_pin(key_pin));
    if (primary) advertise_standby(options, config.host, server.port(), key_pin, *primary, out, err);
    out << std::flush;
    // The port file last: whoever waits for it finds every line above already written.
    if (const std::string& port_file = options.port_file; !port_file.empty()) {
      std::ofstream(port_file + ".tmp") << server.port() << "\n";
      std::filesystem::rename(port_file + ".tmp", port_file);  // readers never see half a number
    }
    std::optional<db::BackupSchedule> backups;
    if (backup_every_s > 0) {
      // TRANSLATORS: {0} is the folder, {1} the minutes between two backups.
      out << fmt::format(fmt::runtime(tr("Backups into {} every {} min, the first now\n")), options.backup_to,
                         static_cast<double>(backup_every_s) / 60.0)
          << std::flush;
      backups.emplace(db_path, options.backup_to, backup_every_s,
                      [&err](const std::string& line) { err << "marshal serve: " + line + "\n" << std::flush; });  // i18n: not words
    }
    int signal = 0;
    sigwait(&stop, &signal);
    out << tr("Stopping: finishing the events in flight...") << "\n" << std::flush;
  } catch (const std::exception& e) {
    err << "marshal: " << e.what() << "\n";
    return exit_bad_input;
  }
  out << tr("Stopped.") << "\n";
  return exit_ok;
}

namespace {
// --server for a card: https://HOST:PORT (the card pins the ledger's key; plain http is for a
// ledger on this machine only and never goes on a card).
bool card_server_ok(const std::string& server_url, std::ostream& err) {
  std::string why;
  if (server_url.rfind("https://", 0) == 0 && server_url.find('#') == std::string::npos &&
      protocol::valid_server_url(server_url, why))
    return true;
  err << "marshal: " << tr("--card needs --server https://HOST:PORT, the address stations reach the ledger at") << "\n";
  return false;
}

// A card's ledgers: the server given, and the standby the chain names since its last promotion
// (standby_joined: stations go on there when the ledger machine dies).
protocol::Enrollment card_enrollment(db::Database& db, const std::string& server_url, const std::string& code,
                                     const std::string& key_pin) {
  protocol::Enrollment card{server_url, code, key_pin};
  const protocol::ServerAddress standby = protocol::split_pinned_url(db::last_standby_url(db, db::current_epoch(db).seq));
  card.standby_url = standby.url;
  card.standby_key_pin = standby.key_pin;
  return card;
}

// The card printed to `card_file` and said so; throws what printing throws.
void print_card(const std::string& name, db::Role role, const protocol::Enrollment& enrollment,
                const std::string& card_file, const std::string& admin_code, std::ostream& out) {
  printables::print_enrollment_card(name, db::to_string(role), enrollment, card_file, printables::Paper::a4,
                                    admin_code);
  // TRANSLATORS: {0} is the server's address, {1} the card's PDF file, {2} the key's sha256.
  out << fmt::format(fmt::runtime(tr("Its enrollment card (the server {}, the code and the ledger's key in one QR code) "
                                     "is in {}: print it at actual size and scan it at the station.\n"
                                     "The ledger's key on it: sha256 {}\n")),
                     enrollment.server_url, card_file, protocol::grouped_key_pin(enrollment.key_pin));
  if (!enrollment.standby_url.empty())
    // TRANSLATORS: {0} is the standby's address, {1} its key's sha256.
    out << fmt::format(fmt::runtime(tr("It names the standby too, where the station goes on if the ledger machine dies: "
                                       "{} (sha256 {})\n")),
                       enrollment.standby_url, protocol::grouped_key_pin(enrollment.standby_key_pin));
}
}  // namespace

int run_station_add(const std::string& db_path, const std::string& name, const std::string& role,
                    const std::string& card_file, const std::string& server_url, std::ostream& out, std::ostream& err) {
  auto r = db::role_from_string(role);
  if (!r) {
    err << "marshal: " << fmt::format(fmt::runtime(tr("--role must be gm, kiosk or standby, not '{}'")), role) << "\n";
    return exit_usage;
  }
  if (!card_file.empty() && !card_server_ok(server_url, err)) return exit_usage;
  try {
    std::string key_pin;
    if (!card_file.empty()) key_pin = ledger_identity(db_path, false, out).key_pin;
    db::Ledger ledger(db_path);
    std::string code = db::add_station(ledger.database(), name, *r, db::unix_time_ms());
    // A kiosk has no keyboard and runs full screen: its admin card and PIN open its admin screen.
    std::optional<db::KioskAdmin> admin;
    if (*r == db::Role::kiosk) admin = db::add_kiosk_admin(ledger.database(), name);
    std::ostringstream card_words;  // said after the code
    if (!card_file.empty()) {
      try {
        print_card(name, *r, card_enrollment(ledger.database(), server_url, code, key_pin), card_file,
                   admin ? admin->code : "", card_words);
      } catch (const std::exception& e) {
        // No station without its card: the code printed nowhere is revoked again.
        db::revoke_station(ledger.database(), name, db::unix_time_ms());
        err << "marshal: "
            << fmt::format(fmt::runtime(tr("the enrollment card cannot be written, so the station was not added: {}")),
                           e.what())
            << "\n";
        return exit_bad_input;
      }
    }
    // TRANSLATORS: {0} is the station's name, {1} its role (gm or kiosk, as typed), {2} the code.
    out << fmt::format(fmt::runtime(tr("Station '{}' ({}) added. Its one-time enrollment code:\n\n    {}\n\n"
                                       "Type it at the station when it asks; it works once.\n")),
                       name, role, core::format_card_code(code));
    out << card_words.str();
    if (admin) {
      // TRANSLATORS: {0} is the admin code, {1} the admin PIN.
      std::string words = tr("Its admin code {} (type it, or print the card with --card) and admin PIN {}: scanned and "
                             "typed at the kiosk they open its admin\nscreen. Write the PIN down apart from the card; "
                             "it is shown only now.\n");
      if (!card_file.empty())
        // TRANSLATORS: {0} is the admin code, {1} the admin PIN.
        words = tr("Its admin code {} (the admin card beside the enrollment card) and admin PIN {}: scanned and typed "
                   "at the kiosk they open its admin\nscreen. Write the PIN down apart from the card; it is shown only "
                   "now.\n");
      out << "\n" << fmt::format(fmt::runtime(words), core::format_card_code(admin->code), admin->pin);
    }
    if (*r == db::Role::standby) {
      const std::optional<db::TlsIdentity> identity = db::read_tls_identity(db_path);
      // TRANSLATORS: {0} this ledger's key pin (or PIN before it has a key), {1} the code.
      out << "\n"
          << fmt::format(fmt::runtime(tr("On the standby laptop (docs/server.md, A standby ledger):\n"
                                         "  marshal serve --db standby.db --listen 0.0.0.0:8080 --standby-of "
                                         "https://THIS-LAPTOP:PORT#sha256={} --code {}\n")),
                         identity ? identity->key_pin : "PIN", code);
    }
    return exit_ok;
  } catch (const std::exception& e) {
    err << "marshal: " << e.what() << "\n";
    return exit_refused;
  }
}

int run_station_rotate(const std::string& db_path, const std::string& name, const std::string& card_file,
                       const std::string& server_url, std::ostream& out, std::ostream& err) {
  if (!card_file.empty() && !card_server_ok(server_url, err)) return exit_usage;
  try {
    std::string key_pin;
    if (!card_file.empty()) key_pin = ledger_identity(db_path, false, out).key_pin;
    db::Ledger ledger(db_path);
    const db::Rotation rotation = db::rotate_station_token(ledger.database(), name, db::unix_time_ms());
    // TRANSLATORS: {0} is the station's name, {1} its role (gm or kiosk), {2} the code.
    out << fmt::format(fmt::runtime(tr("Station '{}' ({}): its old token is refused from now on. Its new one-time "
                                       "enrollment code:\n\n    {}\n\nThe station enrols again with it (or with the "
                                       "card); it works once.\n")),
                       name, db::to_string(rotation.role), core::format_card_code(rotation.code));
    if (!card_file.empty()) {
      try {  // a kiosk keeps its admin card: none is printed again
        print_card(name, rotation.role, card_enrollment(ledger.database(), server_url, rotation.code, key_pin), card_file,
                   "", out);
      } catch (const std::exception& e) {
        err << "marshal: "
            << fmt::format(fmt::runtime(tr("the enrollment card cannot be written (the code above still works): {}")),
                           e.what())
            << "\n";
        return exit_bad_input;
      }
    }
    return exit_ok;
  } catch (const std::exception& e) {
    err << "marshal: " << e.what() << "\n";
    return exit_refused;
  }
}

int run_station_revoke(const std::string& db_path, const std::string& name, std::ostream& out,
                       std::ostream& err) {
  try {
    db::Ledger ledger(db_path);
    db::revoke_station(ledger.database(), name, db::unix_time_ms());
    out << fmt::format(fmt::runtime(tr("Station '{}' revoked: its token no longer works.")), name) << "\n";
    return exit_ok;
  } catch (const std::exception& e) {
    err << "marshal: " << e.what() << "\n";
    return exit_refused;
  }
}

}  // namespace marshal::cli
