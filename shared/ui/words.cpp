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

}  // namespace marshal::ui
