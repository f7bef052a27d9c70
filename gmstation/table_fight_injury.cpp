// The Table screen's Injuries (issue 32; gmstation/table_fight_injury.h; 000 L173-178).
#include "gmstation/table_fight_injury.h"

#include <fmt/format.h>

#include "core/initiative.h"
#include "gmstation/table_fight_deal.h"
#include "gmstation/table_fight_model.h"
#include "i18n/translate.h"
#include "protocol/fight_words.h"

namespace marshal::gm::table_fight {

using i18n::tr;
using i18n::trn;

bool owes_injury(const Json& character) {
  if (!character.is_object() || character.value("dead", false)) return false;
  return protocol::injury_card_due(character.value("combat", Json()));
}

std::vector<std::string> owing_injury(const Json& table) {
  std::vector<std::string> badges;
  for (const Json& c : table.value("characters", Json::array()))
    if (owes_injury(c)) badges.push_back(c.value("badge", ""));
  return badges;
}

Json injury_payload(const Json& who, std::string_view typed, const std::string& injury, core::Csprng& rng) {
  const bool blank = typed.find_first_not_of(" ,") == std::string_view::npos;
  // A full deck (000 L178): the station's draw is any of the 54, whatever the fight's deck holds.
  const std::string card = blank ? core::card_text(core::InitiativeDeck().draw(rng)) : parse_typed_card(typed, "card");
  Json payload{{"by", who.value("badge", "")}, {"card", card}};
  if (!injury.empty()) payload["injury"] = injury;
  if (who.value("combat", Json()).value("injury_owed", "") == "temporary") {
    // 14 days minus a plain dVigor (000 L178): no Ace, no Wild Die.
    const int die = vigor_die(who).sides;
    payload["days"] = {{"die", die}, {"face", static_cast<int>(rng.uniform(static_cast<std::uint32_t>(die))) + 1}};
  }
  return payload;
}

}  // namespace marshal::gm::table_fight
