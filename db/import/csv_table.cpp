#include "import/csv_table.h"

#include <csv.h>

#include <algorithm>
#include <fstream>

#include <fmt/format.h>

#include "i18n/translate.h"

namespace marshal::db {

using i18n::tr;

// Where the error is (file, line, column's number and name as the header has it), then what is wrong.
std::string ImportError::to_string() const {
  if (line > 0 && column > 0 && !column_name.empty())
    // TRANSLATORS: an event file's error: {0} the file, {1} its line, {2} the column's number, {3} its
    // name as the file's header has it, {4} what is wrong.
    return fmt::format(fmt::runtime(tr("{} line {}, column {} ({}): {}")), file, line, column, column_name, reason);
  if (line > 0 && column > 0)
    // TRANSLATORS: an event file's error: {0} the file, {1} its line, {2} the column's number, {3} what is wrong.
    return fmt::format(fmt::runtime(tr("{} line {}, column {}: {}")), file, line, column, reason);
  if (line > 0)
    // TRANSLATORS: an event file's error: {0} the file, {1} its line, {2} what is wrong.
    return fmt::format(fmt::runtime(tr("{} line {}: {}")), file, line, reason);
  if (column > 0 && !column_name.empty())
    // TRANSLATORS: an event file's error: {0} the file, {1} the column's number, {2} its name, {3} what is wrong.
    return fmt::format(fmt::runtime(tr("{}, column {} ({}): {}")), file, column, column_name, reason);
  if (column > 0)
    // TRANSLATORS: an event file's error: {0} the file, {1} the column's number, {2} what is wrong.
    return fmt::format(fmt::runtime(tr("{}, column {}: {}")), file, column, reason);
  return fmt::format("{}: {}", file, reason);
}

std::string trim(const std::string& text) {
  const char* space = " \t\r\n";
  auto first = text.find_first_not_of(space);
  if (first == std::string::npos) return "";
  return text.substr(first, text.find_last_not_of(space) - first + 1);
}

namespace {

struct ParseState {
  std::vector<CsvRow>* rows;
  CsvRow current;
  int line = 0;
  bool row_started = false;
};

void on_field(void* data, size_t size, void* state_ptr) {
  auto* state = static_cast<ParseState*>(state_ptr);
  if (!state->row_started) {
    state->current.line = state->line;
    state->row_started = true;
  }
  state->current.fields.emplace_back(static_cast<const char*>(data), size);
}

void on_row_end(int, void* state_ptr) {
  auto* state = static_cast<ParseState*>(state_ptr);
  if (!state->row_started) state->current.line = state->line;
  state->rows->push_back(std::move(state->current));
  state->current = CsvRow{};
  state->row_started = false;
}

}  // namespace

CsvTable::CsvTable(const std::string& path, const std::string& display_name,
                   std::vector<ImportError>& errors)
    : name_(display_name) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return;
  exists_ = true;
  csv_parser parser;
  // Strict: a quote left open is an error rather than silently taking in the rest of the file.
  csv_init(&parser, CSV_STRICT | CSV_STRICT_FINI | CSV_APPEND_NULL | CSV_EMPTY_IS_NULL);
  std::vector<CsvRow> all;
  ParseState state{&all, {}, 0, false};
  std::string line;
  bool bad = false;
  // A quoting problem is named where its row starts, at the cell being read: an open quote
  // runs on over later lines until the end of the file or some later quote trips the parser.
  auto quoting_error = [&](const std::string& reason) {
    bool in_row = state.row_started;
    errors.push_back({name_, in_row ? state.current.line : state.line,
                      in_row ? static_cast<int>(state.current.fields.size()) + 1 : 0, "", reason});
  };
  // Fed a line at a time so the callbacks know which line they are on.
  while (std::getline(in, line)) {
    ++state.line;
    if (state.line == 1 && line.rfind("\xEF\xBB\xBF", 0) == 0) line.erase(0, 3);  // BOM
    line += '\n';
    if (csv_parse(&parser, line.data(), line.size(), on_field, on_row_end, &state) != line.size()) {
      // TRANSLATORS: {} is the line of the file where reading stopped.
      quoting_error(csv_error(&parser) == CSV_EPARSE
                        ? fmt::format(fmt::runtime(tr("cannot be read as CSV: a quoted field is never closed, or a "
                                                      "quote stands inside an unquoted cell (stopped at line {})")),
                                      state.line)
                        // TRANSLATORS: {} is the CSV library's own words for what went wrong (English).
                        : fmt::format(fmt::runtime(tr("cannot be read as CSV: {}")), csv_strerror(csv_error(&parser))));
      bad = true;
      break;
    }
  }
  if (!bad && csv_fini(&parser, on_field, on_row_end, &state) != 0)
    quoting_error(tr("a quoted field is never closed"));
  csv_free(&parser);
  // After a problem the rows read before it are still checked; nothing is written anyway.

  bool have_header = false;
  for (auto& row : all) {
    bool blank = true;
    for (auto& f : row.fields) blank = blank && trim(f).empty();
    if (blank) continue;
    if (!have_header) {
      for (auto& f : row.fields) header_.push_back(trim(f));
      for (std::size_t i = 0; i < header_.size(); ++i) index_.emplace(header_[i], static_cast<int>(i));
      have_header = true;
      continue;
    }
    rows_.push_back(std::move(row));
  }
}

bool CsvTable::check_columns(const std::vector<std::string>& required,
                             const std::vector<std::string>& optional,
                             std::vector<ImportError>& errors) {
  bool ok = true;
  if (header_.empty()) {
    errors.push_back({name_, 1, 0, "", tr("has no header row (the column names)")});
    return false;
  }
  for (const auto& r : required)
    if (!index_.count(r)) {
      errors.push_back({name_, 1, 0, "", fmt::format(fmt::runtime(tr("the column '{}' is missing")), r)});
      ok = false;
    }
  for (std::size_t i = 0; i < header_.size(); ++i) {
    const auto& h = header_[i];
    bool known = std::find(required.begin(), required.end(), h) != required.end() ||
                 std::find(optional.begin(), optional.end(), h) != optional.end();
    if (!known) {
      std::string all;
      for (const auto& c : required) all += (all.empty() ? "" : ", ") + c;
      for (const auto& c : optional) all += ", " + c;
      // TRANSLATORS: {0} is the column the file has, {1} the columns it may have (as written in the file).
      errors.push_back({name_, 1, static_cast<int>(i) + 1, h,
                        fmt::format(fmt::runtime(tr("unknown column '{}' (the columns are: {})")), h, all)});
      ok = false;
    } else if (index_.at(h) != static_cast<int>(i)) {
      errors.push_back(
          {name_, 1, static_cast<int>(i) + 1, h, fmt::format(fmt::runtime(tr("the column '{}' appears twice")), h)});
      ok = false;
    }
  }
  return ok;
}

std::string CsvTable::cell(const CsvRow& row, const std::string& column) const {
  auto it = index_.find(column);
  if (it == index_.end() || it->second >= static_cast<int>(row.fields.size())) return "";
  return trim(row.fields[it->second]);
}

int CsvTable::column_number(const std::string& column) const {
  auto it = index_.find(column);
  return it == index_.end() ? 0 : it->second + 1;
}

}  // namespace marshal::db
