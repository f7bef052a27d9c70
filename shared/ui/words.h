#pragma once
// The words of a wx screen in the reader's language: tr()/trn() (shared/i18n/translate.h) as the
// wxString a control takes. Always through UTF-8: a plain std::string -> wxString conversion goes
// through the C library's locale, which under LANG=C turns Russian into nothing.
//
//   label(page, wx_tr("Scan your badge"), ...);
//   text->SetLabel(utf8(fmt::format(fmt::runtime(tr("Give \u201C{}\u201D to {}?")), title, name)));
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <wx/string.h>

#include "i18n/translate.h"

namespace marshal::ui {

using i18n::tr;
using i18n::trn;

inline wxString utf8(const std::string& text) { return wxString::FromUTF8(text); }
inline wxString wx_tr(const char* english) { return wxString::FromUTF8(i18n::tr(english)); }
inline wxString wx_trn(const char* singular, const char* plural, std::uint64_t n) {
  return wxString::FromUTF8(i18n::trn(singular, plural, n));
}

// Chooses a wx program's language once, at start, before any window: `requested` (its --lang or
// its settings file's `lang`) when given, else the environment's (LANGUAGE, LC_ALL, LC_MESSAGES,
// LANG). Sets tr() and wx's own translations (wxTranslations: the same catalogue, and wx's stock
// texts where the system has them). false with *problem when `requested` cannot be used; the
// program then says so and stops rather than show a language nobody asked for.
bool start_language(const std::string& requested, std::string* problem);

// --lang X or --lang=X among a program's arguments, read before wx parses them (the options'
// own descriptions are in the language already); nullopt when not given.
std::optional<std::string> language_argument(const std::vector<std::string>& args);

// A station's language as asked and whether it could be used: chosen once before the options
// are described (from --lang or the settings file), again only if the parsed command line asks
// for another (start_language).
class LanguageChoice {
 public:
  void choose(const std::string& asked);
  bool ok() const { return ok_; }
  const std::string& problem() const { return problem_; }  // why it cannot be used

 private:
  bool chosen_ = false;
  std::string asked_;  // "" for the environment's
  bool ok_ = true;
  std::string problem_;
};

// Why a scanned enrollment card cannot be used (protocol::parse_enrollment_payload's `problem`,
// English words made there), in the language of the screens; both stations enroll by card.
std::string enrollment_problem_words(const std::string& problem);

}  // namespace marshal::ui
