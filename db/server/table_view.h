#pragma once
// What a GM station's Table screen shows of a tabletop game (GET /table, docs/server.md): the
// ruleset and its chip colours, whether a game night is under way, every character with side,
// Wild Card, traits as dice, chips by colour and live tokens, the GM's pool, and the evening's
// last recorded rolls. Only a GM station reads it: it holds the GM's characters and pool.
#include <cstddef>

#include "protocol/json_fields.h"
#include "store/sqlite.h"

namespace marshal::db {

constexpr std::size_t table_log_rolls = 30;  // the roll log's length: the last rolls of the evening
constexpr std::size_t table_fight_hits = 5;  // the hits of the fight under way shown: its last ones

// {"title", "game", "ruleset", "colours": ["white", ...], "rules": {"modifier_on": "total", ...}
//  (the ruleset's options with the event's own, core/rule_options.h), "night_open": bool,
//  "gm_pool": {"white": 2, ...}, "characters": [{"name", "badge", "side", "wild_card", "dead",
//  "traits": [{"trait", "die": "d12+1", "sides": 12, "bonus": 1}], "chips": {...},
//  "tokens": [{"code", "title", "token", "text", "die"}], "combat": null or {"toughness", "armor", "parry", "wound_levels",
//  "luck", "wounds", "shaken", "state"} (combat.csv's sheet and the fight's state)}], "rolls": [{"seq", "by", "trait", "die", "wild", "modifier",
//  "tn", "dice", "result", "success", "raises", "crit_fail", "crit_success", "reroll_of"}]}
// (rolls oldest first, at most `log_rolls`; `by` is a name or "GM"), "fight": null between
// fights, else {"seq", "hits": [{"seq", "target", "total", "toughness", "shaken", "wounds",
// "soaked"}] (its last table_fight_hits hits, oldest first), "round": null before the first deal,
// else {"number", "order": [{"to": [names], "card", "joker"}] (who acts first first),
// "shuffle_next"}}.
protocol::Json table_view(Database& db, std::size_t log_rolls = table_log_rolls);

// A character's fight sheet and state as GET /table's `combat` gives it ({"toughness", "armor",
// "parry", "wound_levels", "luck", "wounds", "shaken", "state", "joker", "injury_owed",
// "injuries": [{"card", "injury", "permanent", "days"}]}); null without a combat.csv row. GET
// /characters/BADGE carries it too, so that a player sees their wounds at a kiosk.
protocol::Json combat_of(Database& db, std::int64_t character);

// A character's sheet in a tabletop game as GET /table gives it ({"traits", "colours", "chips",
// "tokens"}), for GET /characters/BADGE: a player sees their own at a kiosk. Null outside a
// tabletop game.
protocol::Json tabletop_sheet_of(Database& db, std::int64_t character);

}  // namespace marshal::db
