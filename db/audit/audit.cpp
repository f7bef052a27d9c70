#include "audit/audit.h"

#include "audit/audit_fairness.h"
#include "audit/audit_story.h"
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

#include "ledger/verify.h"
#include "store/hash_chain.h"
#include "store/schema.h"

namespace marshal::db {

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
    list.push_back({{"name", c.name}, {"status", to_string(c.status)}, {"evidence", c.evidence}, {"figures", c.figures}});
  std::string verdict = any(CheckStatus::fail) ? "FAIL" : any(CheckStatus::warn) ? "WARN" : "PASS";
  return {{"ledger", db_path}, {"verdict", verdict}, {"checks", list}, {"timeline", timeline}, {"timings_ms", timings_ms}};
}

namespace {

// The chain walked from the first event: every seq in order, every link and every hash.
AuditCheck check_chain(Database& db) {
  AuditCheck check{"chain"};
  Statement s = db.prepare(std::string("SELECT ") + event_columns + " FROM events ORDER BY seq");
  Blob previous = genesis_hash();
  std::int64_t expected = 1, events = 0;
  auto broken = [&](const EventRow& row, const std::string& why) {
    check.status = CheckStatus::fail;
    check.evidence = fmt::format("TAMPERED at event {} ({}, station {}): {}", row.seq, row.type, row.station, why);
    check.figures = {{"events", events}, {"first_bad_seq", row.seq}, {"type", row.type}, {"station", row.station}};
  };
  while (s.step()) {
    EventRow row = event_row_from(s);
    if (row.seq != expected) {
      broken(row, fmt::format("event {} is missing before it: events were deleted", expected));
      return check;
    }
    if (row.prev_hash != previous) {
      broken(row, "its link (prev_hash) is not the hash of the event before it");
      return check;
    }
    if (event_hash(row) != row.hash) {
      broken(row, "its hash does not match its contents: the event was altered");
      return check;
    }
    previous = row.hash;
    ++expected;
    ++events;
  }
  check.evidence = fmt::format("VALID: {} events, each linked to the one before and hashed as stored", events);
  check.figures = {{"events", events}};
  return check;
}

AuditCheck check_one_anchor(Database& db, const Anchor& anchor) {
  AuditCheck check{"anchor " + format_anchor(anchor)};
  std::string problem = check_anchor(db, anchor);
  check.figures = {{"seq", anchor.seq}, {"hash", anchor.hash_hex}};
  if (problem.empty()) {
    check.evidence = fmt::format("the ledger holds event {} with this hash: nothing up to it was deleted or rewritten", anchor.seq);
  } else {
    check.status = CheckStatus::fail;
    check.evidence = problem;
  }
  return check;
}

// Every record a station made, with the hash the server gave it, must be in the chain as it was.
AuditCheck check_station_cache(Database& db, const StationCache& cache) {
  std::string who = cache.station.empty() ? cache.path : cache.station;
  AuditCheck check{"station cache " + who};
  check.figures = {{"file", cache.path}, {"records", cache.anchors.size()}, {"without_hash", cache.records_without_hash}};
  for (const auto& anchor : cache.anchors) {
    std::string problem = check_anchor(db, anchor);
    if (!problem.empty()) {
      check.status = CheckStatus::fail;
      check.evidence = fmt::format("{} recorded event {} with the hash {}...; {}", who, anchor.seq,
                                   anchor.hash_hex.substr(0, anchor_short_hex_digits), problem);
      check.figures["first_bad_seq"] = anchor.seq;
      return check;
    }
  }
  check.evidence = fmt::format("the {} records {} made are in the chain with the hashes the server gave it", cache.anchors.size(), who);
  if (cache.anchors.empty()) {
    check.status = CheckStatus::warn;
    check.evidence = who + " kept no record with its hash: nothing to prove";
  }
  if (cache.records_without_hash > 0)
    check.evidence += fmt::format(" ({} older records were answered without a hash)", cache.records_without_hash);
  return check;
}

// Replay and projections come from verify_ledger, which stops at the first failure. It runs
// beside the chain check (which it then leaves out); a broken chain voids what it found.
std::vector<AuditCheck> replay_checks(const VerifyReport& report, bool chain_ok) {
  AuditCheck replay{"replay"}, projections{"projections"};
  if (!chain_ok) {
    replay.status = projections.status = CheckStatus::fail;
    replay.evidence = projections.evidence = "not checked: the chain is broken, so its events cannot be trusted";
    return {replay, projections};
  }
  replay.figures = {{"events", report.events}};
  if (report.ok) {
    replay.evidence = fmt::format("{} events replayed through the rules into a fresh ledger, every outcome, "
                                  "random pick and new code as stored; the rules refused none: no single-use card "
                                  "spent twice, no dead or knocked-out character acting, every horse and secret "
                                  "passed on by its holder, every ballot within its vote's time",
                                  report.events);
    projections.evidence = "every table rebuilt from the events equals the file's";
  } else if (report.failed_seq > 0) {
    replay.status = CheckStatus::fail;
    replay.evidence = fmt::format("event {}: {}", report.failed_seq, report.reason);
    replay.figures["first_bad_seq"] = report.failed_seq;
    projections.status = CheckStatus::fail;
    projections.evidence = "not checked: the replay stopped at event " + std::to_string(report.failed_seq);
  } else {
    replay.evidence = fmt::format("{} events replayed with the stored outcomes", report.events);
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
  check.evidence = total == 0 ? "nothing was refused" : fmt::format("{} refused: {}", total, reasons);
  return check;
}

// "14:05 UTC" for a server time.
std::string utc_clock(std::int64_t unix_ms) {
  std::time_t t = static_cast<std::time_t>(unix_ms / 1000);
  std::tm tm{};
  gmtime_r(&t, &tm);
  return fmt::format("{:02d}:{:02d} UTC", tm.tm_hour, tm.tm_min);
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
    words += fmt::format("{}{} {} events, clock {:+.1f} s", words.empty() ? "" : "; ", station, d.size(), static_cast<double>(skew) / 1000.0);
    auto silence = events.silences().find(station);
    if (silence != events.silences().end()) {
      figures[station]["longest_silence_ms"] = silence->second.longest_ms;
      if (silence->second.longest_ms > quiet_station_ms)
        words += fmt::format(", quiet for {:.0f} min from {}", static_cast<double>(silence->second.longest_ms) / 60000.0,
                             utc_clock(silence->second.from_ms));
    }
    if (offline > 0) words += fmt::format(", {} recorded offline (synced up to {:.0f} min late)", offline, static_cast<double>(latest) / 60000.0);
    if (std::llabs(skew) > clock_skew_warn_ms) skewed += (skewed.empty() ? "" : ", ") + station;
  }
  check.figures = figures;
  check.evidence = delays.empty() ? "no station recorded an event" : words;
  if (!skewed.empty()) {
    check.status = CheckStatus::warn;
    check.evidence = fmt::format("clocks off by over {} min: {}. {}", clock_skew_warn_ms / 60000, skewed, words);
  }
  return check;
}

}  // namespace

