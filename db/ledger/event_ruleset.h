#pragma once
// The event's tabletop ruleset, as its definition named it (event_info 'ruleset'; savage when it
// named none): the chips and the recorded rolls follow it.
#include "core/trait_roll.h"
#include "store/sqlite.h"

namespace marshal::db {

inline core::Ruleset event_ruleset(Database& db) {
  Statement s = db.prepare("SELECT value FROM event_info WHERE key = 'ruleset'");
  if (!s.step()) return core::Ruleset::savage;
  return core::ruleset_from_string(s.text(0)).value_or(core::Ruleset::savage);
}

}  // namespace marshal::db
