// The Table screen's fight in words (gmstation/table_fight_model.h; issue 32), from GET /table's
// `combat` and `fight` as db/server/table_view.h writes them: a fighter's condition, an Action
// Card, the round's order with its Joker.
#include <catch2/catch.hpp>

#include <algorithm>

#include "core/refusal.h"
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
  CHECK(card_words("AS") == "A\u2660");
  CHECK(card_words("10H") == "10\u2665");
  CHECK(card_words("jd") == "J\u2666");
  CHECK(card_words("QC") == "Q\u2663");
  CHECK(card_words("KS") == "K\u2660");
  CHECK(card_words("2C") == "2\u2663");
  CHECK(card_words("BJ") == "Black Joker");
  CHECK(card_words("RJ") == "Red Joker");
  CHECK(card_words("1X") == "1X");  // not a card: as given
}

TEST_CASE("the fight's heading, who acts where, each card with the Joker's +2, the shuffle to come", "[table_fight]") {
  CHECK(fight_heading(Json::object()).empty());  // no fight (GET /table's "fight": null)
  CHECK(fight_heading({{"fight", nullptr}}).empty());
  CHECK(fight_heading({{"fight", {{"seq", 4}, {"hits", Json::array()}, {"round", Json()}}}}) == "Fight under way: no cards dealt yet");
  Json table{{"fight",
              {{"seq", 4},
               {"hits", Json::array()},
               {"round",
                {{"number", 2},
                 {"order",
                  {{{"to", {"Smith the Gunhand"}}, {"card", "BJ"}, {"joker", true}},
                   {{"to", {"Hannah Two Rivers"}}, {"card", "AS"}, {"joker", false}},
                   {{"to", {"Gomorra Deputy", "Gomorra Deputy 2"}}, {"card", "2C"}, {"joker", false}}}},
                 {"shuffle_next", true}}}}}};
  CHECK(fight_heading(table) == "Round 2; shuffle next");
  CHECK(acting_place(table, "Smith the Gunhand") == std::optional<std::size_t>(0));
  CHECK(acting_place(table, "Hannah Two Rivers") == std::optional<std::size_t>(1));
  CHECK(acting_place(table, "Gomorra Deputy 2") == std::optional<std::size_t>(2));  // a group shares its card
  CHECK_FALSE(acting_place(table, "Doc Ezekiel Hale"));
  CHECK(card_of(table, "Smith the Gunhand") == "Joker +2");
  CHECK(card_of(table, "Hannah Two Rivers") == "A\u2660");
  CHECK(card_of(table, "Gomorra Deputy") == "2\u2663");
  CHECK(card_of(table, "Doc Ezekiel Hale").empty());
  table["fight"]["round"]["shuffle_next"] = false;
  CHECK(fight_heading(table) == "Round 2");
  CHECK(card_of({{"fight", nullptr}}, "Hannah Two Rivers").empty());
  CHECK_FALSE(acting_place({{"fight", nullptr}}, "Hannah Two Rivers"));
}

namespace {

// A table of `n` fighters (badges B1..Bn) with a fight under way and `out` cards dealt since the
// last shuffle.
Json fight_table(int n, const Json& out, bool shuffle_next = false) {
  Json characters = Json::array();
  for (int i = 1; i <= n; ++i)
    characters.push_back({{"name", "F" + std::to_string(i)},
                          {"badge", "B" + std::to_string(i)},
                          {"combat", {{"wounds", 0}, {"shaken", false}, {"state", "fighting"}, {"toughness", 5}}}});
  Json round = out.empty() ? Json() : Json{{"number", 1}, {"order", Json::array()}, {"shuffle_next", shuffle_next}};
  return {{"characters", characters}, {"fight", {{"seq", 1}, {"hits", Json::array()}, {"round", round}, {"out", out}}}};
}

}  // namespace

