#include "server/office_view.h"

namespace marshal::db {

void add_office_state(Database& db, std::int64_t id, Json& view) {
  Statement d = db.prepare(
      "SELECT d.seq, d.task, t.name, j.name FROM deputies d JOIN characters j ON j.id = d.judge "
      "LEFT JOIN characters t ON t.id = d.target WHERE d.deputy = ? AND d.ended_seq IS NULL");
  d.bind(1, id);
  if (d.step()) {
    Json deputy{{"seq", d.int64(0)}, {"task", d.text(1)}, {"judge", d.text(3)}};
    if (!d.is_null(2)) deputy["target"] = d.text(2);
    view["deputy"] = deputy;
  }
  Statement s = db.prepare(
      "SELECT s.seq, s.sentence, s.charge, s.minutes, s.fine, j.name, "
      "(SELECT overridden_seq FROM decisions WHERE seq = s.seq) IS NOT NULL "  // i18n: not words (SQL)
      "FROM sentences s JOIN characters j ON j.id = s.judge WHERE s.character = ? ORDER BY s.seq DESC LIMIT 1");
  s.bind(1, id);
  if (s.step()) {
    Json sentence{{"seq", s.int64(0)}, {"sentence", s.text(1)}, {"charge", s.text(2)}, {"judge", s.text(5)},
                  {"overridden", s.int64(6) != 0}};
    if (!s.is_null(3)) sentence["minutes"] = s.int64(3);
    if (!s.is_null(4)) sentence["fine"] = s.text(4);
    view["sentence"] = sentence;
  }
  view["banished"] = db.scalar_int("SELECT banished FROM characters WHERE id = " + std::to_string(id)) != 0;
  Json prizes = Json::array();
  Statement p = db.prepare("SELECT seq, prize FROM prizes WHERE winner = ? ORDER BY seq");
  p.bind(1, id);
  while (p.step()) prizes.push_back({{"seq", p.int64(0)}, {"prize", p.text(1)}});
  view["prizes"] = prizes;
  // The promissory notes this character owes, unpaid, wherever they are now.
  Json owed = Json::array();
  Statement n = db.prepare(
      "SELECT k.code, k.title, k.detail, h.name FROM cards k LEFT JOIN characters h ON h.id = k.holder "
      "WHERE k.kind = 'note' AND k.owner = ? AND k.spent = 0 AND k.revoked = 0 ORDER BY k.since_seq");
  n.bind(1, id);
  while (n.step()) {
    const Json detail = Json::parse(n.text(2));
    owed.push_back({{"code", n.text(0)}, {"title", n.text(1)}, {"amount", detail.value("amount", "")},
                    {"due_ms", detail.value("due_ms", std::int64_t{0})}, {"holder", n.is_null(3) ? "" : n.text(3)}});
  }
  view["notes_owed"] = owed;
}

}  // namespace marshal::db
