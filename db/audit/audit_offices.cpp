#include "audit/audit_offices.h"

#include <fmt/format.h>

#include "core/offices.h"
#include "i18n/translate.h"
#include "i18n/venue_time.h"

namespace marshal::db {

using i18n::tr;

namespace {

void add(std::string& list, const std::string& item) { list += (list.empty() ? "" : "; ") + item; }

std::string deputies(Database& db, Json& figures) {
  std::string words;
  Statement s = db.prepare(
      "SELECT p.name, j.name, d.task, COALESCE(d.ended_how, ''), d.seq FROM deputies d "  // i18n: not words (SQL)
      "JOIN characters p ON p.id = d.deputy JOIN characters j ON j.id = d.judge ORDER BY d.seq");
  while (s.step()) {
    const std::string how = s.text(3);
    figures.push_back({{"seq", s.int64(4)}, {"deputy", s.text(0)}, {"judge", s.text(1)}, {"task", s.text(2)},
                       {"ended", how}});
    // TRANSLATORS: how a deputy's task ended, in brackets after it.
    const std::string ended = how == "done"       ? tr("done")
                              : how == "released" ? tr("ended by a Judge")
                              : how == "overridden" ? tr("overridden")
                                                    : tr("still running");
    // TRANSLATORS: {0} the deputy, {1} the Judge, {2} the task, {3} how it ended.
    add(words, fmt::format(fmt::runtime(tr("{} deputized by {}: {} ({})")), s.text(0), s.text(1), s.text(2), ended));
  }
  return words;
}

std::string sentences(Database& db, Json& figures) {
  std::string words;
  Statement s = db.prepare(
      "SELECT c.name, j.name, s.sentence, s.charge, s.minutes, s.fine, s.seq, "  // i18n: not words (SQL)
      "(SELECT o.name FROM decisions d JOIN decisions r ON r.seq = d.overridden_seq JOIN characters o ON o.id = r.made_by "
      "WHERE d.seq = s.seq) FROM sentences s JOIN characters c ON c.id = s.character JOIN characters j ON j.id = s.judge "
      "ORDER BY s.seq");
  while (s.step()) {
    Json row{{"seq", s.int64(6)}, {"character", s.text(0)}, {"judge", s.text(1)}, {"sentence", s.text(2)},
             {"charge", s.text(3)}};
    std::string what = core::sentence_words(s.text(2));
    if (!s.is_null(4)) {
      row["minutes"] = s.int64(4);
      what += fmt::format(" {} min", s.int64(4));  // i18n: not words (min, as on every timer)
    }
    if (!s.is_null(5)) {
      row["fine"] = s.text(5);
      what += " " + s.text(5);
    }
    // TRANSLATORS: {0} the one sentenced, {1} the sentence, {2} the charge, {3} the Judge.
    std::string line = fmt::format(fmt::runtime(tr("{}: {} for {}, sentenced by {}")), s.text(0), what, s.text(3), s.text(1));
    if (!s.is_null(7)) {
      row["overridden_by"] = s.text(7);
      // TRANSLATORS: added to a sentence's line: {} is the Judge who overrode it.
      line += ", " + fmt::format(fmt::runtime(tr("overridden by {}")), s.text(7));
    }
    figures.push_back(row);
    add(words, line);
  }
  return words;
}

std::string overrides(Database& db, Json& figures, std::string& open_disputes) {
  std::string words;
  Statement s = db.prepare(
      "SELECT r.seq, r.of_seq, j.name, r.ruling, r.dispute, m.name, st.ruling, st.seq "  // i18n: not words (SQL)
      "FROM decisions r JOIN characters j ON j.id = r.made_by "
      "LEFT JOIN decisions st ON st.seq = r.settled_seq LEFT JOIN characters m ON m.id = st.made_by "
      "WHERE r.type IN ('decision_overridden', 'vote_overridden') ORDER BY r.seq");
  while (s.step()) {
    Json row{{"seq", s.int64(0)}, {"decision", s.int64(1)}, {"judge", s.text(2)}, {"ruling", s.text(3)},
             {"dispute", s.int64(4) != 0}};
    // TRANSLATORS: {0} the override's number, {1} the Judge, {2} the decision's number, {3} the ruling.
    std::string line = fmt::format(fmt::runtime(tr("#{} {} overrode #{}: {}")), s.int64(0), s.text(2), s.int64(1), s.text(3));
    if (s.int64(4) != 0 && !s.is_null(7)) {
      row["settled_by"] = s.text(5);
      row["settlement"] = s.text(6);
      // TRANSLATORS: added to an override that disputes another Judge's: {0} the Mayor, {1} the ruling, {2} its number.
      line += ", " + fmt::format(fmt::runtime(tr("a dispute between Judges settled by {}: {} (#{})")), s.text(5),
                                 s.text(6), s.int64(7));
    } else if (s.int64(4) != 0) {
      line += ", " + tr("a dispute between Judges the Mayor never settled");
      add(open_disputes, "#" + std::to_string(s.int64(0)));
    }
    figures.push_back(row);
    add(words, line);
  }
  return words;
}

std::string prizes(Database& db, Json& figures) {
  std::string words;
  Statement s = db.prepare(
      "SELECT w.name, p.prize, p.seq FROM prizes p JOIN characters w ON w.id = p.winner ORDER BY p.seq");
  while (s.step()) {
    figures.push_back({{"seq", s.int64(2)}, {"winner", s.text(0)}, {"prize", s.text(1)}});
    add(words, fmt::format("{}: {}", s.text(0), s.text(1)));
  }
  return words;
}

}  // namespace

AuditCheck check_offices(Database& db) {
  AuditCheck check{"offices"};
  Json deputy_rows = Json::array(), sentence_rows = Json::array(), override_rows = Json::array(),
       prize_rows = Json::array();
  std::string open_disputes;
  const std::string d = deputies(db, deputy_rows), s = sentences(db, sentence_rows),
                    o = overrides(db, override_rows, open_disputes), p = prizes(db, prize_rows);
  check.figures = {{"deputies", deputy_rows}, {"sentences", sentence_rows}, {"overrides", override_rows},
                   {"prizes", prize_rows}};
  std::string words;
  // TRANSLATORS: the offices check's parts, each a heading and its list.
  if (!d.empty()) words += fmt::format(fmt::runtime(tr("Deputies: {}.")), d);
  if (!s.empty()) words += (words.empty() ? "" : " ") + fmt::format(fmt::runtime(tr("Sentences: {}.")), s);
  if (!o.empty()) words += (words.empty() ? "" : " ") + fmt::format(fmt::runtime(tr("Overrides: {}.")), o);
  if (!p.empty()) words += (words.empty() ? "" : " ") + fmt::format(fmt::runtime(tr("Territory Fair prizes: {}.")), p);
  if (!open_disputes.empty())
    // TRANSLATORS: {} lists the overrides two Judges still dispute (#12, #15).
    words = fmt::format(fmt::runtime(tr("Disputes the Mayor never settled: {}. {}")), open_disputes, words);
  check.evidence = words.empty() ? tr("no deputy, sentence, override or Fair prize was recorded") : words;
  return check;
}

AuditCheck check_land(Database& db) {
  AuditCheck check{"land"};
  Json register_rows = Json::array();
  std::string words;
  Statement s = db.prepare(
      "SELECT d.code, d.title, o.name, h.name, d.holder IS NOT d.owner FROM cards d "  // i18n: not words (SQL)
      "JOIN characters o ON o.id = d.owner JOIN characters h ON h.id = d.holder WHERE d.kind = 'deed' AND d.revoked = 0 "
      "ORDER BY d.title");
  while (s.step()) {
    Json deals = Json::array();
    std::string history;
    Statement t = db.prepare(
        "SELECT t.seq, t.how, f.name, r.name, n.name, t.price FROM land_transfers t "  // i18n: not words (SQL)
        "JOIN characters f ON f.id = t.from_character JOIN characters r ON r.id = t.to_character "
        "JOIN characters n ON n.id = t.notary WHERE t.deed = ? ORDER BY t.seq");
    t.bind(1, s.text(0));
    while (t.step()) {
      deals.push_back({{"seq", t.int64(0)}, {"how", t.text(1)}, {"from", t.text(2)}, {"to", t.text(3)},
                       {"notary", t.text(4)}, {"price", t.text(5)}});
      // TRANSLATORS: a land deal in the register: {0} its number, {1} the deal, {2} from, {3} to, {4} the price, {5} the notary.
      history += ", " + fmt::format(fmt::runtime(tr("#{} {} from {} to {} for {} before {}")), t.int64(0),
                                    core::land_deal_words(t.text(1)), t.text(2), t.text(3), t.text(5), t.text(4));
    }
    const bool mortgaged = s.int64(4) != 0;
    register_rows.push_back({{"parcel", s.text(1)}, {"owner", s.text(2)}, {"holder", s.text(3)},
                             {"mortgaged", mortgaged}, {"deals", deals}});
    add(words, (mortgaged
                    // TRANSLATORS: a parcel in the land register, its owner, the lender holding the deed.
                    ? fmt::format(fmt::runtime(tr("{}: {}, mortgaged to {}")), s.text(1), s.text(2), s.text(3))
                    // TRANSLATORS: a parcel in the land register and its owner.
                    : fmt::format(fmt::runtime(tr("{}: {}")), s.text(1), s.text(2))) +
                   history);
  }
  check.figures = {{"land", register_rows}};
  check.evidence = register_rows.empty() ? tr("no land deeds in this event") : words;
  return check;
}

AuditCheck check_notes(Database& db) {
  AuditCheck check{"notes"};
  const std::int64_t end_ms = db.scalar_int("SELECT COALESCE(MAX(server_time_ms), 0) FROM events");
  Json notes = Json::array();
  std::string unpaid;
  std::int64_t paid = 0, voided = 0;
  Statement s = db.prepare(
      "SELECT k.code, k.detail, h.name, k.spent, k.revoked FROM cards k LEFT JOIN characters h ON h.id = k.holder "
      "WHERE k.kind = 'note' ORDER BY k.since_seq");  // i18n: not words (SQL)
  while (s.step()) {
    const Json d = Json::parse(s.text(1));
    const std::int64_t due = d.value("due_ms", std::int64_t{0});
    const std::string state = s.int64(3) ? "paid" : s.int64(4) ? "voided" : due <= end_ms ? "overdue" : "unpaid";  // i18n: not words (codes)
    notes.push_back({{"code", s.text(0)}, {"payer", d.value("payer", "")}, {"holder", s.is_null(2) ? "" : s.text(2)},
                     {"amount", d.value("amount", "")}, {"due_ms", due}, {"state", state}});
    if (state == "paid") ++paid;
    else if (state == "voided") ++voided;
    else
      add(unpaid, state == "overdue"
                      // TRANSLATORS: an unpaid note: the payer, the amount, the holder, when it fell due (21:30).
                      ? fmt::format(fmt::runtime(tr("{} owes {} to {}, overdue since {}")), d.value("payer", ""),
                                    d.value("amount", ""), s.text(2), i18n::clock_text(due))
                      // TRANSLATORS: an unpaid note: the payer, the amount, the holder, when it falls due (21:30).
                      : fmt::format(fmt::runtime(tr("{} owes {} to {}, due at {}")), d.value("payer", ""),
                                    d.value("amount", ""), s.text(2), i18n::clock_text(due)));
  }
  check.figures = {{"notes", notes}};
  if (notes.empty()) {
    check.evidence = tr("no promissory note was issued");
    return check;
  }
  // TRANSLATORS: how many notes were paid, then how many voided by a Judge.
  const std::string counts = fmt::format(fmt::runtime(tr("{} paid, {} voided")), paid, voided);
  // TRANSLATORS: {0} lists the unpaid notes, {1} how many were paid and voided.
  check.evidence = unpaid.empty() ? counts : fmt::format(fmt::runtime(tr("Unpaid: {}. {}")), unpaid, counts);
  return check;
}

}  // namespace marshal::db
