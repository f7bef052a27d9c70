#pragma once
// What the Table screen's fight tests (table_fight_gui_test, table_wounds_gui_test) type and read:
// a hit from the keys, and a fighter's row in the ledger.
#include <string>

#include <wx/uiaction.h>

#include "store/sqlite.h"
#include "support/gui_fixture.h"

namespace gui_testing {

// Who hits whom: the hitter's badge scanned, Ctrl+H, the target's number, the damage typed
// ("2d6+1: 4, 3": the dice, a colon, each die's faces).
inline void table_hit(wxUIActionSimulator& sim, const std::string& badge, char target, const char* damage) {
  scan_burst(sim, badge);
  pump(300);
  sim.Char('H', wxMOD_CONTROL);
  pump(300);
  sim.Char(target);
  pump(300);
  sim.Text(damage);
  sim.Char(WXK_RETURN);
  pump(500);
}

// A fighter's column in the ledger's combatants table, as text ("1", "out").
inline std::string fighter_column(const std::string& db, const std::string& name, const std::string& column) {
  marshal::db::Database ledger(db, false);
  return ledger.scalar_text("SELECT CAST(" + column + " AS TEXT) FROM combatants JOIN characters c ON c.id = character "
                            "WHERE c.name = '" + name + "'");
}

}  // namespace gui_testing
