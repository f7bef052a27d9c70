#include "import/import_event.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>
#include <tuple>

#include <fmt/format.h>

#include "core/accusation.h"
#include "core/offices.h"
#include "core/refusal.h"
#include "core/rule_options.h"
#include "i18n/translate.h"
#include "i18n/venue_time.h"
#include "import/import_combat.h"
#include "import/import_twtw.h"
#include "import/row_reader.h"
#include "ledger/token_card.h"

namespace marshal::db {

using i18n::tr;

namespace {

// A card of the same kind and name twice for one holder.
std::string already_has_card(const std::string& holder, const std::string& kind, const std::string& title) {
  // TRANSLATORS: {0} is a character, {1} the name of a card they hold twice.
  if (kind == "bystander") return fmt::format(fmt::runtime(tr("{} already has a bystander called '{}'")), holder, title);
  // TRANSLATORS: {0} is a character, {1} the name of a card they hold twice.
  if (kind == "horse") return fmt::format(fmt::runtime(tr("{} already has a horse called '{}'")), holder, title);
  // TRANSLATORS: {0} is a character, {1} the name of a card they hold twice.
  return fmt::format(fmt::runtime(tr("{} already has a secret called '{}'")), holder, title);
}

struct Importer {
  std::string folder;
  const std::function<std::string()>& make_code;
  std::vector<ImportError> errors;
  EventDefinition def;
  std::vector<std::string> character_names;
  std::set<std::string> codes;

  std::string fresh_code() {
    for (;;) {  // 80 random bits: a clash is astronomically rare, but cheap to rule out
      std::string code = make_code();
      if (codes.insert(code).second) return code;
    }
  }

  CsvTable open(const std::string& file) {
    return CsvTable((std::filesystem::path(folder) / file).string(), file, errors);
  }

  // The character a row refers to (in `column`); reports an unknown one with the closest known name.
  bool known_character(RowReader& r, const std::string& name, const std::string& column = "character") {
    if (name.empty()) return false;
    if (std::find(character_names.begin(), character_names.end(), name) != character_names.end())
      return true;
    std::string near = closest_name(name, character_names);
    r.error(column, unknown_character(name, near));
    return false;
  }

  // deeds.csv: the town's land (004 L262), a deed card per parcel held by its first owner.
  void read_deeds() {
    CsvTable table = open("deeds.csv");
    if (!table.exists() || !table.check_columns({"parcel", "acres", "description", "owner"}, {}, errors)) return;
    std::set<std::string> parcels;
    for (const auto& row : table.rows()) {
      RowReader r(table, row, errors);
      CardDef card;
      card.kind = "deed";
      card.title = r.text("parcel", true, core::max_parcel_characters);
      const int acres = r.number("acres", 1, core::max_acres);
      card.detail = {{"acres", acres}, {"description", r.text("description", false, core::max_deed_description_characters)}};
      card.holder = r.text("owner", true, 80);
      if (!card.title.empty() && !parcels.insert(card.title).second)
        // TRANSLATORS: {} is a parcel of land named twice in deeds.csv.
        r.error("parcel", fmt::format(fmt::runtime(tr("'{}' is listed twice: each parcel has one deed")), card.title));
      if (!known_character(r, card.holder, "owner") || card.title.empty()) continue;
      def.cards.push_back(std::move(card));
    }
  }

