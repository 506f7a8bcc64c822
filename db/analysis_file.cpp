#include "db/analysis_file.h"

#include <fcntl.h>
#include <unistd.h>

#include <filesystem>

#include "db/sqlite.h"

namespace facedown::db {

namespace {

using K = StoreError::Kind;

// The file's own schema version (PRAGMA user_version): a file of another
// version is not read (an older build's records may not parse as this one's).
constexpr int kAnalysisVersion = 1;
constexpr const char* kSchema =
    "CREATE TABLE IF NOT EXISTS record ("
    "  match INTEGER NOT NULL, view TEXT NOT NULL, seq INTEGER NOT NULL, body TEXT NOT NULL,"
    "  PRIMARY KEY (match, view, seq)) WITHOUT ROWID;";

}  // namespace

std::string analysis_path(const std::string& store_path) { return store_path + ".analysis"; }

struct AnalysisFile::Impl {
  std::string path;
  sql::Connection db;
  sql::Statement put, get, last;

  StoreError fail(const std::string& what, const sql::SqliteError& f) const { return sql::classify(path, what, f); }

  std::optional<StoreError> prepare_statements() {
    if (!db.read_only()) {
      if (auto f = sql::Statement::prepare(db, "INSERT OR REPLACE INTO record (match, view, seq, body) VALUES (?, ?, ?, ?)", put))
        return fail("preparing the analysis file", *f);
    }
    if (auto f = sql::Statement::prepare(db, "SELECT body FROM record WHERE match = ? AND view = ? AND seq = ?", get))
      return fail("preparing the analysis file", *f);
    if (auto f = sql::Statement::prepare(db, "SELECT max(seq) FROM record WHERE match = ? AND view = ?", last))
      return fail("preparing the analysis file", *f);
    return std::nullopt;
  }

