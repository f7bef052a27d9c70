#pragma once
// An event's definition: everything `marshal init` imports (characters, their cards with codes,
// the chase locations, the options). It is stored whole as the payload of the ledger's first
// event, `event_defined`, so the projections can be rebuilt from the events alone.
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/character.h"
#include "core/combat_state.h"
#include "core/injury.h"
#include "core/power_text.h"
#include "core/chase.h"
#include "core/options.h"
#include "protocol/json_fields.h"
#include "ledger/twtw_definition.h"

namespace marshal::db {

using protocol::Json;

// What an event folder plays (options.csv `game`): a Lincoln 1875 evening (the default), a
// tabletop game on Savage Worlds or Deadlands (`tabletop`: traits as die types, traits.csv), or
// The West That Wasn't (`twtw`). Only `lincoln` requires the Lincoln attributes.
enum class Game { lincoln, tabletop, twtw };
std::string_view to_string(Game game);  // "lincoln", "tabletop", "twtw"
std::optional<Game> game_from_string(std::string_view text);

// A tabletop trait (traits.csv): "Shooting" d10+1 is {"Shooting", 10, 1}.
constexpr int max_trait_bonus = 6;
constexpr std::size_t max_trait_name = 30;  // characters: "Knowledge (Occult)" and the like  // d12+6 at most: past it a die type says nothing
struct TraitDef {
  std::string name;
  int die = 6;    // 4, 6, 8, 10, 12
  int bonus = 0;  // 0..max_trait_bonus, the "+1" of d12+1
};
std::string trait_die_text(int die, int bonus);  // "d12+1", "d8"
// "d12+1" -> {12, 1}; nullopt for anything but d4..d12, the d12 with an optional +1..+max_trait_bonus
// (a trait past d12 grows by a bonus).
std::optional<std::pair<int, int>> parse_trait_die(std::string_view text);

struct CharacterDef {
  std::string name;
  std::string player;
  core::Attributes attributes;
  std::vector<core::Power> powers;
  std::string notes;
  std::string badge_code;
  // Tabletop: a Wild Card rolls a Wild Die (player characters and the GM's named villains); an
  // Extra does not (001 L5).
  bool wild_card = true;
  bool gm_side = false;  // one of the GM's characters (side gm), not a player's
  std::vector<TraitDef> traits;
  // Tabletop: the fight sheet of combat.csv (docs/tabletop.md "Combat sheets"); in the JSON only
  // when given, so a definition without one reads back as before.
  std::optional<core::CombatSheet> combat;
};

// kind: badge, bystander, trick, horse, secret, power, token. detail holds what the kind needs:
// trick {"hand", "flag"}, horse {"rating"}, secret {"text"}, power {"power"},
// token {"token", "text", "die"} (ledger/token_card.h).
struct CardDef {
  std::string code;
  std::string kind;
  std::string holder;  // character name
  std::string title;
  Json detail = Json::object();
};

struct EventDefinition {
  std::string title;
  Game game = Game::lincoln;
  // The language the event's cards and reports are printed in (i18n::known_languages(): en, ru).
  // In the JSON only when not English.
  std::string language = "en";
  // The venue's time zone, an IANA name (Europe/Moscow): every time a person reads is shown in it
  // (i18n/venue_time.h; use_event_time_zone). "" (and not in the JSON): the zone of the machine
  // that shows it.
  std::string timezone;
  // A tabletop game's ruleset options set over its ruleset (core/rule_options.h), by name:
  // {"crit_fail_reroll", "one_benny"}. In the JSON only when some are set.
  std::vector<std::pair<std::string, std::string>> rule_options;
  int max_attribute = 4;
  core::EventOptions options;
  std::vector<CharacterDef> characters;
  std::vector<CardDef> cards;
  std::vector<core::Location> locations;
  TwtwDefinition twtw;  // The West That Wasn't (docs/twtw.md): in the JSON only when not empty
  // A tabletop game's injury table (injuries.csv, docs/tabletop.md "Injuries"), complete when
  // given: in the JSON only when not empty.
  core::InjuryTable injuries;
};

Json definition_to_json(const EventDefinition& def);
// Reads a stored definition back (for replays); throws protocol::InputError when malformed.
EventDefinition definition_from_json(const Json& json);


}  // namespace marshal::db
