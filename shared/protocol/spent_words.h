#pragma once
// A spent card's when and where, from its view (docs/server.md, GET /cards/CODE: `fate`,
// `spent_ms`, `spent_station`), in the reader's language and the venue's time: what a GM station
// and a kiosk say of a trick played before.
#include <string>

#include "protocol/json_fields.h"

namespace marshal::protocol {

// "at 21:14 at saloon-gm"; "" when the view does not say.
std::string spent_when_words(const Json& card_view);

// A trick played (trick_flipped) that nobody has accused yet: an accusation may still open it.
bool played_not_accused(const Json& card_view);

}  // namespace marshal::protocol
