#include "i18n/utf8_text.h"

#include <array>
#include <cstdint>

namespace marshal::i18n {
namespace {

// One code point from text at *at (advanced past it); U+FFFD for a byte that starts no valid
// sequence, which is then skipped alone.
char32_t next_code_point(std::string_view text, std::size_t* at) {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  const unsigned char lead = byte(*at);
  std::size_t length = lead < 0x80 ? 1 : (lead >> 5) == 0x6 ? 2 : (lead >> 4) == 0xE ? 3 : (lead >> 3) == 0x1E ? 4 : 0;
  if (length == 0 || *at + length > text.size()) {
    ++*at;
    return 0xFFFD;
  }
  char32_t cp = length == 1 ? lead : length == 2 ? (lead & 0x1F) : length == 3 ? (lead & 0x0F) : (lead & 0x07);
  for (std::size_t i = 1; i < length; ++i) {
    if ((byte(*at + i) & 0xC0) != 0x80) {
      ++*at;
      return 0xFFFD;
    }
    cp = (cp << 6) | (byte(*at + i) & 0x3F);
  }
  *at += length;
  return cp;
}


char32_t upper(char32_t cp) {
  if (cp >= U'a' && cp <= U'z') return cp - 32;
  if (cp >= 0x430 && cp <= 0x44F) return cp - 32;    // а..я -> А..Я
  if (cp >= 0x450 && cp <= 0x45F) return cp - 80;    // ѐ..џ (ё, є, і, ї, ...) -> Ѐ..Џ
  if (cp >= 0xE0 && cp <= 0xFE && cp != 0xF7) return cp - 32;  // à..þ -> À..Þ
  return cp;
}

char32_t lower(char32_t cp) {
  if (cp >= U'A' && cp <= U'Z') return cp + 32;
  if (cp >= 0x410 && cp <= 0x42F) return cp + 32;
  if (cp >= 0x400 && cp <= 0x40F) return cp + 80;
  if (cp >= 0xC0 && cp <= 0xDE && cp != 0xD7) return cp + 32;
  return cp;
}

// Lower-case Cyrillic а..я (U+0430..U+044F) in Latin letters, as Russian passports spell them
// (with y for й, ы and the iotated vowels: readable to a Russian organiser).
constexpr std::array<const char*, 32> cyrillic_in_latin{
    "a", "b", "v", "g", "d", "e", "zh", "z", "i", "y", "k", "l", "m", "n", "o", "p",
    "r", "s", "t", "u", "f", "kh", "ts", "ch", "sh", "shch", "", "y", "", "e", "yu", "ya"};

// Lower-case Latin-1 letters à..ÿ (U+00E0..U+00FF) without their accents.
constexpr std::array<const char*, 32> latin1_folded{
    "a", "a", "a", "a", "a", "a", "ae", "c", "e", "e", "e", "e", "i", "i", "i", "i",
    "d", "n", "o", "o", "o", "o", "o", "", "o", "u", "u", "u", "u", "y", "th", "y"};

const char* in_latin(char32_t lower_cp) {
  if (lower_cp >= 0x430 && lower_cp <= 0x44F) return cyrillic_in_latin[lower_cp - 0x430];
  if (lower_cp == 0x451) return "e";   // ё
  if (lower_cp == 0x454) return "ye";  // є
  if (lower_cp == 0x456) return "i";   // і
  if (lower_cp == 0x457) return "yi";  // ї
  if (lower_cp == 0x491) return "g";   // ґ
  if (lower_cp >= 0xE0 && lower_cp <= 0xFF) return latin1_folded[lower_cp - 0xE0];
  if (lower_cp == 0xDF) return "ss";
  return nullptr;
}

// A letter of some script that has no Latin spelling here: kept (CJK, Greek, Arabic, ...).
bool other_letter(char32_t cp) { return cp >= 0x370 && cp != 0xFFFD && !(cp >= 0x2000 && cp <= 0x2BFF) && !(cp >= 0x3000 && cp <= 0x303F) && !(cp >= 0xFE00 && cp <= 0xFE0F) && !(cp >= 0xD800 && cp <= 0xDFFF); }

}  // namespace

void append_utf8(std::string& out, char32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

std::string file_name_part(std::string_view name) {
  std::string out;
  bool gap = false;  // a separator is owed before the next word
  for (std::size_t at = 0; at < name.size();) {
    const char32_t cp = lower(next_code_point(name, &at));
    std::string piece;
    if ((cp >= U'a' && cp <= U'z') || (cp >= U'0' && cp <= U'9')) piece = static_cast<char>(cp);
    else if (const char* latin = in_latin(cp)) {
      if (!*latin) continue;  // ъ, ь: letters spelt with nothing, inside a word
      piece = latin;
    } else if (other_letter(cp)) append_utf8(piece, cp);
    if (piece.empty()) {
      gap = gap || !out.empty();
      continue;
    }
    if (gap) out += '-';
    gap = false;
    out += piece;
  }
  return out;
}

std::string capitalize_first(std::string_view text) {
  if (text.empty()) return "";
  std::size_t at = 0;
  const char32_t first = next_code_point(text, &at);
  if (first == 0xFFFD) return std::string(text);
  std::string out;
  append_utf8(out, upper(first));
  out += text.substr(at);
  return out;
}

std::size_t characters_in(std::string_view text) {
  std::size_t count = 0;
  for (std::size_t at = 0; at < text.size(); ++count) next_code_point(text, &at);
  return count;
}

std::string to_upper(std::string_view text) {
  std::string out;
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t start = at;
    const char32_t cp = next_code_point(text, &at);
    if (cp == 0xFFFD) out += text.substr(start, at - start);  // kept as it came
    else append_utf8(out, upper(cp));
  }
  return out;
}

std::string pad_to_characters(std::string_view text, std::size_t width) {
  std::string out(text);
  for (std::size_t n = characters_in(text); n < width; ++n) out += ' ';
  return out;
}

}  // namespace marshal::i18n
