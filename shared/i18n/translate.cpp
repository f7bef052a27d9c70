#include "i18n/translate.h"

#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <optional>

#include "i18n/catalogue.h"
#include "paths/data_folders.h"

namespace marshal::i18n {
namespace {

// Set once at start (use_language) before threads exist; read by every tr() afterwards.
std::unique_ptr<Catalogue> current_catalogue;
std::string current = "en";

std::string lowercase(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace

const std::vector<std::string>& known_languages() {
  static const std::vector<std::string> languages{"en", "ru"};
  return languages;
}

bool is_known_language(const std::string& code) {
  for (const auto& l : known_languages())
    if (l == code) return true;
  return false;
}

std::string known_languages_text() {
  std::string text;
  const auto& all = known_languages();
  for (std::size_t i = 0; i < all.size(); ++i) text += (i == 0 ? "" : i + 1 == all.size() ? " or " : ", ") + all[i];
  return text;
}

std::string language_code(std::string_view text) {
  std::size_t letters = 0;
  while (letters < text.size() && std::isalpha(static_cast<unsigned char>(text[letters]))) ++letters;
  if (letters < 2 || letters > 3) return "";
  if (letters < text.size() && std::string_view("_-.@").find(text[letters]) == std::string_view::npos) return "";
  return lowercase(text.substr(0, letters));
}

std::string language_from_environment() {
  auto known = [](const std::string& code) { return is_known_language(code); };
  if (const char* list = std::getenv("LANGUAGE"); list && *list) {
    const std::string_view all(list);
    std::size_t start = 0;
    while (start <= all.size()) {
      std::size_t end = all.find(':', start);
      if (end == std::string_view::npos) end = all.size();
      const std::string code = language_code(all.substr(start, end - start));
      if (known(code)) return code;
      start = end + 1;
    }
  }
  for (const char* name : {"LC_ALL", "LC_MESSAGES", "LANG"}) {
    const char* value = std::getenv(name);
    if (!value || !*value) continue;
    const std::string code = language_code(value);
    return known(code) ? code : "en";  // the first one set decides, as in POSIX
  }
  return "en";
}

std::vector<std::string> catalogue_folders() {
  std::vector<std::string> folders;
  if (const char* dir = std::getenv("MARSHAL_LOCALE_DIR"); dir && *dir) folders.emplace_back(dir);
  // Installed under any prefix (PREFIX/bin beside PREFIX/share/locale): before the build tree's,
  // so that an installed program never reads the catalogues of the tree it was built in.
  if (const auto share = paths::installed_share_folder(); !share.empty()) folders.push_back((share / "locale").string());
#ifdef MARSHAL_BUILD_LOCALE_DIR
  folders.emplace_back(MARSHAL_BUILD_LOCALE_DIR);
#endif
#ifdef MARSHAL_INSTALL_LOCALE_DIR
  folders.emplace_back(MARSHAL_INSTALL_LOCALE_DIR);
#endif
  return folders;
}

bool use_language(const std::string& language, std::string* problem) {
  const std::string code = language_code(language);
  if (!is_known_language(code)) {
    if (problem) *problem = "no language '" + language + "': Marshal speaks " + known_languages_text();
    return false;
  }
  if (code == "en") {
    current_catalogue.reset();
    current = "en";
    return true;
  }
  std::string tried;
  for (const auto& folder : catalogue_folders()) {
    const auto path = std::filesystem::path(folder) / code / "LC_MESSAGES" / "marshal.mo";
    std::error_code ignored;
    if (!std::filesystem::exists(path, ignored)) {
      tried += (tried.empty() ? "" : ", ") + path.string();
      continue;
    }
    std::string why;
    auto catalogue = Catalogue::load(path.string(), &why);
    if (!catalogue) {
      if (problem) *problem = why;
      return false;
    }
    current_catalogue = std::make_unique<Catalogue>(std::move(*catalogue));
    current = code;
    return true;
  }
  if (problem) *problem = "the '" + code + "' catalogue is not installed (looked in " + tried + ")";
  return false;
}

const std::string& current_language() { return current; }

std::string tr(const char* english) {
  if (current_catalogue)
    if (const std::string* t = current_catalogue->find(english)) return *t;
  return english;
}

std::string trn(const char* singular, const char* plural, std::uint64_t n) {
  if (current_catalogue)
    if (const std::string* t = current_catalogue->find_plural(singular, n)) return *t;
  return n == 1 ? singular : plural;
}

}  // namespace marshal::i18n
