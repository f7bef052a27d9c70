#include "import/import_twtw.h"

#include <algorithm>
#include <filesystem>
#include <set>

#include "core/trait_roll.h"
#include "core/twtw_damage.h"
#include "core/twtw_order.h"
#include "i18n/translate.h"
#include "import/import_event.h"

namespace marshal::db {

using i18n::tr;

namespace tw = core::twtw;

namespace {

// One of an enum's names in the value column, or an error listing the names.
template <typename Parse, typename Value>
void named(RowReader& r, Parse parse, Value& out, const std::string& names) {
  const std::string text = r.text("value", true);
  if (auto v = parse(text)) out = *v;
  // TRANSLATORS: {0} is the value given, {1} the values an option may have (as written in options.csv).
  else r.error("value", fmt::format(fmt::runtime(tr("'{}' is not one of {}")), text, names));
}

}  // namespace

bool read_twtw_option(const std::string& option, RowReader& r, tw::Options& o) {
  if (option.rfind("twtw_", 0) != 0) return false;
  // The values each option may have, as options.csv spells them.
  if (option == "twtw_wound_table")
    named(r, tw::wound_table_from_string, o.wound_table, "five_level, four_level");  // i18n: not words
  else if (option == "twtw_size_steps")
    named(r, tw::size_steps_from_string, o.size_steps, "halving, literal");  // i18n: not words
  else if (option == "twtw_stun_row")
    named(r, tw::stun_row_from_string, o.stun_row, "after_hit, before_hit");  // i18n: not words
  else if (option == "twtw_bleeding") o.bleeding = r.yes_no("value");
  else if (option == "twtw_risk") o.risk = r.yes_no("value");
  else if (option == "twtw_fast_phases") o.speed_phases.fast = r.number("value", 1, tw::phases_per_round);
  else if (option == "twtw_normal_phases") o.speed_phases.normal = r.number("value", 1, tw::phases_per_round);
  else if (option == "twtw_slow_phases") o.speed_phases.slow = r.number("value", 1, tw::phases_per_round);
  else
    r.error("option", fmt::format(fmt::runtime(tr("unknown option '{}' (twtw_wound_table, twtw_size_steps, twtw_stun_row, "
                                                  "twtw_bleeding, twtw_risk, twtw_fast_phases, twtw_normal_phases, "
                                                  "twtw_slow_phases)")),
                                  option));
  return true;
}

void read_twtw(const std::string& folder, const std::vector<std::string>& characters, TwtwDefinition& def,
               std::vector<ImportError>& errors) {
  const std::string file = "twtw.csv";
  CsvTable table((std::filesystem::path(folder) / file).string(), file, errors);
  if (!table.exists()) {
    // Without characters the options would be dropped from the definition without a word.
    if (twtw_options_to_json(def.options) != twtw_options_to_json({}))
      errors.push_back({"options.csv", 0, 0, "", tr("sets twtw_ options but the folder has no twtw.csv")});
    return;
  }
  if (!table.check_columns({"character", "side", "reflex", "ct"}, {"size", "shooting", "fighting", "dodge", "note"},
                           errors))
    return;
  std::set<std::string> seen;
  for (const CsvRow& row : table.rows()) {
    RowReader r(table, row, errors);
    TwtwCharacterDef c;
    c.name = r.text("character", true, 80);
    if (!c.name.empty() && std::find(characters.begin(), characters.end(), c.name) == characters.end()) {
      const std::string near = closest_name(c.name, characters);
      r.error("character", unknown_character(c.name, near));
    } else if (!c.name.empty() && !seen.insert(c.name).second) {
      r.error("character", fmt::format(fmt::runtime(tr("'{}' has a row already")), c.name));
    }
    c.side = r.text("side", true);
    if (!c.side.empty() && c.side != "posse" && c.side != "judge")
      r.error("side", fmt::format(fmt::runtime(tr("'{}' is neither posse (a player's character) nor judge (the Judge's)")),
                                  c.side));
    const std::string reflex = r.text("reflex", true);
    auto sides = core::die_sides(reflex);
    if (!reflex.empty() && (!sides || !tw::is_reflex_die(*sides)))
      r.error("reflex", fmt::format(fmt::runtime(tr("'{}' is not a Reflex die: d12, d10, d8, d6 or d4")), reflex));
    else if (sides)
      c.reflex = *sides;
    c.ct = r.number("ct", 1, twtw_max_start_ct);
    if (!table.cell(row, "size").empty()) c.size = r.number("size", twtw_min_size, tw::max_size);
    if (!table.cell(row, "shooting").empty()) c.shooting = r.number("shooting", 0, twtw_max_skill);
    if (!table.cell(row, "fighting").empty()) c.fighting = r.number("fighting", 0, twtw_max_skill);
    if (!table.cell(row, "dodge").empty()) c.dodge = r.number("dodge", 0, twtw_max_dodge);
    r.text("note", false, 200);
    def.characters.push_back(std::move(c));
  }
  if (table.rows().empty()) errors.push_back({file, 0, 0, "", tr("lists no characters: leave the file out instead")});
}

}  // namespace marshal::db
