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
#include "i18n/utf8_text.h"
#include "ledger/venue_zone.h"
#include "printables/audit_report.h"
#include "protocol/enrollment.h"
#include "protocol/json_text.h"
#include "server/tls_identity.h"

namespace marshal::cli {

using i18n::tr;

namespace {
constexpr const char* audit_says = "marshal audit: ";  // i18n: not words (the command's name)
}  // namespace

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
        err << audit_says << fmt::format("--anchor '{}': {}\n", text, reason);
        return audit_usage;
      }
      anchors.push_back(*anchor);
    }
  }
  if (!std::filesystem::exists(options.db_path)) {
    err << audit_says << fmt::format(fmt::runtime(tr("no ledger file at {}")), options.db_path) << "\n";
    return audit_usage;
  }
  std::vector<db::StationCache> caches;
  for (const auto& path : options.station_caches) {
    try {
      caches.push_back(db::read_station_cache(path));
    } catch (const std::exception& e) {
      err << audit_says << fmt::format("--station-cache {}: {}\n", path, e.what());
      return audit_usage;
    }
  }
  // The report speaks --lang, or the event's language, and shows times in the event's zone (both
  // set before the tables' thread starts).
  {
    std::string language = options.language;
    db::Database db(options.db_path, false);
    if (language.empty()) language = db.scalar_text("SELECT value FROM event_info WHERE key = 'language'");
    if (const std::string why = db::use_event_time_zone(db); !why.empty()) err << audit_says << why << "\n";
    if (std::string problem; !i18n::use_language(language.empty() ? "en" : language, &problem)) {
      err << audit_says << problem << "\n";
      return audit_usage;
    }
  }
  std::error_code ec;
  std::filesystem::create_directories(options.out_dir, ec);
  if (ec || !std::filesystem::is_directory(options.out_dir)) {
    err << audit_says
        << (ec ? fmt::format(fmt::runtime(tr("cannot make the folder {} for the report: {}")), options.out_dir,
                             ec.message())
               : fmt::format(fmt::runtime(tr("cannot make the folder {} for the report: a file of that name is in "
                                             "the way")),
                             options.out_dir))
        << "\n";
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
    err << audit_says << fmt::format("{}: {}\n", options.db_path, e.what());
    return audit_usage;
  }

  for (const auto& check : report.checks)
    out << fmt::format("{}  {} {}\n", db::to_string(check.status), i18n::pad_to_characters(db::check_title(check.name), 28),
                       check.evidence);
  printables::ReportFiles files;
  try {
    tables.get();
    db::write_conflicts_csv(report.conflicts, std::filesystem::path(options.out_dir) / "conflicts.csv");
    report.timings_ms["csv tables"] = tables_ms;  // i18n: not words (a key of summary.json)
    auto start = std::chrono::steady_clock::now();
    files = printables::write_audit_report(report.to_json(), options.out_dir);
    report.timings_ms["report"] = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  } catch (const std::exception& e) {
    err << audit_says << e.what() << "\n";
    return audit_usage;
  }
  std::filesystem::path summary = std::filesystem::path(options.out_dir) / "summary.json";
  {
    std::ofstream file(summary, std::ios::trunc);
    file << report.to_json().dump(2) << "\n";
    if (!file) {
      err << audit_says << fmt::format(fmt::runtime(tr("cannot write {}")), summary.string()) << "\n";
      return audit_usage;
    }
  }
  bool failed = report.any(db::CheckStatus::fail) || (options.strict && report.any(db::CheckStatus::warn));
  // The verdict's sentence; each takes the ledger file, report.html, report.pdf and summary.json.
  std::string verdict;
  if (report.any(db::CheckStatus::fail))
    // TRANSLATORS: {0} is the ledger file, {1} report.html, {2} report.pdf, {3} summary.json.
    verdict = tr("{}: FAILED. The report: {} (and {}); every check with its figures: {}; events, characters' fates, "
                 "conflicts and refusals as CSV beside it");
  else if (report.any(db::CheckStatus::warn) && options.strict)
    // TRANSLATORS: {0} is the ledger file, {1} report.html, {2} report.pdf, {3} summary.json.
    verdict = tr("{}: warnings (failing with --strict). The report: {} (and {}); every check with its figures: {}; "
                 "events, characters' fates, conflicts and refusals as CSV beside it");
  else if (report.any(db::CheckStatus::warn))
    // TRANSLATORS: {0} is the ledger file, {1} report.html, {2} report.pdf, {3} summary.json.
    verdict = tr("{}: passed with warnings. The report: {} (and {}); every check with its figures: {}; events, "
                 "characters' fates, conflicts and refusals as CSV beside it");
  else
    // TRANSLATORS: {0} is the ledger file, {1} report.html, {2} report.pdf, {3} summary.json.
    verdict = tr("{}: passed. The report: {} (and {}); every check with its figures: {}; events, characters' fates, "
                 "conflicts and refusals as CSV beside it");
  out << fmt::format(fmt::runtime(verdict), options.db_path, files.html, files.pdf, summary.string()) << "\n";
  return failed ? audit_failed : audit_passed;
}

int run_head(const std::string& db_path, bool full, std::ostream& out, std::ostream& err) {
  if (!std::filesystem::exists(db_path)) {
    err << "marshal: " << fmt::format(fmt::runtime(tr("no ledger file at {}")), db_path) << "\n";
    return exit_bad_input;
  }
  try {
    db::Database db(db_path, false);
    out << db::head_line(db, full) << "\n";
    // The key the stations pin, when the ledger has served over TLS (server/tls_identity.h).
    if (auto identity = db::read_tls_identity(db_path))
      out << "key sha256 " << protocol::grouped_key_pin(identity->key_pin) << "\n";  // i18n: not words (read by scripts)
  } catch (const std::exception& e) {
    err << fmt::format("marshal: {}: {}\n", db_path, e.what());
    return exit_bad_input;
  }
  return exit_ok;
}

}  // namespace marshal::cli
