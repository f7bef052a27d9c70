#pragma once
// The audit's tables for spreadsheets (docs/audit.md): the rows of a query written as CSV
// (RFC 4180: a header of column names, fields quoted when they hold a comma, a quote or a line
// break, quotes doubled), so organisers can sort and filter the evening.
#include <filesystem>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "audit/event_figures.h"
#include "protocol/json_fields.h"
#include "store/sqlite.h"

namespace marshal::db {

// One field as RFC 4180 has it: quoted (quotes doubled) when it holds a comma, quote or line break.
std::string csv_field(const std::string& text);
// The same, written straight to `out`: events.csv holds every payload (tens of megabytes after a
// long evening), so no copy is made.
void write_csv_field(std::ostream& out, std::string_view text);

// Writes `columns` of every row `from` ("FROM events ORDER BY seq") to `file`, with the column
// names as its header; the number of rows. Throws std::runtime_error naming the file when it
// cannot be written.
std::int64_t write_csv(Database& db, const std::vector<std::string>& columns, const std::string& from,
                       const std::filesystem::path& file);

// conflicts.csv: every conflict (audit/event_figures.h: seq, server_time_ms, station, kind,
// participants, winner, status); the number of rows.
std::int64_t write_conflicts_csv(const std::vector<ConflictRow>& rows, const std::filesystem::path& file);

// The audit's CSV files in `dir` read straight from the file: events.csv, characters.csv (their
// fates), refusals.csv. (conflicts.csv comes from the audit's replay: write_conflicts_csv.)
void write_audit_tables(Database& db, const std::filesystem::path& dir);

}  // namespace marshal::db
