#include "audit/event_figures.h"

#include <algorithm>

#include "audit/audit.h"

namespace marshal::db {

void EventFigures::add(const EventRow& row) {
  ++events_;
  if (row.seq <= 1) return;  // the definition
  if (row.client_time_ms) delays_[row.station].push_back(row.server_time_ms - *row.client_time_ms);
  if (row.station == "admin") return;
  ++slots_[row.station][row.server_time_ms / timeline_slot_ms];
  auto [last, first] = last_ms_.try_emplace(row.station, row.server_time_ms);
  if (!first) {
    std::int64_t gap = row.server_time_ms - last->second;
    Silence& s = silences_[row.station];
    if (gap > s.longest_ms) s = {gap, last->second};
    last->second = std::max(last->second, row.server_time_ms);
  }
}

void EventFigures::add_all(Database& db) {
  Statement s = db.prepare("SELECT seq, station, client_time_ms, server_time_ms FROM events ORDER BY seq");
  EventRow row;
  while (s.step()) {
    row.seq = s.int64(0);
    row.station = s.text(1);
    row.client_time_ms = s.is_null(2) ? std::nullopt : std::optional<std::int64_t>(s.int64(2));
    row.server_time_ms = s.int64(3);
    add(row);
  }
}

protocol::Json EventFigures::timeline() const {
  std::int64_t first = -1, last = -1;
  for (const auto& [station, by_slot] : slots_) {
    if (by_slot.empty()) continue;
    if (first < 0 || by_slot.begin()->first < first) first = by_slot.begin()->first;
    last = std::max(last, by_slot.rbegin()->first);
  }
  if (first >= 0 && last - first + 1 > timeline_max_slots) first = last - timeline_max_slots + 1;
  protocol::Json stations = protocol::Json::object();
  for (const auto& [station, by_slot] : slots_) {
    protocol::Json row = protocol::Json::array();
    for (std::int64_t slot = first; first >= 0 && slot <= last; ++slot) {
      auto it = by_slot.find(slot);
      row.push_back(it == by_slot.end() ? 0 : it->second);
    }
    stations[station] = row;
  }
  return {{"slot_ms", timeline_slot_ms}, {"start_ms", first < 0 ? 0 : first * timeline_slot_ms},
          {"slots", first < 0 ? 0 : last - first + 1}, {"stations", stations}};
}

namespace {

// ConflictRow::ending: from the inputs (join, stop) and the result (a death, over).
std::string conflict_ending(const protocol::Json& payload, const protocol::Json& result) {
  auto input = payload.find("input");
  if (input != payload.end() && input->is_object()) {
    auto join = input->find("join");
    if (join != input->end() && join->is_array() && !join->empty()) return "joined";
    auto stop = input->find("stop");
    if (stop != input->end() && stop->is_boolean() && stop->get<bool>()) return "stopped";
  }
  for (const auto& [key, value] : result.items())
    if (value.is_array())
      for (const auto& person : value)
        if (person.is_object()) {
          auto dead = person.find("dead");
          if (dead != person.end() && dead->is_boolean() && dead->get<bool>()) return "death";
        }
  auto over = result.find("over");
  return over != result.end() && over->is_boolean() && over->get<bool>() ? "over" : "";
}

}  // namespace

ConflictRow conflict_row(const EventRow& row, const protocol::Json& payload, const protocol::Json& stored) {
  ConflictRow c{row.seq, row.server_time_ms, row.station, "", "", "", "", "", ""};
  auto kind = payload.find("kind");
  if (kind != payload.end() && kind->is_string()) c.kind = kind->get<std::string>();
  auto draws = payload.find("draws");
  if (draws != payload.end() && draws->is_object())
    for (const char* source : {"station", "table"}) {
      auto cards = draws->find(source);
      if (cards == draws->end() || !cards->is_array() || cards->empty()) continue;
      c.cards += (c.cards.empty() ? "" : "; ") + std::string(source);
      for (const auto& card : *cards) c.cards += " " + card.dump();
    }
  auto result = stored.find("result");
  if (result == stored.end() || !result->is_object()) return c;
  for (const auto& [key, value] : result->items())
    if (value.is_array())
      for (const auto& person : value)
        if (person.is_object()) {
          auto name = person.find("name");
          if (name != person.end() && name->is_string())
            c.participants += (c.participants.empty() ? "" : "; ") + name->get<std::string>();
        }
  auto text = [&](const char* key) {
    auto it = result->find(key);
    return it != result->end() && it->is_string() ? it->get<std::string>() : std::string();
  };
  c.winner = text("winner");
  c.status = text("status");
  c.ending = conflict_ending(payload, *result);
  return c;
}

std::vector<ConflictRow> conflict_rows(Database& db) {
  std::vector<ConflictRow> rows;
  Statement s = db.prepare(
      "SELECT seq, server_time_ms, station, payload FROM events WHERE type = 'conflict_resolved' ORDER BY seq");
  EventRow row;
  while (s.step()) {
    row.seq = s.int64(0);
    row.server_time_ms = s.int64(1);
    row.station = s.text(2);
    protocol::Json payload = protocol::Json::parse(s.text(3), nullptr, false);  // a bad one: no row fields
    if (payload.is_discarded() || !payload.is_object()) payload = protocol::Json::object();
    protocol::Json stored = payload.value("ledger", protocol::Json::object());
    rows.push_back(conflict_row(row, payload, stored));
  }
  return rows;
}

}  // namespace marshal::db
