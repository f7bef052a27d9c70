#include "audit/audit_standby.h"

#include <optional>

#include <fmt/format.h>

#include "i18n/translate.h"
#include "i18n/venue_time.h"
#include "ledger/replica.h"
#include "ledger/station_events.h"

namespace marshal::db {

using i18n::tr;

AuditCheck check_standby(Database& db) {
  AuditCheck check{"standby"};  // i18n: not words (the check's code)
  Statement s = db.prepare(
      "SELECT seq, server_time_ms, type, payload FROM events WHERE type IN (?1, ?2, ?3) ORDER BY seq");
  s.bind(1, std::string(ledger_promoted_event))
      .bind(2, std::string(ledger_alone_event))
      .bind(3, std::string(standby_in_sync_event));
  Json epochs = Json::array(), alone = Json::array();
  std::vector<std::string> words;  // each period and forced promotion, worded for the reader
  std::optional<Json> open;        // a period without a standby not yet closed
  bool ever_in_sync = false, forced = false;
  auto close = [&](const Json& end_seq, const Json& end_ms) {
    Json period = *open;
    period["to_seq"] = end_seq;
    period["to_ms"] = end_ms;
    alone.push_back(period);
    const std::int64_t from_ms = period["from_ms"];
    words.push_back(end_seq.is_null()
                        // TRANSLATORS: {0} an event's number, {1} its time (21:14:03), {2} the standby's name.
                        ? fmt::format(fmt::runtime(tr("without a standby from event {} ({}) to the end: {} never "
                                                      "caught up")),
                                      period["from_seq"].get<std::int64_t>(), i18n::clock_text(from_ms),
                                      period["standby"].get<std::string>())
                        // TRANSLATORS: {0} and {2} events' numbers, {1} and {3} their times (21:14:03).
                        : fmt::format(fmt::runtime(tr("without a standby from event {} ({}) to event {} ({})")),
                                      period["from_seq"].get<std::int64_t>(), i18n::clock_text(from_ms),
                                      end_seq.get<std::int64_t>(), i18n::clock_text(end_ms.get<std::int64_t>())));
    open.reset();
  };
  while (s.step()) {
    const std::int64_t seq = s.int64(0), at_ms = s.int64(1);
    const std::string type = s.text(2);
    const Json payload = Json::parse(s.text(3), nullptr, false);
    if (!payload.is_object()) continue;  // the replay's check says what is wrong with it
    if (type == ledger_promoted_event) {
      const bool was_forced = payload.value("forced", false);
      forced = forced || was_forced;
      epochs.push_back({{"epoch", payload.value("epoch", 0)}, {"seq", seq}, {"server_time_ms", at_ms},
                        {"forced", was_forced}, {"was_in_sync", payload.value("was_in_sync", false)}});
      if (was_forced)
        // TRANSLATORS: {0} an epoch (2, 3...), {1} an event's number, {2} its time (21:14:03).
        words.push_back(fmt::format(fmt::runtime(tr("epoch {} began at event {} ({}) by a forced promotion: events "
                                                    "the old primary took then may be missing")),
                                    payload.value("epoch", 0), seq, i18n::clock_text(at_ms)));
      if (open) close(seq, at_ms);  // the promoted standby is the ledger now
    } else if (type == ledger_alone_event) {
      if (!open)
        open = Json{{"from_seq", seq}, {"from_ms", at_ms}, {"standby", payload.value("standby", "")},
                    {"why", payload.value("why", "")}, {"acked_seq", payload.value("acked_seq", 0)}};
    } else {
      ever_in_sync = true;
      if (open) close(seq, at_ms);
    }
  }
  if (open) close(Json(), Json());
  check.figures = {{"epochs", epochs}, {"alone", alone}, {"ever_in_sync", ever_in_sync}};
  if (!words.empty()) {
    check.status = CheckStatus::warn;
    std::string text;
    for (const auto& w : words) text += (text.empty() ? "" : "; ") + w;
    check.evidence = text;
  } else if (!ever_in_sync && epochs.empty()) {
    check.evidence = tr("no standby followed this ledger: the evening was on one disk (backups aside)");
  } else {
    // TRANSLATORS: {} is how many promotions the chain holds.
    check.evidence = fmt::format(fmt::runtime(tr("a standby held every acknowledged event ({} promotions)")),
                                 epochs.size());
  }
  return check;
}

std::optional<AuditCheck> check_tables_as_of(Database& db) {
  std::optional<std::int64_t> mark;
  try {
    mark = replayed_seq(db);
  } catch (const ReplicaMismatch& m) {
    return AuditCheck{"tables", CheckStatus::fail, m.what()};
  }
  const std::int64_t head = db.scalar_int("SELECT COALESCE(MAX(seq), 0) FROM events");
  if (!mark || *mark >= head) return std::nullopt;
  // TRANSLATORS: the audit on a standby's file: {0} the last event replayed into its tables, {1} its last event.
  AuditCheck check{"tables", CheckStatus::warn,
                   fmt::format(fmt::runtime(tr("a standby's file: the story's checks (deaths, votes, offices, land, notes, "
                                               "characters) read its tables as of event {0} of {1}; the chain and the "
                                               "replay cover every event. For the whole story audit the primary's file, "
                                               "or this one once `marshal promote` has replayed the rest")),
                               *mark, head)};
  check.figures = {{"replayed_seq", *mark}, {"head", head}};
  return check;
}

}  // namespace marshal::db
