#include "sqlite/sqlite.h"

#include <sqlite3.h>

namespace marshal::sqlite {

namespace {
[[noreturn]] void fail(sqlite3* db, int code, const std::string& context) {
  std::string message = db ? sqlite3_errmsg(db) : sqlite3_errstr(code);
  throw SqliteError(code, context.empty() ? message : message + " (in: " + context + ")");
}
}  // namespace

Statement::Statement(sqlite3* db, std::string_view sql) : db_(db), stmt_(nullptr) {
  int rc = sqlite3_prepare_v2(db, sql.data(), static_cast<int>(sql.size()), &stmt_, nullptr);
  if (rc != SQLITE_OK) fail(db, rc, std::string(sql));
}

Statement::Statement(sqlite3* db, std::shared_ptr<StatementCache> cache, sqlite3_stmt* stmt,
                     StatementCache::Pool* pool)
    : db_(db), stmt_(stmt), cache_(std::move(cache)), pool_(pool) {}

std::string Statement::sql() const {
  const char* text = stmt_ ? sqlite3_sql(stmt_) : nullptr;
  return text ? text : "";
}

Statement::~Statement() {
  if (!stmt_) return;
  if (cache_) {
    sqlite3_reset(stmt_);
    sqlite3_clear_bindings(stmt_);
    cache_->give_back(pool_, stmt_);
  } else {
    sqlite3_finalize(stmt_);
  }
}

Statement::Statement(Statement&& other) noexcept
    : db_(other.db_), stmt_(other.stmt_), cache_(std::move(other.cache_)), pool_(other.pool_) {
  other.stmt_ = nullptr;
}

void StatementCache::give_back(Pool* pool, sqlite3_stmt* stmt) {
  std::lock_guard lock(mutex);
  // Once the database has closed its cache, the pools are gone: the statement is finalized.
  if (open && pool->size() < 4) pool->push_back(stmt);
  else sqlite3_finalize(stmt);
}

Statement& Statement::bind(int index, std::int64_t value) {
  int rc = sqlite3_bind_int64(stmt_, index, value);
  if (rc != SQLITE_OK) fail(db_, rc, sql());
  return *this;
}

Statement& Statement::bind(int index, std::string_view value) {
  int rc = sqlite3_bind_text64(stmt_, index, value.data(), value.size(), SQLITE_TRANSIENT,
                               SQLITE_UTF8);
  if (rc != SQLITE_OK) fail(db_, rc, sql());
  return *this;
}

Statement& Statement::bind(int index, const Blob& value) {
  int rc = sqlite3_bind_blob64(stmt_, index, value.data(), value.size(), SQLITE_TRANSIENT);
  if (rc != SQLITE_OK) fail(db_, rc, sql());
  return *this;
}

Statement& Statement::bind_null(int index) {
  int rc = sqlite3_bind_null(stmt_, index);
  if (rc != SQLITE_OK) fail(db_, rc, sql());
  return *this;
}

bool Statement::step() {
  int rc = sqlite3_step(stmt_);
  if (rc == SQLITE_ROW) return true;
  if (rc == SQLITE_DONE) return false;
  fail(db_, rc, sql());
}

void Statement::run() {
  while (step()) {
  }
}

void Statement::reset() {
  sqlite3_reset(stmt_);
  sqlite3_clear_bindings(stmt_);
}

bool Statement::is_null(int column) const { return sqlite3_column_type(stmt_, column) == SQLITE_NULL; }

std::int64_t Statement::int64(int column) const { return sqlite3_column_int64(stmt_, column); }

std::string Statement::text(int column) const {
  const unsigned char* p = sqlite3_column_text(stmt_, column);
  return p ? std::string(reinterpret_cast<const char*>(p),
                         static_cast<std::size_t>(sqlite3_column_bytes(stmt_, column)))
           : std::string();
}

std::string_view Statement::text_view(int column) const {
  const unsigned char* p = sqlite3_column_text(stmt_, column);
  return p ? std::string_view(reinterpret_cast<const char*>(p), static_cast<std::size_t>(sqlite3_column_bytes(stmt_, column)))
           : std::string_view();
}

Blob Statement::blob(int column) const {
  const auto* p = static_cast<const std::uint8_t*>(sqlite3_column_blob(stmt_, column));
  return p ? Blob(p, p + sqlite3_column_bytes(stmt_, column)) : Blob();
}

int Statement::columns() const { return sqlite3_column_count(stmt_); }

Database::Database(const std::string& path, bool create) : path_(path) {
  // No global memory statistics: with them every allocation SQLite makes takes a process-wide
  // mutex; with NOMUTEX below this took the ledger writer's locking (about a sixth of its
  // time) away. Only possible before SQLite starts.
  static const bool configured = [] { return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0) == SQLITE_OK; }();
  (void)configured;
  // NOMUTEX: a connection belongs to one thread at a time (the server gives each thread its
  // own), so SQLite need not lock it on every call.
  int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX | (create ? SQLITE_OPEN_CREATE : 0);
  int rc = sqlite3_open_v2(path.c_str(), &db_, flags, nullptr);
  if (rc != SQLITE_OK) {
    std::string message = db_ ? sqlite3_errmsg(db_) : sqlite3_errstr(rc);
    sqlite3_close(db_);
    db_ = nullptr;
    throw SqliteError(rc, "cannot open " + path + ": " + message);
  }
  sqlite3_busy_timeout(db_, 10'000);
  // An acknowledged event must survive a crash or a power cut.
  exec("PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL; PRAGMA foreign_keys=ON;");
}

Database::~Database() {
  {
    std::lock_guard lock(cache_->mutex);
    cache_->open = false;
    for (auto& [sql, pool] : cache_->statements)
      for (sqlite3_stmt* stmt : pool) sqlite3_finalize(stmt);
    cache_->statements.clear();
  }
  // v2: if a statement is still out, the connection closes when that statement is finalized.
  sqlite3_close_v2(db_);
}

Statement Database::prepare(std::string_view sql) {
  StatementCache::Pool* pool = nullptr;
  {
    std::lock_guard lock(cache_->mutex);
    auto it = cache_->statements.find(sql);
    if (it == cache_->statements.end()) it = cache_->statements.emplace(std::string(sql), StatementCache::Pool{}).first;
    pool = &it->second;
    if (!pool->empty()) {
      sqlite3_stmt* stmt = pool->back();
      pool->pop_back();
      return Statement(db_, cache_, stmt, pool);
    }
  }
  sqlite3_stmt* stmt = nullptr;
  int rc = sqlite3_prepare_v3(db_, sql.data(), static_cast<int>(sql.size()), SQLITE_PREPARE_PERSISTENT,
                              &stmt, nullptr);
  if (rc != SQLITE_OK) fail(db_, rc, std::string(sql));
  return Statement(db_, cache_, stmt, pool);
}

void Database::exec(std::string_view sql) {
  char* error = nullptr;
  std::string text(sql);
  int rc = sqlite3_exec(db_, text.c_str(), nullptr, nullptr, &error);
  if (rc != SQLITE_OK) {
    std::string message = error ? error : sqlite3_errstr(rc);
    sqlite3_free(error);
    throw SqliteError(rc, message);
  }
}

std::int64_t Database::last_insert_rowid() const { return sqlite3_last_insert_rowid(db_); }

int Database::changes() const { return sqlite3_changes(db_); }

std::int64_t Database::scalar_int(std::string_view sql) {
  Statement s = prepare(sql);
  return s.step() ? s.int64(0) : 0;
}

std::string Database::scalar_text(std::string_view sql) {
  Statement s = prepare(sql);
  return s.step() ? s.text(0) : std::string();
}

void Database::sync_log() {
  sqlite3_file* log = nullptr;
  int rc = sqlite3_file_control(db_, "main", SQLITE_FCNTL_JOURNAL_POINTER, &log);
  if (rc != SQLITE_OK)
    throw SqliteError(rc, "cannot find the write-ahead log of " + path_ + ": " + sqlite3_errstr(rc));
  if (!log || !log->pMethods) return;  // no log open: nothing was committed through it
  rc = log->pMethods->xSync(log, SQLITE_SYNC_NORMAL);
  if (rc != SQLITE_OK)
    throw SqliteError(rc, "cannot write the write-ahead log of " + path_ + " to disk: " + sqlite3_errstr(rc));
}

DeferredSync::DeferredSync(Database& db) : db_(db) { db_.exec("PRAGMA synchronous=NORMAL"); }

DeferredSync::~DeferredSync() {
  try {
    db_.exec("PRAGMA synchronous=FULL");
  } catch (...) {
    // SQLite refuses it inside a transaction: Ledger::append_batch makes its DeferredSync
    // before its Transaction, so the transaction has ended (committed or rolled back) here.
  }
}

Transaction::Transaction(Database& db) : db_(db) { db_.exec("BEGIN IMMEDIATE"); }

Transaction::~Transaction() {
  if (!done_) {
    try {
      db_.exec("ROLLBACK");
    } catch (...) {
      // Nothing more can be done in a destructor; SQLite rolls back on close anyway.
    }
  }
}

void Transaction::commit() {
  db_.exec("COMMIT");
  done_ = true;
}

ReadTransaction::ReadTransaction(Database& db) : db_(db) { db_.exec("BEGIN"); }

ReadTransaction::~ReadTransaction() {
  try {
    db_.exec("COMMIT");
  } catch (...) {
    // Still open, every later BEGIN on this connection (a server's reader lives as long as its
    // thread) would fail: ended by a rollback, which reads nothing back.
    if (sqlite3_get_autocommit(db_.handle()) == 0) sqlite3_exec(db_.handle(), "ROLLBACK", nullptr, nullptr, nullptr);
  }
}

}  // namespace marshal::sqlite
