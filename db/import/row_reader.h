#pragma once
// What the CSV readers share: a cell's list ("a; b; c") and a row reader whose every complaint
// names the file, line and column (ImportError).
#include <cctype>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "i18n/translate.h"
#include "i18n/utf8_text.h"
#include "import/csv_table.h"

namespace marshal::db {

// A cell's items separated by ';', each trimmed, empty ones left out.
inline std::vector<std::string> split_list(const std::string& cell) {
  std::vector<std::string> out;
  std::string item;
  for (char c : cell + ";") {
    if (c == ';') {
      item = trim(item);
      if (!item.empty()) out.push_back(item);
      item.clear();
    } else {
      item += c;
    }
  }
  return out;
}

// Reads the rows of one file, with helpers that report errors at the right line and column.
class RowReader {
 public:
  RowReader(CsvTable& table, const CsvRow& row, std::vector<ImportError>& errors)
      : table_(table), row_(row), errors_(errors) {}

  void error(const std::string& column, const std::string& reason) {
    errors_.push_back({table_.name(), row_.line, table_.column_number(column), column, reason});
  }
  std::string text(const std::string& column, bool required, std::size_t max_length = 2000) {
    std::string value = table_.cell(row_, column);
    // TRANSLATORS: what is wrong with a cell of an event file; the column is named before it.
    if (required && value.empty()) error(column, i18n::tr("is empty; it is required"));
    if (i18n::characters_in(value) > max_length)
      // TRANSLATORS: what is wrong with a cell of an event file; the column is named before it.
      error(column, fmt::format(fmt::runtime(i18n::trn("is longer than {} character", "is longer than {} characters",
                                                       max_length)),
                                max_length));
    return value;
  }
  int number(const std::string& column, int min, int max) {
    std::string value = table_.cell(row_, column);
    if (value.empty()) {
      // TRANSLATORS: what is wrong with a cell of an event file; the column is named before it.
      error(column, fmt::format(fmt::runtime(i18n::tr("is empty; give a whole number from {} to {}")), min, max));
      return min;
    }
    std::size_t used = 0;
    long parsed = 0;
    try {
      parsed = std::stol(value, &used);
    } catch (...) {
      used = 0;
    }
    if (used != value.size()) {
      error(column, fmt::format(fmt::runtime(i18n::tr("'{}' is not a whole number")), value));
      return min;
    }
    if (parsed < min || parsed > max) {
      error(column, fmt::format(fmt::runtime(i18n::tr("{} is out of range {} to {}")), parsed, min, max));
      return min;
    }
    return static_cast<int>(parsed);
  }
  bool yes_no(const std::string& column) {
    std::string value = table_.cell(row_, column);
    std::string lower;
    for (char c : value) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (lower.empty() || lower == "no" || lower == "false" || lower == "0") return false;
    if (lower == "yes" || lower == "true" || lower == "1" || lower == "road") return true;
    error(column, fmt::format(fmt::runtime(i18n::tr("'{}' is neither yes nor no")), value));
    return false;
  }

 private:
  CsvTable& table_;
  const CsvRow& row_;
  std::vector<ImportError>& errors_;
};

}  // namespace marshal::db
