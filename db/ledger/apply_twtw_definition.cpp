// The West That Wasn't's part of event_defined (docs/twtw.md): its options, and each character
// who takes part in action time with their Reflex, Size, CT and skills, unwounded. Apart from
// apply_twtw.cpp, which applies the rounds: this runs once, at the ledger's first event.
#include <set>

#include <fmt/format.h>

#include "core/twtw_wounds.h"
#include "ledger/apply.h"
#include "ledger/twtw_definition.h"

namespace marshal::db {

namespace tw = core::twtw;

void apply_twtw_definition(Town& town, const TwtwDefinition& def) {
  if (def.empty()) return;
  Database& db = town.db();
  db.prepare("INSERT INTO event_info(key, value) VALUES ('twtw_options', ?)")
      .bind(1, twtw_options_to_json(def.options).dump())
      .run();
  std::set<std::string> seen;
  for (std::size_t i = 0; i < def.characters.size(); ++i) {
    const TwtwCharacterDef& c = def.characters[i];
    if (!seen.insert(c.name).second)
      throw LedgerRefusal(RefusalCode::bad_input, fmt::format("twtw.characters[{}].name", i), say("{} is listed twice", c.name));
    std::int64_t id = 0;
    try {
      id = town.character_by_name(c.name);
    } catch (const LedgerRefusal&) {
      throw LedgerRefusal(RefusalCode::bad_input, fmt::format("twtw.characters[{}].name", i), say("no character named {}", c.name));
    }
    db.prepare("INSERT INTO twtw_characters(character, side, reflex, size, start_ct, shooting, fighting, dodge, "
               "wounds, ct) VALUES (?,?,?,?,?,?,?,?,?,?)")  // i18n: not words (SQL)
        .bind(1, id)
        .bind(2, c.side)
        .bind(3, c.reflex)
        .bind(4, c.size)
        .bind(5, c.ct)
        .bind(6, c.shooting)
        .bind(7, c.fighting)
        .bind(8, c.dodge)
        .bind(9, Json(tw::WoundState{}.wounds).dump())
        .bind(10, c.ct)
        .run();
  }
}

}  // namespace marshal::db
