#pragma once
// The West That Wasn't's part of an event folder (docs/twtw.md "The posse"): twtw.csv, one row
// for each character who takes part in action time, and the `twtw_` options of options.csv.
// Every problem names the file, line and column like the rest of the import.
#include <string>
#include <vector>

#include "import/csv_table.h"
#include "import/row_reader.h"
#include "ledger/twtw_definition.h"

namespace marshal::db {

// An options.csv row whose option starts with "twtw_": read into `options`. False for any other
// option (the caller reads it).
bool read_twtw_option(const std::string& option, RowReader& r, core::twtw::Options& options);

// Reads `folder`/twtw.csv when there is one; `characters` are the names of characters.csv.
void read_twtw(const std::string& folder, const std::vector<std::string>& characters, TwtwDefinition& def,
               std::vector<ImportError>& errors);

}  // namespace marshal::db
