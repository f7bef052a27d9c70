#pragma once
// Copies the write-ahead log back into the database file on a thread and a connection of its
// own. Left to SQLite, that copy happens inside the COMMIT that takes the log past 1000 pages,
// and every station in that batch waits for it: a thousand page reads and writes and an fsync,
// on the server's one writer thread. A passive checkpoint does not stop the writer.
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <thread>

#include "sqlite/sqlite.h"

namespace marshal::db {

class Checkpointer {
 public:
  // Takes over checkpointing for `writer`, whose automatic checkpoints stop; a commit that
  // leaves `pages` pages or more in the log wakes the checkpointer. The hook is set on the
  // writer's connection: construct this before the writer's thread starts and destroy it after
  // that thread has stopped.
  explicit Checkpointer(sqlite::Database& writer, int pages = 1000);
  ~Checkpointer();  // the writer's automatic checkpoints come back
  Checkpointer(const Checkpointer&) = delete;
  Checkpointer& operator=(const Checkpointer&) = delete;

  std::int64_t checkpoints() const { return checkpoints_; }  // run so far

 private:
  static int log_grew(void* self, sqlite3* db, const char* name, int pages);
  void run();

  sqlite::Database& writer_;
  int pages_;
  sqlite::Database own_;  // opened by the constructor, then used by the thread alone
  std::mutex mutex_;
  std::condition_variable wake_;
  bool due_ = false;
  bool stopping_ = false;
  std::atomic<std::int64_t> checkpoints_{0};
  std::thread thread_;
};

}  // namespace marshal::db
