// The Table screen's fight in words (gmstation/table_fight_model.h; issue 32), from GET /table's
// `combat` and `fight` as db/server/table_view.h writes them: an Action Card, the round's order
// with its Joker (a fighter's condition: tests/protocol/fight_words_test.cpp).
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>

#include "core/refusal.h"
#include "gmstation/table_fight_deal.h"
#include "gmstation/table_fight_model.h"

using namespace marshal::gm::table_fight;

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
                  {{{"to", {"Smith the Gunhand"}}, {"badges", {"B6"}}, {"card", "BJ"}, {"joker", true}},
                   {{"to", {"Hannah Two Rivers"}}, {"badges", {"B2"}}, {"card", "AS"}, {"joker", false}},
                   // Two Extras of one name share a card: found by their badges.
                   {{"to", {"Gomorra Deputy", "Gomorra Deputy"}}, {"badges", {"B7", "B8"}}, {"card", "2C"}, {"joker", false}}}},
                 {"shuffle_next", true}}}}}};
  CHECK(fight_heading(table) == "Round 2; shuffle next");
  CHECK(acting_place(table, "B6") == std::optional<std::size_t>(0));
  CHECK(acting_place(table, "B2") == std::optional<std::size_t>(1));
  CHECK(acting_place(table, "B8") == std::optional<std::size_t>(2));  // a group shares its card
  CHECK_FALSE(acting_place(table, "B1"));
  CHECK_FALSE(acting_place(table, ""));
  CHECK_FALSE(acting_place(table, "Smith the Gunhand"));  // a name is no badge
  CHECK(card_of(table, "B6") == "Joker +2");
  CHECK(card_of(table, "B2") == "A\u2660");
  CHECK(card_of(table, "B7") == "2\u2663");
  CHECK(card_of(table, "B1").empty());
  table["fight"]["round"]["shuffle_next"] = false;
  CHECK(fight_heading(table) == "Round 2");
  CHECK(card_of({{"fight", nullptr}}, "B2").empty());
  CHECK_FALSE(acting_place({{"fight", nullptr}}, "B2"));
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

