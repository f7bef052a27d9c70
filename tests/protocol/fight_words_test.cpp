// A tabletop fighter's condition in words (protocol/fight_words.h; issue 32), from the `combat`
// object GET /table and GET /characters/BADGE carry: the GM station's roster and the kiosk's
// player screen both show it, in English and Russian.
#include <catch2/catch.hpp>

#include "protocol/fight_words.h"
#include "support/in_language.h"

using marshal::protocol::fight_condition_words;
using marshal::protocol::injury_words;
using marshal::protocol::Json;
using marshal::test_support::InLanguage;

TEST_CASE("a fighter's condition: wounds, SHAKEN, and a state other than fighting", "[fight_words]") {
  CHECK(fight_condition_words(Json()).empty());  // no combat sheet
  CHECK(fight_condition_words({{"wounds", 0}, {"shaken", false}, {"state", "fighting"}}).empty());
  CHECK(fight_condition_words({{"wounds", 0}, {"shaken", true}, {"state", "fighting"}}) == "SHAKEN");
  CHECK(fight_condition_words({{"wounds", 1}, {"shaken", true}, {"state", "fighting"}}) == "1 wound, SHAKEN");
  CHECK(fight_condition_words({{"wounds", 3}, {"shaken", true}, {"state", "incapacitated"}}) == "3 wounds, SHAKEN, INCAPACITATED");
  CHECK(fight_condition_words({{"wounds", 0}, {"shaken", true}, {"state", "out"}}) == "SHAKEN, OUT");
  CHECK(fight_condition_words({{"wounds", 3}, {"shaken", false}, {"state", "last_stand"}}) == "3 wounds, LAST STAND");
  CHECK(fight_condition_words({{"wounds", 3}, {"shaken", false}, {"state", "bleeding_out"}}) == "3 wounds, BLEEDING OUT");
  CHECK(fight_condition_words({{"wounds", 3}, {"shaken", false}, {"state", "unconscious"}}) == "3 wounds, UNCONSCIOUS");
}

TEST_CASE("an Injury in words, and in a fighter's condition", "[fight_words][injury]") {
  CHECK(injury_words({{"injury", "Broken arm"}, {"permanent", false}, {"days", 9}}) == "Broken arm (9 days)");
  CHECK(injury_words({{"injury", "Broken arm"}, {"permanent", false}, {"days", 1}}) == "Broken arm (1 day)");
  CHECK(injury_words({{"injury", "Lame leg"}, {"permanent", true}, {"days", nullptr}}) == "Lame leg (permanent)");
  CHECK(fight_condition_words({{"wounds", 3}, {"shaken", false}, {"state", "unconscious"}, {"injury_owed", "temporary"}}) ==
        "3 wounds, UNCONSCIOUS, INJURY TO DRAW");
  // Bleeding Out: the card waits until they live (000 L173).
  CHECK(fight_condition_words({{"wounds", 3}, {"shaken", false}, {"state", "bleeding_out"}, {"injury_owed", "permanent"}}) ==
        "3 wounds, BLEEDING OUT");
  Json injuries = Json::array();
  injuries.push_back({{"injury", "Lame leg"}, {"permanent", true}});
  injuries.push_back({{"injury", "Scar"}, {"days", 4}});
  const Json combat{{"wounds", 0}, {"shaken", false}, {"state", "fighting"}, {"injury_owed", nullptr}, {"injuries", injuries}};
  CHECK(fight_condition_words(combat) == "Lame leg (permanent), Scar (4 days)");
}

TEST_CASE("a fighter's condition in Russian, with the plural of wounds", "[fight_words][i18n]") {
  InLanguage ru("ru");
  CHECK(fight_condition_words({{"wounds", 1}, {"shaken", true}, {"state", "fighting"}}) == "1 рана, ШОК");
  CHECK(fight_condition_words({{"wounds", 2}, {"shaken", false}, {"state", "fighting"}}) == "2 раны");
  CHECK(fight_condition_words({{"wounds", 5}, {"shaken", false}, {"state", "fighting"}}) == "5 ран");
}
