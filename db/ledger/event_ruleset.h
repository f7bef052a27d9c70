#pragma once
// The event's tabletop ruleset, as its definition named it (event_info 'ruleset'; savage when it
// named none): the chips follow it, and the recorded rolls its rules with the event's options.
#include "core/rule_options.h"
#include "core/trait_roll.h"
#include "protocol/json_fields.h"
#include "store/sqlite.h"

namespace marshal::db {

// A trait die a tabletop event may name: d4, d6, d8, d10, d12 (and d2, the unskilled coin, where
// the ruleset rolls one, 000 L40).
inline bool is_trait_die(int sides, bool coin = false) {
  return sides == 4 || sides == 6 || sides == 8 || sides == 10 || sides == 12 || (coin && sides == 2);
}

inline core::Ruleset event_ruleset(Database& db) {
  Statement s = db.prepare("SELECT value FROM event_info WHERE key = 'ruleset'");
  if (!s.step()) return core::Ruleset::savage;
  return core::ruleset_from_string(s.text(0)).value_or(core::Ruleset::savage);
}

// The event's trait rules: its ruleset's, with the options its definition set over them
// (event_info 'rule_options', checked when the definition was applied).
inline core::TraitRules event_rules(Database& db) {
  core::TraitRules rules = core::rules_for(event_ruleset(db));
  Statement s = db.prepare("SELECT value FROM event_info WHERE key = 'rule_options'");
  if (!s.step()) return rules;
  const protocol::Json options = protocol::Json::parse(s.text(0));  // kept: items() only refers to it
  for (const auto& [name, value] : options.items()) core::set_rule_option(rules, name, value.get<std::string>());
  return rules;
}

}  // namespace marshal::db
