#include <catch2/catch.hpp>

#include <set>

#include "core/card_code.h"
#include "core/csprng.h"

using namespace marshal::core;

namespace {
std::string random_code(Csprng& rng) {
  CardCodeBytes bytes;
  for (auto& b : bytes) b = static_cast<std::uint8_t>(rng.uniform(256));
  return make_card_code(bytes);
}
}  // namespace

TEST_CASE("a card code is 17 characters of the Crockford alphabet and checks", "[code]") {
  Csprng rng(seed_from_number(11));
  std::set<std::string> seen;
  for (int i = 0; i < 2000; ++i) {
    std::string code = random_code(rng);
    REQUIRE(code.size() == card_code_length);
    for (char c : code) CHECK(card_code_alphabet.find(c) != std::string_view::npos);
    CHECK(parse_card_code(code).ok());
    seen.insert(code);
  }
  CHECK(seen.size() == 2000);
}

TEST_CASE("all 80 bits reach the code", "[code]") {
  CardCodeBytes zero{}, last_bit{};
  last_bit[9] = 1;
  CHECK(make_card_code(zero).substr(0, 16) == "0000000000000000");
  CHECK(make_card_code(last_bit).substr(0, 16) == "0000000000000001");
  CardCodeBytes all{};
  all.fill(0xFF);
  CHECK(make_card_code(all).substr(0, 16) == "ZZZZZZZZZZZZZZZZ");
}

TEST_CASE("every single mistyped character and every neighbour swap but 0<->Z is caught",
          "[code]") {
  Csprng rng(seed_from_number(12));
  for (int trial = 0; trial < 50; ++trial) {
    std::string code = random_code(rng);
    for (std::size_t i = 0; i < code.size(); ++i)
      for (char c : card_code_alphabet) {
        if (c == code[i]) continue;
        std::string typo = code;
        typo[i] = c;
        CHECK(parse_card_code(typo).problem == CardCodeProblem::bad_check);
      }
    for (std::size_t i = 0; i + 1 < code.size(); ++i) {
      if (code[i] == code[i + 1]) continue;
      bool blind_spot = (code[i] == '0' && code[i + 1] == 'Z') || (code[i] == 'Z' && code[i + 1] == '0');
      if (blind_spot) continue;
      std::string swapped = code;
      std::swap(swapped[i], swapped[i + 1]);
      CHECK(parse_card_code(swapped).problem == CardCodeProblem::bad_check);
    }
  }
}

TEST_CASE("Luhn mod 32 misses a swap of 0 and Z, as documented", "[code]") {
  std::string data = "0Z00000000000000";
  std::string code = data + card_code_check_char(data);
  std::string swapped = "Z000000000000000";
  swapped += code.back();
  CHECK(parse_card_code(swapped).ok());
}

TEST_CASE("typed codes: case, spaces, hyphens and look-alike letters are forgiven", "[code]") {
  Csprng rng(seed_from_number(13));
  std::string code = random_code(rng);
  std::string typed = format_card_code(code);
  for (auto& c : typed) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  CHECK(parse_card_code(typed).code == code);
  CHECK(format_card_code("ABCDEFGHJKMNPQRST") == "ABCD EFGH JKMN PQRS T");
  std::string zeros = "0000000000000000";
  std::string valid = zeros + card_code_check_char(zeros);
  std::string with_o = valid;
  with_o[3] = 'O';
  CHECK(parse_card_code(with_o).code == valid);
}

TEST_CASE("malformed codes are refused with the reason, never a crash", "[code]") {
  CHECK(parse_card_code("").problem == CardCodeProblem::empty);
  CHECK(parse_card_code("  - ").problem == CardCodeProblem::empty);
  CHECK(parse_card_code("ABC").problem == CardCodeProblem::wrong_length);
  CHECK(parse_card_code(std::string(10000, 'A')).problem == CardCodeProblem::wrong_length);
  CHECK(parse_card_code("ABCDEFGHJKMNPQRSU").problem == CardCodeProblem::bad_character);
  CHECK(parse_card_code("ABCDEFGH;KMNPQRST").problem == CardCodeProblem::bad_character);
  CHECK(parse_card_code(std::string("ABCD\0EFG", 8)).problem == CardCodeProblem::bad_character);
  CHECK(parse_card_code("\xC3\xA9").problem == CardCodeProblem::bad_character);
}

TEST_CASE("seeded card codes: well formed, all different, the same for the same seed") {
  auto first = seeded_card_codes(42), again = seeded_card_codes(42), other = seeded_card_codes(43);
  std::set<std::string> seen;
  for (int i = 0; i < 200; ++i) {
    std::string code = first();
    CHECK(parse_card_code(code).ok());
    CHECK(code == again());
    CHECK(code != other());
    seen.insert(code);
  }
  CHECK(seen.size() == 200);
}

TEST_CASE("deck card codes: ACT01 to ACT10, LOC00 onwards, read back forgivingly") {
  CHECK(deck_card_code(action_deck_prefix, 1) == "ACT01");
  CHECK(deck_card_code(action_deck_prefix, 10) == "ACT10");
  CHECK(deck_card_code(location_deck_prefix, 0) == "LOC00");
  CHECK(deck_card_number(location_deck_prefix, "LOC07") == 7);
  CHECK(deck_card_number(location_deck_prefix, "loc 12") == 12);
  CHECK(deck_card_number(action_deck_prefix, "ACT10") == 10);
  CHECK_FALSE(deck_card_number(location_deck_prefix, "ACT07"));
  CHECK_FALSE(deck_card_number(location_deck_prefix, "LOC7"));
  CHECK_FALSE(deck_card_number(location_deck_prefix, "LOC007"));
  CHECK_FALSE(deck_card_number(location_deck_prefix, "LOCX7"));
  CHECK_FALSE(deck_card_number(location_deck_prefix, ""));
}

TEST_CASE("each problem with a code is said as a GM at the table needs it", "[code]") {
  using marshal::core::CardCodeProblem;
  using marshal::core::describe;
  CHECK(describe(CardCodeProblem::bad_check) == "this code has a typo (its check character does not match): scan it again");
  CHECK(describe(CardCodeProblem::wrong_length) == "a card code has 17 characters");
  CHECK(describe(CardCodeProblem::bad_character).find("without I, L, O, U") != std::string_view::npos);
}
