// The Table screen's fight in words (gmstation/table_fight_model.h; issue 32), from GET /table's
// `combat` and `fight` as db/server/table_view.h writes them: a fighter's condition, an Action
// Card, the round's order with its Joker.
#include <catch2/catch.hpp>

#include "gmstation/table_fight_model.h"

using namespace marshal::gm::table_fight;

TEST_CASE("a fighter's condition: wounds, SHAKEN, and a state other than fighting", "[table_fight]") {
  CHECK(condition_words(Json()).empty());  // no combat sheet
  CHECK(condition_words({{"wounds", 0}, {"shaken", false}, {"state", "fighting"}}).empty());
  CHECK(condition_words({{"wounds", 0}, {"shaken", true}, {"state", "fighting"}}) == "SHAKEN");
  CHECK(condition_words({{"wounds", 1}, {"shaken", true}, {"state", "fighting"}}) == "1 wound, SHAKEN");
  CHECK(condition_words({{"wounds", 3}, {"shaken", true}, {"state", "incapacitated"}}) == "3 wounds, SHAKEN, INCAPACITATED");
  CHECK(condition_words({{"wounds", 0}, {"shaken", true}, {"state", "out"}}) == "SHAKEN, OUT");
  CHECK(condition_words({{"wounds", 3}, {"shaken", false}, {"state", "last_stand"}}) == "3 wounds, LAST STAND");
  CHECK(condition_words({{"wounds", 3}, {"shaken", false}, {"state", "bleeding_out"}}) == "3 wounds, BLEEDING OUT");
  CHECK(condition_words({{"wounds", 3}, {"shaken", false}, {"state", "unconscious"}}) == "3 wounds, UNCONSCIOUS");
}

TEST_CASE("an Action Card in words", "[table_fight]") {
  CHECK(card_words("AS") == "Ace of Spades");
  CHECK(card_words("10H") == "10 of Hearts");
  CHECK(card_words("jd") == "Jack of Diamonds");
  CHECK(card_words("QC") == "Queen of Clubs");
  CHECK(card_words("KS") == "King of Spades");
  CHECK(card_words("2C") == "2 of Clubs");
  CHECK(card_words("BJ") == "Black Joker");
  CHECK(card_words("RJ") == "Red Joker");
  CHECK(card_words("1X") == "1X");  // not a card: as given
}

TEST_CASE("the fight's line: the round's order with the Joker's +2, the shuffle to come", "[table_fight]") {
  CHECK(fight_line(Json()).empty());  // between fights
  CHECK(fight_line({{"seq", 4}, {"hits", Json::array()}, {"round", Json()}}) == "Fight under way: no cards dealt yet");
  const Json fight{{"seq", 4},
                   {"hits", Json::array()},
                   {"round",
                    {{"number", 2},
                     {"order",
                      {{{"to", {"Smith the Gunhand"}}, {"card", "BJ"}, {"joker", true}},
                       {{"to", {"Hannah Two Rivers"}}, {"card", "AS"}, {"joker", false}},
                       {{"to", {"Gomorra Deputy", "Gomorra Deputy 2"}}, {"card", "2C"}, {"joker", false}}}},
                     {"shuffle_next", true}}}};
  CHECK(fight_line(fight) ==
        "Fight, round 2: 1 Smith the Gunhand (Black Joker: any time, +2), 2 Hannah Two Rivers (Ace of Spades), "
        "3 Gomorra Deputy, Gomorra Deputy 2 (2 of Clubs); shuffle before the next deal");
}
