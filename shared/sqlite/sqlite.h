#pragma once
// A thin RAII layer over the SQLite C API, shared by the ledger (db/) and the stations' local
// cache (shared/client): a Database, prepared Statements and Transactions.
// Every failure becomes an SqliteError carrying SQLite's message and the SQL that failed.
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <vector>

struct sqlite3;
struct sqlite3_stmt;

namespace marshal::sqlite {

class SqliteError : public std::runtime_error {
 public:
  SqliteError(int code, const std::string& message) : std::runtime_error(message), code_(code) {}
  int code() const { return code_; }

 private:
  int code_;
};

using Blob = std::vector<std::uint8_t>;

class Database;

// The cache of prepared statements: shared with the statements borrowed from it, so a statement
// that outlives its Database is still finalized safely (the connection closes with
// sqlite3_close_v2 once its last statement is gone). It is looked up by the SQL text without
// copying it, and each statement keeps a pointer to its pool (map nodes do not move), so
// borrowing and handing back cost one hash between them.
struct StatementCache {
  struct SqlHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view sql) const noexcept { return std::hash<std::string_view>{}(sql); }
  };
  using Pool = std::vector<sqlite3_stmt*>;
  std::mutex mutex;
  bool open = true;
  std::unordered_map<std::string, Pool, SqlHash, std::equal_to<>> statements;
  void give_back(Pool* pool, sqlite3_stmt* stmt);
};

class Statement {
 public:
  Statement(sqlite3* db, std::string_view sql);
  // A statement borrowed from the database's cache: reset and handed back to `pool` when destroyed.
  Statement(sqlite3* db, std::shared_ptr<StatementCache> cache, sqlite3_stmt* stmt,
            StatementCache::Pool* pool);
  ~Statement();
  Statement(Statement&& other) noexcept;
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  // Binds by 1-based index; returns *this so calls chain.
  Statement& bind(int index, std::int64_t value);
  Statement& bind(int index, int value) { return bind(index, static_cast<std::int64_t>(value)); }
  Statement& bind(int index, bool value) { return bind(index, static_cast<std::int64_t>(value)); }
  Statement& bind(int index, std::string_view value);
  Statement& bind(int index, const char* value) { return bind(index, std::string_view(value)); }
  Statement& bind(int index, const std::string& value) { return bind(index, std::string_view(value)); }
  Statement& bind(int index, const Blob& value);
  Statement& bind_null(int index);
  template <class T>
  Statement& bind(int index, const std::optional<T>& value) {
    return value ? bind(index, *value) : bind_null(index);
  }

  // Steps once: true while a row is available.
  bool step();
  // Steps until done (for statements without rows).
  void run();
  void reset();

  bool is_null(int column) const;
  std::int64_t int64(int column) const;
  int integer(int column) const { return static_cast<int>(int64(column)); }
  std::string text(int column) const;
  // The text without a copy: valid until the next step, reset or column call on this column.
  std::string_view text_view(int column) const;
  Blob blob(int column) const;
  int columns() const;

 private:
  std::string sql() const;  // for error messages

  sqlite3* db_;
  sqlite3_stmt* stmt_;
  std::shared_ptr<StatementCache> cache_;
  StatementCache::Pool* pool_ = nullptr;
};

class Database {
 public:
  // Opens (creating if asked) with WAL journaling and synchronous=FULL, foreign keys on, and a
  // busy timeout so two writers wait rather than fail. A Database is used by one thread at a
  // time (SQLite's multi-thread mode: no lock on every call); give each thread its own.
  Database(const std::string& path, bool create);
  ~Database();
  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;

  void exec(std::string_view sql);
  // Prepared statements are cached by their SQL: preparing costs more than running most of them.
  Statement prepare(std::string_view sql);
  std::int64_t last_insert_rowid() const;
  int changes() const;  // rows changed by the last statement
  std::int64_t scalar_int(std::string_view sql);
  std::string scalar_text(std::string_view sql);
  sqlite3* handle() { return db_; }
  const std::string& path() const { return path_; }

  // Puts the write-ahead log on disk, as synchronous=FULL does at every COMMIT: what a COMMIT
  // made under a DeferredSync is durable once this returns. Throws SqliteError when the disk
  // fails (the commits since the last sync may then be lost in a power cut).
  void sync_log();

 private:
  sqlite3* db_ = nullptr;
  std::string path_;
  std::shared_ptr<StatementCache> cache_ = std::make_shared<StatementCache>();
};

// While one lives, this connection's COMMITs write the log without waiting for the disk
// (synchronous=NORMAL): a transaction is readable as soon as it is committed, and durable once
// Database::sync_log() returns. A crash of the program loses nothing in between (the log is in
// the system's cache); a power cut may. The ledger's writer uses it to hand a batch to its standby
// while its own disk writes it (ledger/ledger.h, append_batch).
class DeferredSync {
 public:
  explicit DeferredSync(Database& db);
  ~DeferredSync();  // synchronous=FULL again
  DeferredSync(const DeferredSync&) = delete;
  DeferredSync& operator=(const DeferredSync&) = delete;

 private:
  Database& db_;
};

// BEGIN IMMEDIATE now, ROLLBACK unless commit() was called.
class Transaction {
 public:
  explicit Transaction(Database& db);
  ~Transaction();
  void commit();

 private:
  Database& db_;
  bool done_ = false;
};

// BEGIN (deferred) now, COMMIT when it goes: every read in between sees the file as of one
// commit (a follow answer's events and admin rows, verify's mark, events and tables).
class ReadTransaction {
 public:
  explicit ReadTransaction(Database& db);
  ~ReadTransaction();
  ReadTransaction(const ReadTransaction&) = delete;
  ReadTransaction& operator=(const ReadTransaction&) = delete;

 private:
  Database& db_;
};

}  // namespace marshal::sqlite