AuditReport audit_ledger(const std::string& db_path, const std::vector<Anchor>& anchors,
                         const std::vector<StationCache>& caches, const std::function<void(std::int64_t, std::int64_t)>& progress) {
  AuditReport report;
  report.db_path = db_path;
  if (!std::filesystem::exists(db_path)) throw std::runtime_error("no ledger file at " + db_path + " (create one with marshal init)");
  Database db(db_path, false);
  // The audit never changes the file it proves, so it does not upgrade it either.
  int version = schema_version(db), current = static_cast<int>(migrations().size());
  if (version != current)
    throw std::runtime_error(fmt::format("the file is a ledger of schema {}, and this Marshal audits schema {}: "
                                         "audit it with the Marshal that wrote it (or a copy opened once by `marshal "
                                         "record` or `marshal serve`, which upgrade it)",
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
  timed("enrolments and refusals", [&] {
    beside.push_back(check_enrolments(db));
    beside.push_back(check_refusal_chain(db));
    beside.push_back(check_refusals(db));
  });
  AuditCheck deaths, votes, characters;
  timed("story", [&] {
    characters = check_characters(db);
    deaths = check_deaths(db);
    votes = check_votes(db, db.scalar_int("SELECT COALESCE(MAX(server_time_ms), 0) FROM events"));
  });
  VerifyReport replayed = replaying.get();
  report.timings_ms["replay"] = replay_ms;
  // The chain as the replay's reader found it; when the replay stopped before the end, the
  // chain is walked on its own, and the figures and conflicts read again, so that none is left out.
  AuditCheck chain;
  if (replayed.read_to_end) {
    chain.name = "chain";
    chain.evidence = fmt::format("VALID: {} events, each linked to the one before and hashed as stored", figures.events());
    chain.figures = {{"events", figures.events()}};
  } else {
    timed("chain", [&] { chain = check_chain(db); });
  }
  if (!replayed.read_to_end || !replayed.ok) {
    timed("figures read again", [&] {
      figures = EventFigures{};
      figures.add_all(db);
      conflicts = conflict_rows(db);
    });
  }
  bool chain_ok = chain.status == CheckStatus::pass;
  report.checks.push_back(std::move(chain));
  if (anchors.empty() && caches.empty()) {
    AuditCheck none{"anchors", CheckStatus::warn,
                    "no anchor given (--anchor SEQ:HASH from `marshal head` or the server's log): the chain is "
                    "consistent, but deleted last events or a chain rewritten whole cannot be ruled out"};
    report.checks.push_back(none);
  }
  for (const auto& anchor : anchors) report.checks.push_back(check_one_anchor(db, anchor));
  for (const auto& cache : caches) report.checks.push_back(check_station_cache(db, cache));
  for (auto& c : replay_checks(replayed, chain_ok)) report.checks.push_back(std::move(c));
  for (auto& c : beside) report.checks.push_back(std::move(c));
  report.checks.push_back(check_stations(figures));
  report.checks.push_back(draws.check());
  report.checks.push_back(calibration.check());
  report.checks.push_back(std::move(deaths));
  report.checks.push_back(std::move(votes));
  report.checks.push_back(std::move(characters));
  report.timeline = figures.timeline();
  report.conflicts = std::move(conflicts);
  return report;
}

}  // namespace marshal::db
