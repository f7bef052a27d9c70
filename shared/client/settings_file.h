#pragma once
// A station's settings file, for a station started from a desktop icon or a systemd unit with no
// command line: $XDG_CONFIG_HOME/marshal/NAME (else ~/.config/marshal/NAME), lines of
// KEY = VALUE, blank lines and # comments allowed. Each program names the keys it knows (its
// command line's options); an option given on the command line wins.
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace marshal::client {

struct SettingsError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The settings in `path`; empty when there is no such file. Throws SettingsError naming the file,
// the line and what is wrong (an unknown key, with the known ones; a line without "="; a key
// given twice; an empty value).
std::map<std::string, std::string> read_settings(const std::string& path, const std::vector<std::string>& known_keys);

// Where a program looks for its settings file `name` (e.g. "kiosk.conf").
std::string settings_path(const std::string& name);

}  // namespace marshal::client
