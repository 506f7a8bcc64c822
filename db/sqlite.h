// A small RAII layer over the sqlite3 C API (in the manner of SQLiteCpp): a
// Connection owns one sqlite3*, a Statement one prepared statement, a Transaction
// rolls back in its destructor unless committed. Failures are returned as the
// SQLite result code plus message; classify() turns them into StoreErrors.
#pragma once
#include <sqlite3.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "db/error.h"

namespace facedown::db::sql {

// What went wrong in one SQLite call.
struct SqliteError {
  int code = SQLITE_OK;  // extended result code
  std::string message;
};

class Connection {
 public:
  Connection() = default;
  Connection(Connection&& o) noexcept : db_(o.db_) { o.db_ = nullptr; }
  Connection& operator=(Connection&& o) noexcept;
  ~Connection();

  // flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, or SQLITE_OPEN_READONLY.
  static std::optional<SqliteError> open(const std::string& path, int flags, Connection& out);

  sqlite3* get() const { return db_; }
  // Runs one or more statements without results.
  std::optional<SqliteError> exec(const std::string& sql);
  SqliteError last_failure(int code) const;
  bool read_only() const { return db_ && sqlite3_db_readonly(db_, "main") == 1; }

 private:
  sqlite3* db_ = nullptr;
};

class Statement {
 public:
  Statement() = default;
  Statement(Statement&& o) noexcept : stmt_(o.stmt_), db_(o.db_) { o.stmt_ = nullptr; }
  Statement& operator=(Statement&& o) noexcept;
  ~Statement();

  static std::optional<SqliteError> prepare(Connection& db, std::string_view sql, Statement& out);

  Statement& bind(int i, std::int64_t v);
  Statement& bind(int i, int v) { return bind(i, static_cast<std::int64_t>(v)); }
  Statement& bind(int i, std::string_view v);
  Statement& bind(int i, const std::string& v) { return bind(i, std::string_view(v)); }
  Statement& bind(int i, const char* v) { return bind(i, std::string_view(v)); }
  Statement& bind_null(int i);
  template <class T>
  Statement& bind(int i, const std::optional<T>& v) {
    return v ? bind(i, *v) : bind_null(i);
  }

  // SQLITE_ROW, SQLITE_DONE or an error code (see failure()).
  int step();
  // Runs to completion; a row is not an error.
  std::optional<SqliteError> run();
  void reset();
  SqliteError failure(int code) const;

  std::int64_t int64(int col) const { return sqlite3_column_int64(stmt_, col); }
  int integer(int col) const { return sqlite3_column_int(stmt_, col); }
  std::string text(int col) const;
  std::optional<std::string> text_or_null(int col) const;
  std::optional<std::int64_t> int64_or_null(int col) const;
  bool is_null(int col) const { return sqlite3_column_type(stmt_, col) == SQLITE_NULL; }
  // SQLITE_INTEGER, SQLITE_FLOAT, SQLITE_TEXT, SQLITE_BLOB or SQLITE_NULL.
  int column_type(int col) const { return sqlite3_column_type(stmt_, col); }
  int columns() const { return sqlite3_column_count(stmt_); }

 private:
  sqlite3_stmt* stmt_ = nullptr;
  sqlite3* db_ = nullptr;
};

// BEGIN IMMEDIATE (the write lock at once, so a busy file fails before any work).
class Transaction {
 public:
  static std::optional<SqliteError> begin(Connection& db, Transaction& out);
  Transaction() = default;
  Transaction(Transaction&& o) noexcept : db_(o.db_) { o.db_ = nullptr; }
  Transaction& operator=(Transaction&&) = delete;
  ~Transaction();
  std::optional<SqliteError> commit();

 private:
  Connection* db_ = nullptr;
};

// A StoreError for a failure on `path` while doing `what` ("appending events").
StoreError classify(const std::string& path, const std::string& what, const SqliteError& f);

}  // namespace facedown::db::sql
