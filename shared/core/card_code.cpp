#include "core/card_code.h"

#include <cctype>
#include <memory>

#include "i18n/translate.h"

namespace marshal::core {

namespace {

int value_of(char c) {
  if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
  if (c == 'O') c = '0';
  if (c == 'I' || c == 'L') c = '1';
  auto at = card_code_alphabet.find(c);
  return at == std::string_view::npos ? -1 : static_cast<int>(at);
}

}  // namespace

std::string make_card_code(const CardCodeBytes& random_bytes) {
  // 80 bits, five at a time.
  std::string data;
  std::uint32_t buffer = 0;
  int bits = 0;
  for (std::uint8_t byte : random_bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      data += card_code_alphabet[(buffer >> bits) & 31u];
    }
  }
  return data + card_code_check_char(data);
}

char card_code_check_char(std::string_view data16) {
  // Luhn mod N with N = 32, doubling every second character from the right.
  const int n = 32;
  int factor = 2, sum = 0;
  for (auto it = data16.rbegin(); it != data16.rend(); ++it) {
    int addend = factor * value_of(*it);
    factor = factor == 2 ? 1 : 2;
    sum += addend / n + addend % n;
  }
  int check = (n - sum % n) % n;
  return card_code_alphabet[static_cast<std::size_t>(check)];
}

std::string describe(CardCodeProblem problem) {
  switch (problem) {
    case CardCodeProblem::none: return i18n::tr("a well-formed card code");
    case CardCodeProblem::empty: return i18n::tr("no code given");
    case CardCodeProblem::wrong_length: return i18n::tr("a card code has 17 characters");
    case CardCodeProblem::bad_character:
      return i18n::tr("a card code uses only digits and the letters A-Z without I, L, O, U");
    case CardCodeProblem::bad_check:
      return i18n::tr("this code has a typo (its check character does not match): scan it again");
  }
  return "unknown";
}

ParsedCardCode parse_card_code(std::string_view text) {
  ParsedCardCode parsed;
  std::string code;
  for (char c : text) {
    if (c == ' ' || c == '-' || c == '\t') continue;
    int v = value_of(c);
    if (v < 0) {
      parsed.problem = CardCodeProblem::bad_character;
      return parsed;
    }
    if (code.size() > card_code_length) break;  // too long already; no need to read on
    code += card_code_alphabet[static_cast<std::size_t>(v)];
  }
  if (code.empty()) {
    parsed.problem = CardCodeProblem::empty;
  } else if (code.size() != card_code_length) {
    parsed.problem = CardCodeProblem::wrong_length;
  } else if (card_code_check_char(std::string_view(code).substr(0, card_code_data_chars)) !=
             code.back()) {
    parsed.problem = CardCodeProblem::bad_check;
  } else {
    parsed.code = std::move(code);
  }
  return parsed;
}

std::string format_card_code(std::string_view code) {
  std::string out;
  for (std::size_t i = 0; i < code.size(); ++i) {
    if (i > 0 && i % 4 == 0) out += ' ';
    out += code[i];
  }
  return out;
}

std::string deck_card_code(std::string_view prefix, int number) {
  std::string code(prefix);
  code += static_cast<char>('0' + number / 10 % 10);
  code += static_cast<char>('0' + number % 10);
  return code;
}

std::optional<int> deck_card_number(std::string_view prefix, std::string_view text) {
  std::string c;
  for (char ch : text)
    if (ch != ' ') c += static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
  if (c.size() != prefix.size() + 2 || c.compare(0, prefix.size(), prefix) != 0) return std::nullopt;
  const char tens = c[prefix.size()], ones = c[prefix.size() + 1];
  if (tens < '0' || tens > '9' || ones < '0' || ones > '9') return std::nullopt;
  return (tens - '0') * 10 + (ones - '0');
}

std::string card_code_from(Csprng& rng) {
  CardCodeBytes bytes{};
  for (auto& b : bytes) b = static_cast<std::uint8_t>(rng.uniform(256));
  return make_card_code(bytes);
}

std::function<std::string()> seeded_card_codes(std::uint64_t seed) {
  auto rng = std::make_shared<Csprng>(seed_from_number(seed));
  return [rng] { return card_code_from(*rng); };
}

}  // namespace marshal::core
