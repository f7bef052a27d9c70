#pragma once
// What the GM station reads back of The West That Wasn't's action time (docs/server.md
// "GET /twtw"): the posse and the Judge's characters with their wounds by location, CT and
// stun, and the round as the ledger holds it, so a restarted station rebuilds its screen.
#include <cstdint>
#include <optional>

#include "ledger/ledger.h"
#include "store/sqlite.h"

namespace marshal::db {

// A character's action-time state: {"side", "reflex" ("d12"), "size", "start_ct", "shooting",
// "fighting", "dodge", "wounds": {"head", "torso", "right_arm", ...}, "level", "wound" (its name
// in the event's wound table), "penalty", "ct", "stunned", "bleeding", "state"}. nullopt when the
// character takes no part in action time.
std::optional<Json> twtw_character_view(Database& db, std::int64_t character);
// GET /twtw: {"options", "characters": [{"name", ...twtw_character_view}], "round": null or
// {"number", "declarations", "steps", "done", "next_step" (1-based; null when all are resolved),
// "ended"}} of the last round. {"characters": [], "round": null} in an event without TWTW.
Json twtw_view(Database& db);

}  // namespace marshal::db