TEST_CASE("like Extras share one Action Card (SWD): the GM's Extras of one name, in the list's order", "[table_fight]") {
  Json table = fight_table(6, Json::array());
  auto extra = [&](int index, const std::string& name, const std::string& side) {
    table["characters"][static_cast<std::size_t>(index)]["name"] = name;
    table["characters"][static_cast<std::size_t>(index)]["wild_card"] = false;
    table["characters"][static_cast<std::size_t>(index)]["side"] = side;
  };
  extra(1, "Deputy", "gm");
  extra(3, "Deputy", "gm");
  extra(4, "Bandit", "gm");
  extra(5, "Deputy", "posse");  // a player's Extra of the same name acts alone
  table["characters"][2]["name"] = "Deputy";  // a Wild Card of that name too
  CHECK(deal_groups(table) == std::vector<std::vector<std::string>>{{"B1"}, {"B2", "B4"}, {"B3"}, {"B5"}, {"B6"}});
  CHECK(deal_numbers(table) == "1, 2+4, 3, 5, 6");
  marshal::core::Csprng rng(marshal::core::seed_from_number(9));
  const Json dealt = deal_payload(table, rng);
  REQUIRE(dealt["cards"].size() == 5);
  CHECK(dealt["cards"][1]["to"] == Json{"B2", "B4"});
  CHECK(dealt["cards"][0]["to"] == "B1");
  const Json typed = typed_deal_payload(table, "AS 10H BJ 2C 3D");
  CHECK(typed["cards"][1] == Json{{"to", {"B2", "B4"}}, {"card", "10H"}});
  CHECK_THROWS_AS(typed_deal_payload(table, "AS 10H BJ 2C 3D 4D"), marshal::core::Refusal);  // six cards for five
  // One card goes to max_shared_card Extras at most: the next starts a group of its own.
  Json crowd = fight_table(static_cast<int>(max_shared_card) + 1, Json::array());
  for (Json& c : crowd["characters"]) {
    c["name"] = "Bandit";
    c["wild_card"] = false;
    c["side"] = "gm";
  }
  const auto groups = deal_groups(crowd);
  REQUIRE(groups.size() == 2);
  CHECK(groups[0].size() == max_shared_card);
  CHECK(groups[1] == std::vector<std::string>{"B" + std::to_string(max_shared_card + 1)});
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

TEST_CASE("a damage roll and its hit in words, its payload as damage_rolled reads it", "[table_fight]") {
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
  // Physical dice typed: judged, not rolled. A d8 that Aced into a 3, a Wild Die of 2.
  fields = sheet_roll(rules, wild_card, SheetDie{8, 1, true}, rng, rolled, "8 3, 2");
  CHECK(rolled.trait == std::vector<int>{8, 3});
  CHECK(rolled.wild == std::vector<int>{2});
  CHECK(fields["dice"] == trait_dice_payload(rolled));
  // An Extra's 1 is followed by the d6 that says whether it is critical; blank is the station's roll.
  sheet_roll(rules, extra, SheetDie{6, 0, true}, rng, rolled, "1, 4");
  CHECK(rolled.trait == std::vector<int>{1});
  CHECK(rolled.wild.empty());
  sheet_roll(rules, extra, SheetDie{6, 0, true}, rng, rolled, "  ");
  CHECK_FALSE(rolled.trait.empty());
  // Dice that cannot be: refused, naming why.
  CHECK_THROWS_AS(sheet_roll(rules, wild_card, SheetDie{8, 1, true}, rng, rolled, "9, 2"), marshal::core::Refusal);  // no 9 on a d8
  CHECK_THROWS_AS(sheet_roll(rules, wild_card, SheetDie{8, 1, true}, rng, rolled, "zz"), marshal::core::Refusal);
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

TEST_CASE("who owes the Incapacitation roll, who could be healed, and the Healing skill by name", "[table_fight]") {
  auto fighter = [](const char* badge, int wounds, const char* state, bool dead = false) {
    return Json{{"badge", badge}, {"dead", dead}, {"combat", {{"wounds", wounds}, {"shaken", false}, {"state", state}}}};
  };
  Json table{{"characters", {fighter("B1", 0, "fighting"), Json{{"badge", "B2"}, {"combat", nullptr}}}}};
  CHECK(owing_fate(table).empty());
  CHECK_FALSE(anyone_to_heal(table));  // nobody hurt; a character without a sheet is not a patient
  table["characters"].push_back(fighter("B3", 3, "incapacitated"));
  CHECK(owing_fate(table) == std::vector<std::string>{"B3"});
  CHECK_FALSE(anyone_to_heal(table));  // the Incapacitation roll comes before any Healing (000 L170)
  table["characters"].push_back(fighter("B4", 1, "fighting"));
  CHECK(anyone_to_heal(table));  // a wound
  table["characters"] = {fighter("B5", 3, "unconscious")};
  CHECK(anyone_to_heal(table));  // down: a Healing wakes them (000 L174)
  table["characters"] = {fighter("B6", 0, "out")};
  CHECK(anyone_to_heal(table));  // an Extra out: the dying healed come back (002 L36)
  CHECK(can_be_healed(table["characters"][0]));
  CHECK_FALSE(can_be_healed(fighter("B8", 0, "last_stand")));  // unhurt on a Last Stand: nothing to heal
  CHECK(can_be_healed(fighter("B9", 3, "last_stand")));
  table["characters"] = {fighter("B7", 3, "dead", true)};
  CHECK_FALSE(anyone_to_heal(table));  // no Healing permitted (000 L172)
  CHECK(owing_fate(Json::object()).empty());
  const SheetDie d10 = healing_die({{"traits", {{{"trait", "Healing"}, {"sides", 10}, {"bonus", 0}}}}});
  CHECK((d10.sides == 10 && d10.trained));
  CHECK_FALSE(healing_die({{"traits", {{{"trait", "Медицина"}, {"sides", 6}, {"bonus", 0}}}}}).trained);  // Medicine is not Healing (000 L192)
  CHECK(healing_die({{"traits", {{{"trait", "Лечение"}, {"sides", 8}, {"bonus", 0}}}}}).sides == 8);
  CHECK_FALSE(healing_die({{"traits", {{{"trait", "Vigor"}, {"sides", 8}}}}}).trained);
}

TEST_CASE("the GM's Incapacitation result by its number, and each result in words", "[table_fight]") {
  CHECK(fate_from_typed("1") == "death");
  CHECK(fate_from_typed(" 3 ") == "unconscious");
  CHECK(fate_from_typed("5") == "stays_in");
  for (const char* typed : {"0", "6", "", "12", "a", "3 4"}) {
    INFO(typed);
    CHECK_THROWS_AS(fate_from_typed(typed), marshal::core::Refusal);
  }
  try {
    fate_from_typed("9");
  } catch (const marshal::core::Refusal& r) {
    CHECK(r.field() == "dice");
    CHECK(r.reason() == "'9' is no result: type its number, 1 to 5");
  }
  CHECK(fate_choices() == "1 dead   2 Bleeding Out   3 unconscious   4 Last Stand   5 avoids the blow");
  // Each result of 000 L172-176 has its own words, and the numbers follow the table's order.
  std::vector<std::string> words;
  for (const char* result : fate_results) words.push_back(fate_words(result));
  CHECK(words[0] == "dead");
  CHECK(words[1] == "Bleeding Out: a permanent Injury if they live");
  CHECK(words[3].find("Last Stand") != std::string::npos);
  CHECK(std::unique(words.begin(), words.end()) == words.end());
  CHECK(fate_words("no_such") == "no_such");
}

TEST_CASE("a chip's new Action Card: drawn from the cards left, the better kept, paid by the holder (001 L45)", "[table_fight]") {
  // 51 cards out: the three left are 2C, 5H and KS. B1 holds 10S (out), B2 holds nothing.
  Json out = Json::array();
  for (const std::string rank : {"2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"})
    for (const char* suit : {"S", "H", "D", "C"})
      if (rank + suit != "2C" && rank + suit != "5H" && rank + suit != "KS") out.push_back(rank + suit);
  out.push_back("RJ");
  out.push_back("BJ");
  REQUIRE(out.size() == 51);
  Json table = fight_table(2, out);
  table["colours"] = {"white", "red", "blue"};
  table["fight"]["round"]["order"] = {{{"to", {"F1"}}, {"badges", {"B1"}}, {"card", "10S"}, {"joker", false}}};
  table["characters"][0]["chips"] = {{"red", 1}};
  std::set<std::string> drawn;
  for (std::uint64_t seed = 0; seed < 40; ++seed) {
    marshal::core::Csprng rng(marshal::core::seed_from_number(seed));
    const Json payload = redraw_payload(table, table["characters"][0], rng);
    const std::string card = payload["card"];
    drawn.insert(card);
    CHECK(payload["to"] == "B1");
    CHECK(payload["chip"] == Json{{"by", "B1"}, {"colour", "red"}});
    CHECK(payload["keep"] == (card == "KS" ? "new" : "old"));  // the King acts before the 10; 5 and 2 after
  }
  CHECK(drawn == std::set<std::string>{"2C", "5H", "KS"});  // only the cards left, each of them in 40 draws
  marshal::core::Csprng rng(marshal::core::seed_from_number(7));
  // No card held this round, no chip, no card left: refused, each naming its field.
  auto field_of = [&](const Json& t, const Json& who) {
    try {
      redraw_payload(t, who, rng);
    } catch (const marshal::core::Refusal& r) {
      return r.field();
    }
    return std::string("not refused");
  };
  CHECK(field_of(table, table["characters"][1]) == "to");
  Json broke = table;
  broke["characters"][0]["chips"] = {{"red", 0}};
  CHECK(field_of(broke, broke["characters"][0]) == "chip");
  Json empty = table;
  empty["fight"]["out"].push_back("2C");
  empty["fight"]["out"].push_back("5H");
  empty["fight"]["out"].push_back("KS");
  CHECK(field_of(empty, empty["characters"][0]) == "card");
}

TEST_CASE("a roller's situation: wounds and the Joker, what the ledger adds for them, in words", "[table_fight]") {
  using marshal::core::Ruleset;
  using marshal::core::rules_for;
  CHECK(situation_of({{"name", "no sheet"}, {"combat", nullptr}}).is_null());
  const Json hurt = situation_of({{"combat", {{"wounds", 2}, {"shaken", true}, {"joker", true}}}});
  CHECK(hurt == Json{{"wounds", 2}, {"joker", true}});
  CHECK(situation_modifier(rules_for(Ruleset::savage), hurt) == 0);  // -2 + 2
  CHECK(situation_words(rules_for(Ruleset::savage), hurt) == "-2 for 2 wounds, +2 Joker");
  CHECK(situation_modifier(rules_for(Ruleset::deadlands_1876), hurt) == 2);  // no wound penalty (000 L164)
  CHECK(situation_words(rules_for(Ruleset::deadlands_1876), hurt) == "+2 Joker");
  const Json one{{"wounds", 1}, {"joker", false}};
  CHECK(situation_modifier(rules_for(Ruleset::deadlands_ru), one) == -1);
  CHECK(situation_words(rules_for(Ruleset::deadlands_ru), one) == "-1 for 1 wound");
  CHECK(situation_words(rules_for(Ruleset::savage), Json{{"wounds", 0}, {"joker", false}}).empty());
  CHECK(situation_modifier(rules_for(Ruleset::savage), Json()) == 0);
}

TEST_CASE("the cards of a real deck typed: one per fighter in the numbers' order, on either layout", "[table_fight]") {
  Json table = fight_table(3, Json::array());
  const Json dealt = typed_deal_payload(table, "AS, 10h  bj");
  CHECK(dealt == Json{{"cards", {{{"to", "B1"}, {"card", "AS"}}, {{"to", "B2"}, {"card", "10H"}}, {{"to", "B3"}, {"card", "BJ"}}}}});
  // A Russian layout's keys: ф ы = A S, р = H, и о = B J.
  CHECK(typed_deal_payload(table, "\u0444\u044b 10\u0440 \u0438\u043e") == dealt);
  CHECK(typed_deal_payload(table, "\u0444\u044b\u043110\u0440\u0431\u0438\u043e") == dealt);  // б, the comma's key
  // A shuffle after a Joker's round, as the station's own deal says it.
  CHECK(typed_deal_payload(fight_table(3, Json::array({"BJ", "5H"}), true), "AS 10H 2C")["shuffled"] == true);
  auto reason = [&](const Json& t, std::string_view typed) {
    try {
      typed_deal_payload(t, typed);
    } catch (const marshal::core::Refusal& r) {
      CHECK(r.field() == "cards");
      return r.reason();
    }
    return std::string("not refused");
  };
  CHECK(reason(table, "AS 10H") == "cards to deal: 3, cards typed: 2: one each, in the numbers' order");
  CHECK(reason(table, "AS 10H 2C 3C").find("cards typed: 4") != std::string::npos);
  CHECK(reason(table, "").find("cards typed: 0") != std::string::npos);
  CHECK(reason(table, "AS 11H 2C").rfind("'11H' is no card", 0) == 0);
  CHECK(reason(fight_table(0, Json::array()), "AS") == "nobody is left in the fight to deal a card to");
}

TEST_CASE("why a reroll finds no chip: the GM's pool named for the GM's characters", "[table_fight]") {
  CHECK(no_chip_words({{"name", "Hannah"}, {"side", "posse"}}) == "Hannah has no Benny or chip to spend");
  CHECK(no_chip_words({{"name", "Smith"}, {"side", "gm"}}) == "Smith has no Benny or chip to spend, nor has the GM's pool");
}
