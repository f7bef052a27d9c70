#include "audit/audit_story.h"

#include <algorithm>
#include <map>
#include <vector>

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

namespace {
// Each horse's holders in order: "Thunder: Ada (dealt), Bo (sold, #12), Ada (returned, #40)".
std::map<std::string, std::string> horse_histories(Database& db, std::map<std::int64_t, std::vector<std::string>>& held_by) {
  Statement s = db.prepare(
      "SELECT k.code, k.title, h.seq, h.how, COALESCE(c.name, 'nobody'), h.holder FROM card_holders h "
      "JOIN cards k ON k.code = h.code LEFT JOIN characters c ON c.id = h.holder WHERE k.kind = 'horse' "
      "ORDER BY k.code, h.seq");
  std::map<std::string, std::string> histories;
  while (s.step()) {
    std::string& line = histories[s.text(0)];
    line += line.empty() ? s.text(1) + ": " : ", ";
    line += s.text(4) + " (" + s.text(3) + (s.text(3) == "dealt" ? "" : ", #" + std::to_string(s.int64(2))) + ")";
    if (!s.is_null(5)) {
      auto& codes = held_by[s.int64(5)];
      if (std::find(codes.begin(), codes.end(), s.text(0)) == codes.end()) codes.push_back(s.text(0));
    }
  }
  return histories;
}
}  // namespace

AuditCheck check_characters(Database& db) {
  AuditCheck check{"characters"};
  std::map<std::int64_t, std::vector<std::string>> horses_held;
  auto horses = horse_histories(db, horses_held);
  Statement s = db.prepare(R"sql(
SELECT c.id, c.name, c.player, c.dead, COALESCE(c.killing, ''), COALESCE(c.killed_by, ''), c.wounded,
  c.wounded_limb, c.jailed, c.arrested_by IS NOT NULL,
  (SELECT COUNT(*) FROM cards k WHERE k.kind = 'bystander' AND k.holder = c.id AND k.spent = 1),
  (SELECT COUNT(*) FROM cards k WHERE k.kind = 'bystander' AND k.holder = c.id),
  (SELECT COUNT(*) FROM cards k WHERE k.kind = 'trick' AND k.holder = c.id AND k.spent = 1),
  (SELECT COUNT(*) FROM cards k WHERE k.kind = 'trick' AND k.holder = c.id),
  (SELECT group_concat(k.title, '; ') FROM cards k WHERE k.kind = 'secret' AND k.holder = c.id AND k.revoked = 0)
FROM characters c ORDER BY c.name)sql");
  Json people = Json::array();
  int dead = 0, wounded = 0, jailed = 0;
  std::int64_t lost = 0, played = 0;
  while (s.step()) {
    std::string fate = "alive";
    if (s.int64(3)) {
      ++dead;
      const std::string how = s.text(4), by = s.text(5);
      fate = how == "duel"              ? "dead: killed in a duel by " + by
             : how == "lawman"          ? "dead: shot by the Lawman " + by
             : how == "possible_murder" ? "dead: killed by " + by + " (possible murder, for the Judges)"
                                        : std::string("dead (a GM's correction)");
    } else if (s.int64(6)) {
      ++wounded;
      fate = "wounded" + (s.text(7).empty() ? std::string() : " (" + s.text(7) + ")");
    }
    if (s.int64(8)) {
      ++jailed;
      fate += ", jailed";
    } else if (s.int64(9)) {
      fate += ", arrested";
    }
    lost += s.int64(10);
    played += s.int64(12);
    Json horses_of = Json::array();
    for (const auto& code : horses_held[s.int64(0)]) horses_of.push_back(horses[code]);
    people.push_back({{"name", s.text(1)}, {"player", s.text(2)}, {"fate", fate},
                      {"bystanders_lost", s.int64(10)}, {"bystanders", s.int64(11)},
                      {"tricks_played", s.int64(12)}, {"tricks", s.int64(13)},
                      {"secrets_held", s.is_null(14) ? std::string() : s.text(14)}, {"horses", horses_of}});
  }
  check.figures = {{"characters", people}};
  check.evidence = fmt::format("{} characters: {} alive, {} dead, {} wounded, {} jailed; {} bystanders lost, {} tricks "
                               "played (each character's evening in the report)",
                               people.size(), static_cast<int>(people.size()) - dead, dead, wounded, jailed, lost, played);
  return check;
}

}  // namespace marshal::db
