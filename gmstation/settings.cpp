#include "gmstation/settings.h"

#include <array>
#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace marshal::gm {

namespace {

constexpr std::array<const char*, 6> known_keys{"ledger", "server", "cache", "enroll", "station", "camera"};

std::string trimmed(const std::string& s) {
  const char* space = " \t\r";
  std::size_t first = s.find_first_not_of(space);
  if (first == std::string::npos) return "";
  return s.substr(first, s.find_last_not_of(space) - first + 1);
}

}  // namespace

std::map<std::string, std::string> read_settings(const std::string& path) {
  std::map<std::string, std::string> settings;
  std::ifstream in(path);
  if (!in) return settings;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    const std::string where = path + ":" + std::to_string(number) + ": ";
    std::string text = trimmed(line);
    if (text.empty() || text[0] == '#') continue;
    std::size_t eq = text.find('=');
    if (eq == std::string::npos) throw SettingsError(where + "expected KEY = VALUE, got \"" + text + "\"");
    std::string key = trimmed(text.substr(0, eq)), value = trimmed(text.substr(eq + 1));
    bool known = false;
    for (const char* k : known_keys) known = known || key == k;
    if (!known)
      throw SettingsError(where + "unknown setting \"" + key +
                          "\" (ledger, server, cache, enroll, station, camera)");
    if (value.empty()) throw SettingsError(where + key + " has no value");
    if (!settings.emplace(key, value).second) throw SettingsError(where + key + " is given twice");
  }
  return settings;
}

std::string settings_path() {
  const char* config = std::getenv("XDG_CONFIG_HOME");
  const char* home = std::getenv("HOME");
  std::filesystem::path dir = config && *config ? std::filesystem::path(config)
                                                : std::filesystem::path(home ? home : ".") / ".config";
  return (dir / "marshal" / "gm-station.conf").string();
}

}  // namespace marshal::gm
