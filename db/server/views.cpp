#include "server/views.h"

#include "server/office_view.h"
#include "server/table_view.h"
#include "server/twtw_view.h"

#include <algorithm>

#include "ledger/town.h"

namespace marshal::db {

namespace {

Json card_json(const CardRow& c, Town& town, Role role, std::optional<std::int64_t> viewer,
               bool revoked_too) {
  Json j{{"code", c.code}, {"kind", c.kind}, {"title", c.title}, {"spent", c.spent}};
  if (revoked_too) j["revoked"] = c.revoked;
  if (c.holder) j["holder"] = town.name_of(*c.holder);
  if (c.owner) j["owner"] = town.name_of(*c.owner);
  // A GM station records a horse's sale from its holder, a trick played by its holder, a land
  // deal from the deed's holder and a note paid to its holder: it needs the holder's badge.
  if (role == Role::gm && (c.kind == "horse" || c.kind == "trick" || c.kind == "deed" || c.kind == "note") && c.holder) {
    Statement badge = town.db().prepare("SELECT code FROM cards WHERE kind = 'badge' AND holder = ? AND revoked = 0 LIMIT 1");
    badge.bind(1, *c.holder);
    if (badge.step()) j["holder_badge"] = badge.text(0);
  }
  Json detail = c.detail;
  if (role == Role::kiosk) {
    if (c.kind == "trick") detail.erase("flag");
    if (c.kind == "secret" && (!viewer || c.holder != viewer)) detail.erase("text");
  }
  j["detail"] = detail;
  return j;
}

}  // namespace

std::optional<Json> card_view(Database& db, const std::string& code, Role role,
                              std::optional<std::int64_t> kiosk_player) {
  Town town(db, 0, 0);
  std::optional<CardRow> found = town.find_card(Town::canonical_code(Json(code), "code"));
  if (!found) return std::nullopt;
  // A kiosk learns of a card its signed-in player does not hold only what kind it is (to say
  // "that is a horse card, not a badge"): no code, title, holder or detail.
  if (role == Role::kiosk && (!kiosk_player || found->holder != kiosk_player))
    return Json{{"kind", found->kind}, {"yours", false}};
  Json view = card_json(*found, town, role, kiosk_player, true);
  // Spent: how, and when and where the event that spent it was recorded (a trick played is
  // not played twice; the station says when and where it was).
  if (found->spent) {
    view["fate"] = found->fate;
    if (found->spent_seq) {
      Statement s = db.prepare("SELECT server_time_ms, station FROM events WHERE seq = ?");
      s.bind(1, *found->spent_seq);
      if (s.step()) {
        view["spent_ms"] = s.int64(0);
        view["spent_station"] = s.text(1);
      }
    }
  }
  return view;
}

std::optional<std::int64_t> character_of_badge(Database& db, const std::string& badge) {
  Town town(db, 0, 0);
  try {
    return town.character_by_badge(Json(badge), "badge");
  } catch (const LedgerRefusal& r) {
    if (r.refusal == RefusalCode::bad_code) throw;
    return std::nullopt;
  }
}

std::optional<Json> character_view(Database& db, const std::string& badge, Role role,
                                   std::int64_t now_ms, std::optional<std::int64_t> kiosk_player) {
  Town town(db, 0, now_ms);
  std::int64_t id;
  try {
    id = town.character_by_badge(Json(badge), "badge");
  } catch (const LedgerRefusal& r) {
    if (r.refusal == RefusalCode::bad_code) throw;
    return std::nullopt;
  }
  // A kiosk sees a character's state only with that character's own sign-in; anyone else's
  // badge (a receiver, a buyer, the next in the queue) is a name and whether they live. Read
  // from the row alone: every badge scanned at a kiosk asks this.
  if (role == Role::kiosk && kiosk_player != id) {
    Statement row = db.prepare("SELECT name, dead FROM characters WHERE id = ?");
    row.bind(1, id);
    row.step();
    return Json{{"name", row.text(0)}, {"dead", row.int64(1) != 0}, {"public", true}};
  }
  core::Character c = town.character(id);
  core::Attributes use = c.in_use();
  Json powers = Json::array();
  for (auto p : c.powers) powers.push_back(core::to_string(p));
  Json timers = Json::array();
  for (const auto& t : c.timers)
    timers.push_back({{"kind", core::to_string(t.kind)}, {"remaining_ms", t.remaining_ms(now_ms)}});
  // A Doctor's healing under way: the wound is gone when it ends (it keeps nobody from a fight).
  if (auto left = town.healing_left_ms(id)) timers.push_back({{"kind", Town::healing_timer_kind}, {"remaining_ms", *left}});
  // A Judge's jail sentence: free when it ends.
  auto jail_left = town.jail_left_ms(id);
  if (jail_left) timers.push_back({{"kind", Town::jail_timer_kind}, {"remaining_ms", *jail_left}});
  Json j{{"name", c.name},
         {"attributes", {{"hth", c.base.hth}, {"speed", c.base.speed}, {"accuracy", c.base.accuracy},
                         {"gambling", c.base.gambling}, {"riding", c.base.riding}}},
         {"in_use", {{"hth", use.hth}, {"speed", use.speed}, {"accuracy", use.accuracy},
                     {"gambling", use.gambling}, {"riding", use.riding}}},
         {"wounded", c.wounded},
         {"wounded_limb", c.wounded_limb},
         {"dead", c.dead()},
         {"powers", powers},
         {"timers", timers},
         {"bystanders_left", c.bystanders.size()}};
  Statement jail = db.prepare("SELECT jailed, arrested_by IS NOT NULL FROM characters WHERE id = ?");
  jail.bind(1, id);
  if (jail.step()) {
    // A jail term that ended since the last event is served already (Town::settle_timers).
    const bool served = !jail_left && db.scalar_int("SELECT EXISTS (SELECT 1 FROM timers WHERE kind = 'jail' AND "
                                                    "character = " + std::to_string(id) + ")");
    j["jailed"] = jail.int64(0) != 0 && !served;
    j["arrested"] = jail.int64(1) != 0 && !served;
  }
  add_office_state(db, id, j);
  if (c.dead() && role == Role::gm) {
    j["killing"] = core::to_string(c.death->kind);
    j["killed_by"] = c.death->by;
  }
  Json cards = Json::array();
  Statement s = db.prepare(std::string("SELECT ") + Town::card_columns +
                           " FROM cards WHERE holder = ? AND revoked = 0 AND spent = 0 AND kind != 'badge' "
                           "ORDER BY kind, title");
  s.bind(1, id);
  while (s.step()) cards.push_back(card_json(Town::card_from_row(s), town, role, kiosk_player, false));
  j["cards"] = cards;
  if (auto twtw = twtw_character_view(db, id)) j["twtw"] = *twtw;  // action time (server/twtw_view.h)
  if (Json combat = combat_of(db, id); !combat.is_null()) j["combat"] = combat;  // a tabletop fight (server/table_view.h)
  if (Json sheet = tabletop_sheet_of(db, id); !sheet.is_null()) j["tabletop"] = sheet;  // traits, chips, tokens
  return j;
}

Json event_view(Database& db) {
  Json locations = Json::array();
  Statement s = db.prepare("SELECT name, road, copies, links FROM locations ORDER BY rowid");
  while (s.step())
    locations.push_back({{"name", s.text(0)}, {"road", s.int64(1) != 0}, {"copies", s.int64(2)},
                         {"links", Json::parse(s.text(3))}});
  return {{"title", db.scalar_text("SELECT value FROM event_info WHERE key = 'title'")},
          {"options", Json::parse(db.scalar_text("SELECT value FROM event_info WHERE key = 'options'"))},
          {"locations", locations}};
}

Json timers_view(Database& db, std::int64_t now_ms) {
  Json timers = Json::array();
  Statement s = db.prepare(
      "SELECT c.name, t.kind, t.start_ms + t.duration_ms - ? AS remaining FROM timers t "
      "JOIN characters c ON c.id = t.character "
      "WHERE t.start_ms <= ? AND t.start_ms + t.duration_ms > ? ORDER BY remaining, c.name");
  s.bind(1, now_ms).bind(2, now_ms).bind(3, now_ms);
  while (s.step()) timers.push_back({{"character", s.text(0)}, {"kind", s.text(1)}, {"remaining_ms", s.int64(2)}});
  Statement v = db.prepare(
      "SELECT c.name, v.office, v.start_ms + v.duration_ms - ? FROM votes v JOIN characters c ON c.id = v.called_by "
      "WHERE v.start_ms <= ? AND v.start_ms + v.duration_ms > ? ORDER BY v.seq");
  v.bind(1, now_ms).bind(2, now_ms).bind(3, now_ms);
  while (v.step())
    timers.push_back({{"character", v.text(0)}, {"kind", "vote"}, {"office", v.text(1)}, {"remaining_ms", v.int64(2)}});
  return {{"timers", timers}};
}

Json vote_view(Database& db, std::int64_t now_ms, std::optional<std::int64_t> player) {
  Json j{{"open", false}};
  Statement v = db.prepare(
      "SELECT v.seq, v.office, c.name, v.start_ms + v.duration_ms - ?, v.counted_seq IS NOT NULL, "
      "(SELECT COUNT(*) FROM ballots b WHERE b.vote_seq = v.seq) FROM votes v JOIN characters c ON c.id = v.called_by "
      "ORDER BY v.seq DESC LIMIT 1");
  v.bind(1, now_ms);
  if (v.step()) {
    const std::int64_t seq = v.int64(0), remaining = v.int64(3);
    const bool open = !v.int64(4) && remaining > 0 && remaining <= 15 * 60 * 1000;
    j = {{"open", open}, {"office", v.text(1)}, {"called_by", v.text(2)}, {"remaining_ms", std::max<std::int64_t>(0, remaining)},
         {"ballots", v.int64(5)}, {"counted", v.int64(4) != 0}};
    if (open) {
      Json candidates = Json::array();
      Statement c = db.prepare(
          "SELECT c.name, b.code FROM characters c JOIN cards b ON b.holder = c.id AND b.kind = 'badge' AND b.revoked = 0 "
          "WHERE c.dead = 0 ORDER BY c.name");
      while (c.step()) candidates.push_back({{"name", c.text(0)}, {"badge", c.text(1)}});
      j["candidates"] = candidates;
    }
    if (player) {
      Statement voted = db.prepare("SELECT COUNT(*) FROM ballots WHERE vote_seq = ? AND voter = ?");
      voted.bind(1, seq).bind(2, *player);
      voted.step();
      j["voted"] = voted.int64(0) > 0;
    }
  }
  // The last counted vote's result: the tally is the one the Mayor's count put in the ledger.
  Statement r = db.prepare(
      "SELECT v.office, v.outcome, v.overridden_seq IS NOT NULL, e.payload FROM votes v JOIN events e ON e.seq = v.counted_seq "
      "ORDER BY v.seq DESC LIMIT 1");
  if (r.step()) {
    Json counted = Json::parse(r.text(3));
    j["result"] = {{"office", r.text(0)}, {"outcome", r.text(1)}, {"overridden", r.int64(2) != 0},
                   {"tally", counted.contains("ledger") ? counted["ledger"].value("tally", Json::array()) : Json::array()}};
  }
  return j;
}

}  // namespace marshal::db
