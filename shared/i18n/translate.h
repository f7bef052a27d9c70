// The words a person reads, in their language. Every user-facing text in Marshal is written in
// English inside tr("...") (or trn for a count), so that xgettext finds it for po/marshal.pot and
// po/LANG.po can translate it; English is the default and stands for any text a catalogue lacks.
//
//   auto line = fmt::format(fmt::runtime(tr("{} shot {}")), shooter, target);
//   auto left = fmt::format(fmt::runtime(trn("{} bullet left", "{} bullets left", n)), n);
//
// A translation may reorder the arguments with {0} and {1}. The language is chosen once, at
// start, before any thread is made (use_language), and read-only afterwards.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace marshal::i18n {

// The languages Marshal has a catalogue for, English (no catalogue) first.
const std::vector<std::string>& known_languages();
bool is_known_language(const std::string& code);
// "en or ru": the known languages for a message.
std::string known_languages_text();

// "ru" from "ru", "ru_RU.UTF-8", "ru-RU" or "Russian"-free forms; "" when the text names no
// language code (two or three letters, then optionally _, -, . or @ and anything).
std::string language_code(std::string_view text);

// The language the environment asks for: LANGUAGE (its first entry), then LC_ALL, LC_MESSAGES,
// LANG; "en" when none names a known language.
std::string language_from_environment();

// Where catalogues are looked for, first match wins: MARSHAL_LOCALE_DIR, the build tree's
// locale folder, the installed one. Each holds LANG/LC_MESSAGES/marshal.mo.
std::vector<std::string> catalogue_folders();

// Makes `language` ("en", "ru", ...) the one tr() answers in. "en" needs no catalogue. false with
// *problem when the language is not known or its catalogue cannot be found or read (the language
// then stays as it was).
bool use_language(const std::string& language, std::string* problem);
// The language in use ("en" until use_language succeeds).
const std::string& current_language();

// The translation of an English text (returned as given when there is none).
std::string tr(const char* english);
// The form of a count's text for n (English: singular for 1, plural otherwise).
std::string trn(const char* singular, const char* plural, std::uint64_t n);

}  // namespace marshal::i18n
