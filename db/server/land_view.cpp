#include "server/land_view.h"

namespace marshal::db {

Json land_view(Database& db) {
  Json deeds = Json::array();
  Statement s = db.prepare(
      "SELECT d.code, d.title, d.detail, o.name, h.name, d.holder IS NOT d.owner FROM cards d "
      "LEFT JOIN characters o ON o.id = d.owner LEFT JOIN characters h ON h.id = d.holder "
      "WHERE d.kind = 'deed' AND d.revoked = 0 ORDER BY d.title");
  while (s.step()) {
    const Json detail = Json::parse(s.text(2));
    Json transfers = Json::array();
    Statement t = db.prepare(
        "SELECT t.seq, t.how, f.name, r.name, n.name, t.price FROM land_transfers t JOIN characters f ON f.id = "
        "t.from_character JOIN characters r ON r.id = t.to_character JOIN characters n ON n.id = t.notary "
        "WHERE t.deed = ? ORDER BY t.seq");
    t.bind(1, s.text(0));
    while (t.step())
      transfers.push_back({{"seq", t.int64(0)}, {"how", t.text(1)}, {"from", t.text(2)}, {"to", t.text(3)},
                           {"notary", t.text(4)}, {"price", t.text(5)}});
    deeds.push_back({{"code", s.text(0)},
                     {"parcel", s.text(1)},
                     {"acres", detail.value("acres", 0)},
                     {"description", detail.value("description", "")},
                     {"owner", s.is_null(3) ? "" : s.text(3)},
                     {"holder", s.is_null(4) ? "" : s.text(4)},
                     {"mortgaged", s.int64(5) != 0},
                     {"transfers", transfers}});
  }
  return {{"deeds", deeds}};
}

}  // namespace marshal::db
