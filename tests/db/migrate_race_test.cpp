// Two programs opening an old ledger file at once (the server starting while `marshal verify`
// runs) both find it old: each must run every migration exactly once between them, and neither
// may fail on a migration the other has just run.
#include <catch2/catch.hpp>

#include <chrono>
#include <string>
#include <thread>

#include "db_test_helpers.h"

using namespace marshal::db;
using namespace marshal::db::testing;

TEST_CASE("two connections migrating the same old file at once: each migration runs once", "[db][migrations]") {
  TempDir dir;
  const std::string path = dir.file("old.db");
  const auto& all = migrations();
  {
    Database db(path, true);
    db.exec("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY)");
    for (int v = 0; v < 10; ++v) {  // a ledger of schema 10
      db.exec(all[static_cast<std::size_t>(v)]);
      db.prepare("INSERT INTO schema_migrations(version) VALUES (?)").bind(1, v + 1).run();
    }
  }
  // A third connection holds the write lock: both migrating connections read "schema 10" and
  // then wait at their first migration; when it lets go, one runs them all and the other finds
  // them done.
  Database holder(path, false);
  holder.exec("BEGIN IMMEDIATE");
  std::string failed[2];
  auto open_and_migrate = [&](int who) {
    try {
      Database db(path, false);
      migrate(db);
    } catch (const std::exception& e) {
      failed[who] = e.what();
    }
  };
  std::thread first(open_and_migrate, 0), second(open_and_migrate, 1);
  std::this_thread::sleep_for(std::chrono::milliseconds(300));  // both have read the version
  holder.exec("COMMIT");
  first.join();
  second.join();
  INFO("first: " << failed[0] << "; second: " << failed[1]);
  CHECK(failed[0].empty());
  CHECK(failed[1].empty());
  Database db(path, false);
  CHECK(schema_version(db) == static_cast<int>(all.size()));
  CHECK(db.scalar_int("SELECT COUNT(*) FROM schema_migrations") == static_cast<int>(all.size()));
}
