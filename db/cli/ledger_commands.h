#pragma once
// The ledger's verbs of the `marshal` command line: init, verify, backup, record.
#include <iosfwd>
#include <string>

namespace marshal::cli {

int run_init(const std::string& event_dir, const std::string& db_path, std::ostream& out,
             std::ostream& err);
int run_verify(const std::string& db_path, std::ostream& out, std::ostream& err);
// A verified copy of the ledger, taken even while it is served (audit/backup.h).
int run_backup(const std::string& db_path, const std::string& to_dir, std::ostream& out, std::ostream& err);
// Appends one event as the admin station; input is JSON (a file or - for standard input).
int run_record(const std::string& db_path, const std::string& type, const std::string& input,
               const std::string& station, std::istream& in, std::ostream& out, std::ostream& err);

}  // namespace marshal::cli
