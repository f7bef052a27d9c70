#include "ledger/definition.h"

#include <tuple>

#include "core/refusal.h"
#include "core/rule_options.h"
#include "core/trait_roll.h"
#include "i18n/translate.h"
#include "i18n/venue_time.h"

namespace marshal::db {

using protocol::as_array;
using protocol::Fields;
using protocol::index_path;
using i18n::say;

std::string_view to_string(Game game) {
  switch (game) {
    case Game::tabletop: return "tabletop";
    case Game::twtw: return "twtw";
    case Game::lincoln: break;
  }
  return "lincoln";
}

std::optional<Game> game_from_string(std::string_view text) {
  for (Game g : {Game::lincoln, Game::tabletop, Game::twtw})
    if (to_string(g) == text) return g;
  return std::nullopt;
}

std::string trait_die_text(int die, int bonus) {
  return "d" + std::to_string(die) + (bonus > 0 ? "+" + std::to_string(bonus) : "");
}

std::optional<std::pair<int, int>> parse_trait_die(std::string_view text) {
  const auto plus = text.find('+');
  auto die = core::die_sides(text.substr(0, plus));
  if (!die || *die < 4 || *die > 12 || *die % 2 != 0) return std::nullopt;
  int bonus = 0;
  if (plus != std::string_view::npos) {
    std::string_view b = text.substr(plus + 1);
    if (*die != 12 || b.size() != 1 || b[0] < '1' || b[0] > '0' + max_trait_bonus) return std::nullopt;
    bonus = b[0] - '0';
  }
  return std::pair{*die, bonus};
}

namespace {

Json combat_sheet_to_json(const core::CombatSheet& sheet) {
  return {{"toughness", sheet.toughness},
          {"armor", sheet.armor},
          {"parry", sheet.parry},
          {"wound_levels", sheet.wound_levels},
          {"luck", core::to_string(sheet.luck)}};
}

// The injury table as definition_to_json writes it, checked whole as injuries.csv is.
core::InjuryTable injury_table_from_json(const Json& json, Game game) {
  const std::string path = "definition.injuries";
  if (game != Game::tabletop) throw protocol::InputError(path, say("is a tabletop game's only"));
  core::InjuryTable table;
  for (std::size_t i = 0; i < as_array(json, path).size(); ++i) {
    Fields f(json[i], index_path(path, i));
    core::InjuryTable::Row row{f.text("cards"), f.text("injury")};
    f.done();
    try {
      table.add(row);
    } catch (const core::Refusal& r) {
      throw protocol::InputError(f.path_of(r.field()), r.sentence());
    }
  }
  try {
    table.check_complete();
  } catch (const core::Refusal& r) {
    throw protocol::InputError(path, r.sentence());
  }
  return table;
}

core::CombatSheet combat_sheet_from_json(const Json& json, const std::string& path) {
  Fields f(json, path);
  core::CombatSheet sheet;
  sheet.toughness = f.integer("toughness", 1, core::max_toughness);
  sheet.armor = f.integer("armor", 0, core::max_toughness - 1);
  sheet.parry = f.integer("parry", 0, core::max_parry);
  sheet.wound_levels = f.integer("wound_levels", 0, core::max_wound_levels);
  const std::string luck = f.text("luck");
  auto parsed = core::luck_from_string(luck);
  if (!parsed) throw protocol::InputError(f.path_of("luck"), say("must be none, unlucky, lucky or great_luck"));
  sheet.luck = *parsed;
  f.done();
  try {
    core::check_combat_sheet(sheet);
  } catch (const core::Refusal& r) {
    throw protocol::InputError(f.path_of(r.field()), r.sentence());
  }
  return sheet;
}

}  // namespace

Json definition_to_json(const EventDefinition& def) {
  Json characters = Json::array();
  for (const auto& c : def.characters) {
    Json powers = Json::array();
    for (auto p : c.powers) powers.push_back(core::to_string(p));
    characters.push_back({{"name", c.name},
                          {"player", c.player},
                          {"hth", c.attributes.hth},
                          {"speed", c.attributes.speed},
                          {"accuracy", c.attributes.accuracy},
                          {"gambling", c.attributes.gambling},
                          {"riding", c.attributes.riding},
                          {"powers", powers},
                          {"notes", c.notes},
                          {"badge_code", c.badge_code}});
    // Written only where a tabletop game has them: a Lincoln definition reads as it always did.
    if (!c.wild_card) characters.back()["wild_card"] = false;
    if (c.gm_side) characters.back()["side"] = "gm";
    if (!c.traits.empty()) {
      Json traits = Json::array();
      for (const auto& t : c.traits) traits.push_back({{"trait", t.name}, {"die", trait_die_text(t.die, t.bonus)}});
      characters.back()["traits"] = traits;
    }
    if (c.combat) characters.back()["combat"] = combat_sheet_to_json(*c.combat);
  }
  Json cards = Json::array();
  for (const auto& c : def.cards)
    cards.push_back({{"code", c.code}, {"kind", c.kind}, {"holder", c.holder}, {"title", c.title},
                     {"detail", c.detail}});
  Json locations = Json::array();
  for (const auto& l : def.locations)
    locations.push_back({{"name", l.name}, {"road", l.road}, {"copies", l.copies}, {"links", l.links}});
  const auto& o = def.options;
  Json options{{"max_attribute", def.max_attribute},
               {"brawl_tie", core::to_string(o.brawl.tie)},
               {"chase_min_wait_s", o.chase.min_wait_s},
               {"chase_max_wait_s", o.chase.max_wait_s},
               {"chase_escape_after", o.chase.escape_after},
               {"chase_base_hand", o.chase.base_hand},
               {"heal_minutes", o.heal_minutes}};
  // The tabletop ruleset stands beside the options: the options go to the rules of every
  // conflict, which know nothing of it.
  Json json{{"title", def.title}, {"ruleset", core::to_string(o.ruleset)}, {"options", options},
            {"characters", characters}, {"cards", cards}, {"locations", locations}};
  if (def.game != Game::lincoln) json["game"] = to_string(def.game);
  if (def.language != "en") json["language"] = def.language;
  if (!def.timezone.empty()) json["timezone"] = def.timezone;
  if (!def.rule_options.empty()) {
    Json rule_options = Json::object();
    for (const auto& [name, value] : def.rule_options) rule_options[name] = value;
    json["rule_options"] = rule_options;
  }
  if (!def.twtw.empty()) json["twtw"] = twtw_definition_to_json(def.twtw);
  if (!def.injuries.empty()) {
    Json injuries = Json::array();
    for (const auto& row : def.injuries.rows()) injuries.push_back({{"cards", row.cards}, {"injury", row.injury}});
    json["injuries"] = injuries;
  }
  return json;
}

EventDefinition definition_from_json(const Json& json) {
  EventDefinition def;
  Fields top(json, "definition");
  def.title = top.text("title");
  Fields o(top.required("options"), "definition.options");
  def.max_attribute = o.integer("max_attribute", 1, 20);
  auto tie = core::brawl_tie_rule_from_string(o.text("brawl_tie"));
  if (!tie) throw protocol::InputError("definition.options.brawl_tie", say("must be redraw or all_out"));
  def.options.brawl.tie = *tie;
  def.options.chase.min_wait_s = o.integer("chase_min_wait_s", 0, 3600);
  def.options.chase.max_wait_s = o.integer("chase_max_wait_s", 0, 3600);
  def.options.chase.escape_after = o.integer("chase_escape_after", 1, 20);
  def.options.chase.base_hand = o.integer("chase_base_hand", 0, 40);
  // A definition written before healing took time has none: the default.
  def.options.heal_minutes = o.integer_or("heal_minutes", 0, core::max_heal_minutes, core::default_heal_minutes);
  o.done();
  // A definition written before rulesets (schema 10 and older) has none: it plays savage.
  if (auto ruleset_text = top.optional_text("ruleset")) {
    auto ruleset = core::ruleset_from_string(*ruleset_text);
    if (!ruleset) throw protocol::InputError("definition.ruleset", say("must be savage, deadlands-1876 or deadlands-ru"));
    def.options.ruleset = *ruleset;
  }
  if (auto game_text = top.optional_text("game")) {
    auto game = game_from_string(*game_text);
    if (!game) throw protocol::InputError("definition.game", say("must be lincoln, tabletop or twtw"));
    def.game = *game;
  }
  if (auto language = top.optional_text("language")) {
    if (!i18n::is_known_language(*language)) {
      const auto& known = i18n::known_languages();
      // TRANSLATORS: {0} and {1} are language codes (en, ru)
      if (known.size() == 2) throw protocol::InputError("definition.language", say("must be {} or {}", known[0], known[1]));
      std::string listed;
      for (const auto& code : known) listed += (listed.empty() ? "" : ", ") + code;
      // TRANSLATORS: {} lists language codes (en, ru, de)
      throw protocol::InputError("definition.language", say("must be one of {}", listed));
    }
    def.language = *language;
  }
  if (auto zone = top.optional_text("timezone")) {
    // Only the name's form here: a ledger stays readable on a machine without that zone's data.
    if (!i18n::is_time_zone_name(*zone))
      throw protocol::InputError("definition.timezone", say("must be a time zone name like Europe/Moscow"));
    def.timezone = *zone;
  }
  if (const Json* rule_options = top.optional("rule_options")) {
    if (!rule_options->is_object()) throw protocol::InputError("definition.rule_options", say("must be an object"));
    core::TraitRules check = core::rules_for(def.options.ruleset);
    for (const auto& [name, value] : rule_options->items()) {
      const std::string path = "definition.rule_options." + name;
      if (!value.is_string()) throw protocol::InputError(path, say("must be text"));
      try {
        core::set_rule_option(check, name, value.get<std::string>());
      } catch (const core::Refusal& r) {
        throw protocol::InputError(path, r.sentence());
      }
      def.rule_options.emplace_back(name, value.get<std::string>());
    }
  }
  const Json& characters = top.required("characters");
  for (std::size_t i = 0; i < as_array(characters, "characters").size(); ++i) {
    Fields f(characters[i], index_path("definition.characters", i));
    CharacterDef c;
    c.name = f.text("name");
    c.player = f.text("player");
    c.attributes.hth = f.integer("hth", 0, def.max_attribute);
    c.attributes.speed = f.integer("speed", 0, def.max_attribute);
    c.attributes.accuracy = f.integer("accuracy", 0, def.max_attribute);
    c.attributes.gambling = f.integer("gambling", 0, def.max_attribute);
    c.attributes.riding = f.integer("riding", 0, def.max_attribute);
    const Json& powers = f.required("powers");
    for (std::size_t k = 0; k < as_array(powers, f.path_of("powers")).size(); ++k) {
      auto p = core::power_from_string(protocol::as_text(powers[k], index_path(f.path_of("powers"), k)));
      if (!p) throw protocol::InputError(index_path(f.path_of("powers"), k), say("is no power"));
      c.powers.push_back(*p);
    }
    c.notes = f.text("notes");
    c.badge_code = f.text("badge_code");
    c.wild_card = f.boolean_or("wild_card", true);
    if (auto side = f.optional_text("side")) {
      if (*side != "gm" && *side != "posse") throw protocol::InputError(f.path_of("side"), say("must be posse or gm"));
      c.gm_side = *side == "gm";
    }
    if (const Json* traits = f.optional("traits")) {
      const std::string path = f.path_of("traits");
      for (std::size_t k = 0; k < as_array(*traits, path).size(); ++k) {
        Fields t((*traits)[k], index_path(path, k));
        TraitDef trait;
        trait.name = t.text("trait");
        std::string die = t.text("die");
        auto parsed = parse_trait_die(die);
        if (!parsed) throw protocol::InputError(t.path_of("die"), say("'{}' is not a trait die (d4..d12, d12+1)", die));
        std::tie(trait.die, trait.bonus) = *parsed;
        t.done();
        c.traits.push_back(std::move(trait));
      }
    }
    if (const Json* combat = f.optional("combat")) {
      if (def.game != Game::tabletop) throw protocol::InputError(f.path_of("combat"), say("is a tabletop game's only"));
      c.combat = combat_sheet_from_json(*combat, f.path_of("combat"));
    }
    f.done();
    def.characters.push_back(std::move(c));
  }
  const Json& cards = top.required("cards");
  for (std::size_t i = 0; i < as_array(cards, "cards").size(); ++i) {
    Fields f(cards[i], index_path("definition.cards", i));
    CardDef c;
    c.code = f.text("code");
    c.kind = f.text("kind");
    c.holder = f.text("holder");
    c.title = f.text("title");
    c.detail = f.required("detail");
    f.done();
    def.cards.push_back(std::move(c));
  }
  const Json& locations = top.required("locations");
  for (std::size_t i = 0; i < as_array(locations, "locations").size(); ++i) {
    Fields f(locations[i], index_path("definition.locations", i));
    core::Location l;
    l.name = f.text("name");
    l.road = f.boolean_or("road", false);
    l.copies = f.integer("copies", 0, 100);
    const Json& links = f.required("links");
    for (std::size_t k = 0; k < as_array(links, f.path_of("links")).size(); ++k)
      l.links.push_back(protocol::as_text(links[k], index_path(f.path_of("links"), k)));
    f.done();
    def.locations.push_back(std::move(l));
  }
  if (const Json* twtw = top.optional("twtw")) def.twtw = twtw_definition_from_json(*twtw);
  if (const Json* injuries = top.optional("injuries")) def.injuries = injury_table_from_json(*injuries, def.game);
  top.done();
  return def;
}

}  // namespace marshal::db
