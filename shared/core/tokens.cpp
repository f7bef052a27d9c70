#include "core/tokens.h"

#include <array>
#include <utility>

namespace marshal::core {

namespace {
struct KindNames {
  TokenKind kind;
  std::string_view code, name;
};
constexpr std::array<KindNames, 5> kinds{{
    {TokenKind::luck_charm, "luck_charm", "Luck Charm"},
    {TokenKind::burn_card, "burn_card", "Burn Card"},
    {TokenKind::hole_card, "hole_card", "Hole Card"},
    {TokenKind::kicker, "kicker", "Kicker"},
    {TokenKind::connection_marker, "connection_marker", "Connection Marker"},
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

int marker_die_after_use(int sides) { return sides > 4 ? sides - 2 : 0; }

}  // namespace marshal::core