  void read_options() {
    CsvTable table = open("options.csv");
    def.title = std::filesystem::path(folder).filename().string();
    if (!table.exists() || !table.check_columns({"option", "value"}, {}, errors)) return;
    std::set<std::string> seen;
    for (const auto& row : table.rows()) {
      RowReader r(table, row, errors);
      std::string option = r.text("option", true);
      if (option.empty()) continue;
      if (!seen.insert(option).second) r.error("option", fmt::format(fmt::runtime(tr("'{}' is set twice")), option));
      auto& chase = def.options.chase;
      if (option == "title") def.title = r.text("value", true, 120);
      else if (option == "max_attribute") def.max_attribute = r.number("value", 1, 20);
      else if (option == "brawl_tie") {
        auto rule = core::brawl_tie_rule_from_string(r.text("value", true));
        if (!rule) r.error("value", tr("brawl_tie is redraw or all_out"));
        else def.options.brawl.tie = *rule;
      } else if (option == "chase_min_wait_s") chase.min_wait_s = r.number("value", 0, 3600);
      else if (option == "chase_max_wait_s") chase.max_wait_s = r.number("value", 0, 3600);
      else if (option == "chase_escape_after") chase.escape_after = r.number("value", 1, 20);
      else if (option == "chase_base_hand") chase.base_hand = r.number("value", 0, 40);
      else if (option == "heal_minutes") def.options.heal_minutes = r.number("value", 0, core::max_heal_minutes);
      else if (option == "game") {
        auto game = game_from_string(r.text("value", true));
        if (!game) r.error("value", tr("game is lincoln, tabletop or twtw"));
        else def.game = *game;
      } else if (option == "ruleset") {
        auto ruleset = core::ruleset_from_string(r.text("value", true));
        if (!ruleset) r.error("value", tr("ruleset is savage, deadlands-1876 or deadlands-ru"));
        else def.options.ruleset = *ruleset;
      } else if (option == "language") {
        const std::string language = r.text("value", true);
        // TRANSLATORS: {} is the language codes Marshal knows ("en or ru").
        if (!i18n::is_known_language(language))
          r.error("value", fmt::format(fmt::runtime(tr("language is {}")), i18n::known_languages_text()));
        else def.language = language;
      } else if (option == "timezone") {
        // The venue's zone, which this machine must know (the stations' machines too).
        const std::string zone = r.text("value", true);
        if (const std::string why = i18n::time_zone_problem(zone); !why.empty()) r.error("value", why);
        else def.timezone = zone;
      } else if (core::is_rule_option(option)) {
        try {
          core::TraitRules check;
          core::set_rule_option(check, option, r.text("value", true));
          def.rule_options.emplace_back(option, table.cell(row, "value"));
        } catch (const core::Refusal& refusal) {
          r.error("value", option + ": " + refusal.reason());
        }
      } else if (read_twtw_option(option, r, def.twtw.options)) {
      } else
        r.error("option", fmt::format(fmt::runtime(tr("unknown option '{}' (title, max_attribute, brawl_tie, chase_min_wait_s, "
                                                      "chase_max_wait_s, chase_escape_after, chase_base_hand, heal_minutes, game, "
                                                      "ruleset, language, timezone, a ruleset's options such as "
                                                      "crit_fail_reroll (docs/tabletop.md), twtw_...)")),
                                      option));
    }
    if (def.options.chase.max_wait_s < def.options.chase.min_wait_s)
      errors.push_back({"options.csv", 0, 0, "", tr("chase_max_wait_s is below chase_min_wait_s")});
  }

  void read_characters() {
    CsvTable table = open("characters.csv");
    if (!table.exists()) {
      errors.push_back({"characters.csv", 0, 0, "", tr("is missing: every event needs its characters")});
      return;
    }
    // A tabletop game's characters have traits (traits.csv), not the Lincoln attributes.
    const std::vector<std::string> lincoln{"hth", "speed", "accuracy", "gambling", "riding"};
    std::vector<std::string> required{"name"}, optional{"player", "powers", "notes", "wild_card", "side"};
    (def.game == Game::lincoln ? required : optional).insert(
        (def.game == Game::lincoln ? required : optional).end(), lincoln.begin(), lincoln.end());
    if (!table.check_columns(required, optional, errors)) return;
    for (const auto& row : table.rows()) {
      RowReader r(table, row, errors);
      CharacterDef c;
      c.name = r.text("name", true, 60);  // the longest a badge and a horse's owner line hold
      if (std::find(character_names.begin(), character_names.end(), c.name) != character_names.end())
        r.error("name", fmt::format(fmt::runtime(tr("'{}' is a duplicate name")), c.name));
      c.player = r.text("player", false, 120);
      const int max = def.max_attribute;
      auto attribute = [&](const std::string& column) {
        return def.game != Game::lincoln && table.cell(row, column).empty() ? 0 : r.number(column, 0, max);
      };
      c.attributes = {attribute("hth"), attribute("speed"), attribute("accuracy"), attribute("gambling"),
                      attribute("riding")};
      // Blank is a Wild Card: every player character is one; the GM marks the Extras.
      c.wild_card = table.cell(row, "wild_card").empty() || r.yes_no("wild_card");
      const std::string side = table.cell(row, "side");
      if (side != "" && side != "posse" && side != "gm")
        r.error("side", fmt::format(fmt::runtime(tr("'{}' is neither posse nor gm")), side));
      c.gm_side = side == "gm";
      for (const auto& p : split_list(table.cell(row, "powers"))) {
        auto power = core::power_from_string(p);
        if (!power)
          r.error("powers", fmt::format(fmt::runtime(tr("'{}' is no power (doctor, mayor, judge, lawman, banker, "
                                                        "tracking, hideout, prospecting, charm)")),
                                        p));
        else if (std::find(c.powers.begin(), c.powers.end(), *power) != c.powers.end())
          r.error("powers", fmt::format(fmt::runtime(tr("'{}' is listed twice")), p));
        else
          c.powers.push_back(*power);
      }
      c.notes = r.text("notes", false, 4000);
      if (c.name.empty()) continue;
      character_names.push_back(c.name);
      def.characters.push_back(std::move(c));
    }
    if (def.characters.empty() && table.rows().empty())
      errors.push_back({"characters.csv", 0, 0, "", tr("lists no characters")});
  }

