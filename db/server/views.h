#pragma once
// What a station may see of a card or a character, by role. A GM sees everything. A kiosk
// never sees a trick's cheat/skill flag, and sees a secret's text only when the player signed
// in at it with badge and PIN holds that secret.
#include <cstdint>
#include <optional>
#include <string>

#include "ledger/ledger.h"
#include "server/stations.h"
#include "store/sqlite.h"

namespace marshal::db {

// nullopt: no such card. Throws LedgerRefusal(RefusalCode::bad_code) for a malformed code. `kiosk_player`
// is the character signed in at the kiosk asking (server/kiosk_sign_ins.h), if any: a secret's
// text is shown to a kiosk only when that character holds it.
std::optional<Json> card_view(Database& db, const std::string& code, Role role,
                              std::optional<std::int64_t> kiosk_player);
// The character whose badge this is: attributes (base and in use), wound, death, timers still
// running at now_ms, jail, and the cards held. nullopt: not a badge. At a kiosk, the secrets'
// texts only when `kiosk_player` is this character.
std::optional<Json> character_view(Database& db, const std::string& badge, Role role,
                                   std::int64_t now_ms, std::optional<std::int64_t> kiosk_player = std::nullopt);
// The character a badge names (nullopt: no such badge). Throws LedgerRefusal(RefusalCode::bad_code) for a
// malformed code.
std::optional<std::int64_t> character_of_badge(Database& db, const std::string& badge);
// What every station may know of the event: {"title", "options", "locations": [{"name",
// "road", "copies", "links"}]} (the location deck's LOCnn codes number the locations from 00).
Json event_view(Database& db);
// Every timer still running at now_ms: knock-outs and headaches soonest to end first, then an
// open vote: {"timers": [{"character", "kind", "remaining_ms"}]}; a vote has kind "vote", the
// Mayor who called it as "character", and its "office".
Json timers_view(Database& db, std::int64_t now_ms);
// The vote (GET /vote): {"open", "office", "called_by", "remaining_ms", "ballots" (how many were
// cast, never for whom), "candidates": [{"name", "badge"}] (the living, while open), "voted" (by
// `player`, when given), "result": {"office", "outcome", "tally", "overridden"} of the last
// counted vote}. {"open": false} when no vote was ever called.
Json vote_view(Database& db, std::int64_t now_ms, std::optional<std::int64_t> player);

}  // namespace marshal::db
