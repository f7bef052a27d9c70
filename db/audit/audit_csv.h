#pragma once
// The audit's tables for spreadsheets (docs/audit.md): the rows of a query written as CSV
// (RFC 4180: a header of column names, fields quoted when they hold a comma, a quote or a line
// break, quotes doubled), so organisers can sort and filter the evening.
#include <filesystem>
#include <string>
#include <vector>

#include "protocol/json_fields.h"
#include "store/sqlite.h"

namespace marshal::db {

// One field as RFC 4180 has it: quoted (quotes doubled) when it holds a comma, quote or line break.
std::string csv_field(const std::string& text);

// Writes `columns` of every row `from` ("FROM events ORDER BY seq") to `file`, with the column
// names as its header; the number of rows. Throws std::runtime_error naming the file when it
// cannot be written.
std::int64_t write_csv(Database& db, const std::vector<std::string>& columns, const std::string& from,
                       const std::filesystem::path& file);

// Every conflict: seq, server_time_ms, station, kind, participants ("; " between names), winner
// and status as the ledger's result has them; the number of rows.
std::int64_t write_conflicts_csv(Database& db, const std::filesystem::path& file);

// The audit's CSV files in `dir`: events.csv, characters.csv (their fates), refusals.csv,
// conflicts.csv.
void write_audit_tables(Database& db, const std::filesystem::path& dir);

}  // namespace marshal::db
