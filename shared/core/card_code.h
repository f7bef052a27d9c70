#pragma once
// Card codes (DESIGN.md "Card codes"): what every printed card carries, in its QR code and in
// print for typing. A code is 16 characters of Crockford base 32 (80 random bits: digits and
// upper-case letters without I, L, O, U) and one check character, 17 in all. It says nothing
// about the card: not its kind, not its holder, not a trick's flag.
//
// The check character is Luhn mod 32 over the 16 data characters: it catches every single
// mistyped character and every swap of two neighbours but one, 0 next to Z (the known blind
// spot of Luhn mod N: the two values whose doubling sums agree). Typed input is forgiving: lower case,
// spaces and hyphens are accepted, O reads as 0 and I or L as 1, as Crockford intends.
#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "core/csprng.h"

namespace marshal::core {

inline constexpr std::size_t card_code_data_chars = 16;
inline constexpr std::size_t card_code_length = card_code_data_chars + 1;
inline constexpr std::string_view card_code_alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

// 10 random bytes (from the caller's CSPRNG or the operating system) make one code.
using CardCodeBytes = std::array<std::uint8_t, 10>;
std::string make_card_code(const CardCodeBytes& random_bytes);
// Deck cards (the action deck, the chase's location deck) carry no Marshal code: each copy shows
// its deck's prefix and a number (ACT01..ACT10, LOC00..), so copies share one code.
inline constexpr std::string_view action_deck_prefix = "ACT";
inline constexpr std::string_view location_deck_prefix = "LOC";
std::string deck_card_code(std::string_view prefix, int number);
// The number in a deck card's code (spaces and lower case forgiven); nullopt when `text` is not
// one of that deck's.
std::optional<int> deck_card_number(std::string_view prefix, std::string_view text);

// A code from the station's seeded CSPRNG (demonstrations and tests: the same seed, the same codes).
std::string card_code_from(Csprng& rng);
// A maker of codes for import_event: seeded, each call the next code.
std::function<std::string()> seeded_card_codes(std::uint64_t seed);

char card_code_check_char(std::string_view data16);

enum class CardCodeProblem { none, empty, wrong_length, bad_character, bad_check };
// What is wrong with a typed code, in the language tr() answers in.
std::string describe(CardCodeProblem problem);

struct ParsedCardCode {
  std::string code;  // canonical: 17 characters, no separators
  CardCodeProblem problem = CardCodeProblem::none;
  bool ok() const { return problem == CardCodeProblem::none; }
};
// Reads a typed or scanned code; never throws, whatever the input.
ParsedCardCode parse_card_code(std::string_view text);

// "ABCD EFGH JKMN PQRS T": groups of four for reading aloud and typing.
std::string format_card_code(std::string_view code);

}  // namespace marshal::core
