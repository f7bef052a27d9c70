#include "cli/audit_command.h"

#include <chrono>
#include <filesystem>
#include <fstream>
#include <future>
#include <ostream>
#include <sstream>

#include <fmt/format.h>

#include "audit/audit.h"
#include "audit/audit_csv.h"
#include "cli/cli.h"
#include "cli/progress_bar.h"
#include "i18n/translate.h"
#include "printables/audit_report.h"
#include "protocol/enrollment.h"
#include "protocol/json_text.h"
#include "server/tls_identity.h"

namespace marshal::cli {

int run_audit(const AuditOptions& options, std::ostream& out, std::ostream& err) {
  std::vector<db::Anchor> anchors;
  for (const auto& line : options.anchors) {
    // One --anchor may hold the whole line `marshal head` printed (both heads, in quotes).
    std::istringstream words(line);
    std::string text;
    while (words >> text) {
      std::string reason;
      auto anchor = db::parse_anchor(text, reason);
      if (!anchor) {
        err << fmt::format("marshal audit: --anchor '{}': {}\n", text, reason);
        return audit_usage;
      }
      anchors.push_back(*anchor);
    }
  }
  if (!std::filesystem::exists(options.db_path)) {
    err << fmt::format("marshal audit: no ledger file at {}\n", options.db_path);
    return audit_usage;
  }
  std::vector<db::StationCache> caches;
  for (const auto& path : options.station_caches) {
    try {
      caches.push_back(db::read_station_cache(path));
    } catch (const std::exception& e) {
      err << fmt::format("marshal audit: --station-cache {}: {}\n", path, e.what());
      return audit_usage;
    }
  }
  // The report speaks --lang, or the event's language (set before the tables' thread starts).
  {
    std::string language = options.language;
    if (language.empty()) {
      db::Database db(options.db_path, false);
      language = db.scalar_text("SELECT value FROM event_info WHERE key = 'language'");
    }
    if (std::string problem; !i18n::use_language(language.empty() ? "en" : language, &problem)) {
      err << "marshal audit: " << problem << "\n";
      return audit_usage;
    }
  }
  std::error_code ec;
  std::filesystem::create_directories(options.out_dir, ec);
  if (ec || !std::filesystem::is_directory(options.out_dir)) {
    err << fmt::format("marshal audit: cannot make the folder {} for the report: {}\n", options.out_dir,
                       ec ? ec.message() : "a file of that name is in the way");
    return audit_usage;
  }

  // The CSV tables are written on a thread of their own while the audit runs (two cores: the
  // replay takes one, the chain check and these tables share the other).
  double tables_ms = 0;
  std::future<void> tables = std::async(std::launch::async, [&] {
    auto start = std::chrono::steady_clock::now();
    db::Database db(options.db_path, false);
    db::write_audit_tables(db, options.out_dir);
    tables_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  });
  db::AuditReport report;
  try {
    ProgressBar bar(err);
    report = db::audit_ledger(options.db_path, anchors, caches,
                              [&](std::int64_t done, std::int64_t total) { bar.update(done, total); });
  } catch (const std::exception& e) {
    tables.wait();
    err << fmt::format("marshal audit: {}: {}\n", options.db_path, e.what());
    return audit_usage;
  }

  for (const auto& check : report.checks)
    out << fmt::format("{}  {:<28} {}\n", db::to_string(check.status), check.name, check.evidence);
  printables::ReportFiles files;
  try {
    tables.get();
    db::write_conflicts_csv(report.conflicts, std::filesystem::path(options.out_dir) / "conflicts.csv");
    report.timings_ms["csv tables"] = tables_ms;
    auto start = std::chrono::steady_clock::now();
    files = printables::write_audit_report(report.to_json(), options.out_dir);
    report.timings_ms["report"] = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  } catch (const std::exception& e) {
    err << fmt::format("marshal audit: {}\n", e.what());
    return audit_usage;
  }
  std::filesystem::path summary = std::filesystem::path(options.out_dir) / "summary.json";
  {
    std::ofstream file(summary, std::ios::trunc);
    file << report.to_json().dump(2) << "\n";
    if (!file) {
      err << fmt::format("marshal audit: cannot write {}\n", summary.string());
      return audit_usage;
    }
  }
  bool failed = report.any(db::CheckStatus::fail) || (options.strict && report.any(db::CheckStatus::warn));
  out << fmt::format("{}: {}. The report: {} (and {}); every check with its figures: {}; events, "
                     "characters' fates, conflicts and refusals as CSV beside it\n",
                     options.db_path,
                     report.any(db::CheckStatus::fail) ? "FAILED"
                     : report.any(db::CheckStatus::warn) ? (options.strict ? "warnings (failing with --strict)" : "passed with warnings")
                                                         : "passed",
                     files.html, files.pdf, summary.string());
  return failed ? audit_failed : audit_passed;
}

int run_head(const std::string& db_path, bool full, std::ostream& out, std::ostream& err) {
  if (!std::filesystem::exists(db_path)) {
    err << fmt::format("marshal: no ledger file at {}\n", db_path);
    return exit_bad_input;
  }
  try {
    db::Database db(db_path, false);
    out << db::head_line(db, full) << "\n";
    // The key the stations pin, when the ledger has served over TLS (server/tls_identity.h).
    if (auto identity = db::read_tls_identity(db_path)) out << "key sha256 " << protocol::grouped_key_pin(identity->key_pin) << "\n";
  } catch (const std::exception& e) {
    err << fmt::format("marshal: {}: {}\n", db_path, e.what());
    return exit_bad_input;
  }
  return exit_ok;
}

}  // namespace marshal::cli
