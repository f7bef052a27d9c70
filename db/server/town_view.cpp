#include "server/town_view.h"

namespace marshal::db {

Json town_view(Database& db) {
  Json people = Json::array();
  Statement s = db.prepare(
      "SELECT c.name, (SELECT b.code FROM cards b WHERE b.kind = 'badge' AND b.holder = c.id AND b.revoked = 0 "
      "LIMIT 1), c.dead, c.wounded, c.wounded_limb, c.jailed, c.banished FROM characters c "
      "WHERE c.dead OR c.wounded OR c.jailed OR c.banished ORDER BY c.dead DESC, c.name");
  while (s.step())
    people.push_back({{"name", s.text(0)},
                      {"badge", s.is_null(1) ? "" : s.text(1)},
                      {"dead", s.int64(2) != 0},
                      {"wounded", s.int64(3) != 0},
                      {"limb", s.text(4)},
                      {"jailed", s.int64(5) != 0},
                      {"banished", s.int64(6) != 0}});
  return {{"people", people}};
}

}  // namespace marshal::db
