#include "store/schema.h"

#include <stdexcept>
#include <string>

#include <fmt/format.h>

#include "i18n/translate.h"

namespace marshal::db {

const std::vector<std::string>& projection_tables() {
  static const std::vector<std::string> tables{"event_info", "characters", "cards",
                                               "card_holders", "timers", "locations", "votes", "ballots",
                                               "game_nights", "chips", "rolls", "traits",
                                               "twtw_characters", "twtw_rounds", "twtw_steps",
                                               "deputies", "sentences", "prizes", "decisions",
                                               "land_transfers", "combatants", "fights", "hits", "fight_rounds",
                                               "injury_table", "injuries", "heal_attempts", "time_marks", "twtw_care", "twtw_wound_marks"};
  return tables;
}

int schema_version(Database& db) {
  db.exec("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY)");
  return static_cast<int>(db.scalar_int("SELECT COALESCE(MAX(version), 0) FROM schema_migrations"));
}

namespace {
// The migrations that rebuild `cards`; the references are checked after each.
bool rebuilds_cards(int migration) { return migration == 13 || migration == 18; }
}  // namespace

void migrate(Database& db) {
  const auto& all = migrations();
  const int from = schema_version(db);
  if (from >= static_cast<int>(all.size())) return;
  // A migration may rebuild a table others refer to (13): foreign keys are off while the
  // migrations run (a pragma that only takes effect outside a transaction) and every reference
  // is checked before they are turned on again.
  db.exec("PRAGMA foreign_keys=OFF");
  try {
    for (;;) {
      Transaction tx(db);
      // Read again under the write lock: another process (the server and `marshal verify`
      // opening an old file at once) may have run this migration since `from` was read.
      const int version = static_cast<int>(db.scalar_int("SELECT COALESCE(MAX(version), 0) FROM schema_migrations"));
      if (version >= static_cast<int>(all.size())) break;
      db.exec(all[version]);
      db.prepare("INSERT INTO schema_migrations(version) VALUES (?)").bind(1, version + 1).run();
      if (rebuilds_cards(version + 1)) {
        Statement broken = db.prepare("PRAGMA foreign_key_check");
        if (broken.step())
          // TRANSLATORS: {0} is a migration's number, {1} a table of the ledger file, {2} a row's id in it.
          throw std::runtime_error(fmt::format(fmt::runtime(i18n::tr("migration {} left a reference broken: table {}, "
                                                                     "row {}")),
                                               version + 1, broken.text(0), broken.int64(1)));
      }
      tx.commit();
    }
  } catch (...) {
    db.exec("PRAGMA foreign_keys=ON");
    throw;
  }
  db.exec("PRAGMA foreign_keys=ON");
}

}  // namespace marshal::db
