#pragma once
// The Table screen's Injuries without wx (issue 32; 000 L173-178): who owes one after an
// Incapacitation roll, the payload of the card drawn (injury_drawn, docs/ledger.md), and an
// Injury in words for the roster.
#include <string>
#include <string_view>
#include <vector>

#include "core/csprng.h"
#include "protocol/json_fields.h"

namespace marshal::gm::table_fight {

using protocol::Json;

// The badges of GET /table's characters who may draw an owed Injury now (owes_injury).
std::vector<std::string> owing_injury(const Json& table);
// Whether `character` (one of GET /table's) owes an Injury and may draw it now: alive and not
// Bleeding Out (the permanent Injury is drawn "if they live", 000 L173).
bool owes_injury(const Json& character);
// injury_drawn's payload for `who` (a character of GET /table's who owes an Injury): the card
// typed from a real deck (parse_typed_card), or drawn by the station from a full deck when
// `typed` is blank; a temporary Injury's days die rolled by the station, a plain dVigor
// (000 L178: vigor_die, untrained d4); `injury` (the GM's words) only when not empty, for an
// event without an injury table. Refused (core::Refusal, field "card") for a typed card that is none.
Json injury_payload(const Json& who, std::string_view typed, const std::string& injury, core::Csprng& rng);

}  // namespace marshal::gm::table_fight
