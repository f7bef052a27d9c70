#pragma once
// A tabletop fighter's condition in the reader's language, from the `combat` object that GET
// /table and GET /characters/BADGE carry (db/server/table_view.h): the GM station's Table screen
// lists it after each name, a kiosk shows it to the player signed in (issue 32); and the chips
// they hold.
#include <string>

#include "protocol/json_fields.h"

namespace marshal::protocol {

// "" when unhurt and in the fight, or without a sheet (null); else "1 wound, SHAKEN", "3 wounds,
// INCAPACITATED", "OUT", ..., then an Injury owed ("INJURY TO DRAW", not while Bleeding Out: its
// card waits until they live) and those drawn ("Broken arm (9 days)": injury_words).
std::string fight_condition_words(const Json& combat);

// An Injury card is due now: one is owed (`injury_owed`) and they are not Bleeding Out, whose
// permanent Injury is drawn "if they live" (000 L173), once healed.
bool injury_card_due(const Json& combat);

// An Injury from `combat.injuries[]` or injury_drawn's ledger part: "Broken arm (9 days)",
// "Lame leg (permanent)".
std::string injury_words(const Json& injury);

// Chips held in words: "3 Bennies", "2 white, 1 red", "none": `chips` by colour (GET /table's
// `chips`), in the order of `colours` (the ruleset's).
std::string chips_words(const Json& chips, const Json& colours);

}  // namespace marshal::protocol
