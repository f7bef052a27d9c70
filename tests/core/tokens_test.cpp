// Tokens of fortune (core/tokens.h; 000 L64-92): the stored English title, the title in the
// reader's language from a card's detail, the kinds' checks, and the Connection Marker's die
// stepping down to spent (000 L88-90).
#include <catch2/catch.hpp>

#include "core/refusal.h"
#include "core/tokens.h"
#include "support/in_language.h"

using namespace marshal::core;

TEST_CASE("a token's title as stored, and in the reader's language from its detail", "[core][tokens]") {
  CHECK(token_title(TokenKind::hole_card, "Survival", 6) == "Hole Card: d6 Survival");
  CHECK(token_title(TokenKind::connection_marker, "Cullen Bohannon", 8) == "Connection Marker: Cullen Bohannon d8");
  CHECK(token_title(TokenKind::luck_charm, "Shooting only", 0) == "Luck Charm: Shooting only");
  CHECK(token_title(TokenKind::kicker, "", 0) == "Kicker");
  // In English the words are the stored title, shape for shape.
  CHECK(token_words("hole_card", "Survival", "d6") == "Hole Card: d6 Survival");
  CHECK(token_words("connection_marker", "Cullen Bohannon", "d8") == "Connection Marker: Cullen Bohannon d8");
  CHECK(token_words("burn_card", "", "") == "Burn Card");
  CHECK(token_words("joker_token", "x", "") == "");  // unknown: the caller shows the stored title
  marshal::test_support::InLanguage ru("ru");
  CHECK(token_words("hole_card", "Выживание", "d6") == "Карманная карта: d6 Выживание");
  CHECK(token_words("connection_marker", "Вождь Бегущий Лось", "d8") == "Связь: Вождь Бегущий Лось d8");
  CHECK(token_words("luck_charm", "", "") == "Талисман");
  CHECK(token_words("kicker", "+1 Ремонт", "") == "Кикер: +1 Ремонт");
  CHECK(token_words("burn_card", "", "") == "Сжигаемая карта");
}

TEST_CASE("a token's kind, text and die checked, the Connection Marker's die steps down to spent (000 L88-90)",
          "[core][tokens]") {
  const TokenSpec hole = token_spec("hole_card", "Survival", "d6");
  CHECK(hole.kind == TokenKind::hole_card);
  CHECK(hole.die_sides == 6);
  CHECK_THROWS_AS(token_spec("joker_token", "", ""), Refusal);
  CHECK_THROWS_AS(token_spec("connection_marker", "", "d8"), Refusal);  // names its connection (000 L86)
  CHECK_THROWS_AS(token_spec("luck_charm", std::string(max_token_text + 1, 'x'), ""), Refusal);
  CHECK_NOTHROW(token_spec("luck_charm", std::string(max_token_text, 'x'), ""));
  CHECK(marker_die_after_use(12) == 10);
  CHECK(marker_die_after_use(6) == 4);
  CHECK(marker_die_after_use(4) == 0);
}
