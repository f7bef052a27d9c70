#pragma once
// What the Table screen (F9) shows of a tabletop fight, without wx (issue 32): a fighter's
// condition and the round's order in words, from GET /table's `combat` and `fight`
// (db/server/table_view.h). The ledger judges the fight (docs/ledger.md); this only words it.
#include <string>

#include "protocol/json_fields.h"

namespace marshal::gm::table_fight {

using protocol::Json;

// A character's condition from GET /table's `combat`: "" when unhurt and in the fight, or
// without a sheet (null); else "1 wound, SHAKEN", "3 wounds, INCAPACITATED", "OUT", ...
std::string condition_words(const Json& combat);
// An Action Card as a GM reads it: "Ace of Spades", "10 of Hearts", "Black Joker"; the text as
// given when it is no card.
std::string card_words(const std::string& card);
// The fight under way in one line, who acts first first: "Fight, round 2: 1 Smith the Gunhand
// (Black Joker: any time, +2), 2 Hannah Two Rivers (Ace of Spades)"; before the first deal
// "Fight under way: no cards dealt yet"; "" between fights (null).
std::string fight_line(const Json& fight);

}  // namespace marshal::gm::table_fight
