#include "ledger/combatants.h"

#include <algorithm>
#include <stdexcept>
#include <vector>

#include "ledger/ledger.h"
#include <string>

namespace marshal::db {

void insert_combatant(Database& db, std::int64_t character, const core::CombatSheet& sheet) {
  const core::Combatant fresh = core::new_combatant(sheet.wound_levels);
  db.prepare("INSERT INTO combatants(character, toughness, armor, parry, wound_levels, luck, wounds, shaken, state) "
             "VALUES (?,?,?,?,?,?,?,?,?)")  // i18n: not words (SQL)
      .bind(1, character)
      .bind(2, sheet.toughness)
      .bind(3, sheet.armor)
      .bind(4, sheet.parry)
      .bind(5, sheet.wound_levels)
      .bind(6, core::to_string(sheet.luck))
      .bind(7, fresh.wounds)
      .bind(8, fresh.shaken ? 1 : 0)
      .bind(9, core::to_string(fresh.state))
      .run();
}

std::optional<CombatantRow> find_combatant(Database& db, std::int64_t character) {
  Statement s = db.prepare("SELECT toughness, armor, parry, wound_levels, luck, wounds, shaken, state, injury_owed "
                           "FROM combatants WHERE character = ?");  // i18n: not words (SQL)
  s.bind(1, character);
  if (!s.step()) return std::nullopt;
  CombatantRow row;
  row.character = character;
  row.sheet.toughness = static_cast<int>(s.int64(0));
  row.sheet.armor = static_cast<int>(s.int64(1));
  row.sheet.parry = static_cast<int>(s.int64(2));
  row.sheet.wound_levels = static_cast<int>(s.int64(3));
  // The table's CHECKs hold luck and state to these words: anything else is a damaged file.
  const auto luck = core::luck_from_string(s.text(4));
  const auto state = core::fighter_state_from_string(s.text(7));
  if (!luck || !state) throw std::runtime_error("combatants: a row the schema does not allow");  // i18n: not words (a damaged file)
  row.sheet.luck = *luck;
  row.state.wound_levels = row.sheet.wound_levels;
  row.state.wounds = static_cast<int>(s.int64(5));
  row.state.shaken = s.int64(6) != 0;
  row.state.state = *state;
  if (!s.is_null(8)) {
    row.injury_owed = core::injury_kind_from_string(s.text(8));
    if (!row.injury_owed) throw std::runtime_error("combatants: a row the schema does not allow");  // i18n: not words (a damaged file)
  }
  return row;
}

void save_combatant_state(Database& db, std::int64_t character, const core::Combatant& state) {
  db.prepare("UPDATE combatants SET wounds = ?, shaken = ?, state = ? WHERE character = ?")
      .bind(1, state.wounds)
      .bind(2, state.shaken ? 1 : 0)
      .bind(3, core::to_string(state.state))
      .bind(4, character)
      .run();
}

std::optional<core::InjuryKind> injury_owed(Database& db, std::int64_t character) {
  const auto row = find_combatant(db, character);
  return row ? row->injury_owed : std::nullopt;
}

void set_injury_owed(Database& db, std::int64_t character, std::optional<core::InjuryKind> owed) {
  Statement s = db.prepare("UPDATE combatants SET injury_owed = ? WHERE character = ?");
  if (owed) s.bind(1, std::string(core::to_string(*owed)));
  else s.bind_null(1);
  s.bind(2, character).run();
}

void owe_injury(Database& db, std::int64_t character, core::Incapacitation result) {
  if (result == core::Incapacitation::death) return set_injury_owed(db, character, std::nullopt);
  const auto given = core::injury_after(result);
  const auto owed = injury_owed(db, character);
  if (!given || owed == core::InjuryKind::permanent) return;
  set_injury_owed(db, character, given);
}

protocol::Json combatant_state_json(const core::Combatant& state) {
  return {{"wounds", state.wounds}, {"shaken", state.shaken}, {"state", core::to_string(state.state)}};
}

std::optional<core::Combatant> combatant_state_from_json(const protocol::Json& json, int wound_levels) {
  if (!json.is_object() || !json.contains("wounds") || !json["wounds"].is_number_integer() || !json.contains("shaken") ||
      !json["shaken"].is_boolean() || !json.contains("state") || !json["state"].is_string())
    return std::nullopt;
  const auto state = core::fighter_state_from_string(json["state"].get<std::string>());
  if (!state) return std::nullopt;
  core::Combatant c;
  c.wound_levels = wound_levels;
  c.wounds = json["wounds"].get<int>();
  c.shaken = json["shaken"].get<bool>();
  c.state = *state;
  return c;
}

bool tabletop_game(Database& db) {
  return db.scalar_text("SELECT COALESCE((SELECT value FROM event_info WHERE key = 'game'), 'lincoln')") == "tabletop";  // i18n: not words (SQL)
}

std::int64_t open_round(Database& db) {
  return db.scalar_int("SELECT COALESCE(MAX(r.seq), 0) FROM fight_rounds r JOIN fights f ON f.seq = r.fight WHERE f.ended_seq IS NULL");
}

void mark_round_begun(Database& db) {
  const std::int64_t round = open_round(db);
  if (round != 0) db.exec("UPDATE fight_rounds SET begun = 1 WHERE begun = 0 AND seq = " + std::to_string(round));  // i18n: not words (SQL)
}

std::optional<std::int64_t> open_fight(Database& db) {
  Statement s = db.prepare("SELECT seq FROM fights WHERE ended_seq IS NULL ORDER BY seq DESC LIMIT 1");
  if (!s.step()) return std::nullopt;
  return s.int64(0);
}

void require_still_fighting(Database& db, std::int64_t character, const std::string& name, const std::string& field) {
  const auto row = find_combatant(db, character);
  if (!row || row->state.state == core::FighterState::fighting || row->state.state == core::FighterState::last_stand) return;
  // TRANSLATORS: {0} is a character's name, {1} their state in the fight (incapacitated, unconscious...).
  throw LedgerRefusal(RefusalCode::knocked_out, field, i18n::say("{} is out of the fight ({})", name,
                                                                core::to_string(row->state.state)));
}

protocol::Json round_order(Database& db, const protocol::Json& stored_cards, bool with_badges) {
  struct Dealt {
    core::PlayingCard card;
    protocol::Json to, badges;
  };
  std::vector<Dealt> dealt;
  for (const protocol::Json& d : stored_cards) {
    protocol::Json names = protocol::Json::array(), badges = protocol::Json::array();
    for (const protocol::Json& id : d.at("to")) {
      Statement s = db.prepare(
          "SELECT name, (SELECT code FROM cards WHERE holder = c.id AND kind = 'badge' AND revoked = 0) FROM characters c "
          "WHERE id = ?");
      s.bind(1, id.get<std::int64_t>());
      const bool found = s.step();
      names.push_back(found ? s.text(0) : std::string());
      badges.push_back(found && !s.is_null(1) ? s.text(1) : std::string());
    }
    dealt.push_back({core::parse_playing_card(d.at("card").get<std::string>()).value(), names, badges});
  }
  std::stable_sort(dealt.begin(), dealt.end(), [](const Dealt& a, const Dealt& b) { return core::acts_before(a.card, b.card); });
  protocol::Json order = protocol::Json::array();
  for (const Dealt& d : dealt) {
    protocol::Json entry{{"to", d.to}, {"card", core::card_text(d.card)}, {"joker", d.card.joker != core::Joker::none}};
    if (with_badges) entry["badges"] = d.badges;
    order.push_back(entry);
  }
  return order;
}

std::optional<bool> holds_joker(Database& db, std::int64_t character) {
  const auto fight = open_fight(db);
  if (!fight) return std::nullopt;
  Statement s = db.prepare("SELECT cards FROM fight_rounds WHERE fight = ? ORDER BY number DESC LIMIT 1");
  s.bind(1, *fight);
  if (!s.step()) return std::nullopt;
  // [{"to": [character ids], "card": "10H"}], as cards_dealt stores it (apply_fight.cpp).
  for (const protocol::Json& dealt : protocol::Json::parse(s.text(0))) {
    const auto card = core::parse_playing_card(dealt.at("card").get<std::string>());
    for (const protocol::Json& to : dealt.at("to"))
      if (to.get<std::int64_t>() == character) return card && card->joker != core::Joker::none;
  }
  return false;
}

std::vector<std::string> cards_out(Database& db, std::int64_t fight) {
  std::vector<std::string> out;
  Statement s = db.prepare("SELECT cards, shuffled FROM fight_rounds WHERE fight = ? ORDER BY number DESC");
  s.bind(1, fight);
  while (s.step()) {
    for (const protocol::Json& dealt : protocol::Json::parse(s.text(0))) {
      out.push_back(dealt.at("card").get<std::string>());
      // The cards a chip drew and the holder passed over (card_redrawn) are out too.
      for (const protocol::Json& drawn : dealt.value("drawn", protocol::Json::array())) out.push_back(drawn.get<std::string>());
    }
    if (s.int64(1) != 0) break;
  }
  return out;
}

}  // namespace marshal::db
