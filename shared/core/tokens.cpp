#include "core/tokens.h"

#include <array>
#include <utility>

#include "core/refusal.h"
#include "core/trait_roll.h"
#include "i18n/translate.h"

namespace marshal::core {

namespace {
// The names are the cards' titles, which the ledger stores (token_title): English, not words.
struct KindNames {
  TokenKind kind;
  std::string_view code, name;
};
constexpr std::array<KindNames, 5> kinds{{
    {TokenKind::luck_charm, "luck_charm", "Luck Charm"},                       // i18n: not words
    {TokenKind::burn_card, "burn_card", "Burn Card"},                          // i18n: not words
    {TokenKind::hole_card, "hole_card", "Hole Card"},                          // i18n: not words
    {TokenKind::kicker, "kicker", "Kicker"},                                   // i18n: not words
    {TokenKind::connection_marker, "connection_marker", "Connection Marker"},  // i18n: not words
}};
}  // namespace

std::string_view to_string(TokenKind kind) {
  for (const auto& k : kinds)
    if (k.kind == kind) return k.code;
  return "";
}

std::optional<TokenKind> token_kind_from_string(std::string_view text) {
  for (const auto& k : kinds)
    if (k.code == text) return k.kind;
  return std::nullopt;
}

std::string_view token_name(TokenKind kind) {
  for (const auto& k : kinds)
    if (k.kind == kind) return k.name;
  return "";
}

bool token_has_die(TokenKind kind) { return kind == TokenKind::hole_card || kind == TokenKind::connection_marker; }

std::string token_title(TokenKind kind, const std::string& text, int die_sides) {
  std::string title(token_name(kind));
  if (kind == TokenKind::hole_card) return title + ": d" + std::to_string(die_sides) + " " + text;  // "d6 Survival"
  if (!text.empty()) title += ": " + text;
  if (kind == TokenKind::connection_marker) title += " d" + std::to_string(die_sides);
  return title;
}

std::string token_words(std::string_view kind_code, const std::string& text, std::string_view die) {
  const std::optional<TokenKind> kind = token_kind_from_string(kind_code);
  if (!kind) return "";
  std::string name;
  switch (*kind) {
    // TRANSLATORS: a token of fortune (000 L64-92): a single-use Fate Chip.
    case TokenKind::luck_charm: name = i18n::tr("Luck Charm"); break;
    // TRANSLATORS: a token of fortune (000 L64-92): a playing card that may replace an Action Card (poker's burn card).
    case TokenKind::burn_card: name = i18n::tr("Burn Card"); break;
    // TRANSLATORS: a token of fortune (000 L64-92): a die rolled once instead of a skill (poker's hole card).
    case TokenKind::hole_card: name = i18n::tr("Hole Card"); break;
    // TRANSLATORS: a token of fortune (000 L64-92): +1 to a skill, played before the roll (poker's kicker).
    case TokenKind::kicker: name = i18n::tr("Kicker"); break;
    // TRANSLATORS: a token of fortune (000 L64-92): a contact's help, rolled on its own die.
    case TokenKind::connection_marker: name = i18n::tr("Connection Marker"); break;
  }
  // The shapes of token_title: "Hole Card: d6 Survival", "Connection Marker: Cullen Bohannon d8".
  if (*kind == TokenKind::hole_card) return name + ": " + std::string(die) + " " + text;
  if (!text.empty()) name += ": " + text;
  if (*kind == TokenKind::connection_marker && !die.empty()) name += " " + std::string(die);
  return name;
}

TokenSpec token_spec(std::string_view kind_text, std::string_view text, std::string_view die) {
  auto kind = token_kind_from_string(kind_text);
  if (!kind)
    throw Refusal(RefusalCode::out_of_range, "token",
                  say("'{}' is not a token: luck_charm, burn_card, hole_card, kicker or connection_marker",
                      kind_text));
  if (text.size() > max_token_text)
    throw Refusal(RefusalCode::out_of_range, "text", say("must be at most {} characters", max_token_text));
  TokenSpec spec{*kind, std::string(text), 0};
  if (token_has_die(*kind)) {
    auto sides = die_sides(die);
    if (!sides || *sides < 4 || *sides > 12 || *sides % 2 != 0)
      throw Refusal(RefusalCode::out_of_range, "die", say("'{}' is not a die: d4, d6, d8, d10 or d12", die));
    spec.die_sides = *sides;
  } else if (!die.empty()) {
    throw Refusal(RefusalCode::out_of_range, "die",
                  *kind == TokenKind::luck_charm ? say("a Luck Charm has no die")
                  : *kind == TokenKind::burn_card ? say("a Burn Card has no die")
                                                  : say("a Kicker has no die"));
  }
  if (*kind == TokenKind::connection_marker && text.empty())
    throw Refusal(RefusalCode::missing_input, "text", say("a Connection Marker names its connection (000 L86)"));
  if (*kind == TokenKind::hole_card && text.empty())
    throw Refusal(RefusalCode::missing_input, "text", say("a Hole Card names its skill, e.g. Survival (000 L80)"));
  return spec;
}

int marker_die_after_use(int sides) { return sides > 4 ? sides - 2 : 0; }

}  // namespace marshal::core