TEST_CASE("who is dealt a card: living fighters with a sheet, still in the fight or on a Last Stand", "[table_fight]") {
  Json table = fight_table(6, Json::array());
  table["characters"][1]["combat"]["state"] = "out";
  table["characters"][2]["combat"]["state"] = "last_stand";
  table["characters"][3]["combat"]["state"] = "unconscious";
  table["characters"][4]["dead"] = true;
  table["characters"][5]["combat"] = nullptr;  // no combat.csv row
  CHECK(fighters_in(table) == std::vector<std::string>{"B1", "B3"});
  table["characters"][0]["combat"]["state"] = "incapacitated";
  table["characters"][2]["combat"]["state"] = "bleeding_out";
  marshal::core::Csprng rng(marshal::core::seed_from_number(1));
  CHECK_THROWS_AS(deal_payload(table, rng), marshal::core::Refusal);
}

TEST_CASE("the station's deal: a card each, never one out since the shuffle", "[table_fight]") {
  // 50 of the 54 cards out: four fighters get the four left, in some order, without a shuffle.
  Json out = Json::array();
  const std::vector<std::string> left{"AS", "BJ", "7D", "2C"};
  for (const std::string rank : {"2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"})
    for (const char* suit : {"S", "H", "D", "C"})
      if (std::find(left.begin(), left.end(), rank + suit) == left.end()) out.push_back(rank + suit);
  out.push_back("RJ");
  REQUIRE(out.size() == 50);
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    marshal::core::Csprng rng(marshal::core::seed_from_number(seed));
    const Json payload = deal_payload(fight_table(4, out), rng);
    CHECK_FALSE(payload.contains("shuffled"));
    std::vector<std::string> dealt;
    for (const Json& c : payload["cards"]) dealt.push_back(c["card"]);
    CHECK(payload["cards"][0]["to"] == "B1");
    CHECK(payload["cards"][3]["to"] == "B4");
    std::sort(dealt.begin(), dealt.end());
    CHECK(dealt == std::vector<std::string>{"2C", "7D", "AS", "BJ"});
  }
  // Five fighters and four cards left: the deck is shuffled first, and the deal says so.
  marshal::core::Csprng rng(marshal::core::seed_from_number(3));
  const Json five = deal_payload(fight_table(5, out), rng);
  CHECK(five["shuffled"] == true);
  CHECK(five["cards"].size() == 5);
  // A Joker last round: shuffled whatever is left (SWD).
  const Json after_joker = deal_payload(fight_table(2, Json::array({"BJ", "5H"}), true), rng);
  CHECK(after_joker["shuffled"] == true);
  // The first deal of a fight: a fresh deck, no shuffle to announce.
  CHECK_FALSE(deal_payload(fight_table(2, Json::array()), rng).contains("shuffled"));
}

