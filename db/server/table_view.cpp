#include "server/table_view.h"

#include "core/chips.h"
#include "ledger/combatants.h"
#include "ledger/definition.h"
#include "ledger/event_ruleset.h"

namespace marshal::db {

namespace {

using protocol::Json;

Json rule_values(const core::TraitRules& rules) {
  Json values = Json::object();
  for (const auto& [name, value] : core::rule_option_values(rules)) values[name] = value;
  return values;
}

Json chips_of(Database& db, std::int64_t holder, const std::vector<std::string>& colours) {
  Json chips = Json::object();
  for (const auto& colour : colours) chips[colour] = 0;
  Statement s = db.prepare("SELECT colour, count FROM chips WHERE holder = ?");
  s.bind(1, holder);
  while (s.step()) chips[s.text(0)] = s.int64(1);
  return chips;
}

// A character's traits as dice, in traits.csv's order: [{"trait", "die": "d12+1", "sides", "bonus"}].
Json traits_of(Database& db, std::int64_t character) {
  Json traits = Json::array();
  Statement t = db.prepare("SELECT trait, die, bonus FROM traits WHERE character = ? ORDER BY rowid");
  t.bind(1, character);
  while (t.step()) {
    const int die = static_cast<int>(t.int64(1)), bonus = static_cast<int>(t.int64(2));
    traits.push_back({{"trait", t.text(0)}, {"die", trait_die_text(die, bonus)}, {"sides", die}, {"bonus", bonus}});
  }
  return traits;
}

// A character's live tokens (hole cards, connection markers...): [{"code", "title", "token",
// "text", "die"}] (the last three from the card's detail, for words in the reader's language).
Json tokens_of(Database& db, std::int64_t character) {
  Json tokens = Json::array();
  Statement k = db.prepare(
      "SELECT code, title, detail FROM cards WHERE holder = ? AND kind = 'token' AND spent = 0 AND revoked = 0 ORDER BY title");
  k.bind(1, character);
  while (k.step()) {
    const Json detail = Json::parse(k.text(2));  // written by the ledger (token_card.h)
    tokens.push_back({{"code", k.text(0)},
                      {"title", k.text(1)},
                      {"token", detail.value("token", "")},
                      {"text", detail.value("text", "")},
                      {"die", detail.value("die", "")}});
  }
  return tokens;
}

Json rolls_of(Database& db, std::size_t limit) {
  Json rolls = Json::array();
  Statement s = db.prepare(
      "SELECT * FROM (SELECT r.seq, COALESCE(c.name, 'GM'), e.payload FROM rolls r "
      "JOIN events e ON e.seq = r.seq LEFT JOIN characters c ON c.id = r.holder ORDER BY r.seq DESC LIMIT ?) "
      "ORDER BY 1");
  s.bind(1, static_cast<std::int64_t>(limit));
  while (s.step()) {
    // The stored payload (checked when it was appended), with what the ledger judged as "ledger".
    const Json p = Json::parse(s.text(2));
    const Json ledger = p.value("ledger", Json::object());
    Json roll{{"seq", s.int64(0)},
              {"by", s.text(1)},
              {"trait", p.value("trait", p.value("why", ""))},
              {"die", p.value("die", "")},
              {"wild", p.value("wild", "")},
              {"modifier", p.value("modifier", 0)},
              {"tn", p.value("tn", 4)},
              {"dice", p.value("dice", Json::object())}};
    for (const char* key : {"result", "success", "raises", "crit_fail", "crit_success"})
      roll[key] = ledger.value(key, Json());
    if (p.contains("reroll_of")) roll["reroll_of"] = p["reroll_of"];
    // What the ledger added to the GM's `modifier` for a fighter's situation (roll_recorded's
    // `situation`): {"wounds": -1, "joker": 2}; absent when the roll said none.
    if (ledger.contains("modifiers")) roll["modifiers"] = ledger["modifiers"];
    rolls.push_back(roll);
  }
  return rolls;
}


// The fight under way, with its last hits (oldest first) and its last round; null between fights.
Json fight_of(Database& db) {
  const auto open = open_fight(db);
  if (!open) return Json();
  Json hits = Json::array();
  Statement s = db.prepare(
      "SELECT * FROM (SELECT h.seq, c.name, h.total, h.toughness, h.shaken, h.wounds, h.soaked, "
      "(SELECT b.code FROM cards b WHERE b.holder = h.target AND b.kind = 'badge' AND b.revoked = 0) FROM hits h "
      "JOIN characters c ON c.id = h.target WHERE h.fight = ? ORDER BY h.seq DESC LIMIT ?) ORDER BY 1");
  s.bind(1, *open).bind(2, static_cast<std::int64_t>(table_fight_hits));
  while (s.step())
    hits.push_back({{"seq", s.int64(0)}, {"target", s.text(1)}, {"total", s.int64(2)}, {"toughness", s.int64(3)},
                    {"shaken", s.int64(4) != 0}, {"wounds", s.int64(5)}, {"soaked", s.int64(6)}, {"badge", s.text(7)}});
  Json fight{{"seq", *open}, {"hits", hits}, {"round", Json()}, {"out", cards_out(db, *open)}};
  // The last round dealt, in its order (cards_dealt, apply_fight.cpp: the same order).
  Statement r = db.prepare("SELECT number, cards, joker FROM fight_rounds WHERE fight = ? ORDER BY number DESC LIMIT 1");
  r.bind(1, *open);
  if (!r.step()) return fight;
  const Json order = round_order(db, Json::parse(r.text(1)), true);
  fight["round"] = {{"number", r.int64(0)}, {"order", order}, {"shuffle_next", r.int64(2) != 0}};
  return fight;
}

}  // namespace

Json table_view(Database& db, std::size_t log_rolls) {
  const core::Ruleset ruleset = event_ruleset(db);
  const std::vector<std::string> colours = core::chip_rules(ruleset).colours;
  Statement game = db.prepare("SELECT value FROM event_info WHERE key = 'game'");
  Json view{{"title", db.scalar_text("SELECT value FROM event_info WHERE key = 'title'")},
            {"game", game.step() ? game.text(0) : std::string(to_string(Game::lincoln))},
            {"ruleset", core::to_string(ruleset)},
            {"colours", colours},
            {"rules", rule_values(event_rules(db))},
            {"night_open", db.scalar_int("SELECT COUNT(*) FROM game_nights WHERE ended_seq IS NULL") > 0},
            {"gm_pool", chips_of(db, 0, colours)},
            // The event has an injuries.csv: a drawn card names the Injury; without one the GM types it.
            {"injury_table", db.scalar_int("SELECT COUNT(*) FROM injury_table") > 0}};
  Json characters = Json::array();
  Statement c = db.prepare(
      "SELECT c.id, c.name, b.code, c.side, c.wild_card, c.dead FROM characters c "
      "JOIN cards b ON b.holder = c.id AND b.kind = 'badge' AND b.revoked = 0 ORDER BY c.side DESC, c.id");
  while (c.step()) {
    const std::int64_t id = c.int64(0);
    characters.push_back({{"name", c.text(1)},
                          {"badge", c.text(2)},
                          {"side", c.text(3)},
                          {"wild_card", c.int64(4) != 0},
                          {"dead", c.int64(5) != 0},
                          {"traits", traits_of(db, id)},
                          {"chips", chips_of(db, id, colours)},
                          {"tokens", tokens_of(db, id)},
                          {"combat", combat_of(db, id)}});
  }
  view["characters"] = characters;
  view["rolls"] = rolls_of(db, log_rolls);
  view["fight"] = fight_of(db);
  return view;
}

Json tabletop_sheet_of(Database& db, std::int64_t character) {
  if (!tabletop_game(db)) return Json();
  const std::vector<std::string> colours = core::chip_rules(event_ruleset(db)).colours;
  return {{"traits", traits_of(db, character)},
          {"colours", colours},
          {"chips", chips_of(db, character, colours)},
          {"tokens", tokens_of(db, character)}};
}

Json combat_of(Database& db, std::int64_t character) {
  const auto row = find_combatant(db, character);
  if (!row) return Json();
  Json injuries = Json::array();
  Statement s = db.prepare("SELECT card, injury, permanent, days FROM injuries WHERE character = ? ORDER BY seq");
  s.bind(1, character);
  while (s.step())
    injuries.push_back({{"card", s.text(0)}, {"injury", s.text(1)}, {"permanent", s.int64(2) != 0},
                        {"days", s.is_null(3) ? Json() : Json(s.int64(3))}});
  const auto& owed = row->injury_owed;
  return {{"toughness", row->sheet.toughness},
          {"armor", row->sheet.armor},
          {"parry", row->sheet.parry},
          {"wound_levels", row->sheet.wound_levels},
          {"luck", core::to_string(row->sheet.luck)},
          {"wounds", row->state.wounds},
          {"shaken", row->state.shaken},
          {"state", core::to_string(row->state.state)},
          // Holds a Joker this round (000 L54): +2 on each roll, which the ledger checks.
          {"joker", holds_joker(db, character).value_or(false)},
          // The Injury an Incapacitation roll left, owed until drawn (injury_drawn), and those drawn.
          {"injury_owed", owed ? Json(core::to_string(*owed)) : Json()},
          {"injuries", injuries}};
}

}  // namespace marshal::db
