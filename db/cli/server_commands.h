#pragma once
// `marshal serve` and `marshal station add|revoke`.
#include <iosfwd>
#include <string>

namespace marshal::cli {

int run_serve(const std::string& db_path, const std::string& listen, const std::string& port_file,
              std::ostream& out, std::ostream& err);
int run_station_add(const std::string& db_path, const std::string& name, const std::string& role,
                    std::ostream& out, std::ostream& err);
int run_station_revoke(const std::string& db_path, const std::string& name, std::ostream& out,
                       std::ostream& err);

}  // namespace marshal::cli