TEST_CASE("damage as the GM types it: dice, modifier, the raise, faces after a colon", "[table_fight]") {
  TypedDamage t = parse_typed_damage("2d6+1");
  CHECK(t.roll.dice == std::vector<int>{6, 6});
  CHECK(t.roll.modifier == 1);
  CHECK_FALSE(t.roll.raise);
  CHECK_FALSE(t.faces_typed);
  t = parse_typed_damage(" D8 + d6 - 2 + raise ");
  CHECK(t.roll.dice == std::vector<int>{8, 6});
  CHECK(t.roll.modifier == -2);
  CHECK(t.roll.raise);
  t = parse_typed_damage("2в6+Д8+подъём");  // typed on a Russian layout
  CHECK(t.roll.dice == std::vector<int>{6, 6, 8});
  CHECK(t.roll.raise);
  t = parse_typed_damage("2в6+1ж 6 3б 2");  // the colon and the comma keys too
  CHECK(t.roll.modifier == 1);
  CHECK(t.chains == std::vector<std::vector<int>>{{6, 3}, {2}});
  t = parse_typed_damage("2d6+1: 6 4, 3");
  CHECK(t.faces_typed);
  CHECK(t.chains == std::vector<std::vector<int>>{{6, 4}, {3}});
  CHECK(t.raise.empty());
  t = parse_typed_damage("d8+raise: 8 2, 6 1");
  CHECK(t.chains == std::vector<std::vector<int>>{{8, 2}});
  CHECK(t.raise == std::vector<int>{6, 1});
  // Each refusal says what is wrong.
  auto refusal = [](const char* typed) {
    try {
      parse_typed_damage(typed);
    } catch (const marshal::core::Refusal& r) {
      return std::string(r.sentence().english());
    }
    return std::string("accepted");
  };
  CHECK(refusal("") == "type the weapon's damage dice first (2d6+1, d8+d6)");
  CHECK(refusal("2d6+") == "'2d6+' has a sign with nothing after it");
  CHECK(refusal("2d6+x") == "'x' is no damage dice: type them as on the weapon (2d6+1, d8+d6, 2d6+raise)");
  CHECK(refusal("-raise+d6") == "'raise' is no damage dice: type them as on the weapon (2d6+1, d8+d6, 2d6+raise)");
  CHECK(refusal("dd6") == "'dd6' names no damage dice: type them as on the weapon (2d6+1, d8+d6)");
  CHECK(refusal("5") == "'5' names no damage dice: type them as on the weapon (2d6+1, d8+d6)");
  CHECK(refusal("d6+100") == "'100' is too large a damage modifier");
  CHECK(refusal("2d6: 6 4") == "2 dice rolled but 1 typed: each die's rolls, a comma between dice (2d6+1: 6 3, 2)");
  CHECK(refusal("2d6: 6 4, 3, 2") == "2 dice rolled but 3 typed: each die's rolls, a comma between dice (2d6+1: 6 3, 2)");
  CHECK(refusal("d6: 6x") ==
        "'x' does not belong in the faces: each die's rolls, a comma between dice (2d6+1: 6 3, 2)");
  CHECK(refusal("d6: 1234") == "'1234' is no face of a die");
  CHECK(refusal("d6: 6ф") == "'ф' does not belong in the faces: each die's rolls, a comma between dice (2d6+1: 6 3, 2)");
}

TEST_CASE("a damage roll and its hit in words; its payload as damage_rolled reads it", "[table_fight]") {
  marshal::core::DamageRoll roll;
  roll.dice = {6, 6};
  roll.modifier = 1;
  roll.raise = true;
  roll.joker = true;
  const marshal::core::RolledDamage rolled = marshal::core::damage_from_dice(roll, {{6, 4}, {3}}, {2});
  CHECK(rolled.total == 6 + 4 + 3 + 2 + 1 + 2);
  CHECK(damage_words(roll, rolled) == "d6: 6 + 4, d6: 3, raise d6: 2, +1, Joker +2 = 18");
  const Json payload = damage_payload("BS", "BH", roll, rolled);
  CHECK(payload == Json{{"by", "BS"},
                        {"target", "BH"},
                        {"dice", {{{"die", "d6"}, {"faces", {6, 4}}}, {{"die", "d6"}, {"faces", {3}}}}},
                        {"modifier", 1},
                        {"raise", {2}},
                        {"joker", true}});
  CHECK(hit_words({{"total", 18}, {"toughness", 6}, {"shaken", true}, {"wounds", 3}}) == "18 vs Toughness 6: 3 wounds, SHAKEN");
  CHECK(hit_words({{"total", 7}, {"toughness", 6}, {"shaken", true}, {"wounds", 0}}) == "7 vs Toughness 6: SHAKEN");
  CHECK(hit_words({{"total", 5}, {"toughness", 6}, {"shaken", false}, {"wounds", 0}}) == "5 vs Toughness 6: no effect");
}

