#pragma once
// `marshal audit` and `marshal head`: the proof of a ledger file after the evening
// (docs/audit.md) and the anchor to keep outside it.
#include <iosfwd>
#include <string>
#include <vector>

namespace marshal::cli {

// Exit codes of `marshal audit` (docs/audit.md): 0 no check failed (warnings allowed), 1 a check
// failed (or warned, with --strict), 2 a usage error (bad arguments, no such file).
enum AuditExit { audit_passed = 0, audit_failed = 1, audit_usage = 2 };

struct AuditOptions {
  std::string db_path;
  std::string out_dir;
  std::vector<std::string> anchors;
  std::vector<std::string> station_caches;
  bool strict = false;
  std::string language;  // --lang; empty: the event's (options.csv language), else English
};
int run_audit(const AuditOptions& options, std::ostream& out, std::ostream& err);

// Prints the ledger's head as one short line (SEQ:HASH), or the whole hash with `full`.
int run_head(const std::string& db_path, bool full, std::ostream& out, std::ostream& err);

}  // namespace marshal::cli