  // bystanders, tricks, horses, secrets: one card per row, held by `character`.
  void read_cards(const std::string& file, const std::string& kind,
                  const std::vector<std::string>& required, const std::vector<std::string>& optional) {
    CsvTable table = open(file);
    if (!table.exists() || !table.check_columns(required, optional, errors)) return;
    std::set<std::pair<std::string, std::string>> seen;
    for (const auto& row : table.rows()) {
      RowReader r(table, row, errors);
      std::string holder = r.text("character", true, 80);
      CardDef card;
      card.kind = kind;
      card.holder = holder;
      if (kind == "bystander") {
        card.title = r.text("name", true, 120);
      } else if (kind == "trick") {
        card.title = r.text("hand", true, 60);
        std::string flag = r.text("flag", true);
        if (!flag.empty() && !core::trick_flag_from_string(flag))
          r.error("flag", fmt::format(fmt::runtime(tr("'{}' is neither cheat nor skill")), flag));
        card.detail = {{"flag", flag}};
      } else if (kind == "horse") {
        card.title = r.text("name", true, 30);  // the horse card's name box
        card.detail = {{"rating", r.number("rating", 0, 4)}};
      } else if (kind == "secret") {
        card.title = r.text("title", true, 40);  // 40 + 600: what a secret card holds
        card.detail = {{"text", r.text("text", true, 600)}};
      }
      if (!known_character(r, holder)) continue;
      if (kind != "trick" && !card.title.empty() && !seen.insert({holder, card.title}).second)
        r.error(required[1], already_has_card(holder, kind, card.title));
      def.cards.push_back(std::move(card));
    }
  }

  // traits.csv (a tabletop game): one trait of one character a row, its die type.
  void read_traits() {
    CsvTable table = open("traits.csv");
    if (!table.exists()) return;
    if (def.game != Game::tabletop) {
      errors.push_back(
          {"traits.csv", 0, 0, "", tr("traits are for a tabletop game: set game to tabletop in options.csv")});
      return;
    }
    if (!table.check_columns({"character", "trait", "die"}, {}, errors)) return;
    for (const auto& row : table.rows()) {
      RowReader r(table, row, errors);
      std::string holder = r.text("character", true, 80);
      TraitDef trait;
      trait.name = r.text("trait", true, max_trait_name);
      std::string die = r.text("die", true);
      if (auto parsed = parse_trait_die(die)) std::tie(trait.die, trait.bonus) = *parsed;
      else if (!die.empty())
        r.error("die", fmt::format(fmt::runtime(tr("'{}' is not a die type: d4, d6, d8, d10, d12, or d12+1 up to d12+{}")),
                                   die, max_trait_bonus));
      if (!known_character(r, holder) || trait.name.empty()) continue;
      auto& c = *std::find_if(def.characters.begin(), def.characters.end(),
                              [&](const CharacterDef& d) { return d.name == holder; });
      for (const auto& t : c.traits)
        if (t.name == trait.name)
          // TRANSLATORS: {0} is a character, {1} a trait of theirs given twice in traits.csv.
          r.error("trait", fmt::format(fmt::runtime(tr("{} already has {}")), holder, trait.name));
      c.traits.push_back(std::move(trait));
    }
  }

  // tokens.csv: tokens of fortune dealt with the packets (000 L64-92), checked as token_issued is.
  void read_tokens() {
    CsvTable table = open("tokens.csv");
    if (!table.exists() || !table.check_columns({"character", "token"}, {"text", "die"}, errors)) return;
    for (const auto& row : table.rows()) {
      RowReader r(table, row, errors);
      std::string holder = r.text("character", true, 80);
      std::string kind = r.text("token", true);
      if (kind.empty()) continue;
      try {
        core::TokenSpec spec = core::token_spec(kind, table.cell(row, "text"), table.cell(row, "die"));
        if (known_character(r, holder))
          def.cards.push_back({"", "token", holder, core::token_title(spec.kind, spec.text, spec.die_sides),
                               token_detail(spec)});
      } catch (const core::Refusal& refusal) {
        r.error(refusal.field(), refusal.reason());
      }
    }
  }

