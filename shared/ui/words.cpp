#include "ui/words.h"

#include <filesystem>

#include <wx/intl.h>
#include <wx/translation.h>

namespace marshal::ui {

bool start_language(const std::string& requested, std::string* problem) {
  const std::string language = requested.empty() ? i18n::language_from_environment() : requested;
  if (!i18n::use_language(language, problem)) {
    if (!requested.empty()) return false;
    i18n::use_language("en", nullptr);  // the environment asked for what is not installed: English
  }
  auto* translations = new wxTranslations;
  for (const auto& folder : i18n::catalogue_folders())
    if (std::filesystem::exists(folder)) wxFileTranslationsLoader::AddCatalogLookupPathPrefix(wxString::FromUTF8(folder));
  translations->SetLanguage(wxString::FromUTF8(i18n::current_language()));
  translations->AddStdCatalog();
  translations->AddCatalog("marshal");
  wxTranslations::Set(translations);  // wx owns it from here
  return true;
}

std::optional<std::string> language_argument(const std::vector<std::string>& args) {
  for (std::size_t i = 1; i < args.size(); ++i) {
    if (args[i] == "--lang" && i + 1 < args.size()) return args[i + 1];
    if (args[i].rfind("--lang=", 0) == 0) return args[i].substr(7);
  }
  return std::nullopt;
}

void LanguageChoice::choose(const std::string& asked) {
  if (chosen_ && asked == asked_) return;
  chosen_ = true;
  asked_ = asked;
  problem_.clear();
  ok_ = start_language(asked_, &problem_);
}

std::string enrollment_problem_words(const std::string& problem) {
  if (i18n::current_language() == "en") return problem;
  auto starts = [&](const char* words) { return problem.rfind(words, 0) == 0; };
  if (starts("this enrollment card cannot be read whole"))  // i18n: not words
    return tr("this enrollment card cannot be read whole: scan it again, or print a new one");
  if (starts("this enrollment card is an old one"))  // i18n: not words
    return tr("this enrollment card is an old one, without the ledger's key: print a new card with marshal station "
              "rotate NAME --card FILE --server https://HOST:PORT");
  if (starts("this enrollment card's key pin is damaged"))  // i18n: not words
    return tr("this enrollment card's key pin is damaged (64 hex digits expected): scan it again, or print a new one");
  if (starts("this enrollment card's code is damaged"))  // i18n: not words
    return tr("this enrollment card's code is damaged: scan it again, or print a new one");
  // Words from elsewhere already in the reader's language (not plain ASCII) stand as they are.
  for (char c : problem)
    if (static_cast<unsigned char>(c) >= 0x80) return problem;
  return tr("this enrollment card cannot be used: scan it again, or print a new one");
}

}  // namespace marshal::ui
