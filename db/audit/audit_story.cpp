#include "audit/audit_story.h"

#include <fmt/format.h>

namespace marshal::db {

AuditCheck check_deaths(Database& db) {
  AuditCheck check{"deaths"};
  Statement s = db.prepare(
      "SELECT name, COALESCE(killing, ''), COALESCE(killed_by, '') FROM characters WHERE dead = 1 ORDER BY name");
  Json deaths = Json::array();
  std::string lawful, for_judges;
  while (s.step()) {
    const std::string name = s.text(0), how = s.text(1), by = s.text(2);
    deaths.push_back({{"name", name}, {"how", how.empty() ? "set dead by a GM's correction" : how}, {"by", by}});
    const std::string killer = by.empty() ? "" : " by " + by;
    if (how == "duel") lawful += (lawful.empty() ? "" : ", ") + name + " (duel" + killer + ")";
    else if (how == "lawman")
      for_judges += (for_judges.empty() ? "" : "; ") + name + " killed" + killer +
                    ", a Lawman: lawful if caught in criminal activity";
    else if (how == "possible_murder")
      for_judges += (for_judges.empty() ? "" : "; ") + name + " killed" + killer + ": possible murder";
    else
      for_judges += (for_judges.empty() ? "" : "; ") + name + ": set dead by a GM's correction, no killing recorded";
  }
  check.figures = {{"deaths", deaths}};
  if (deaths.empty()) {
    check.evidence = "nobody died";
    return check;
  }
  check.evidence = fmt::format("{} dead", deaths.size());
  if (!lawful.empty()) check.evidence += ". Lawful: " + lawful;
  if (!for_judges.empty()) check.evidence += ". For the Judges: " + for_judges;
  return check;
}

AuditCheck check_votes(Database& db, std::int64_t now_ms) {
  AuditCheck check{"votes"};
  Statement s = db.prepare(
      "SELECT v.seq, v.office, c.name, v.start_ms + v.duration_ms, (SELECT COUNT(*) FROM ballots b WHERE b.vote_seq = "
      "v.seq), v.counted_seq, COALESCE(v.outcome, ''), v.overridden_seq IS NOT NULL, "
      "(SELECT payload FROM events e WHERE e.seq = v.counted_seq) FROM votes v JOIN characters c ON c.id = v.called_by "
      "ORDER BY v.seq");
  Json votes = Json::array();
  std::string words, uncounted;
  while (s.step()) {
    Json vote{{"seq", s.int64(0)}, {"office", s.text(1)}, {"called_by", s.text(2)}, {"ballots", s.int64(4)},
              {"counted", !s.is_null(5)}, {"outcome", s.text(6)}, {"overridden", s.int64(7) != 0}};
    if (!s.is_null(8)) vote["tally"] = Json::parse(s.text(8)).value("ledger", Json::object()).value("tally", Json::array());
    std::string line = fmt::format("{} ({} ballots): ", s.text(1), s.int64(4));
    if (s.is_null(5)) {
      line += s.int64(3) <= now_ms ? "never counted" : "still open";
      if (s.int64(3) <= now_ms) uncounted += (uncounted.empty() ? "" : ", ") + s.text(1);
    } else {
      line += s.text(6) + (s.int64(7) != 0 ? " (a Judge's call)" : "");
    }
    words += (words.empty() ? "" : "; ") + line;
    votes.push_back(vote);
  }
  check.figures = {{"votes", votes}};
  check.evidence = votes.empty() ? "no vote was called" : words;
  if (!uncounted.empty()) check.evidence = "closed but never counted: " + uncounted + ". " + words;
  return check;
}

}  // namespace marshal::db