  void read_locations() {
    CsvTable table = open("locations.csv");
    if (!table.exists() || !table.check_columns({"name", "copies"}, {"road", "links"}, errors)) return;
    std::map<std::string, int> line_of;
    std::vector<std::pair<int, std::vector<std::string>>> links;
    for (const auto& row : table.rows()) {
      RowReader r(table, row, errors);
      core::Location loc;
      loc.name = r.text("name", true, 60);
      loc.road = r.yes_no("road");
      loc.copies = r.number("copies", 2, 4);
      loc.links = split_list(table.cell(row, "links"));
      if (loc.name.empty()) continue;
      if (!line_of.emplace(loc.name, row.line).second)
        r.error("name", fmt::format(fmt::runtime(tr("'{}' is a duplicate name")), loc.name));
      for (const auto& l : loc.links)
        if (l == loc.name) r.error("links", fmt::format(fmt::runtime(tr("'{}' links to itself")), l));
      links.emplace_back(row.line, loc.links);
      def.locations.push_back(std::move(loc));
    }
    std::vector<std::string> names;
    for (const auto& [name, line] : line_of) names.push_back(name);
    for (const auto& [line, list] : links)
      for (const auto& l : list)
        if (!line_of.count(l)) {
          std::string near = closest_name(l, names);
          errors.push_back(
              {"locations.csv", line, table.column_number("links"), "links",
               near.empty() ? fmt::format(fmt::runtime(tr("a link to '{}', which is no location")), l)
                            // TRANSLATORS: {0} is a location's name as written, {1} the known one it is closest to.
                            : fmt::format(fmt::runtime(tr("a link to '{}', which is no location (did you mean '{}'?)")),
                                          l, near)});
        }
    if (!def.locations.empty() &&
        std::none_of(def.locations.begin(), def.locations.end(), [](const auto& l) { return l.road; }))
      errors.push_back({"locations.csv", 0, 0, "", tr("no location is a ROAD card (road = yes)")});
  }

  void give_codes() {
    std::vector<CardDef> generated;
    for (auto& c : def.characters) {
      c.badge_code = fresh_code();
      generated.push_back({c.badge_code, "badge", c.name, c.name, Json::object()});
      for (auto p : c.powers)
        generated.push_back({"", "power", c.name, std::string(core::to_string(p)),
                             {{"power", core::to_string(p)}, {"text", core::power_card_text(p)}}});
    }
    def.cards.insert(def.cards.begin(), generated.begin(), generated.end());
    for (auto& card : def.cards)
      if (card.code.empty()) card.code = fresh_code();
  }
};

}  // namespace

std::string closest_name(const std::string& name, const std::vector<std::string>& known) {
  auto distance = [](const std::string& a, const std::string& b) {
    std::vector<std::size_t> prev(b.size() + 1), cur(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) prev[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
      cur[0] = i;
      for (std::size_t j = 1; j <= b.size(); ++j) {
        bool same = std::tolower(static_cast<unsigned char>(a[i - 1])) ==
                    std::tolower(static_cast<unsigned char>(b[j - 1]));
        cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (same ? 0 : 1)});
      }
      std::swap(prev, cur);
    }
    return prev[b.size()];
  };
  std::string best;
  std::size_t best_distance = std::max<std::size_t>(3, name.size() / 3) + 1;
  for (const auto& k : known) {
    std::size_t d = distance(name, k);
    if (d < best_distance) best_distance = d, best = k;
  }
  return best;
}

std::string unknown_character(const std::string& name, const std::string& near) {
  if (near.empty()) return fmt::format(fmt::runtime(tr("unknown character '{}' (not in characters.csv)")), name);
  // TRANSLATORS: {0} is a character's name as written, {1} the known name it is closest to.
  return fmt::format(fmt::runtime(tr("unknown character '{}' (did you mean '{}'?)")), name, near);
}

ImportResult import_event(const std::string& folder, const std::function<std::string()>& make_code) {
  Importer im{folder, make_code, {}, {}, {}, {}};
  if (!std::filesystem::is_directory(folder)) {
    im.errors.push_back({folder, 0, 0, "", tr("is not a folder of CSV files")});
    return {{}, im.errors};
  }
  im.read_options();
  im.read_characters();
  im.read_cards("bystanders.csv", "bystander", {"character", "name"}, {});
  im.read_cards("tricks.csv", "trick", {"character", "hand", "flag"}, {});
  im.read_cards("horses.csv", "horse", {"character", "name", "rating"}, {});
  im.read_cards("secrets.csv", "secret", {"character", "title", "text"}, {});
  im.read_deeds();
  im.read_traits();
  read_combat(folder, im.def, im.errors);
  read_injuries(folder, im.def, im.errors);
  im.read_tokens();
  im.read_locations();
  read_twtw(folder, im.character_names, im.def.twtw, im.errors);
  if (!im.def.twtw.empty() && im.def.game != Game::twtw)
    im.errors.push_back(
        {"twtw.csv", 0, 0, "", tr("action time is The West That Wasn't's: set game to twtw in options.csv")});
  if (!im.errors.empty()) return {{}, im.errors};
  im.give_codes();
  return {std::move(im.def), {}};
}

}  // namespace marshal::db
