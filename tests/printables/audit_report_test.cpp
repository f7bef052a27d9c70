// The audit's report (printables/audit_report.h) from a real audit of an evening played through
// the real rules and ledger, one station crooked: report.html is one self-contained file (no
// script, no link, no address to fetch; every chart an SVG image inside it that decodes to SVG)
// and report.pdf holds the same checks and charts, read back with poppler's pdftotext.
#include <catch2/catch.hpp>

#include <glib.h>

#include <string>

#include "audit/audit.h"
#include "printables/audit_report.h"
#include "printables_test_helpers.h"
#include "support/played_evening.h"

using namespace marshal;
using namespace marshal::printables::testing;

TEST_CASE("the audit report: a self-contained HTML page and a PDF with the checks and charts", "[printables][audit]") {
  TempDir dir;
  std::string ledger = dir.file("evening.db");
  test_support::EveningPlan plan;
  plan.events = 2000;
  plan.seed = 11;
  plan.crooked_station = "bank-gm";
  test_support::play_evening(ledger, plan);
  db::AuditReport report = db::audit_ledger(ledger, {});
  REQUIRE(report.find("fairness"));
  REQUIRE(report.find("fairness")->status == db::CheckStatus::warn);

  printables::ReportFiles files = printables::write_audit_report(report.to_json(), dir.path().string());
  std::string html = read_text(files.html);
  INFO(html.substr(0, 2000));
  CHECK(html.rfind("<!DOCTYPE html>", 0) == 0);
  for (const char* outside : {"<script", "<link", "http://", "https://", "src=\"/", "@import"})
    CHECK(html.find(outside) == std::string::npos);
  CHECK(html.find("passed with warnings") != std::string::npos);
  // Every check a row, its status in words and a shape, not colour alone.
  for (const auto& c : report.checks) CHECK(html.find("<td>" + c.name + "</td>") != std::string::npos);
  CHECK(html.find("&#9888; WARN</td><td>fairness") != std::string::npos);
  // Five charts, none empty in this evening (refusals, an offline spell): each an SVG inside.
  // (Found by hand: std::regex recurses once a character and overflows the stack on an image.)
  const std::string prefix = "src=\"data:image/svg+xml;base64,";
  int images = 0;
  for (auto at = html.find(prefix); at != std::string::npos; at = html.find(prefix, at + 1)) {
    std::size_t start = at + prefix.size(), end = html.find('"', start);
    REQUIRE(end != std::string::npos);
    std::string base64 = html.substr(start, end - start);
    CHECK(base64.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=") == std::string::npos);
    gsize size = 0;
    guchar* bytes = g_base64_decode(base64.c_str(), &size);
    std::string svg(reinterpret_cast<const char*>(bytes), size);
    g_free(bytes);
    CHECK(svg.rfind("<?xml", 0) == 0);
    CHECK(svg.find("<svg") != std::string::npos);
    ++images;
  }
  CHECK(images == 5);
  // The charts' words for those who cannot see them: the crooked station is named.
  CHECK(html.find("bank-gm: station draws: ") != std::string::npos);
  CHECK(html.find("(unlikely from a fair deck)") != std::string::npos);

  ProcessRun text = run_process({"pdftotext", "-layout", files.pdf, "-"});
  REQUIRE(text.exit_code == 0);
  INFO(text.output.substr(0, 3000));
  CHECK(text.output.find("passed with warnings") != std::string::npos);
  CHECK(text.output.find("WARN (!) fairness") != std::string::npos);
  CHECK(text.output.find("PASS replay") != std::string::npos);
  CHECK(text.output.find("Events per 10 minutes, by station") != std::string::npos);
  CHECK(text.output.find("Refusals by reason") != std::string::npos);
  CHECK(text.output.find("UNLIKELY: bank-gm: station draws") != std::string::npos);
  CHECK(text.output.find("Calibration: who shoots first") != std::string::npos);
  CHECK(text.output.find("Records kept offline") != std::string::npos);
}

TEST_CASE("an audit with nothing to chart says so in a line instead of an empty chart", "[printables][audit]") {
  TempDir dir;
  std::string ledger = dir.file("quiet.db");
  test_support::EveningPlan plan;
  plan.events = 0;
  test_support::play_evening(ledger, plan);
  db::AuditReport report = db::audit_ledger(ledger, {});
  printables::ReportFiles files = printables::write_audit_report(report.to_json(), dir.path().string());
  std::string html = read_text(files.html);
  CHECK(html.find("data:image/svg") == std::string::npos);
  CHECK(html.find("Refusals by reason: nothing to show.") != std::string::npos);
  ProcessRun text = run_process({"pdftotext", files.pdf, "-"});
  CHECK(text.output.find("Fairness: the cards each station drew against the deck: nothing to show.") != std::string::npos);
}
