#include "import/import_combat.h"

#include <algorithm>
#include <filesystem>
#include <set>

#include <fmt/format.h>

#include "core/refusal.h"
#include "i18n/translate.h"
#include "import/import_event.h"
#include "i18n/utf8_text.h"
#include "import/row_reader.h"

namespace marshal::db {

using i18n::tr;

void read_combat(const std::string& folder, EventDefinition& def, std::vector<ImportError>& errors) {
  const std::string file = "combat.csv";
  CsvTable table((std::filesystem::path(folder) / file).string(), file, errors);
  if (!table.exists()) return;
  if (def.game != Game::tabletop) {
    errors.push_back({file, 0, 0, "", tr("fight sheets are for a tabletop game: set game to tabletop in options.csv")});
    return;
  }
  if (!table.check_columns({"character", "toughness", "parry"}, {"armor", "wound_levels", "luck", "note"}, errors)) return;
  std::vector<std::string> names;
  for (const CharacterDef& c : def.characters) names.push_back(c.name);
  std::set<std::string> seen;
  for (const CsvRow& row : table.rows()) {
    RowReader r(table, row, errors);
    const std::string name = r.text("character", true, 80);
    auto character = std::find_if(def.characters.begin(), def.characters.end(),
                                  [&](const CharacterDef& c) { return c.name == name; });
    if (!name.empty() && character == def.characters.end())
      r.error("character", unknown_character(name, closest_name(name, names)));
    else if (!name.empty() && !seen.insert(name).second)
      r.error("character", fmt::format(fmt::runtime(tr("'{}' has a row already")), name));
    core::CombatSheet sheet;
    sheet.toughness = r.number("toughness", 1, core::max_toughness);
    sheet.parry = r.number("parry", 0, core::max_parry);
    if (!table.cell(row, "armor").empty()) sheet.armor = r.number("armor", 0, core::max_toughness - 1);
    const bool wild_card = character == def.characters.end() || character->wild_card;
    // An Extra has no Wound levels, a Wild Card three (001 L4), unless the sheet says ("S/W6/I": 6).
    sheet.wound_levels = wild_card ? core::wild_card_wound_levels : 0;
    if (!table.cell(row, "wound_levels").empty())
      sheet.wound_levels = r.number("wound_levels", 0, core::max_wound_levels);
    const std::string luck = r.text("luck", false);
    if (auto parsed = core::luck_from_string(luck.empty() ? "none" : luck)) sheet.luck = *parsed;
    else
      // TRANSLATORS: {} is the value given; the names after it are written as in combat.csv.
      r.error("luck", fmt::format(fmt::runtime(tr("'{}' is not one of none, unlucky, lucky, great_luck (002 L16-18)")),
                                  luck));
    r.text("note", false, 200);
    if (sheet.armor >= sheet.toughness)
      // TRANSLATORS: {0} the armour given, {1} the row's Toughness, which holds the armour.
      r.error("armor", fmt::format(fmt::runtime(tr("{} is not part of Toughness {}: Toughness holds the armour")),
                                   sheet.armor, sheet.toughness));
    if (character != def.characters.end() && seen.count(name) && !character->combat) character->combat = sheet;
  }
  if (table.rows().empty()) errors.push_back({file, 0, 0, "", tr("lists no characters: leave the file out instead")});
}

void read_injuries(const std::string& folder, EventDefinition& def, std::vector<ImportError>& errors) {
  const std::string file = "injuries.csv";
  CsvTable table((std::filesystem::path(folder) / file).string(), file, errors);
  if (!table.exists()) return;
  if (def.game != Game::tabletop) {
    errors.push_back({file, 0, 0, "", tr("an injury table is for a tabletop game: set game to tabletop in options.csv")});
    return;
  }
  if (!table.check_columns({"cards", "injury"}, {"note"}, errors)) return;
  const std::size_t errors_before = errors.size();
  for (const CsvRow& row : table.rows()) {
    RowReader r(table, row, errors);
    const core::InjuryTable::Row injury{r.text("cards", true), r.text("injury", true, core::max_injury_characters)};
    r.text("note", false, 200);
    if (injury.cards.empty() || injury.injury.empty() || i18n::characters_in(injury.injury) > core::max_injury_characters)
      continue;  // said by the reader
    try {
      def.injuries.add(injury);
    } catch (const core::Refusal& refusal) {
      r.error(refusal.field(), refusal.reason());
    }
  }
  if (errors.size() != errors_before) return;  // a row refused would show as missing ranks too
  try {
    def.injuries.check_complete();
  } catch (const core::Refusal& refusal) {
    errors.push_back({file, 0, 0, "", refusal.reason()});
  }
}

}  // namespace marshal::db
