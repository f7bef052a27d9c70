#include "ledger/twtw_fighters.h"

#include <algorithm>
#include <array>

#include "core/refusal.h"

namespace marshal::db::twtw_ledger {

const std::vector<std::string>& states() {
  static const std::vector<std::string> all{"fighting", "concussed", "out_of_action", "dead"};
  return all;
}
std::string worse(const std::string& a, const std::string& b) {
  const auto rank = [](const std::string& s) { return std::find(states().begin(), states().end(), s) - states().begin(); };
  return rank(a) >= rank(b) ? a : b;
}

Json wounds_json(const tw::WoundState& w) { return Json(w.wounds); }

Json snapshot(const Fighter& f) {
  return {{"character", f.id}, {"wounds", wounds_json(f.w)}, {"ct", f.w.ct}, {"stunned", f.w.stunned},
          {"bleeding", f.bleeding}, {"state", f.state}};
}

void save(Database& db, const Fighter& f) {
  db.prepare("UPDATE twtw_characters SET wounds = ?, ct = ?, stunned = ?, bleeding = ?, state = ? WHERE character = ?")
      .bind(1, wounds_json(f.w).dump())
      .bind(2, f.w.ct)
      .bind(3, f.w.stunned ? 1 : 0)
      .bind(4, f.bleeding)
      .bind(5, f.state)
      .bind(6, f.id)
      .run();
}

std::optional<Fighter> load(Town& town, std::int64_t id) {
  Statement s = town.db().prepare("SELECT size, start_ct, wounds, ct, stunned, bleeding, state, reflex FROM twtw_characters "
                                  "WHERE character = ?");
  s.bind(1, id);
  if (!s.step()) return std::nullopt;
  Fighter f;
  f.id = id;
  f.name = town.name_of(id);
  f.size = static_cast<int>(s.int64(0));
  f.start_ct = static_cast<int>(s.int64(1));
  f.w.wounds = Json::parse(s.text(2)).get<std::array<int, tw::location_count>>();
  f.w.ct = static_cast<int>(s.int64(3));
  f.w.stunned = s.int64(4) != 0;
  f.bleeding = static_cast<int>(s.int64(5));
  f.state = s.text(6);
  f.reflex = static_cast<int>(s.int64(7));
  return f;
}

// The character a payload names, who must take part in action time (twtw.csv).
Fighter fighter(Town& town, const Json& name, const std::string& field) {
  const std::string text = protocol::as_text(name, field);
  std::int64_t id = 0;
  try {
    id = town.character_by_name(text);
  } catch (const LedgerRefusal&) {
    throw LedgerRefusal(RefusalCode::bad_input, field, say("no character named '{}'", text));
  }
  auto f = load(town, id);
  if (!f) throw LedgerRefusal(RefusalCode::bad_input, field, say("{} takes no part in action time (not in twtw.csv)", text));
  return *f;
}

// A character who must be able to act: not dead, concussed or out of action.
void require_able(const Fighter& f, const std::string& field) {
  if (f.state == "dead") throw LedgerRefusal(RefusalCode::dead, field, say("{} is dead", f.name));
  if (f.state != "fighting")
    throw LedgerRefusal(RefusalCode::illegal_move, field,
                        f.state == "concussed" ? say("{} is concussed (003 L548) and takes no action", f.name)
                                               : say("{} is out of action (003 L599) and takes no action", f.name));
}

LedgerRefusal from_engine(const core::Refusal& r, const std::string& prefix) {
  return LedgerRefusal(RefusalCode::bad_input, prefix + (r.field().empty() ? "" : "." + r.field()), r.sentence());
}

tw::Options twtw_options(Database& db) {
  Statement s = db.prepare("SELECT value FROM event_info WHERE key = 'twtw_options'");
  if (!s.step())
    throw LedgerRefusal(RefusalCode::not_allowed, "type", say("this event has no TWTW characters (twtw.csv): no action time"));
  return twtw_options_from_json(Json::parse(s.text(0)), "twtw_options");
}

std::optional<Round> last_round(Database& db) {
  Statement s = db.prepare("SELECT seq, number, declarations, steps, done, ended_seq IS NOT NULL FROM twtw_rounds "
                           "ORDER BY number DESC LIMIT 1");
  if (!s.step()) return std::nullopt;
  return Round{s.int64(0), static_cast<int>(s.int64(1)), Json::parse(s.text(2)), Json::parse(s.text(3)),
               static_cast<int>(s.int64(4)), s.int64(5) != 0};
}

Round running_round(Database& db) {
  auto round = last_round(db);
  if (!round || round->ended)
    throw LedgerRefusal(RefusalCode::illegal_move, "type", say("no round is running: start one (twtw_round_started)"));
  return *round;
}

const Json* declaration_of(const Round& round, const std::string& name) {
  for (const Json& d : round.declarations)
    if (d["character"] == name) return &d;
  return nullptr;
}

bool in_list(const Json& names, const std::string& name) {
  return std::find(names.begin(), names.end(), Json(name)) != names.end();
}

tw::Speed speed_of(const Json& value, const std::string& field) {
  const std::string text = protocol::as_text(value, field);
  if (text == "fast") return tw::Speed::fast;
  if (text == "normal") return tw::Speed::normal;
  if (text == "slow") return tw::Speed::slow;
  throw LedgerRefusal(RefusalCode::bad_input, field, say("'{}' is not a speed: fast, normal or slow", text));
}

}  // namespace marshal::db::twtw_ledger
