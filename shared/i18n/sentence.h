// A sentence kept as its English text and its arguments, not yet worded in anyone's language.
// Whoever shows it words it in theirs: the rules engine and the ledger refuse with a Sentence, the
// ledger server sends it as {"text", "args"} beside the refusal's code (docs/server.md), and a
// Russian station reads it in Russian from its own catalogue, as it does a refusal its own engine
// made. The server never words a sentence for a station.
//
//   throw Refusal(RefusalCode::dead, "shooter", say("{} is dead and cannot shoot", name));
//
// say() marks the text for xgettext (po/extract.cmake) as tr() does; each argument is turned into
// text at once (a name, a number, a card code), so only the text is translated, never an argument.
#pragma once

#include <fmt/format.h>

#include <string>
#include <utility>
#include <vector>

namespace marshal::i18n {

struct Sentence {
  std::string text;               // English, with {} (or {0}, {1}) where each argument goes
  std::vector<std::string> args;  // each argument already as text

  // The sentence in English (as written), and in the language tr() answers in now. A text whose
  // arguments do not fit it (a broken catalogue entry, a hostile peer) is never an exception: it
  // comes out as the text followed by its arguments.
  std::string english() const;
  std::string translated() const;

  bool operator==(const Sentence&) const = default;
};

// What a sentence from a peer may carry: arguments (count), an argument's and the text's length
// (bytes). One that breaks a limit is not read (sentence_from_parts); the reply's reason stands.
inline constexpr std::size_t sentence_max_args = 8;
inline constexpr std::size_t sentence_max_arg_bytes = 1000;
inline constexpr std::size_t sentence_max_text_bytes = 1000;

template <class... Args>
Sentence say(const char* text, const Args&... args) {
  return Sentence{text, {fmt::format("{}", args)...}};
}

// Whether every placeholder of `text` is {} or {0}..{9} (not mixed), each with an argument among
// `args`, and every other brace doubled ({{, }}): such a text is worded without an exception.
bool has_only_plain_placeholders(const std::string& text, std::size_t args);

// A sentence received from outside (a server's reply): false, with *out untouched, when the parts
// break a limit above or its text is not has_only_plain_placeholders.
bool sentence_from_parts(std::string text, std::vector<std::string> args, Sentence* out);

}  // namespace marshal::i18n
