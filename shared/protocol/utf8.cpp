#include "protocol/utf8.h"

namespace marshal::protocol {

namespace {

constexpr std::string_view replacement_character = "\xEF\xBF\xBD";  // U+FFFD

}  // namespace

std::size_t utf8_character_length(std::string_view text) {
  if (text.empty()) return 0;
  auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  auto continuation = [&](std::size_t i, unsigned char low = 0x80, unsigned char high = 0xBF) {
    return i < text.size() && byte(i) >= low && byte(i) <= high;
  };
  unsigned char first = byte(0);
  if (first < 0x80) return 1;
  if (first >= 0xC2 && first <= 0xDF) return continuation(1) ? 2 : 0;
  if (first >= 0xE0 && first <= 0xEF) {
    unsigned char low = first == 0xE0 ? 0xA0 : 0x80;   // no overlong forms
    unsigned char high = first == 0xED ? 0x9F : 0xBF;  // no surrogates
    return continuation(1, low, high) && continuation(2) ? 3 : 0;
  }
  if (first >= 0xF0 && first <= 0xF4) {
    unsigned char low = first == 0xF0 ? 0x90 : 0x80;   // no overlong forms
    unsigned char high = first == 0xF4 ? 0x8F : 0xBF;  // nothing past U+10FFFF
    return continuation(1, low, high) && continuation(2) && continuation(3) ? 4 : 0;
  }
  return 0;
}

bool is_valid_utf8(std::string_view text) {
  while (!text.empty()) {
    std::size_t n = utf8_character_length(text);
    if (n == 0) return false;
    text.remove_prefix(n);
  }
  return true;
}

std::string valid_utf8(std::string_view text) {
  if (is_valid_utf8(text)) return std::string(text);
  std::string out;
  out.reserve(text.size() + 8);
  while (!text.empty()) {
    std::size_t n = utf8_character_length(text);
    if (n == 0) {
      out += replacement_character;
      n = 1;
    } else {
      out.append(text.substr(0, n));
    }
    text.remove_prefix(n);
  }
  return out;
}

std::string truncate_utf8(std::string_view text, std::size_t max_bytes) {
  std::string valid = valid_utf8(text);
  if (valid.size() <= max_bytes) return valid;
  std::size_t end = max_bytes;
  // Back up over continuation bytes (10xxxxxx) to the start of the character being cut.
  while (end > 0 && (static_cast<unsigned char>(valid[end]) & 0xC0) == 0x80) --end;
  valid.resize(end);
  return valid;
}

}  // namespace marshal::protocol
