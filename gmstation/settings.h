#pragma once
// The GM station's settings file (shared/client/settings_file.h): gm-station.conf, with the keys
// of the command line: ledger, server, cache, enroll, station, camera, sound, twtw-deck, lang.
#include <map>
#include <string>

#include "client/settings_file.h"

namespace marshal::gm {

using client::SettingsError;

std::map<std::string, std::string> read_settings(const std::string& path);
std::string settings_path();

}  // namespace marshal::gm
