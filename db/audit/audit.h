#pragma once
// `marshal audit`: the proof that a ledger file is what the evening recorded, as a list of
// checks, each PASS, WARN or FAIL with its evidence in words and its figures.
//   chain        every event's link and hash (names the first event that does not match)
//   anchor ...   one per anchor given (audit/anchors.h): the file holds the anchored head
//   replay       every event replayed through the rules into a fresh ledger, same outcomes
//   projections  the tables rebuilt from the events equal the file's, table by table
//   refusals     the refusal trail, by reason code and station (figures; never a FAIL)
//   stations     events per station, its clock against the server's (WARN past
//                clock_skew_warn_ms), records kept offline and how late they synced
//   deaths       every death and how it was judged, those for the Judges named (audit_story.h)
//   votes        every vote, its ballots, count and override, and any never counted
// What the issue asks beyond these (station enrolments as events, the evening's story,
// fairness, the HTML/PDF report) is listed in docs/audit.md as not built yet.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "audit/anchors.h"
#include "audit/event_figures.h"
#include "audit/station_cache.h"
#include "protocol/json_fields.h"

namespace marshal::db {

using Json = protocol::Json;

// A station's clock more than 2 minutes off the server's is worth a look (timers, votes).
inline constexpr std::int64_t clock_skew_warn_ms = 2 * 60 * 1000;
// A record that reached the server over a minute later than the station's usual delay was
// kept offline (in the station's outbox) and synced later.
inline constexpr std::int64_t offline_sync_ms = 60 * 1000;
// A station with no event for over 30 minutes between its first and its last is named as quiet
// (a GM away, a station down): worth a question, never a warning.
inline constexpr std::int64_t quiet_station_ms = 30 * 60 * 1000;

enum class CheckStatus { pass, warn, fail };
std::string to_string(CheckStatus status);  // "PASS", "WARN", "FAIL"

struct AuditCheck {
  AuditCheck() = default;
  explicit AuditCheck(std::string name_, CheckStatus status_ = CheckStatus::pass, std::string evidence_ = "")
      : name(std::move(name_)), status(status_), evidence(std::move(evidence_)) {}
  std::string name;  // its code, in English ("chain", "anchor 1234:3f2a..."): found by it; check_title words it
  CheckStatus status = CheckStatus::pass;
  std::string evidence;           // in words, for people, in the language tr() answers in
  Json figures = Json::object();  // the numbers behind it, for summary.json (codes and data, not translated)
};

// A check's name in words, in the language tr() answers in: what a person reads where the code
// (AuditCheck::name, summary.json's "name") is shown ("chain" is "цепочка" in Russian; an anchor's
// and a station cache's keep their subject). A name it does not know comes back as it is.
std::string check_title(const std::string& name);

// Events are counted per station in slots of this length for the report's timeline.
inline constexpr std::int64_t timeline_slot_ms = 10 * 60 * 1000;
// The timeline covers at most a week (its last slots): a station with a wild clock must not
// make the report allocate millions of empty slots.
inline constexpr std::int64_t timeline_max_slots = 7 * 24 * 6;

struct AuditReport {
  std::string db_path;
  std::vector<AuditCheck> checks;
  // {"slot_ms", "start_ms", "slots", "stations": {name: [events in each slot]}}: the evening's
  // events per 10 minutes by station (the definition and admin events left out).
  Json timeline = Json::object();
  Json timings_ms = Json::object();  // each step's wall time, for whoever tunes the audit
  std::vector<ConflictRow> conflicts;  // conflicts.csv
  bool any(CheckStatus status) const;
  const AuditCheck* find(const std::string& name) const;
  // summary.json: each check's "name" (its code), "title" (check_title), "status" (PASS, WARN, FAIL),
  // "evidence" (words) and "figures".
  Json to_json() const;
};

// progress(done, total) as events are replayed. Throws std::runtime_error (SqliteError among them)
// when there is no file or it is not SQLite.
// `caches`: GM stations' caches (audit/station_cache.h), each record they made an anchor.
AuditReport audit_ledger(const std::string& db_path, const std::vector<Anchor>& anchors,
                         const std::vector<StationCache>& caches = {},
                         const std::function<void(std::int64_t, std::int64_t)>& progress = {});

}  // namespace marshal::db
