#pragma once
// The ledger uses the shared SQLite layer (shared/sqlite) under its own namespace.
#include "sqlite/sqlite.h"

namespace marshal::db {
using sqlite::Blob;
using sqlite::Database;
using sqlite::DeferredSync;
using sqlite::SqliteError;
using sqlite::Statement;
using sqlite::ReadTransaction;
using sqlite::Transaction;
}  // namespace marshal::db
