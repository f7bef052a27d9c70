#pragma once
// UTF-8 text from outside (names in Russian, emoji, a hostile request's bytes) handled without
// ever cutting a character in two or passing invalid bytes on to JSON, which refuses them.
#include <cstddef>
#include <string>
#include <string_view>

namespace marshal::protocol {

// True when `text` is well-formed UTF-8 (no overlong forms, surrogates or code points past
// U+10FFFF).
bool is_valid_utf8(std::string_view text);
// The length in bytes of the well-formed UTF-8 character at the start of `text` (1 to 4), or 0
// when none starts there (RFC 3629, table 3-7 of the Unicode standard; what JSON parsers accept).
std::size_t utf8_character_length(std::string_view text);

// `text` with every byte that is not part of a well-formed UTF-8 character replaced by U+FFFD
// (the replacement character): safe to put into JSON, a log line or the ledger.
std::string valid_utf8(std::string_view text);

// At most `max_bytes` bytes of `text`, cut on a character boundary (a character is never split).
// Invalid bytes are first replaced as valid_utf8() does.
std::string truncate_utf8(std::string_view text, std::size_t max_bytes);

}  // namespace marshal::protocol
