#pragma once
// The figures the audit takes from every event row, gathered as the replay reads the file
// (ReplayHooks::on_read), or read on their own when the replay stopped early: one code path
// either way.
//   per station: each record's delay (server minus client time), for the stations check
//   per station and 10-minute slot: events, for the report's timeline
//   every conflict: its row of conflicts.csv
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "protocol/json_fields.h"
#include "store/hash_chain.h"

namespace marshal::db {

class EventFigures {
 public:
  void add(const EventRow& row);
  // Every row of the file, when the replay did not read them all.
  void add_all(Database& db);

  std::int64_t events() const { return events_; }
  // Per station, the delays of its records (sorted by stations_check).
  std::map<std::string, std::vector<std::int64_t>>& delays() { return delays_; }
  // Per station, its longest time without an event between its first and its last, and when
  // that silence began (server time).
  struct Silence {
    std::int64_t longest_ms = 0, from_ms = 0;
  };
  const std::map<std::string, Silence>& silences() const { return silences_; }
  // {"slot_ms", "start_ms", "slots", "stations": {name: [events in each slot]}}.
  protocol::Json timeline() const;

 private:
  std::int64_t events_ = 0;
  std::map<std::string, std::vector<std::int64_t>> delays_;
  std::map<std::string, std::map<std::int64_t, std::int64_t>> slots_;  // station -> slot -> events
  std::map<std::string, std::int64_t> last_ms_;
  std::map<std::string, Silence> silences_;
};

struct ConflictRow {
  std::int64_t seq = 0, server_time_ms = 0;
  std::string station, kind, participants, winner, status;
  // How it ended, as a code: "joined" (someone else joined: a duel became a shootout, a
  // fistfight a brawl), "stopped" (all agreed to stop), "death", "over" (any other end), or
  // empty while it was not over (a chase's fight is another record).
  std::string ending;
  std::string cards;  // the action cards as the station recorded them: "station 5 9; table 3"
};
// A conflict_resolved event's row: whoever took part, whatever the kind calls them (duelists,
// participants, fighters...), is every named person in the result's lists ("; " between them);
// the winner and status only when they are text.
ConflictRow conflict_row(const EventRow& row, const protocol::Json& payload, const protocol::Json& stored);
// Every conflict of the file, when the replay did not see them all.
std::vector<ConflictRow> conflict_rows(Database& db);

}  // namespace marshal::db
