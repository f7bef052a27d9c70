#pragma once
// A tabletop fighter's row of `combatants` (migration 21; docs/tabletop.md "Combat sheets"): the
// sheet of the group's combat.csv and the state a fight left (core/combat_state.h), read and
// written as the core's types. Written at event_defined for every character with a sheet; the
// fight's events (issue 32) change the state.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/combat_state.h"
#include "core/injury.h"
#include "core/initiative.h"
#include "protocol/json_fields.h"
#include "store/sqlite.h"

namespace marshal::db {

struct CombatantRow {
  std::int64_t character = 0;
  core::CombatSheet sheet;
  core::Combatant state;  // its wound_levels are the sheet's
  std::optional<core::InjuryKind> injury_owed;  // injury_owed() below
};

// The character's row, a fighter not yet hurt. The sheet is checked by the caller
// (definition_from_json checks every sheet it reads).
void insert_combatant(Database& db, std::int64_t character, const core::CombatSheet& sheet);
std::optional<CombatantRow> find_combatant(Database& db, std::int64_t character);
// The fight's state of the character (wounds, Shaken, state) written back.
void save_combatant_state(Database& db, std::int64_t character, const core::Combatant& state);
// The Injury the character owes (combatants.injury_owed, migration 24): the one their last
// Incapacitation roll gave (core::injury_after), until it is drawn (injury_drawn).
std::optional<core::InjuryKind> injury_owed(Database& db, std::int64_t character);
void set_injury_owed(Database& db, std::int64_t character, std::optional<core::InjuryKind> owed);
// What an Incapacitation roll's result leaves owed: death none (the dead draw no card); else the
// worse of the Injury owed already and the one the result gives (core::injury_after): a
// permanent one stays owed through later rolls, and a result that gives none clears nothing.
void owe_injury(Database& db, std::int64_t character, core::Incapacitation result);
// The state as a payload's ledger part and a hit's row keep it: {"wounds", "shaken", "state"}.
protocol::Json combatant_state_json(const core::Combatant& state);
// Read back from combatant_state_json; nullopt for anything else.
std::optional<core::Combatant> combatant_state_from_json(const protocol::Json& json, int wound_levels);

// The seq of the fight under way (fights without ended_seq), if any.
std::optional<std::int64_t> open_fight(Database& db);
// Refused (knocked_out, `field`) when `character` has a sheet and is out of the fight
// (Incapacitated, Bleeding Out, unconscious, dead, out): a dead man shoots no one.
void require_still_fighting(Database& db, std::int64_t character, const std::string& name, const std::string& field);
// A round's cards as cards_dealt stores them ([{"to": [ids], "card"}]) in the order they act
// (000 L54, SWD: Jokers first, the Black before the Red, then Ace to 2, ties by suit):
// [{"to": [names], "card", "joker"}]. One order for the ledger part and GET /table, which adds
// each entry's "badges" (in the order of "to") for a station to find its fighters by: names
// may repeat, and the ledger part stays as recorded.
protocol::Json round_order(Database& db, const protocol::Json& stored_cards, bool with_badges = false);

// The event is a tabletop game (options.csv: game,tabletop): fights, healing and the story's
// hours are its events only.
bool tabletop_game(Database& db);

// The seq of the last round dealt (cards_dealt) of the fight under way; 0 outside a fight or
// before its first deal.
std::int64_t open_round(Database& db);
// The last round dealt of the fight under way has begun (fight_rounds.begun): a roll, a hit, a
// Soak, a Spirit, Incapacitation or Healing roll was recorded since its deal, and a chip buys no
// new Action Card now (001 L45: "before the round's first action"). Nothing without a fight or a deal.
void mark_round_begun(Database& db);

// Whether `character` holds a Joker in the last round dealt of the fight under way (000 L54: +2
// on every roll of the round); nullopt when no fight is under way or no round has been dealt.
std::optional<bool> holds_joker(Database& db, std::int64_t character);
// The cards of `fight` dealt since the deck's last shuffle (a fight starts shuffled), newest
// round first: what the next deal cannot give unless it shuffles (cards_dealt; GET /table).
std::vector<std::string> cards_out(Database& db, std::int64_t fight);

}  // namespace marshal::db
