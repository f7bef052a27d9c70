#include "audit/audit_story.h"

#include <algorithm>
#include <map>
#include <vector>

#include <fmt/format.h>

#include "core/limbs.h"
#include "i18n/translate.h"

namespace marshal::db {

using i18n::tr;
using i18n::trn;

namespace {

// A death the ledger judged lawful (a duel, a Judge's hanging), for the deaths check's list.
std::string lawful_death(const std::string& name, const std::string& how, const std::string& by) {
  // TRANSLATORS: {0} is a character hanged, {1} the Judge who sentenced them.
  if (how == "hanging") return fmt::format(fmt::runtime(tr("{} (hanged by sentence of {})")), name, by);
  // TRANSLATORS: {0} is a character killed in a duel, {1} who killed them.
  if (!by.empty()) return fmt::format(fmt::runtime(tr("{} (duel by {})")), name, by);
  // TRANSLATORS: {} is a character killed in a duel.
  return fmt::format(fmt::runtime(tr("{} (duel)")), name);
}

// A death for the Judges to look at: a Lawman's killing, a possible murder, or a GM's correction.
std::string death_for_judges(const std::string& name, const std::string& how, const std::string& by) {
  if (how == "lawman" && !by.empty())
    // TRANSLATORS: {0} is a character killed, {1} the Lawman who killed them.
    return fmt::format(fmt::runtime(tr("{} killed by {}, a Lawman: lawful if caught in criminal activity")), name, by);
  if (how == "lawman")
    // TRANSLATORS: {} is a character killed by a Lawman.
    return fmt::format(fmt::runtime(tr("{} killed, a Lawman: lawful if caught in criminal activity")), name);
  if (how == "possible_murder" && !by.empty())
    // TRANSLATORS: {0} is a character killed, {1} who killed them.
    return fmt::format(fmt::runtime(tr("{} killed by {}: possible murder")), name, by);
  if (how == "possible_murder")
    // TRANSLATORS: {} is a character killed.
    return fmt::format(fmt::runtime(tr("{} killed: possible murder")), name);
  // TRANSLATORS: {} is a character a GM marked dead.
  return fmt::format(fmt::runtime(tr("{}: set dead by a GM's correction, no killing recorded")), name);
}

}  // namespace

AuditCheck check_deaths(Database& db) {
  AuditCheck check{"deaths"};
  Statement s = db.prepare(
      "SELECT name, COALESCE(killing, ''), COALESCE(killed_by, '') FROM characters WHERE dead = 1 ORDER BY name");
  Json deaths = Json::array();
  std::string lawful, for_judges;
  while (s.step()) {
    const std::string name = s.text(0), how = s.text(1), by = s.text(2);
    // "how" is the ledger's code for the killing (summary.json's figures): English, like the codes beside it.
    const char* correction = "set dead by a GM's correction";  // i18n: not words
    deaths.push_back({{"name", name}, {"how", how.empty() ? correction : how}, {"by", by}});
    if (how == "duel" || how == "hanging") lawful += (lawful.empty() ? "" : ", ") + lawful_death(name, how, by);
    else for_judges += (for_judges.empty() ? "" : "; ") + death_for_judges(name, how, by);
  }
  check.figures = {{"deaths", deaths}};
  if (deaths.empty()) {
    check.evidence = tr("nobody died");
    return check;
  }
  const auto dead = deaths.size();
  if (!lawful.empty() && !for_judges.empty())
    // TRANSLATORS: {0} is how many characters died, {1} the lawful deaths, {2} the deaths for the Judges to judge.
    check.evidence = fmt::format(fmt::runtime(trn("{} dead. Lawful: {}. For the Judges: {}",
                                                  "{} dead. Lawful: {}. For the Judges: {}", dead)),
                                 dead, lawful, for_judges);
  else if (!lawful.empty())
    // TRANSLATORS: {0} is how many characters died, {1} the lawful deaths (every one).
    check.evidence = fmt::format(fmt::runtime(trn("{} dead. Lawful: {}", "{} dead. Lawful: {}", dead)), dead, lawful);
  else
    // TRANSLATORS: {0} is how many characters died, {1} the deaths for the Judges to judge (every one).
    check.evidence = fmt::format(fmt::runtime(trn("{} dead. For the Judges: {}", "{} dead. For the Judges: {}", dead)),
                                 dead, for_judges);
  return check;
}

namespace {

// A vote in the votes check: its office, its ballots, and how it ended (or that it did not).
std::string vote_words(const std::string& office, std::int64_t ballots, bool counted, bool closed,
                       const std::string& outcome, bool overridden) {
  if (!counted && closed)
    // TRANSLATORS: {0} is the office voted for, {1} how many ballots were cast.
    return fmt::format(fmt::runtime(trn("{} ({} ballot): never counted", "{} ({} ballots): never counted", ballots)),
                       office, ballots);
  if (!counted)
    // TRANSLATORS: {0} is the office voted for, {1} how many ballots were cast so far.
    return fmt::format(fmt::runtime(trn("{} ({} ballot): still open", "{} ({} ballots): still open", ballots)), office,
                       ballots);
  if (overridden)
    // TRANSLATORS: {0} is the office voted for, {1} how many ballots were cast, {2} the outcome a Judge decided
    // (as the Judge typed it).
    return fmt::format(fmt::runtime(trn("{} ({} ballot): {} (a Judge's call)", "{} ({} ballots): {} (a Judge's call)",
                                        ballots)),
                       office, ballots, outcome);
  // TRANSLATORS: {0} is the office voted for, {1} how many ballots were cast, {2} the outcome as the ledger recorded it.
  return fmt::format(fmt::runtime(trn("{} ({} ballot): {}", "{} ({} ballots): {}", ballots)), office, ballots, outcome);
}

}  // namespace

AuditCheck check_votes(Database& db, std::int64_t now_ms) {
  AuditCheck check{"votes"};
  Statement s = db.prepare(
      "SELECT v.seq, v.office, c.name, v.start_ms + v.duration_ms, (SELECT COUNT(*) FROM ballots b WHERE b.vote_seq = "
      "v.seq), v.counted_seq, COALESCE(v.outcome, ''), v.overridden_seq IS NOT NULL, "  // i18n: not words (SQL)
      "(SELECT payload FROM events e WHERE e.seq = v.counted_seq) FROM votes v JOIN characters c ON c.id = v.called_by "
      "ORDER BY v.seq");
  Json votes = Json::array();
  std::string words, uncounted;
  while (s.step()) {
    Json vote{{"seq", s.int64(0)}, {"office", s.text(1)}, {"called_by", s.text(2)}, {"ballots", s.int64(4)},
              {"counted", !s.is_null(5)}, {"outcome", s.text(6)}, {"overridden", s.int64(7) != 0}};
    if (!s.is_null(8)) vote["tally"] = Json::parse(s.text(8)).value("ledger", Json::object()).value("tally", Json::array());
    const bool closed = s.int64(3) <= now_ms;
    if (s.is_null(5) && closed) uncounted += (uncounted.empty() ? "" : ", ") + s.text(1);
    words += (words.empty() ? "" : "; ") +
             vote_words(s.text(1), s.int64(4), !s.is_null(5), closed, s.text(6), s.int64(7) != 0);
    votes.push_back(vote);
  }
  check.figures = {{"votes", votes}};
  check.evidence = votes.empty() ? tr("no vote was called") : words;
  if (!uncounted.empty())
    // TRANSLATORS: {0} is the offices whose votes closed but were never counted, {1} every vote's line.
    check.evidence = fmt::format(fmt::runtime(tr("closed but never counted: {}. {}")), uncounted, words);
  return check;
}

namespace {
// One holder in a horse's history: who, how the horse came to them (the ledger's code), at which event.
std::string horse_holder(const std::string& who, const std::string& how, std::int64_t seq) {
  // TRANSLATORS: in a horse's history: {} is who was dealt the horse with their character.
  if (how == "dealt") return fmt::format(fmt::runtime(tr("{} (dealt)")), who);
  // TRANSLATORS: in a horse's history: {0} is who bought the horse, {1} the event's number.
  if (how == "sold") return fmt::format(fmt::runtime(tr("{} (sold, #{})")), who, seq);
  // TRANSLATORS: in a horse's history: {0} is who stole the horse, {1} the event's number.
  if (how == "stolen") return fmt::format(fmt::runtime(tr("{} (stolen, #{})")), who, seq);
  // TRANSLATORS: in a horse's history: {0} is who borrowed the horse (a Lawman), {1} the event's number.
  if (how == "borrowed") return fmt::format(fmt::runtime(tr("{} (borrowed, #{})")), who, seq);
  // TRANSLATORS: in a horse's history: {0} is its owner, who got it back, {1} the event's number.
  if (how == "returned") return fmt::format(fmt::runtime(tr("{} (returned, #{})")), who, seq);
  return fmt::format("{} ({}, #{})", who, how, seq);  // a code this audit does not know, as it stands
}

// Each horse's holders in order: "Thunder: Ada (dealt), Bo (sold, #12), Ada (returned, #40)".
std::map<std::string, std::string> horse_histories(Database& db, std::map<std::int64_t, std::vector<std::string>>& held_by) {
  Statement s = db.prepare(
      "SELECT k.code, k.title, h.seq, h.how, c.name, h.holder FROM card_holders h "
      "JOIN cards k ON k.code = h.code LEFT JOIN characters c ON c.id = h.holder WHERE k.kind = 'horse' "
      "ORDER BY k.code, h.seq");
  std::map<std::string, std::string> histories;
  while (s.step()) {
    std::string& line = histories[s.text(0)];
    line += line.empty() ? s.text(1) + ": " : ", ";
    // TRANSLATORS: in a horse's history, the holder when the horse was held by no character.
    line += horse_holder(s.is_null(4) ? tr("nobody") : s.text(4), s.text(3), s.int64(2));
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
  (SELECT group_concat(k.title, '; ') FROM cards k WHERE k.kind = 'secret' AND k.holder = c.id AND k.revoked = 0),
  (SELECT COUNT(*) FROM timers t WHERE t.character = c.id AND t.kind = 'healing')
FROM characters c ORDER BY c.name)sql");
  Json people = Json::array();
  int dead = 0, wounded = 0, jailed = 0;
  std::int64_t lost = 0, played = 0;
  while (s.step()) {
    // The fate is words for the report (printables), in the reader's language.
    // TRANSLATORS: a character's fate in the audit.
    std::string fate = tr("alive");
    if (s.int64(3)) {
      ++dead;
      const std::string how = s.text(4), by = s.text(5);
      // TRANSLATORS: a character's fate in the audit: {} is who killed them.
      fate = how == "duel"     ? fmt::format(fmt::runtime(tr("dead: killed in a duel by {}")), by)
             // TRANSLATORS: a character's fate in the audit: {} is the Lawman who shot them.
             : how == "lawman" ? fmt::format(fmt::runtime(tr("dead: shot by the Lawman {}")), by)
             // TRANSLATORS: a character's fate in the audit: {} is the Judge who sentenced them.
             : how == "hanging" ? fmt::format(fmt::runtime(tr("dead: hanged by sentence of {}")), by)
             : how == "possible_murder"
                 // TRANSLATORS: a character's fate in the audit: {} is who killed them.
                 ? fmt::format(fmt::runtime(tr("dead: killed by {} (possible murder, for the Judges)")), by)
                 // TRANSLATORS: a character's fate in the audit: a GM marked them dead.
                 : tr("dead (a GM's correction)");
    } else if (s.int64(6)) {
      ++wounded;
      fate = tr("wounded");
      if (!s.text(7).empty())
        // TRANSLATORS: a character's fate in the audit: {} is the limb the player gave up (left arm).
        fate = fmt::format(fmt::runtime(tr("wounded ({})")), core::limb_words(s.text(7)));
      // A Doctor's healing still running when the records end (healings that ended were written).
      if (s.int64(15))
        // TRANSLATORS: a character's fate in the audit: {} is the fate so far ("wounded (left arm)").
        fate = fmt::format(fmt::runtime(tr("{}, being healed by a Doctor")), fate);
    }
    if (s.int64(8)) {
      ++jailed;
      // TRANSLATORS: a character's fate in the audit: {} is the fate so far ("alive", "wounded (left arm)").
      fate = fmt::format(fmt::runtime(tr("{}, jailed")), fate);
    } else if (s.int64(9)) {
      // TRANSLATORS: a character's fate in the audit: {} is the fate so far ("alive", "wounded (left arm)").
      fate = fmt::format(fmt::runtime(tr("{}, arrested")), fate);
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
  // TRANSLATORS: {0} is how many characters, then how many of them are alive, dead, wounded and jailed, {5} how
  // many bystander cards were lost, {6} how many poker tricks were played.
  check.evidence = fmt::format(fmt::runtime(trn("{} characters: {} alive, {} dead, {} wounded, {} jailed; {} bystanders "
                                                "lost, {} tricks played (each character's evening in the report)",
                                                "{} characters: {} alive, {} dead, {} wounded, {} jailed; {} bystanders "
                                                "lost, {} tricks played (each character's evening in the report)",
                                                people.size())),
                               people.size(), static_cast<int>(people.size()) - dead, dead, wounded, jailed, lost, played);
  return check;
}

}  // namespace marshal::db
