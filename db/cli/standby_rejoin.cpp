#include "cli/standby_rejoin.h"

#include <filesystem>
#include <iostream>
#include <optional>

#include <fmt/format.h>

#include "audit/backup.h"
#include "cli/cli.h"
#include "client/http.h"
#include "i18n/translate.h"
#include "ledger/ledger.h"
#include "ledger/station_events.h"
#include "store/hash_chain.h"

namespace marshal::cli {

using i18n::tr;

namespace {

namespace fs = std::filesystem;

// How long one question to the primary may take before the check gives up (the follower then
// reports what it finds).
constexpr long rejoin_probe_timeout_ms = 3000;

// One event as this file or the primary holds it: enough to name it to the GM.
struct EventSeen {
  std::string hash;  // hex
  std::string type;
  std::string station;
};

std::optional<EventSeen> local_event(db::Database& db, std::int64_t seq) {
  db::Statement s = db.prepare("SELECT hash, type, station FROM events WHERE seq = ?");
  s.bind(1, seq);
  if (!s.step()) return std::nullopt;
  return EventSeen{db::to_hex(s.blob(0)), s.text(1), s.text(2)};
}

// The primary's event `seq`: `missing` when it has none, nullopt when it could not be asked.
struct PrimaryEvent {
  bool missing = false;
  EventSeen event;
};
std::optional<PrimaryEvent> primary_event(client::HttpClient& primary, std::int64_t seq) {
  const client::HttpReply r = primary.get("/replica/hash?seq=" + std::to_string(seq), rejoin_probe_timeout_ms);
  if (!r.reached || !r.body.is_object()) return std::nullopt;
  if (r.status == 404) return PrimaryEvent{.missing = true, .event = {}};
  if (r.status != 200 || !r.body.contains("hash") || !r.body["hash"].is_string()) return std::nullopt;
  return PrimaryEvent{.missing = false,
                      .event = {r.body["hash"].get<std::string>(), r.body.value("type", ""), r.body.value("station", "")}};
}

std::string named(const EventSeen& e) {
  // TRANSLATORS: an event named to the GM: {0} its type, {1} the station that recorded it, {2} its hash's start.
  return fmt::format(fmt::runtime(tr("{} by {} ({}…)")), e.type, e.station, e.hash.substr(0, 12));
}

// The file's last standby event before `seq` said its standby was in step, and it never went on
// alone from `seq` on: what it holds from `seq` on was never acknowledged to a station. A
// promotion counts as going alone (a promoted standby answers at once until its own standby is
// in step, and writes no ledger_alone for it).
bool never_acknowledged_from(db::Database& db, std::int64_t seq) {
  db::Statement last = db.prepare(
      "SELECT type FROM events WHERE type IN ('ledger_alone', 'standby_in_sync', 'ledger_promoted') AND seq < ? "
      "ORDER BY seq DESC LIMIT 1");
  last.bind(1, seq);
  if (!last.step() || last.text(0) != db::standby_in_sync_event) return false;
  db::Statement alone = db.prepare("SELECT COUNT(*) FROM events WHERE type = 'ledger_alone' AND seq >= ?");
  alone.bind(1, seq);
  alone.step();
  return alone.int64(0) == 0;
}

}  // namespace

int set_aside_unacknowledged_tail(const std::string& db_path, client::HttpClient& primary, std::ostream& out,
                                  std::ostream& err) {
  if (!fs::exists(db_path)) return exit_ok;
  std::int64_t head = 0, parted = 0;
  std::optional<PrimaryEvent> theirs;
  std::optional<EventSeen> mine;
  bool set_aside = false;
  {
    db::Database db(db_path, false);
    head = db.scalar_int("SELECT COALESCE(MAX(seq), 0) FROM events");
    if (head == 0) return exit_ok;
    const auto same_at = [&](std::int64_t seq) -> std::optional<bool> {
      const std::optional<PrimaryEvent> p = primary_event(primary, seq);
      if (!p) return std::nullopt;
      return !p->missing && p->event.hash == local_event(db, seq)->hash;
    };
    const std::optional<bool> at_head = same_at(head);
    if (!at_head || *at_head) return exit_ok;  // out of reach (the follower says so), or a prefix of its chain
    // The first event that differs: the same at `low` (0: the chain's start), not at `high`.
    std::int64_t low = 0, high = head;
    while (high - low > 1) {
      const std::int64_t middle = low + (high - low) / 2;
      const std::optional<bool> same = same_at(middle);
      if (!same) return exit_ok;
      (*same ? low : high) = middle;
    }
    parted = high;
    theirs = primary_event(primary, parted);
    mine = local_event(db, parted);
    if (!theirs) return exit_ok;
    set_aside = !theirs->missing && theirs->event.type == db::ledger_promoted_event && never_acknowledged_from(db, parted);
    if (set_aside) db.exec("PRAGMA wal_checkpoint(TRUNCATE)");  // the whole file in one name
  }
  if (!set_aside) {
    const std::string there = theirs->missing ? tr("nothing (it is behind this file)") : named(theirs->event);
    // TRANSLATORS: {0} an event's number, {1} this file's event, {2} the primary's; the rest as it is.
    err << "marshal: "
        << fmt::format(fmt::runtime(tr("this ledger and the primary's part at event {}: here {}, on the primary {}. It "
                                       "holds events a station may have been told were recorded, so it cannot simply "
                                       "follow: keep this file for the audit, and give --db a new file to follow "
                                       "the primary afresh")),
                       parted, named(*mine), there)
        << "\n";
    return exit_refused;
  }
  const fs::path path(db_path);
  const fs::path kept = path.parent_path() / (path.stem().string() + "-diverged-" +
                                              db::utc_stamp(db::unix_time_ms()) + path.extension().string());
  fs::rename(path, kept);
  for (const char* suffix : {"-wal", "-shm"})
    if (fs::exists(db_path + suffix)) fs::rename(db_path + suffix, kept.string() + suffix);
  // TRANSLATORS: {0} the ledger file, {1} the name it is kept under, {2} and {3} events' numbers, {4} the new primary's event.
  out << fmt::format(fmt::runtime(tr("Set {0} aside as {1}: its events {2} to {3} never reached the standby, so no "
                                     "station was told they were recorded (their outboxes sent them to the new "
                                     "primary, whose event {2} is {4}). Following the primary afresh.\n")),
                     db_path, kept.string(), parted, head, named(theirs->event));
  return exit_ok;
}

}  // namespace marshal::cli
