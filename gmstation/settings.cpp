#include "gmstation/settings.h"

namespace marshal::gm {

std::map<std::string, std::string> read_settings(const std::string& path) {
  return client::read_settings(path, {"ledger", "server", "cache", "enroll", "station", "camera", "sound", "twtw-deck", "lang"});
}

std::string settings_path() { return client::settings_path("gm-station.conf"); }

}  // namespace marshal::gm
