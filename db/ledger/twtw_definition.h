#pragma once
// The West That Wasn't's part of an event definition (docs/twtw.md "The posse"): the options of
// action time and, for each character who takes part in it, what the calculators and the round
// need. It sits in the definition JSON under "twtw" only when there is at least one such
// character, so a definition without it reads back exactly as before.
#include <string>
#include <vector>

#include "core/twtw_options.h"
#include "protocol/json_fields.h"

namespace marshal::db {

using protocol::Json;

inline constexpr int twtw_min_size = 1;     // core::twtw::damage's Size limits
inline constexpr int twtw_default_size = 6; // a human (003 L444)
inline constexpr int twtw_max_start_ct = 99;  // concussion points a character starts with
inline constexpr int twtw_max_skill = 10;     // core::twtw::max_skill
inline constexpr int twtw_max_dodge = 20;     // core::twtw::max_dodge

struct TwtwCharacterDef {
  std::string name;           // a character of characters.csv
  std::string side = "posse"; // "posse" (a player's) or "judge" (the Judge's)
  int reflex = 6;             // the Reflex die's sides: 12, 10, 8, 6 or 4
  int size = twtw_default_size;
  int ct = 0;                 // starting concussion (CT): the seed gives no formula
  int shooting = 0;           // skill levels (003 L329) the TN calculators read
  int fighting = 0;
  int dodge = 0;              // the Dodge attribute (003 L357)
};

struct TwtwDefinition {
  core::twtw::Options options;
  std::vector<TwtwCharacterDef> characters;
  bool empty() const { return characters.empty(); }
};

Json twtw_options_to_json(const core::twtw::Options& o);
core::twtw::Options twtw_options_from_json(const Json& json, const std::string& path);
Json twtw_definition_to_json(const TwtwDefinition& def);
// Throws protocol::InputError naming the field when malformed or out of range.
TwtwDefinition twtw_definition_from_json(const Json& json);

}  // namespace marshal::db
