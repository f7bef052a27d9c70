#pragma once
// The station's settings file, for a station started from a desktop icon with no command line:
// $XDG_CONFIG_HOME/marshal/gm-station.conf (else ~/.config/marshal/gm-station.conf), lines of
// KEY = VALUE, blank lines and # comments allowed. Keys are the command line's options: ledger,
// server, cache, enroll, station, camera. An option given on the command line wins.
#include <map>
#include <stdexcept>
#include <string>

namespace marshal::gm {

struct SettingsError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The settings in `path`; empty when there is no such file. Throws SettingsError naming the file,
// the line and what is wrong (an unknown key, a line without "=", a key given twice, an empty value).
std::map<std::string, std::string> read_settings(const std::string& path);

// Where the station looks for its settings.
std::string settings_path();

}  // namespace marshal::gm
