#pragma once
// The audit's report for people (docs/audit.md): report.html, one self-contained file (no
// network: its charts are SVG images inside it), and report.pdf with the same charts, each
// drawn once with cairo (printables/charts.h). Both list every check with its status and
// evidence, then the charts: events per 10 minutes by station, refusals by reason, fairness
// per station, calibration of the duel odds, records kept offline and how late they synced.
#include <string>
#include <vector>

#include "printables/charts.h"
#include "protocol/json_fields.h"

namespace marshal::printables {

// `summary`: the audit as summary.json has it (db::AuditReport::to_json, handed down by the
// command line): {"ledger", "verdict": PASS|WARN|FAIL, "checks": [{"name", "status",
// "evidence", "figures"}], "timeline"}. The report reads only that, so it draws what the
// organisers' summary.json says, nothing else.

// The report's charts from the checks' figures and the timeline.
std::vector<Chart> audit_charts(const protocol::Json& summary);

struct ReportFiles {
  std::string html, pdf;
};
// Writes DIR/report.html and DIR/report.pdf; throws std::runtime_error when a file cannot be
// written.
ReportFiles write_audit_report(const protocol::Json& summary, const std::string& dir);

}  // namespace marshal::printables
