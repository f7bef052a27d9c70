#include "import/sample_ledger.h"

#include <cstdlib>
#include <filesystem>
#include <stdexcept>

#include <fmt/format.h>

#include "i18n/translate.h"
#include "import/import_event.h"
#include "ledger/ledger.h"

namespace marshal::db {

std::string sample_in_language(const std::string& event_dir, const std::string& language) {
  if (language.empty() || language == "en") return event_dir;
  const std::string translated = event_dir + "-" + language;
  std::error_code ignored;
  return std::filesystem::is_directory(translated, ignored) ? translated : event_dir;
}

std::string sample_ledger(const std::string& event_dir) {
  const char* data = std::getenv("XDG_DATA_HOME");
  const char* home = std::getenv("HOME");
  std::filesystem::path dir = data ? std::filesystem::path(data) / "marshal"
                                   : std::filesystem::path(home ? home : ".") / ".local/share/marshal";
  std::filesystem::create_directories(dir);
  // One file per sample: events/lincoln-1875 keeps lincoln-1875.db, the posse its own.
  std::string path = (dir / (std::filesystem::path(event_dir).filename().string() + ".db")).string();
  if (!std::filesystem::exists(path)) {
    ImportResult imported = import_event(event_dir, random_card_code);
    if (!imported.ok())
      // TRANSLATORS: {} is the sample event's first error (its file, line and what is wrong).
      throw std::runtime_error(fmt::format(fmt::runtime(i18n::tr("the sample event cannot be read: {}")),
                                           imported.errors.front().to_string()));
    Ledger::create(path, imported.definition, unix_time_ms());
  }
  return path;
}

}  // namespace marshal::db
