#pragma once
// An event's definition: everything `marshal init` imports (characters, their cards with codes,
// the chase locations, the options). It is stored whole as the payload of the ledger's first
// event, `event_defined`, so the projections can be rebuilt from the events alone.
#include <string>
#include <vector>

#include "core/character.h"
#include "core/power_text.h"
#include "core/chase.h"
#include "core/options.h"
#include "protocol/json_fields.h"
#include "ledger/twtw_definition.h"

namespace marshal::db {

using protocol::Json;

struct CharacterDef {
  std::string name;
  std::string player;
  core::Attributes attributes;
  std::vector<core::Power> powers;
  std::string notes;
  std::string badge_code;
};

// kind: badge, bystander, trick, horse, secret, power. detail holds what the kind needs:
// trick {"hand", "flag"}, horse {"rating"}, secret {"text"}, power {"power"}.
struct CardDef {
  std::string code;
  std::string kind;
  std::string holder;  // character name
  std::string title;
  Json detail = Json::object();
};

struct EventDefinition {
  std::string title;
  int max_attribute = 4;
  core::EventOptions options;
  std::vector<CharacterDef> characters;
  std::vector<CardDef> cards;
  std::vector<core::Location> locations;
  TwtwDefinition twtw;  // The West That Wasn't (docs/twtw.md): in the JSON only when not empty
};

Json definition_to_json(const EventDefinition& def);
// Reads a stored definition back (for replays); throws protocol::InputError when malformed.
EventDefinition definition_from_json(const Json& json);


}  // namespace marshal::db
