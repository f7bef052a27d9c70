#pragma once
// `marshal serve` and `marshal station add|rotate|revoke`.
#include <iosfwd>
#include <string>

namespace marshal::cli {

struct ServeOptions {
  std::string db_path;
  std::string listen = "0.0.0.0:8080";
  std::string port_file;
  bool insecure_http = false;  // plain HTTP, refused unless listening on loopback
  bool new_key = false;        // replace the ledger's TLS key (a key lost or stolen)
  std::string backup_to;       // a folder to take a backup into every backup_every (audit/backup.h)
  std::string backup_every;    // "5m" when empty
  // A standby (cli/standby_commands.h): the primary's pinned URL, and the enrolment code of its
  // first start (`marshal station add NAME --role standby` on the primary).
  std::string standby_of;
  std::string code;
  std::string advertise;  // https://HOST:PORT, where stations reach this standby (cli/standby_commands.h)
};
// `marshal serve`: HTTPS with the ledger's own key (server/tls_identity.h), made on first start.
int run_serve(const ServeOptions& options, std::ostream& out, std::ostream& err);
// With `card_file`, also prints the station's enrollment card there, its QR code holding
// `server_url` and the code (docs/kiosk.md).
int run_station_add(const std::string& db_path, const std::string& name, const std::string& role,
                    const std::string& card_file, const std::string& server_url, std::ostream& out, std::ostream& err);
// Ends the station's token at once and prints a new enrollment code (and card, with `card_file`).
int run_station_rotate(const std::string& db_path, const std::string& name, const std::string& card_file,
                       const std::string& server_url, std::ostream& out, std::ostream& err);
int run_station_revoke(const std::string& db_path, const std::string& name, std::ostream& out,
                       std::ostream& err);

}  // namespace marshal::cli
