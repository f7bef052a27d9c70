#pragma once
// A tabletop game's fight sheets (docs/tabletop.md "Combat sheets"): combat.csv, one row for each
// character who fights at the Table screen, with Toughness (armour included), the armour in it,
// Parry, Wound levels and Luck. Every problem names the file, line and column like the rest of the
// import. And injuries.csv, the group's table of the Injury an Incapacitation leaves (000 L178).
#include <string>
#include <vector>

#include "import/csv_table.h"
#include "ledger/definition.h"

namespace marshal::db {

// Reads `folder`/combat.csv when there is one into the characters of `def` (read already).
void read_combat(const std::string& folder, EventDefinition& def, std::vector<ImportError>& errors);
// Reads `folder`/injuries.csv when there is one (docs/tabletop.md "Injuries"): columns `cards`
// ("2-4", "J", "joker") and `injury`, every rank and the Joker exactly once.
void read_injuries(const std::string& folder, EventDefinition& def, std::vector<ImportError>& errors);

}  // namespace marshal::db
