#pragma once
// `marshal serve` and `marshal station add|revoke`.
#include <iosfwd>
#include <string>

namespace marshal::cli {

int run_serve(const std::string& db_path, const std::string& listen, const std::string& port_file,
              std::ostream& out, std::ostream& err);
// With `card_file`, also prints the station's enrollment card there, its QR code holding
// `server_url` and the code (docs/kiosk.md).
int run_station_add(const std::string& db_path, const std::string& name, const std::string& role,
                    const std::string& card_file, const std::string& server_url, std::ostream& out, std::ostream& err);
int run_station_revoke(const std::string& db_path, const std::string& name, std::ostream& out,
                       std::ostream& err);

}  // namespace marshal::cli
