#include "db/sqlite.h"

#include <unistd.h>

#include <filesystem>

namespace facedown::db::sql {

Connection& Connection::operator=(Connection&& o) noexcept {
  if (this != &o) {
    if (db_) sqlite3_close_v2(db_);
    db_ = o.db_;
    o.db_ = nullptr;
  }
  return *this;
}

Connection::~Connection() {
  if (db_) sqlite3_close_v2(db_);
}

std::optional<SqliteError> Connection::open(const std::string& path, int flags, Connection& out) {
  sqlite3* db = nullptr;
  int rc = sqlite3_open_v2(path.c_str(), &db, flags | SQLITE_OPEN_NOMUTEX, nullptr);
  if (rc != SQLITE_OK) {
    SqliteError f{db ? sqlite3_extended_errcode(db) : rc, db ? sqlite3_errmsg(db) : sqlite3_errstr(rc)};
    if (db) sqlite3_close_v2(db);
    return f;
  }
  sqlite3_extended_result_codes(db, 1);
  out = Connection();
  out.db_ = db;
  return std::nullopt;
}

SqliteError Connection::last_failure(int code) const {
  return SqliteError{db_ ? sqlite3_extended_errcode(db_) : code, db_ ? sqlite3_errmsg(db_) : sqlite3_errstr(code)};
}

std::optional<SqliteError> Connection::exec(const std::string& sql) {
  char* msg = nullptr;
  int rc = sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &msg);
  if (rc == SQLITE_OK) return std::nullopt;
  SqliteError f{sqlite3_extended_errcode(db_), msg ? msg : sqlite3_errstr(rc)};
  sqlite3_free(msg);
  return f;
}

Statement& Statement::operator=(Statement&& o) noexcept {
  if (this != &o) {
    if (stmt_) sqlite3_finalize(stmt_);
    stmt_ = o.stmt_;
    db_ = o.db_;
    o.stmt_ = nullptr;
  }
  return *this;
}

Statement::~Statement() {
  if (stmt_) sqlite3_finalize(stmt_);
}

std::optional<SqliteError> Statement::prepare(Connection& db, std::string_view sql, Statement& out) {
  sqlite3_stmt* stmt = nullptr;
  int rc = sqlite3_prepare_v2(db.get(), sql.data(), static_cast<int>(sql.size()), &stmt, nullptr);
  if (rc != SQLITE_OK) return db.last_failure(rc);
  out = Statement();
  out.stmt_ = stmt;
  out.db_ = db.get();
  return std::nullopt;
}

Statement& Statement::bind(int i, std::int64_t v) {
  sqlite3_bind_int64(stmt_, i, v);
  return *this;
}

Statement& Statement::bind(int i, std::string_view v) {
  sqlite3_bind_text(stmt_, i, v.data(), static_cast<int>(v.size()), SQLITE_TRANSIENT);
  return *this;
}

Statement& Statement::bind_null(int i) {
  sqlite3_bind_null(stmt_, i);
  return *this;
}

int Statement::step() { return sqlite3_step(stmt_); }

std::optional<SqliteError> Statement::run() {
  int rc;
  while ((rc = step()) == SQLITE_ROW) {
  }
  if (rc == SQLITE_DONE) return std::nullopt;
  return failure(rc);
}

void Statement::reset() {
  sqlite3_reset(stmt_);
  sqlite3_clear_bindings(stmt_);
}

SqliteError Statement::failure(int code) const {
  // After sqlite3_step the connection's extended code is the precise one.
  int ext = sqlite3_extended_errcode(db_);
  return SqliteError{ext != SQLITE_OK ? ext : code, sqlite3_errmsg(db_)};
}

std::string Statement::text(int col) const {
  const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, col));
  return p ? std::string(p, static_cast<std::size_t>(sqlite3_column_bytes(stmt_, col))) : std::string();
}

std::optional<std::string> Statement::text_or_null(int col) const {
  if (is_null(col)) return std::nullopt;
  return text(col);
}

std::optional<std::int64_t> Statement::int64_or_null(int col) const {
  if (is_null(col)) return std::nullopt;
  return int64(col);
}

std::optional<SqliteError> Transaction::begin(Connection& db, Transaction& out) {
  if (auto f = db.exec("BEGIN IMMEDIATE")) return f;
  out.db_ = &db;
  return std::nullopt;
}

Transaction::~Transaction() {
  if (db_) db_->exec("ROLLBACK");
}

std::optional<SqliteError> Transaction::commit() {
  auto f = db_->exec("COMMIT");
  if (!f) db_ = nullptr;  // on failure the destructor rolls back what is left
  return f;
}

StoreError classify(const std::string& path, const std::string& what, const SqliteError& f) {
  using K = StoreError::Kind;
  const int primary = f.code & 0xff;
  std::string dir = std::filesystem::path(path).parent_path().string();
  if (dir.empty()) dir = ".";
  std::string detail = " (" + f.message + ")";
  auto make = [&](K kind, const std::string& cause) {
    return StoreError{kind, path + ": " + what + ": " + cause + detail};
  };
  switch (primary) {
    case SQLITE_NOTADB:
      return make(K::kNotSqlite, "not an SQLite database (wrong file, or its header is damaged)");
    case SQLITE_CORRUPT:
      return make(K::kCorrupt, "the database file is corrupted or truncated");
    case SQLITE_FULL:
      return make(K::kDiskFull, "the disk is full (or the file reached its page limit)");
    case SQLITE_READONLY:
    case SQLITE_CANTOPEN:
    case SQLITE_PERM:
      if (::access(dir.c_str(), W_OK) != 0)
        return make(K::kReadOnly, "the directory " + dir +
                                      " is not writable (the store needs it for its -wal and -shm files)");
      if (::access(path.c_str(), F_OK) == 0 && ::access(path.c_str(), W_OK) != 0)
        return make(K::kReadOnly, "the file is read-only");
      if (primary == SQLITE_READONLY) return make(K::kReadOnly, "the database is read-only");
      return make(K::kIo, "cannot open the file");
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
      return make(K::kBusy, "another connection kept the database busy");
    case SQLITE_INTERRUPT:
      return make(K::kIo, "the statement was stopped: it ran past the work allowed for one statement");
    case SQLITE_IOERR:
      if (f.code == SQLITE_IOERR_SHORT_READ) return make(K::kCorrupt, "the file is truncated");
      return make(K::kIo, "an I/O error");
    default:
      return make(K::kIo, "SQLite error " + std::to_string(f.code));
  }
}

}  // namespace facedown::db::sql
