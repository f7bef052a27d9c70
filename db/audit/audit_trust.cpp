#include "audit/audit_trust.h"

#include <map>

#include <fmt/format.h>

#include "i18n/sentence.h"
#include "i18n/translate.h"
#include "ledger/station_events.h"
#include "store/hash_chain.h"

namespace marshal::db {

using i18n::say;
using i18n::tr;
using i18n::trn;

namespace {
struct ChainedStation {
  std::string role, token_hash;
  std::int64_t enrolled_seq = 0, revoked_seq = 0;
};

// The stations as the chain has them: the latest enrolment of each name and any revocation since.
std::map<std::string, ChainedStation> stations_in_chain(Database& db) {
  std::map<std::string, ChainedStation> chained;
  Statement s = db.prepare(
      "SELECT seq, type, json_extract(payload, '$.name'), COALESCE(json_extract(payload, '$.role'), ''), "
      "COALESCE(json_extract(payload, '$.token_hash'), '') FROM events "
      "WHERE type IN ('station_enrolled', 'station_revoked', 'station_token_rotated') ORDER BY seq");
  while (s.step()) {
    ChainedStation& c = chained[s.text(2)];
    if (s.text(1) == station_enrolled_event)
      c = {s.text(3), s.text(4), s.int64(0), 0};
    else  // revoked, or its token rotated: the enrolment before it no longer holds
      c.revoked_seq = s.int64(0);
  }
  return chained;
}
}  // namespace

AuditCheck check_enrolments(Database& db) {
  AuditCheck check{"enrolments"};
  auto chained = stations_in_chain(db);
  Statement s = db.prepare(
      "SELECT name, role, lower(hex(token_hash)), enrolled_seq FROM stations "
      "WHERE token_hash IS NOT NULL AND revoked = 0 ORDER BY name");
  // Each problem kept unworded: the figures hold it in English, the evidence in the reader's language.
  std::vector<i18n::Sentence> problems;
  Json live = Json::array();
  while (s.step()) {
    std::string name = s.text(0), role = s.text(1), token_hash = s.text(2);
    auto it = chained.find(name);
    if (it == chained.end() || it->second.enrolled_seq == 0) {
      // TRANSLATORS: {0} is a station's name, {1} its role (a code: gm, kiosk).
      problems.push_back(say("station '{}' ({}) holds a token, but no enrolment event names it: the row "
                             "was written into the file, not enrolled",
                             name, role));
      continue;
    }
    const ChainedStation& c = it->second;
    if (c.revoked_seq > c.enrolled_seq)
      problems.push_back(say("station '{}' is live in the file, but event {} revoked it", name, c.revoked_seq));
    else if (c.role != role)
      // TRANSLATORS: {0} is a station's name, {1} and {3} roles (codes: gm, kiosk), {2} an event's number.
      problems.push_back(say("station '{}' has the role {} in the file, but event {} enrolled it as {}", name, role,
                             c.enrolled_seq, c.role));
    else if (c.token_hash != token_hash || s.is_null(3) || s.int64(3) != c.enrolled_seq)
      problems.push_back(
          say("station '{}' holds a token that its enrolment (event {}) did not give it", name, c.enrolled_seq));
    else
      live.push_back({{"station", name}, {"role", role}, {"enrolled_seq", c.enrolled_seq}});
  }
  std::int64_t revoked = 0;
  for (const auto& [name, c] : chained) revoked += c.revoked_seq > c.enrolled_seq;
  Json problems_english = Json::array();
  for (const auto& p : problems) problems_english.push_back(p.english());
  check.figures = {{"live", live}, {"enrolled_in_chain", chained.size()}, {"revoked_in_chain", revoked},
                   {"problems", problems_english}};
  if (!problems.empty()) {
    check.status = CheckStatus::fail;
    std::string words;
    for (const auto& p : problems) words += (words.empty() ? "" : "; ") + p.translated();
    check.evidence = words;
  } else {
    // TRANSLATORS: {0} is how many stations are live, {1} how many enrolments the chain holds, {2} how many
    // of them were revoked.
    check.evidence = fmt::format(fmt::runtime(trn("{} live stations, each holding the token its enrolment event names "
                                                  "({} enrolled in the chain, {} revoked)",
                                                  "{} live stations, each holding the token its enrolment event names "
                                                  "({} enrolled in the chain, {} revoked)",
                                                  live.size())),
                                 live.size(), chained.size(), revoked);
  }
  return check;
}

AuditCheck check_refusal_chain(Database& db) {
  AuditCheck check{"refusal trail"};  // i18n: not words (the check's code)
  Statement s = db.prepare(std::string("SELECT ") + refusal_columns + " FROM refusals ORDER BY id");
  Blob previous = genesis_hash();
  std::int64_t rows = 0, unchained = 0, last_id = 0;
  // The evidence: the first row that does not match, its reason code and its station, then why.
  auto broken = [&](const RefusalRow& row, const std::string& evidence) {
    check.status = CheckStatus::fail;
    check.evidence = evidence;
    check.figures = {{"rows", rows}, {"first_bad_row", row.id}};
    return check;
  };
  while (s.step()) {
    RefusalRow row = refusal_row_from(s);
    if (row.id != last_id + 1)
      // TRANSLATORS: {0} is the first refusal row (its number) that does not match, {1} its reason (a code such as
      // not_holder), {2} the station it came from, {3} the number of the row missing before it.
      return broken(row, fmt::format(fmt::runtime(tr("TAMPERED at refusal row {} ({}, station {}): row {} is missing "
                                                     "before it: refusals were deleted")),
                                     row.id, row.code, row.station, last_id + 1));
    last_id = row.id;
    ++rows;
    if (row.hash.empty()) {
      // Written before the trail was chained (migration 10): only before the first chained row.
      if (rows != ++unchained)
        // TRANSLATORS: {0} is the first refusal row (its number) that does not match, {1} its reason (a code such
        // as not_holder), {2} the station it came from.
        return broken(row, fmt::format(fmt::runtime(tr("TAMPERED at refusal row {} ({}, station {}): it has no hash, "
                                                       "though rows before it are chained")),
                                       row.id, row.code, row.station));
      continue;
    }
    if (row.prev_hash != previous)
      // TRANSLATORS: {0} is the first refusal row (its number) that does not match, {1} its reason (a code such as
      // not_holder), {2} the station it came from. prev_hash is the name of the link's column.
      return broken(row, fmt::format(fmt::runtime(tr("TAMPERED at refusal row {} ({}, station {}): its link (prev_hash) "
                                                     "is not the hash of the row before it")),
                                     row.id, row.code, row.station));
    if (refusal_hash(row) != row.hash)
      // TRANSLATORS: {0} is the first refusal row (its number) that does not match, {1} its reason (a code such as
      // not_holder), {2} the station it came from.
      return broken(row, fmt::format(fmt::runtime(tr("TAMPERED at refusal row {} ({}, station {}): its hash does not "
                                                     "match its contents: the row was altered")),
                                     row.id, row.code, row.station));
    previous = row.hash;
  }
  check.figures = {{"rows", rows}, {"unchained_rows", unchained}};
  check.evidence = fmt::format(fmt::runtime(trn("VALID: {} rows, each linked to the one before and hashed as stored",
                                                "VALID: {} rows, each linked to the one before and hashed as stored",
                                                rows - unchained)),
                               rows - unchained);
  if (unchained > 0)
    // TRANSLATORS: {0} is the check's evidence so far (a sentence), {1} how many rows were written unchained.
    check.evidence = fmt::format(fmt::runtime(trn("{} ({} older rows were written before the trail was chained)",
                                                  "{} ({} older rows were written before the trail was chained)",
                                                  unchained)),
                                 check.evidence, unchained);
  return check;
}

}  // namespace marshal::db
