#pragma once
// The `marshal` command line. main() only calls run(), so tests drive the same code users run.
#include <iosfwd>
#include <string>

namespace marshal::cli {

// Exit codes: what went wrong, for scripts.
enum ExitCode : int {
  exit_ok = 0,
  exit_usage = 1,       // wrong arguments
  exit_bad_input = 2,   // input file missing, not JSON, or a field malformed
  exit_refused = 3,     // well-formed input that the rules refuse
  exit_verify_failed = 4,  // the ledger failed its audit
};

int run(int argc, char** argv, std::istream& in, std::ostream& out, std::ostream& err);

// `marshal demo`: a ledger for the sample town, a duel and a shootout resolved, recorded and
// told step by step, then the audit.
int run_demo(const std::string& seed_text, const std::string& event_dir, std::string db_path,
             std::ostream& out, std::ostream& err);

}  // namespace marshal::cli
