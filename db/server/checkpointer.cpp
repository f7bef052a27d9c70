#include "server/checkpointer.h"

#include <pthread.h>
#include <sqlite3.h>

namespace marshal::db {

// The connection is opened on the caller's thread, so that a file that cannot be opened fails
// the server's start rather than a background thread.
Checkpointer::Checkpointer(sqlite::Database& writer, int pages)
    : writer_(writer), pages_(pages), own_(writer.path(), false) {
  thread_ = std::thread([this] {
    pthread_setname_np(pthread_self(), "ledger-ckpt");
    run();
  });
  // Replaces SQLite's own hook, which is what runs the automatic checkpoints.
  sqlite3_wal_hook(writer_.handle(), &Checkpointer::log_grew, this);
}

Checkpointer::~Checkpointer() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_one();
  thread_.join();
  sqlite3_wal_autocheckpoint(writer_.handle(), pages_);
}

// Runs on the writer's thread after each commit: only a flag and a wake-up.
int Checkpointer::log_grew(void* self, sqlite3*, const char*, int pages) {
  auto* c = static_cast<Checkpointer*>(self);
  if (pages >= c->pages_) {
    {
      std::lock_guard lock(c->mutex_);
      c->due_ = true;
    }
    c->wake_.notify_one();
  }
  return SQLITE_OK;
}

void Checkpointer::run() {
  for (;;) {
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [&] { return due_ || stopping_; });
      if (stopping_) return;
      due_ = false;
    }
    // PASSIVE: copies what no reader still needs, never waits for the writer or readers. What
    // it could not copy is copied next time; the log starts over once all of it was.
    int log = 0, copied = 0;
    sqlite3_wal_checkpoint_v2(own_.handle(), nullptr, SQLITE_CHECKPOINT_PASSIVE, &log, &copied);
    ++checkpoints_;
  }
}

}  // namespace marshal::db
