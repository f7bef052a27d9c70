#include "audit/audit.h"

#include "audit/audit_fairness.h"
#include "audit/audit_offices.h"
#include "audit/audit_story.h"
#include "audit/audit_standby.h"
#include "audit/audit_trust.h"
#include "audit/event_figures.h"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <cstdlib>
#include <filesystem>
#include <future>
#include <map>

#include <fmt/format.h>

#include "i18n/translate.h"
#include "i18n/venue_time.h"
#include "ledger/verify.h"
#include "store/hash_chain.h"
#include "store/schema.h"

namespace marshal::db {

using i18n::tr;
using i18n::trn;

std::string to_string(CheckStatus status) {
  switch (status) {
    case CheckStatus::pass: return "PASS";
    case CheckStatus::warn: return "WARN";
    case CheckStatus::fail: return "FAIL";
  }
  return "?";
}

bool AuditReport::any(CheckStatus status) const {
  for (const auto& c : checks)
    if (c.status == status) return true;
  return false;
}

const AuditCheck* AuditReport::find(const std::string& name) const {
  for (const auto& c : checks)
    if (c.name == name) return &c;
  return nullptr;
}

Json AuditReport::to_json() const {
  Json list = Json::array();
  for (const auto& c : checks)
    list.push_back({{"name", c.name},
                    {"title", check_title(c.name)},
                    {"status", to_string(c.status)},
                    {"evidence", c.evidence},
                    {"figures", c.figures}});
  std::string verdict = any(CheckStatus::fail) ? "FAIL" : any(CheckStatus::warn) ? "WARN" : "PASS";
  return {{"ledger", db_path}, {"verdict", verdict}, {"checks", list}, {"timeline", timeline}, {"timings_ms", timings_ms}};
}

// Each check's code, then its name in words. The names the code carries a subject in keep it.
std::string check_title(const std::string& name) {
  if (name == "chain") return tr("chain");
  if (name == "anchors") return tr("anchors");
  if (name == "replay") return tr("replay");
  if (name == "projections") return tr("projections");
  if (name == "enrolments") return tr("enrolments");
  if (name == "refusal trail") return tr("refusal trail");  // i18n: not words (the code, then its words)
  if (name == "refusals") return tr("refusals");
  if (name == "standby") return tr("standby");
  if (name == "stations") return tr("stations");
  if (name == "fairness") return tr("fairness");
  if (name == "calibration") return tr("calibration");
  if (name == "deaths") return tr("deaths");
  if (name == "votes") return tr("votes");
  if (name == "offices") return tr("offices");
  if (name == "land") return tr("land");
  if (name == "notes") return tr("notes");
  if (name == "characters") return tr("characters");
  if (name == "tables") return tr("tables");
  const std::string anchor = "anchor ", cache = "station cache ";  // i18n: not words (codes)
  // TRANSLATORS: an audit check's name: {} is an anchor as `marshal head` prints it (1234:3f2a9c7d1e0b4a55).
  if (name.rfind(anchor, 0) == 0) return fmt::format(fmt::runtime(tr("anchor {}")), name.substr(anchor.size()));
  if (name.rfind(cache, 0) == 0)
    // TRANSLATORS: an audit check's name: {} is a GM station's name (or its cache file's path).
    return fmt::format(fmt::runtime(tr("station cache {}")), name.substr(cache.size()));
  return name;
}

namespace {

std::string chain_valid(std::int64_t events) {
  return fmt::format(fmt::runtime(trn("VALID: {} events, each linked to the one before and hashed as stored",
                                      "VALID: {} events, each linked to the one before and hashed as stored", events)),
                     events);
}

// The chain walked from the first event: every seq in order, every link and every hash.
AuditCheck check_chain(Database& db) {
  AuditCheck check{"chain"};
  Statement s = db.prepare(std::string("SELECT ") + event_columns + " FROM events ORDER BY seq");
  Blob previous = genesis_hash();
  std::int64_t expected = 1, events = 0;
  // The evidence: the first event that does not match, its type (a code) and its station, then why.
  auto broken = [&](const EventRow& row, const std::string& evidence) {
    check.status = CheckStatus::fail;
    check.evidence = evidence;
    check.figures = {{"events", events}, {"first_bad_seq", row.seq}, {"type", row.type}, {"station", row.station}};
  };
  while (s.step()) {
    EventRow row = event_row_from(s);
    if (row.seq != expected) {
      // TRANSLATORS: {0} is the first event (its number) that does not match, {1} its type (a code such as
      // horse_sold), {2} the station that recorded it, {3} the number of the event missing before it.
      broken(row, fmt::format(fmt::runtime(tr("TAMPERED at event {} ({}, station {}): event {} is missing before it: "
                                              "events were deleted")),
                              row.seq, row.type, row.station, expected));
      return check;
    }
    if (row.prev_hash != previous) {
      // TRANSLATORS: {0} is the first event (its number) that does not match, {1} its type (a code such as
      // horse_sold), {2} the station that recorded it. prev_hash is the name of the link's column.
      broken(row, fmt::format(fmt::runtime(tr("TAMPERED at event {} ({}, station {}): its link (prev_hash) is not the "
                                              "hash of the event before it")),
                              row.seq, row.type, row.station));
      return check;
    }
    if (event_hash(row) != row.hash) {
      // TRANSLATORS: {0} is the first event (its number) that does not match, {1} its type (a code such as
      // horse_sold), {2} the station that recorded it.
      broken(row, fmt::format(fmt::runtime(tr("TAMPERED at event {} ({}, station {}): its hash does not match its "
                                              "contents: the event was altered")),
                              row.seq, row.type, row.station));
      return check;
    }
    previous = row.hash;
    ++expected;
    ++events;
  }
  check.evidence = chain_valid(events);
  check.figures = {{"events", events}};
  return check;
}

AuditCheck check_one_anchor(Database& db, const Anchor& anchor) {
  AuditCheck check{"anchor " + format_anchor(anchor)};
  std::string problem = check_anchor(db, anchor);
  check.figures = {{"seq", anchor.seq}, {"hash", anchor.hash_hex}};
  if (problem.empty()) {
    check.evidence = fmt::format(
        fmt::runtime(tr("the ledger holds event {} with this hash: nothing up to it was deleted or rewritten")), anchor.seq);
  } else {
    check.status = CheckStatus::fail;
    check.evidence = problem;
  }
  return check;
}

// Every record a station made, with the hash the server gave it, must be in the chain as it was.
AuditCheck check_station_cache(Database& db, const StationCache& cache) {
  std::string who = cache.station.empty() ? cache.path : cache.station;
  AuditCheck check{"station cache " + who};  // i18n: not words (the check's code)
  check.figures = {{"file", cache.path}, {"records", cache.anchors.size()}, {"without_hash", cache.records_without_hash}};
  for (const auto& anchor : cache.anchors) {
    std::string problem = check_anchor(db, anchor);
    if (!problem.empty()) {
      check.status = CheckStatus::fail;
      // TRANSLATORS: {0} is a GM station, {1} an event's number, {2} the start of its hash (hex digits),
      // {3} what the ledger holds instead.
      check.evidence = fmt::format(fmt::runtime(tr("{} recorded event {} with the hash {}...; {}")), who, anchor.seq,
                                   anchor.hash_hex.substr(0, anchor_short_hex_digits), problem);
      check.figures["first_bad_seq"] = anchor.seq;
      return check;
    }
  }
  // TRANSLATORS: {0} is how many records, {1} the GM station that made them.
  check.evidence = fmt::format(fmt::runtime(trn("the {} records {} made are in the chain with the hashes the server gave it",
                                                "the {} records {} made are in the chain with the hashes the server gave it",
                                                cache.anchors.size())),
                               cache.anchors.size(), who);
  if (cache.anchors.empty()) {
    check.status = CheckStatus::warn;
    // TRANSLATORS: {} is a GM station (or its cache file's path).
    check.evidence = fmt::format(fmt::runtime(tr("{} kept no record with its hash: nothing to prove")), who);
  }
  if (cache.records_without_hash > 0)
    // TRANSLATORS: {0} is the check's evidence so far (a sentence), {1} how many records had no hash.
    check.evidence = fmt::format(fmt::runtime(trn("{} ({} older records were answered without a hash)",
                                                  "{} ({} older records were answered without a hash)",
                                                  cache.records_without_hash)),
                                 check.evidence, cache.records_without_hash);
  return check;
}

// Replay and projections come from verify_ledger, which stops at the first failure. It runs
// beside the chain check (which it then leaves out); a broken chain voids what it found.
std::vector<AuditCheck> replay_checks(const VerifyReport& report, bool chain_ok) {
  AuditCheck replay{"replay"}, projections{"projections"};
  if (!chain_ok) {
    replay.status = projections.status = CheckStatus::fail;
    replay.evidence = projections.evidence = tr("not checked: the chain is broken, so its events cannot be trusted");
    return {replay, projections};
  }
  replay.figures = {{"events", report.events}};
  if (report.ok) {
    replay.evidence = fmt::format(
        fmt::runtime(trn("{} events replayed through the rules into a fresh ledger, every outcome, "
                         "random pick and new code as stored; the rules refused none: no single-use card "
                         "spent twice, no dead or knocked-out character acting, every horse and secret "
                         "passed on by its holder, every ballot within its vote's time",
                         "{} events replayed through the rules into a fresh ledger, every outcome, "
                         "random pick and new code as stored; the rules refused none: no single-use card "
                         "spent twice, no dead or knocked-out character acting, every horse and secret "
                         "passed on by its holder, every ballot within its vote's time",
                         report.events)),
        report.events);
    projections.evidence = tr("every table rebuilt from the events equals the file's");
  } else if (report.failed_seq > 0) {
    replay.status = CheckStatus::fail;
    // TRANSLATORS: {0} is the number of the event the rules refused, {1} why.
    replay.evidence = fmt::format(fmt::runtime(tr("event {}: {}")), report.failed_seq, report.reason);
    replay.figures["first_bad_seq"] = report.failed_seq;
    projections.status = CheckStatus::fail;
    projections.evidence = fmt::format(fmt::runtime(tr("not checked: the replay stopped at event {}")), report.failed_seq);
  } else {
    replay.evidence = fmt::format(fmt::runtime(trn("{} events replayed with the stored outcomes",
                                                   "{} events replayed with the stored outcomes", report.events)),
                                  report.events);
    projections.status = CheckStatus::fail;
    projections.evidence = report.reason;
  }
  return {replay, projections};
}

AuditCheck check_refusals(Database& db) {
  AuditCheck check{"refusals"};
  Statement s = db.prepare(
      "SELECT code, station, SUM(repeats) FROM refusals GROUP BY code, station ORDER BY SUM(repeats) DESC");
  Json by_reason = Json::object(), by_station = Json::object();
  std::int64_t total = 0;
  while (s.step()) {
    std::int64_t n = s.int64(2);
    total += n;
    by_reason[s.text(0)] = by_reason.value(s.text(0), std::int64_t{0}) + n;
    by_station[s.text(1)] = by_station.value(s.text(1), std::int64_t{0}) + n;
  }
  check.figures = {{"total", total}, {"by_reason", by_reason}, {"by_station", by_station}};
  std::string reasons;
  for (auto it = by_reason.begin(); it != by_reason.end(); ++it)
    reasons += fmt::format("{}{} {}", reasons.empty() ? "" : ", ", it.value().get<std::int64_t>(), it.key());
  check.evidence = tr("nothing was refused");
  if (total > 0)
    // TRANSLATORS: {0} is how many events were refused, {1} how many for each reason: "3 dead, 2 not_holder"
    // (the reasons are codes).
    check.evidence = fmt::format(fmt::runtime(trn("{} refused: {}", "{} refused: {}", total)), total, reasons);
  return check;
}

// Per station: its events, its clock against the server's, and what it recorded offline. The
// median of (server - client) time is the station's clock skew (most records reach the server
// at once); a record that reached it later than that by over offline_sync_ms was kept offline.
AuditCheck check_stations(EventFigures& events) {
  AuditCheck check{"stations"};
  auto& delays = events.delays();
  for (auto& [station, d] : delays) std::sort(d.begin(), d.end());
  Json figures = Json::object();
  std::string words, skewed;
  for (const auto& [station, d] : delays) {
    std::int64_t skew = d[d.size() / 2];
    std::int64_t offline = 0, latest = 0;
    for (std::int64_t delay : d)
      if (delay - skew > offline_sync_ms) {
        ++offline;
        latest = std::max(latest, delay - skew);
      }
    figures[station] = {{"events", d.size()}, {"clock_skew_ms", skew}, {"offline_records", offline},
                        {"latest_sync_ms", latest}};
    // TRANSLATORS: a station in the audit: {0} its name, {1} how many events it recorded, {2} its clock against
    // the server's, in seconds (+1.5).
    std::string line = fmt::format(fmt::runtime(trn("{} {} event, clock {:+.1f} s", "{} {} events, clock {:+.1f} s",
                                                    d.size())),
                                   station, d.size(), static_cast<double>(skew) / 1000.0);
    auto silence = events.silences().find(station);
    if (silence != events.silences().end()) {
      figures[station]["longest_silence_ms"] = silence->second.longest_ms;
      if (silence->second.longest_ms > quiet_station_ms)
        // TRANSLATORS: {0} is a station's line so far ("saloon-gm 40 events, clock +0.2 s"), {1} how many
        // minutes it recorded nothing, {2} from when (14:05, the venue's time).
        line = fmt::format(fmt::runtime(tr("{}, quiet for {:.0f} min from {}")), line,
                           static_cast<double>(silence->second.longest_ms) / 60000.0, i18n::clock_text(silence->second.from_ms));
    }
    if (offline > 0)
      // TRANSLATORS: {0} is a station's line so far ("saloon-gm 40 events, clock +0.2 s"), {1} how many records it
      // kept offline, {2} the latest of them synced this many minutes late.
      line = fmt::format(fmt::runtime(trn("{}, {} recorded offline (synced up to {:.0f} min late)",
                                          "{}, {} recorded offline (synced up to {:.0f} min late)", offline)),
                         line, offline, static_cast<double>(latest) / 60000.0);
    words += (words.empty() ? "" : "; ") + line;
    if (std::llabs(skew) > clock_skew_warn_ms) skewed += (skewed.empty() ? "" : ", ") + station;
  }
  check.figures = figures;
  check.evidence = delays.empty() ? tr("no station recorded an event") : words;
  if (!skewed.empty()) {
    check.status = CheckStatus::warn;
    // TRANSLATORS: {0} is the minutes a clock may be off, {1} the stations whose clocks are off more, {2} every
    // station's line.
    check.evidence = fmt::format(fmt::runtime(tr("clocks off by over {} min: {}. {}")), clock_skew_warn_ms / 60000,
                                 skewed, words);
  }
  return check;
}

}  // namespace

AuditReport audit_ledger(const std::string& db_path, const std::vector<Anchor>& anchors,
                         const std::vector<StationCache>& caches, const std::function<void(std::int64_t, std::int64_t)>& progress) {
  AuditReport report;
  report.db_path = db_path;
  if (!std::filesystem::exists(db_path))
    throw std::runtime_error(fmt::format(fmt::runtime(tr("no ledger file at {} (create one with marshal init)")), db_path));
  Database db(db_path, false);
  // The audit never changes the file it proves, so it does not upgrade it either.
  int version = schema_version(db), current = static_cast<int>(migrations().size());
  if (version != current)
    // TRANSLATORS: {0} is the file's schema version, {1} the one this program audits.
    throw std::runtime_error(fmt::format(fmt::runtime(tr("the file is a ledger of schema {}, and this Marshal audits "
                                                         "schema {}: audit it with the Marshal that wrote it (or a copy "
                                                         "opened once by `marshal record` or `marshal serve`, which "
                                                         "upgrade it)")),
                                         version, current));
  // Each step's time goes into summary.json (timings_ms), for whoever tunes the audit.
  auto timed = [&](const char* step, auto&& run) {
    auto start = std::chrono::steady_clock::now();
    run();
    report.timings_ms[step] = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  };
  // The replay (the longest step) runs on its own threads, with its own connection to the file;
  // as it reads, it checks the chain and gathers the per-row figures (event_figures.h), and
  // before each event it feeds the checks that need the state before it. This thread checks
  // the tables beside the events meanwhile.
  DuelDrawCalibration calibration;
  DrawTally draws;
  EventFigures figures;
  std::vector<ConflictRow> conflicts;
  ReplayHooks hooks;
  hooks.progress = progress;
  hooks.on_read = [&](const EventRow& row) { figures.add(row); };
  hooks.on_parsed = [&](const EventRow& row, const Json& payload, const Json& stored) {
    draws.observe(row, payload);
    if (row.type == "conflict_resolved") conflicts.push_back(conflict_row(row, payload, stored));
  };
  hooks.before_apply = [&](const EventRow& row, const Json& payload, Database& before) {
    calibration.observe(row, payload, before);
  };
  double replay_ms = 0;
  std::future<VerifyReport> replaying = std::async(std::launch::async, [&] {
    auto start = std::chrono::steady_clock::now();
    VerifyReport r = verify_ledger(db_path, hooks);
    replay_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    return r;
  });
  std::vector<AuditCheck> beside;
  timed("enrolments and refusals", [&] {  // i18n: not words (a key of timings_ms)
    beside.push_back(check_enrolments(db));
    beside.push_back(check_refusal_chain(db));
    beside.push_back(check_refusals(db));
    beside.push_back(check_standby(db));
  });
  AuditCheck deaths, votes, offices, land, notes, characters;
  timed("story", [&] {
    characters = check_characters(db);
    deaths = check_deaths(db);
    votes = check_votes(db, db.scalar_int("SELECT COALESCE(MAX(server_time_ms), 0) FROM events"));
    offices = check_offices(db);
    land = check_land(db);
    notes = check_notes(db);
  });
  VerifyReport replayed = replaying.get();
  report.timings_ms["replay"] = replay_ms;
  // The chain as the replay's reader found it; when the replay stopped before the end, the
  // chain is walked on its own, and the figures and conflicts read again, so that none is left out.
  AuditCheck chain;
  if (replayed.read_to_end) {
    chain.name = "chain";
    chain.evidence = chain_valid(figures.events());
    chain.figures = {{"events", figures.events()}};
  } else {
    timed("chain", [&] { chain = check_chain(db); });
  }
  if (!replayed.read_to_end || !replayed.ok) {
    timed("figures read again", [&] {  // i18n: not words (a key of timings_ms)
      figures = EventFigures{};
      figures.add_all(db);
      conflicts = conflict_rows(db);
    });
  }
  bool chain_ok = chain.status == CheckStatus::pass;
  report.checks.push_back(std::move(chain));
  if (anchors.empty() && caches.empty()) {
    AuditCheck none{"anchors", CheckStatus::warn,
                    tr("no anchor given (--anchor SEQ:HASH from `marshal head` or the server's log): the chain is "
                       "consistent, but deleted last events or a chain rewritten whole cannot be ruled out")};
    report.checks.push_back(none);
  }
  for (const auto& anchor : anchors) report.checks.push_back(check_one_anchor(db, anchor));
  for (const auto& cache : caches) report.checks.push_back(check_station_cache(db, cache));
  for (auto& c : replay_checks(replayed, chain_ok)) report.checks.push_back(std::move(c));
  for (auto& c : beside) report.checks.push_back(std::move(c));
  report.checks.push_back(check_stations(figures));
  report.checks.push_back(draws.check());
  report.checks.push_back(calibration.check());
  if (std::optional<AuditCheck> tables = check_tables_as_of(db)) report.checks.push_back(std::move(*tables));
  report.checks.push_back(std::move(deaths));
  report.checks.push_back(std::move(votes));
  report.checks.push_back(std::move(offices));
  report.checks.push_back(std::move(land));
  report.checks.push_back(std::move(notes));
  report.checks.push_back(std::move(characters));
  report.timeline = figures.timeline();
  report.conflicts = std::move(conflicts);
  return report;
}

}  // namespace marshal::db
