#pragma once
// A sample event's ledger for `--sample` (GM station, kiosk) and `--sample-posse` (GM station): made from the sample event folder
// the first time, in $XDG_DATA_HOME/marshal (else ~/.local/share/marshal), then reused, so a
// second start shows what the first one recorded.
#include <string>

namespace marshal::db {

// The ledger's path (named after the folder: lincoln-1875.db); throws std::runtime_error when the event folder cannot be read.
std::string sample_ledger(const std::string& event_dir);

// The sample event in `language` where there is one beside it (events/lincoln-1875-ru for
// events/lincoln-1875 in "ru"), else the folder as given.
std::string sample_in_language(const std::string& event_dir, const std::string& language);

}  // namespace marshal::db