  std::optional<StoreError> check_version() {
    sql::Statement st;
    if (auto f = sql::Statement::prepare(db, "PRAGMA user_version", st)) return fail("reading the analysis file", *f);
    if (int rc = st.step(); rc != SQLITE_ROW) return fail("reading the analysis file", st.failure(rc));
    const auto version = st.int64(0);
    if (version != kAnalysisVersion)
      return StoreError{K::kNotAStore, path + ": not an analysis file of this build (version " + std::to_string(version) +
                                           ", expected " + std::to_string(kAnalysisVersion) + ")"};
    return std::nullopt;
  }
};

Result<AnalysisFile> AnalysisFile::open_writer(const std::string& store_path) {
  auto impl = std::make_unique<Impl>();
  impl->path = analysis_path(store_path);
  if (auto f = sql::Connection::open(impl->path, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, impl->db))
    return impl->fail("opening the analysis file", *f);
  sqlite3_busy_timeout(impl->db.get(), 2000);
  // Derived data: a crash may lose the last records (they are computed again),
  // never the store's events, which live in another file.
  if (auto f = impl->db.exec("PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;"))
    return impl->fail("opening the analysis file", *f);
  std::int64_t version = 0;
  {
    sql::Statement st;  // finished before the schema may change below
    if (auto f = sql::Statement::prepare(impl->db, "PRAGMA user_version", st))
      return impl->fail("reading the analysis file", *f);
    if (int rc = st.step(); rc != SQLITE_ROW) return impl->fail("reading the analysis file", st.failure(rc));
    version = st.int64(0);
  }
  if (version != kAnalysisVersion) {
    // A new file, or one of another build: its records are only derived data,
    // so it is started again rather than refused.
    if (auto f = impl->db.exec("DROP TABLE IF EXISTS record; " + std::string(kSchema) +
                               " PRAGMA user_version = " + std::to_string(kAnalysisVersion) + ";"))
      return impl->fail("creating the analysis file", *f);
  }
  if (auto e = impl->prepare_statements()) return *e;
  return AnalysisFile(std::move(impl));
}

Result<AnalysisFile> AnalysisFile::open_reader(const std::string& store_path) {
  auto impl = std::make_unique<Impl>();
  impl->path = analysis_path(store_path);
  std::error_code ec;
  if (!std::filesystem::exists(impl->path, ec))
    return StoreError{K::kNotFound, impl->path + ": no such file (no analysis worker has written one yet)"};
  if (auto f = sql::Connection::open(impl->path, SQLITE_OPEN_READONLY, impl->db))
    return impl->fail("opening the analysis file for reading", *f);
  sqlite3_busy_timeout(impl->db.get(), 2000);
  if (auto e = impl->check_version()) return *e;
  if (auto e = impl->prepare_statements()) return *e;
  return AnalysisFile(std::move(impl));
}

AnalysisFile::AnalysisFile(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
AnalysisFile::AnalysisFile(AnalysisFile&&) noexcept = default;
AnalysisFile& AnalysisFile::operator=(AnalysisFile&&) noexcept = default;
AnalysisFile::~AnalysisFile() = default;

const std::string& AnalysisFile::path() const { return impl_->path; }

Failure AnalysisFile::put(MatchId match, const std::string& view, int seq, const std::string& body) {
  if (impl_->db.read_only()) return StoreError{K::kReadOnly, impl_->path + ": opened for reading only"};
  auto& st = impl_->put;
  st.reset();
  st.bind(1, match).bind(2, view).bind(3, seq).bind(4, body);
  if (auto f = st.run()) return impl_->fail("writing an analysis record", *f);
  return std::nullopt;
}

Result<std::optional<std::string>> AnalysisFile::get(MatchId match, const std::string& view, int seq) {
  auto& st = impl_->get;
  st.reset();
  st.bind(1, match).bind(2, view).bind(3, seq);
  const int rc = st.step();
  if (rc == SQLITE_DONE) return std::optional<std::string>{};
  if (rc != SQLITE_ROW) return impl_->fail("reading an analysis record", st.failure(rc));
  std::optional<std::string> out = st.text(0);
  st.reset();
  return out;
}

Result<int> AnalysisFile::last_seq(MatchId match, const std::string& view) {
  auto& st = impl_->last;
  st.reset();
  st.bind(1, match).bind(2, view);
  const int rc = st.step();
  if (rc != SQLITE_ROW) return impl_->fail("reading the analysis file", st.failure(rc));
  const int out = st.is_null(0) ? 0 : static_cast<int>(st.int64(0));
  st.reset();
  return out;
}

Result<std::int64_t> AnalysisFile::data_version() {
  sql::Statement st;
  if (auto f = sql::Statement::prepare(impl_->db, "PRAGMA data_version", st))
    return impl_->fail("polling the analysis file", *f);
  const int rc = st.step();
  if (rc != SQLITE_ROW) return impl_->fail("polling the analysis file", st.failure(rc));
  return st.int64(0);
}

std::optional<AnalysisWorkerLock> AnalysisWorkerLock::try_take(const std::string& store_path, MatchId match) {
  if (match <= 0) return std::nullopt;
  const std::string path = analysis_path(store_path) + ".lock";
  const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) return std::nullopt;
  struct flock range {};
  range.l_type = F_WRLCK;
  range.l_whence = SEEK_SET;
  range.l_start = static_cast<off_t>(match);
  range.l_len = 1;
  if (::fcntl(fd, F_OFD_SETLK, &range) != 0) {
    ::close(fd);
    return std::nullopt;
  }
  return AnalysisWorkerLock(fd);
}

AnalysisWorkerLock& AnalysisWorkerLock::operator=(AnalysisWorkerLock&& o) noexcept {
  if (this != &o) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = o.fd_;
    o.fd_ = -1;
  }
  return *this;
}

AnalysisWorkerLock::~AnalysisWorkerLock() {
  if (fd_ >= 0) ::close(fd_);  // closing releases the lock
}

}  // namespace facedown::db
