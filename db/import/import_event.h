#pragma once
// Reads an event folder of CSV files (docs/event-format.md) into an EventDefinition, giving
// every card a fresh code. Everything is checked before anything is returned: the result holds
// either a definition or the full list of errors (file, line, column, reason).
#include <functional>
#include <string>
#include <vector>

#include "import/csv_table.h"
#include "ledger/definition.h"

namespace marshal::db {

struct ImportResult {
  EventDefinition definition;
  std::vector<ImportError> errors;
  bool ok() const { return errors.empty(); }
};

// make_code returns a fresh card code each call (the CLI passes OS randomness; tests a seed).
ImportResult import_event(const std::string& folder, const std::function<std::string()>& make_code);

// The known name closest to `name` (edit distance), for "did you mean" messages; empty if none
// is close.
std::string closest_name(const std::string& name, const std::vector<std::string>& known);
// "unknown character 'NAME' (not in characters.csv)", or with "did you mean 'NEAR'?" when `near` is
// not empty; in the language tr() answers in.
std::string unknown_character(const std::string& name, const std::string& near);

}  // namespace marshal::db
