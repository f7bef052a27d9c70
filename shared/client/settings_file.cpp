#include "client/settings_file.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include <fmt/format.h>

#include "i18n/translate.h"

namespace marshal::client {

namespace {

std::string trimmed(const std::string& s) {
  const char* space = " \t\r";
  std::size_t first = s.find_first_not_of(space);
  if (first == std::string::npos) return "";
  return s.substr(first, s.find_last_not_of(space) - first + 1);
}

}  // namespace

std::map<std::string, std::string> read_settings(const std::string& path, const std::vector<std::string>& known_keys) {
  std::map<std::string, std::string> settings;
  std::ifstream in(path);
  if (!in) return settings;
  std::string known_list;
  for (const auto& k : known_keys) known_list += (known_list.empty() ? "" : ", ") + k;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    const std::string where = path + ":" + std::to_string(number) + ": ";
    std::string text = trimmed(line);
    if (text.empty() || text[0] == '#') continue;
    std::size_t eq = text.find('=');
    if (eq == std::string::npos) throw SettingsError(where + fmt::format(fmt::runtime(i18n::tr("expected KEY = VALUE, got \"{}\"")), text));
    std::string key = trimmed(text.substr(0, eq)), value = trimmed(text.substr(eq + 1));
    bool known = false;
    for (const auto& k : known_keys) known = known || key == k;
    if (!known) throw SettingsError(where + fmt::format(fmt::runtime(i18n::tr("unknown setting \"{}\" ({})")), key, known_list));
    if (value.empty()) throw SettingsError(where + fmt::format(fmt::runtime(i18n::tr("{} has no value")), key));
    if (!settings.emplace(key, value).second) throw SettingsError(where + fmt::format(fmt::runtime(i18n::tr("{} is given twice")), key));
  }
  return settings;
}

std::string settings_path(const std::string& name) {
  const char* config = std::getenv("XDG_CONFIG_HOME");
  const char* home = std::getenv("HOME");
  std::filesystem::path dir = config && *config ? std::filesystem::path(config)
                                                : std::filesystem::path(home ? home : ".") / ".config";
  return (dir / "marshal" / name).string();
}

}  // namespace marshal::client
