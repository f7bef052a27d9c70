#include "server/twtw_view.h"

#include "core/twtw_wounds.h"
#include "ledger/twtw_definition.h"

namespace marshal::db {

namespace tw = core::twtw;

namespace {

std::optional<tw::Options> options_of(Database& db) {
  Statement s = db.prepare("SELECT value FROM event_info WHERE key = 'twtw_options'");
  if (!s.step()) return std::nullopt;
  return twtw_options_from_json(Json::parse(s.text(0)), "twtw_options");
}

}  // namespace

std::optional<Json> twtw_character_view(Database& db, std::int64_t character) {
  auto options = options_of(db);
  if (!options) return std::nullopt;
  Statement s = db.prepare(
      "SELECT side, reflex, size, start_ct, shooting, fighting, dodge, wounds, ct, stunned, bleeding, state "
      "FROM twtw_characters WHERE character = ?");
  s.bind(1, character);
  if (!s.step()) return std::nullopt;
  tw::WoundState w;
  w.wounds = Json::parse(s.text(7)).get<std::array<int, tw::location_count>>();
  Json wounds = Json::object();
  for (int i = 0; i < tw::location_count; ++i) {
    const auto where = static_cast<tw::Location>(i);
    wounds[std::string(tw::to_string(where))] = w.at(where);
  }
  const tw::WoundRow row = tw::wound_row(options->wound_table, tw::wound_level(w));
  return Json{{"side", s.text(0)},        {"reflex", "d" + std::to_string(s.int64(1))},
              {"size", s.int64(2)},       {"start_ct", s.int64(3)},
              {"shooting", s.int64(4)},   {"fighting", s.int64(5)},
              {"dodge", s.int64(6)},      {"wounds", wounds},
              {"level", row.level},       {"wound", std::string(row.name)},
              {"penalty", row.penalty},   {"ct", s.int64(8)},
              {"stunned", s.int64(9) != 0}, {"bleeding", s.int64(10)},
              {"state", s.text(11)}};
}

Json twtw_view(Database& db) {
  auto options = options_of(db);
  Json characters = Json::array();
  Json round = nullptr;
  if (!options) return {{"characters", characters}, {"round", round}};
  Statement s = db.prepare("SELECT t.character, c.name FROM twtw_characters t JOIN characters c ON c.id = t.character "
                           "ORDER BY t.side DESC, c.id");  // the posse first, then the Judge's
  while (s.step()) {
    Json c = *twtw_character_view(db, s.int64(0));
    c["name"] = s.text(1);
    characters.push_back(c);
  }
  Statement r = db.prepare("SELECT number, declarations, steps, done, ended_seq IS NOT NULL FROM twtw_rounds "
                           "ORDER BY number DESC LIMIT 1");
  if (r.step()) {
    const Json steps = Json::parse(r.text(2));
    const std::int64_t done = r.int64(3);
    round = {{"number", r.int64(0)}, {"declarations", Json::parse(r.text(1))}, {"steps", steps}, {"done", done},
             {"next_step", done < static_cast<std::int64_t>(steps.size()) ? Json(done + 1) : Json(nullptr)},
             {"ended", r.int64(4) != 0}};
  }
  return {{"options", twtw_options_to_json(*options)}, {"characters", characters}, {"round", round}};
}

}  // namespace marshal::db
