// The Table screen's Injuries in words and payloads (gmstation/table_fight_injury.h; issue 32;
// 000 L173-178): who owes one, injury_drawn's payload (the card typed or drawn from a full deck,
// a temporary Injury's plain dVigor).
#include <catch2/catch.hpp>

#include <set>

#include "core/initiative.h"
#include "core/refusal.h"
#include "gmstation/table_fight_injury.h"
#include "gmstation/table_fight_model.h"

using namespace marshal::gm::table_fight;

namespace {

// A character of GET /table's with a combat sheet and Vigor d8 owing `owed` (null: nothing).
Json injured(const std::string& badge, const Json& owed, bool dead = false) {
  return {{"name", "Hannah"},
          {"badge", badge},
          {"dead", dead},
          {"wild_card", true},
          {"traits", {{{"trait", "Vigor"}, {"die", "d8"}, {"sides", 8}, {"bonus", 0}}}},
          {"combat", {{"wounds", 3}, {"shaken", false}, {"state", "unconscious"}, {"injury_owed", owed}, {"injuries", Json::array()}}}};
}

}  // namespace

TEST_CASE("who owes an Injury card: the living whose combat says so", "[table_fight][injury]") {
  const Json table{{"characters",
                    {injured("B1", "temporary"), injured("B2", nullptr), injured("B3", "permanent", true), injured("B4", "permanent"),
                     {{"name", "no sheet"}, {"badge", "B5"}, {"combat", nullptr}}}}};
  CHECK(owing_injury(table) == std::vector<std::string>{"B1", "B4"});
  CHECK_FALSE(owes_injury(table["characters"][2]));  // the dead draw no card
  CHECK(owing_injury(Json::object()).empty());
}

TEST_CASE("injury_drawn's payload: a real deck's card typed, or the station's from all 54, a temporary one's days", "[table_fight][injury]") {
  marshal::core::Csprng rng(marshal::core::seed_from_number(7));
  const Json temporary = injured("B1", "temporary");
  Json typed = injury_payload(temporary, " qh ", "", rng);
  CHECK(typed["by"] == "B1");
  CHECK(typed["card"] == "QH");
  CHECK_FALSE(typed.contains("injury"));
  CHECK(typed["days"]["die"] == 8);  // her Vigor d8, a plain die (000 L178)
  // A Russian layout's keys read the same: й р is Q H.
  CHECK(injury_payload(temporary, "\u0439\u0440", "", rng)["card"] == "QH");
  CHECK(injury_payload(temporary, "bj", "a scratch", rng)["injury"] == "a scratch");
  try {
    injury_payload(temporary, "zz", "", rng);
    FAIL("a card that is none was taken");
  } catch (const marshal::core::Refusal& r) {
    CHECK(r.field() == "card");
    CHECK(r.reason().find("'zz' is no card") != std::string::npos);
  }
  // A permanent Injury lasts: no days.
  CHECK_FALSE(injury_payload(injured("B4", "permanent"), "2c", "", rng).contains("days"));
  // Drawn by the station: every card of the full deck, the Jokers too, and every face of the d8.
  std::set<std::string> cards;
  std::set<int> faces;
  for (int i = 0; i < 3000; ++i) {
    const Json drawn = injury_payload(temporary, "", "", rng);
    cards.insert(drawn["card"].get<std::string>());
    faces.insert(drawn["days"]["face"].get<int>());
  }
  CHECK(cards.size() == static_cast<std::size_t>(marshal::core::initiative_deck_size));
  CHECK(faces == std::set<int>{1, 2, 3, 4, 5, 6, 7, 8});
}
