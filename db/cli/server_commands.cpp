#include "cli/server_commands.h"

#include <csignal>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <optional>
#include <iostream>

#include <fmt/format.h>

#include "cli/cli.h"
#include "core/card_code.h"
#include "printables/print_jobs.h"
#include "protocol/enrollment.h"
#include "ledger/ledger.h"
#include "server/ledger_server.h"
#include "server/stations.h"
#include "store/schema.h"

namespace marshal::cli {

namespace {
std::int64_t unix_ms() { return db::unix_time_ms(); }
}  // namespace

int run_serve(const std::string& db_path, const std::string& listen, const std::string& port_file,
              std::ostream& out, std::ostream& err) {
  db::ServerConfig config;
  config.db_path = db_path;
  std::string reason;
  if (!db::parse_listen_address(listen, config.host, config.port, reason)) {
    err << "marshal: --listen " << listen << ": " << reason << "\n";
    return exit_usage;
  }
  if (!std::filesystem::exists(db_path)) {
    err << "marshal: no ledger file at " << db_path << " (create one with marshal init)\n";
    return exit_bad_input;
  }
  // Block the stop signals before any thread starts, so only sigwait below sees them.
  sigset_t stop;
  sigemptyset(&stop);
  sigaddset(&stop, SIGINT);
  sigaddset(&stop, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &stop, nullptr);
  try {
    db::LedgerServer server(config);
    if (!port_file.empty()) {
      std::ofstream(port_file + ".tmp") << server.port() << "\n";
      std::filesystem::rename(port_file + ".tmp", port_file);  // readers never see half a number
    }
    out << fmt::format("Marshal ledger server: {} on http://{}:{} (Ctrl-C to stop)\n", db_path,
                       config.host, server.port())
        << std::flush;
    int signal = 0;
    sigwait(&stop, &signal);
    out << "Stopping: finishing the events in flight...\n" << std::flush;
  } catch (const std::exception& e) {
    err << "marshal: " << e.what() << "\n";
    return exit_bad_input;
  }
  out << "Stopped.\n";
  return exit_ok;
}

int run_station_add(const std::string& db_path, const std::string& name, const std::string& role,
                    const std::string& card_file, const std::string& server_url, std::ostream& out, std::ostream& err) {
  auto r = db::role_from_string(role);
  if (!r) {
    err << "marshal: --role must be gm or kiosk, not '" << role << "'\n";
    return exit_usage;
  }
  std::string why;
  if (!card_file.empty() && !protocol::valid_server_url(server_url, why)) {
    err << "marshal: --card needs --server, the address stations reach the ledger at: " << why << "\n";
    return exit_usage;
  }
  try {
    db::Ledger ledger(db_path);
    std::string code = db::add_station(ledger.database(), name, *r, unix_ms());
    // A kiosk has no keyboard and runs full screen: its admin card and PIN open its admin screen.
    std::optional<db::KioskAdmin> admin;
    if (*r == db::Role::kiosk) admin = db::add_kiosk_admin(ledger.database(), name);
    if (!card_file.empty()) {
      try {
        printables::print_enrollment_card(name, role, {server_url, code}, card_file, printables::Paper::a4,
                                          admin ? admin->code : "");
      } catch (const std::exception& e) {
        // No station without its card: the code printed nowhere is revoked again.
        db::revoke_station(ledger.database(), name, unix_ms());
        err << "marshal: the enrollment card cannot be written, so the station was not added: " << e.what() << "\n";
        return exit_bad_input;
      }
    }
    out << fmt::format("Station '{}' ({}) added. Its one-time enrollment code:\n\n    {}\n\n"
                       "Type it at the station when it asks; it works once.\n",
                       name, role, core::format_card_code(code));
    if (!card_file.empty())
      out << fmt::format("Its enrollment card (the server {} and the code in one QR code) is in {}: print it at actual "
                         "size and scan it at the station.\n",
                         server_url, card_file);
    if (admin)
      out << fmt::format("\nIts admin code {} ({}) and admin PIN {}: scanned and typed at the kiosk they open its admin\n"
                         "screen. Write the PIN down apart from the card; it is shown only now.\n",
                         core::format_card_code(admin->code), card_file.empty() ? "type it, or print the card with --card"
                                                                                : "the admin card beside the enrollment card",
                         admin->pin);
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
    db::revoke_station(ledger.database(), name, unix_ms());
    out << "Station '" << name << "' revoked: its token no longer works.\n";
    return exit_ok;
  } catch (const std::exception& e) {
    err << "marshal: " << e.what() << "\n";
    return exit_refused;
  }
}

}  // namespace marshal::cli
