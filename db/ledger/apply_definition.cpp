// event_defined: the first event of every ledger, holding the whole event definition.
#include <set>

#include "core/card_code.h"
#include "core/offices.h"
#include "i18n/utf8_text.h"
#include "core/refusal.h"
#include "ledger/apply.h"
#include "ledger/combatants.h"
#include "ledger/token_card.h"

namespace marshal::db {

void apply_event_defined(Town& town, const Json& payload) {
  EventDefinition def;
  try {
    def = definition_from_json(payload);
  } catch (const protocol::InputError& e) {
    throw LedgerRefusal(RefusalCode::bad_input, e.path(), e.sentence());
  }
  // Checked again here, not only at import: a replay must never trust what it reads.
  if (!def.locations.empty()) {
    try {
      core::LocationMap map(def.locations);
    } catch (const core::Refusal& r) {
      throw LedgerRefusal(RefusalCode::bad_input, r.field(), r.sentence());
    }
  }
  Database& db = town.db();
  db.prepare("INSERT INTO event_info(key, value) VALUES ('title', ?)").bind(1, def.title).run();
  db.prepare("INSERT INTO event_info(key, value) VALUES ('options', ?)")
      .bind(1, definition_to_json(def)["options"].dump())
      .run();
  // The tabletop ruleset (apply_chips.cpp), as the definition names it: a definition from before
  // rulesets names none and keeps its projection as it was.
  if (payload.contains("ruleset"))
    db.prepare("INSERT INTO event_info(key, value) VALUES ('ruleset', ?)").bind(1, core::to_string(def.options.ruleset)).run();
  if (!def.rule_options.empty())
    db.prepare("INSERT INTO event_info(key, value) VALUES ('rule_options', ?)")
        .bind(1, definition_to_json(def)["rule_options"].dump())
        .run();
  if (def.language != "en")
    db.prepare("INSERT INTO event_info(key, value) VALUES ('language', ?)").bind(1, def.language).run();
  if (!def.timezone.empty())
    db.prepare("INSERT INTO event_info(key, value) VALUES ('timezone', ?)").bind(1, def.timezone).run();
  if (def.game != Game::lincoln)
    db.prepare("INSERT INTO event_info(key, value) VALUES ('game', ?)").bind(1, to_string(def.game)).run();
  std::set<std::string> codes;
  auto check_code = [&](const std::string& code, const std::string& field) {
    if (!core::parse_card_code(code).ok() || core::parse_card_code(code).code != code)
      throw LedgerRefusal(RefusalCode::bad_code, field, say("'{}' is not a canonical card code", code));
    if (!codes.insert(code).second) throw LedgerRefusal(RefusalCode::bad_input, field, say("code {} is used twice", code));
  };
  for (const auto& c : def.characters) {
    std::string powers = core::powers_to_list(c.powers);
    db.prepare(
           "INSERT INTO characters(name, player, hth, speed, accuracy, gambling, riding, powers, "
           "notes, wild_card, side) VALUES (?,?,?,?,?,?,?,?,?,?,?)")  // i18n: not words (SQL)
        .bind(1, c.name)
        .bind(2, c.player)
        .bind(3, c.attributes.hth)
        .bind(4, c.attributes.speed)
        .bind(5, c.attributes.accuracy)
        .bind(6, c.attributes.gambling)
        .bind(7, c.attributes.riding)
        .bind(8, powers)
        .bind(9, c.notes)
        .bind(10, c.wild_card)
        .bind(11, c.gm_side ? "gm" : "posse")
        .run();
    const std::int64_t id = town.character_by_name(c.name);
    std::set<std::string> traits;
    for (const auto& t : c.traits) {
      if (!traits.insert(t.name).second)
        // TRANSLATORS: {0} is a character's name, {1} a trait (Shooting, Guts...) from the event's files
        throw LedgerRefusal(RefusalCode::bad_input, "characters.traits", say("{} has {} twice", c.name, t.name));
      db.prepare("INSERT INTO traits(character, trait, die, bonus) VALUES (?,?,?,?)")
          .bind(1, id)
          .bind(2, t.name)
          .bind(3, t.die)
          .bind(4, t.bonus)
          .run();
    }
    if (c.combat) insert_combatant(db, id, *c.combat);
  }
  for (std::size_t i = 0; i < def.cards.size(); ++i) {
    const CardDef& d = def.cards[i];
    const std::string field = "cards[" + std::to_string(i) + "]";
    check_code(d.code, field + ".code");
    static const std::set<std::string> kinds{"badge", "bystander", "trick", "horse", "secret", "power", "token", "deed"};
    if (!kinds.count(d.kind)) throw LedgerRefusal(RefusalCode::bad_input, field + ".kind", say("unknown card kind {}", d.kind));
    if (d.kind == "token") {  // as token_issued checks it
      try {
        core::TokenSpec spec = token_spec_of_detail(d.detail);
        if (d.title != core::token_title(spec.kind, spec.text, spec.die_sides))
          throw LedgerRefusal(RefusalCode::bad_input, field + ".title", say("is not the token's title"));
      } catch (const core::Refusal& r) {
        throw LedgerRefusal(RefusalCode::bad_input, field + ".detail." + r.field(), r.sentence());
      }
    }
    if (d.kind == "deed") {  // as deeds.csv's import checks it
      protocol::Fields detail(d.detail, field + ".detail");
      detail.integer("acres", 1, core::max_acres);
      const std::string description = detail.text("description");
      detail.done();
      if (d.title.empty() || i18n::characters_in(d.title) > static_cast<std::size_t>(core::max_parcel_characters))
        throw LedgerRefusal(RefusalCode::bad_input, field + ".title", say("must be 1 to {} characters", core::max_parcel_characters));
      if (i18n::characters_in(description) > static_cast<std::size_t>(core::max_deed_description_characters))
        throw LedgerRefusal(RefusalCode::bad_input, field + ".detail.description",
                            say("must be at most {} characters", core::max_deed_description_characters));
    }
    CardRow card;
    card.code = d.code;
    card.kind = d.kind;
    try {
      card.holder = town.character_by_name(d.holder);
    } catch (const LedgerRefusal&) {
      throw LedgerRefusal(RefusalCode::bad_input, field + ".holder", say("no character named {}", d.holder));
    }
    if (d.kind == "horse" || d.kind == "deed") card.owner = card.holder;
    card.title = d.title;
    card.detail = d.detail;
    town.insert_card(card, "dealt");
  }
  apply_twtw_definition(town, def.twtw);
  apply_injury_table(town, def.injuries);
  for (const auto& l : def.locations)
    db.prepare("INSERT INTO locations(name, road, copies, links) VALUES (?,?,?,?)")
        .bind(1, l.name)
        .bind(2, l.road)
        .bind(3, l.copies)
        .bind(4, Json(l.links).dump())
        .run();
}

}  // namespace marshal::db
