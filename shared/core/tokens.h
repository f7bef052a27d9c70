#pragma once
// Tokens of fortune (000 L64-92; TABLETOP.md "Tokens of fortune"): single-use cards a GM
// issues, each a card with a code like every other. Pure rules: what each kind needs, its
// printed title, and the Connection Marker's die stepping down after each use (000 L88-90).
#include <optional>
#include <string>
#include <string_view>

namespace marshal::core {

enum class TokenKind { luck_charm, burn_card, hole_card, kicker, connection_marker };
std::string_view to_string(TokenKind kind);  // "luck_charm", ...
std::optional<TokenKind> token_kind_from_string(std::string_view text);
std::string_view token_name(TokenKind kind);  // "Luck Charm", "Connection Marker", ...

// Whether a kind names a die: the Hole Card ("d6 Survival", 000 L80) and the Connection
// Marker ("Cullen Bohannon d8", 000 L86).
bool token_has_die(TokenKind kind);

// The card's title: its kind's name, then its text and die ("Connection Marker: Cullen
// Bohannon d8", "Luck Charm: Shooting only").
std::string token_title(TokenKind kind, const std::string& text, int die_sides);

// The title in the reader's language (the ledger keeps token_title's English): from a token
// card's detail, its kind's code ("hole_card"), text and die ("d6"); "" for an unknown kind (the
// caller shows the stored title).
std::string token_words(std::string_view kind_code, const std::string& text, std::string_view die);

constexpr std::size_t max_token_text = 80;  // characters: a stipulation, a connection's name

// A token as a GM or an event folder describes it, checked: the kind ("connection_marker"), its
// text (a stipulation, a connection, a Hole Card's skill) and, for the kinds that name one, its
// die ("d8"; d4..d12). Refused (Refusal out_of_range, field "token", "text" or "die") with what
// is allowed. The ledger's token_issued and the event folder's tokens.csv both use it.
struct TokenSpec {
  TokenKind kind = TokenKind::luck_charm;
  std::string text;
  int die_sides = 0;  // 0 for the kinds without a die
};
TokenSpec token_spec(std::string_view kind, std::string_view text, std::string_view die);

// The Connection Marker's die after a use, success or not (000 L88): d12 > d10 > d8 > d6 > d4,
// and after the d4 it is spent (0).
int marker_die_after_use(int sides);

}  // namespace marshal::core