TEST_CASE("the hit a Soak answers, and the Vigor it rolls", "[table_fight]") {
  Json table = fight_table(2, Json::array());
  CHECK(last_wounding_hit(table).is_null());  // no hit yet
  table["fight"]["hits"] = Json::array({{{"seq", 5}, {"badge", "B2"}, {"wounds", 2}}, {{"seq", 7}, {"badge", "B1"}, {"wounds", 0}}});
  CHECK(last_wounding_hit(table).is_null());  // the last hit only Shook
  table["fight"]["hits"].push_back({{"seq", 9}, {"badge", "B1"}, {"wounds", 1}});
  CHECK(last_wounding_hit(table)["seq"] == 9);
  CHECK(last_wounding_hit(Json{{"fight", nullptr}}).is_null());
  const SheetDie d8 = vigor_die({{"traits", {{{"trait", "Smarts"}, {"sides", 10}}, {{"trait", "Vigor"}, {"sides", 8}, {"bonus", 0}}}}});
  CHECK((d8.sides == 8 && d8.modifier == 0 && d8.trained));
  const SheetDie ru = vigor_die({{"traits", {{{"trait", "Выносливость"}, {"sides", 12}, {"bonus", 1}}}}});
  CHECK((ru.sides == 12 && ru.modifier == 1 && ru.trained));
  const SheetDie none = vigor_die({{"traits", {{{"trait", "Smarts"}, {"sides", 10}}}}});
  CHECK((none.sides == 4 && none.modifier == -2 && !none.trained));
  const SheetDie spirit = spirit_die({{"traits", {{{"trait", "Характер"}, {"sides", 10}, {"bonus", 0}}}}});
  CHECK((spirit.sides == 10 && spirit.trained));
  CHECK_FALSE(spirit_die({{"traits", {{{"trait", "Vigor"}, {"sides", 8}}}}}).trained);
  marshal::core::RolledTrait rolled;
  rolled.trait = {6, 2};
  CHECK(trait_dice_payload(rolled) == Json{{"trait", {6, 2}}});
  rolled.wild = {3};
  rolled.crit_check = {1};
  CHECK(trait_dice_payload(rolled) == Json{{"trait", {6, 2}}, {"wild", {3}}, {"crit_check", {1}}});
}

TEST_CASE("a sheet's die rolled for a Soak or a Spirit roll: the payload's fields, the Wild Die, the Joker", "[table_fight]") {
  const marshal::core::TraitRules rules = marshal::core::rules_for(marshal::core::Ruleset::deadlands_1876);
  marshal::core::Csprng rng(marshal::core::seed_from_number(5));
  marshal::core::RolledTrait rolled;
  const Json wild_card{{"wild_card", true}, {"combat", {{"joker", true}}}};
  Json fields = sheet_roll(rules, wild_card, SheetDie{8, 1, true}, rng, rolled);
  CHECK(fields["die"] == "d8");
  CHECK(fields["modifier"] == 1);
  CHECK(fields["joker"] == true);
  CHECK(fields["dice"] == trait_dice_payload(rolled));
  CHECK_FALSE(rolled.wild.empty());
  CHECK(faces_words(rolled).find(", Wild Die ") != std::string::npos);
  const Json extra{{"wild_card", false}, {"combat", {{"joker", false}}}};
  fields = sheet_roll(rules, extra, SheetDie{}, rng, rolled);
  CHECK(fields["die"] == "d4");
  CHECK(fields["modifier"] == -2);
  CHECK_FALSE(fields.contains("joker"));
  CHECK(rolled.wild.empty());
  CHECK(faces_words(rolled).find("Wild Die") == std::string::npos);
  CHECK_THROWS_AS(sheet_roll(rules, extra, SheetDie{7, 0, true}, rng, rolled), marshal::core::Refusal);  // no d7
}

TEST_CASE("the chip a reroll or a Soak spends: the holder's first colour, the GM's pool for the GM's characters", "[table_fight]") {
  const Json table{{"colours", {"white", "red", "blue"}}, {"gm_pool", {{"red", 1}}}};
  CHECK(chip_to_spend(table, {{"badge", "BH"}, {"side", "posse"}, {"chips", {{"red", 2}, {"blue", 1}}}}) ==
        Json{{"by", "BH"}, {"colour", "red"}});
  CHECK(chip_to_spend(table, {{"badge", "BH"}, {"side", "posse"}, {"chips", {{"white", 0}}}}).is_null());
  CHECK(chip_to_spend(table, {{"badge", "BS"}, {"side", "gm"}, {"chips", Json::object()}}) == Json{{"by", "gm"}, {"colour", "red"}});
  CHECK(chip_to_spend(table, {{"badge", "BS"}, {"side", "gm"}, {"chips", {{"blue", 1}}}}) == Json{{"by", "BS"}, {"colour", "blue"}});
  CHECK(chip_to_spend({{"colours", {"benny"}}, {"gm_pool", Json::object()}}, {{"badge", "BS"}, {"side", "gm"}}).is_null());
}
