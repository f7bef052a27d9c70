#pragma once
// Reads one CSV file (RFC 4180, as spreadsheets save it) into rows that remember their line, so
// that every error can name file, line and column. libcsv does the parsing.
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace marshal::db {

struct ImportError {
  std::string file;
  int line = 0;    // 1-based; 0 = the file as a whole
  int column = 0;  // 1-based; 0 = the row as a whole
  std::string column_name;
  std::string reason;
  std::string to_string() const;
};

struct CsvRow {
  int line = 0;
  std::vector<std::string> fields;
};

class CsvTable {
 public:
  // Reads path; a file that does not exist gives an empty table with exists() == false.
  // Problems (bad quoting, unreadable file) are added to errors.
  CsvTable(const std::string& path, const std::string& display_name, std::vector<ImportError>& errors);

  bool exists() const { return exists_; }
  const std::string& name() const { return name_; }
  // Checks the header: every required column present, no unknown one.
  bool check_columns(const std::vector<std::string>& required,
                     const std::vector<std::string>& optional, std::vector<ImportError>& errors);
  const std::vector<CsvRow>& rows() const { return rows_; }
  // The cell of a column for a row, trimmed; empty when the column is absent or the row short.
  std::string cell(const CsvRow& row, const std::string& column) const;
  int column_number(const std::string& column) const;

 private:
  std::string name_;
  bool exists_ = false;
  std::vector<std::string> header_;
  std::map<std::string, int> index_;
  std::vector<CsvRow> rows_;
};

std::string trim(const std::string& text);

}  // namespace marshal::db
