// Text in any script, as the names and words of a Russian game need: a file name made from a
// Cyrillic name, a capital letter at the start of a Russian word. Works on UTF-8 by code point;
// Latin and Cyrillic letters get their case changed, any other letter is kept as it is.
#pragma once

#include <string>
#include <string_view>

namespace marshal::i18n {

// A name made fit for a file name: Latin letters and digits in lower case, Cyrillic letters
// transliterated (Russian and Ukrainian letters; "Жанна Щукина" -> "zhanna-shchukina"), Latin
// letters with accents folded ("José" -> "jose"), any other letter of any script kept as UTF-8,
// everything else (spaces, punctuation, '/', control characters) one '-' between words.
// "" when nothing is left: the caller chooses a stand-in.
std::string file_name_part(std::string_view name);

// The text with its first letter in upper case ("кольт" -> "Кольт", "colt" -> "Colt").
std::string capitalize_first(std::string_view text);

// The whole text in upper case, Latin and Cyrillic ("Шериф" -> "ШЕРИФ").
std::string to_upper(std::string_view text);

// One code point written as UTF-8 (1 to 4 bytes) at the end of `out`.
void append_utf8(std::string& out, char32_t cp);

// How many characters (code points) a UTF-8 text has: "Шериф" has 5, in 10 bytes. A limit a
// person reads as "characters" counts these, or a Russian name gets half the room of an English
// one. A byte that is not UTF-8 counts as one.
std::size_t characters_in(std::string_view text);

// `text` with spaces after it up to `width` characters (not bytes: a column of Russian lines up
// with one of English); as it is when it is that long already.
std::string pad_to_characters(std::string_view text, std::size_t width);

}  // namespace marshal::i18n
