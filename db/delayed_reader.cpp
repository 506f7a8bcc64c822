#include "db/delayed_reader.h"

#include <strings.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <chrono>
#include <cstring>
#include <filesystem>

#include "db/reader_policy.h"
#include "db/schema.h"
#include "db/sqlite.h"

namespace facedown::db {

using K = StoreError::Kind;

namespace {

// The public reader's policy (db/reader_policy.h) plus the release clock.
bool is_allowed_function(const char* name) {
  return reader_policy::is_allowed_function(name) ||
         (name && ::strcasecmp(name, DelayedReader::kClockFunction) == 0);
}

// Called while SQLite prepares every statement on this connection (after the
// view exists). A read of `events` is admitted only when the innermost view it
// comes through (the callback's last argument) is the gated view; a CTE could
// take the view's name and with it that context, which is why statements that
// could hold one are refused before they reach SQLite (has_with below).
int authorize(void*, int action, const char* a3, const char* a4, const char* db_name, const char* via) {
  switch (action) {
    case SQLITE_SELECT:
    case SQLITE_TRANSACTION:
      return SQLITE_OK;
    case SQLITE_FUNCTION:  // a4: the function's name
      return is_allowed_function(a4) ? SQLITE_OK : SQLITE_DENY;
    case SQLITE_READ:
      if (reader_policy::is_public_table(a3, db_name)) return SQLITE_OK;
      // The view itself (count(*) reports it with no schema name): gated whatever is asked of it.
      if (a3 && std::strcmp(a3, DelayedReader::kView) == 0 && (!db_name || std::strcmp(db_name, "temp") == 0))
        return SQLITE_OK;
      if (a3 && std::strcmp(a3, "events") == 0 && db_name && std::strcmp(db_name, "main") == 0 && via &&
          std::strcmp(via, DelayedReader::kView) == 0)
        return SQLITE_OK;
      return SQLITE_DENY;  // sealed_setups, writers, the schema tables, events from anywhere else
    case SQLITE_PRAGMA:
      return reader_policy::is_allowed_pragma(a3, a4) ? SQLITE_OK : SQLITE_DENY;
    default:  // writes, CREATE/DROP of views and triggers, ATTACH, savepoints, recursion...
      return SQLITE_DENY;
  }
}

// A common table expression may be named like the gated view, and SQLite then
// reports reads inside it as coming through that name. WITH is a keyword that
// cannot be spelt any other way, so any statement whose text holds the letters
// "with" (in any case, even inside a string or a comment) is refused: it costs
// nothing the feed needs (its own statements hold none).
bool has_with(const std::string& sql) {
  std::string lower(sql.size(), ' ');
  std::transform(sql.begin(), sql.end(), lower.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return lower.find("with") != std::string::npos;
}

// The view: events committed at least `delay` ago. LIMIT and OFFSET keep SQLite
// from flattening it into the outer query or pushing the outer WHERE into it, so
// the gate filters rows before any expression a statement adds sees them (no
// error raised on a fresh row can tell anything about it).
constexpr const char* kCreateView =
    "CREATE TEMP VIEW released_events AS SELECT match_id, seq, type, t_ms, wall_ms, payload "
    "FROM main.events WHERE wall_ms <= facedown_release_ms() LIMIT -1 OFFSET 0";

constexpr int kProgressPeriod = 10000;  // the public reader's work bound per statement
constexpr int kMaxProgressCalls = 10000;

}  // namespace

struct DelayedReader::Impl {
  std::string path;
  std::int64_t delay_ms = 0;
  std::function<std::int64_t()> clock;
  sql::Connection db;
  int progress_calls = 0;

  StoreError fail(const std::string& what, const sql::SqliteError& f) const { return sql::classify(path, what, f); }
};

Result<DelayedReader> DelayedReader::open(const std::string& path, DelayedReaderOptions options) {
  auto impl = std::make_unique<Impl>();
  impl->path = path;
  impl->delay_ms = std::max<std::int64_t>(0, options.delay_ms);
  impl->clock = options.wall_clock_ms ? std::move(options.wall_clock_ms) : [] {
    return static_cast<std::int64_t>(std::chrono::duration_cast<std::chrono::milliseconds>(
                                         std::chrono::system_clock::now().time_since_epoch())
                                         .count());
  };
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) return StoreError{K::kNotFound, path + ": no such file"};
  if (auto f = sql::Connection::open(path, SQLITE_OPEN_READONLY, impl->db))
    return impl->fail("opening the store for delayed reading", *f);
  sqlite3* db = impl->db.get();
  sqlite3_busy_timeout(db, 2000);
  if (auto e = schema::prepare(impl->db, path, true, kSchemaVersion)) return *e;
  // No object of the file's own schema may carry the view's name (a main view of
  // that name would be trusted as the gate).
  {
    sql::Statement st;
    if (auto f = sql::Statement::prepare(impl->db, "SELECT count(*) FROM main.sqlite_schema WHERE name = ?1", st))
      return impl->fail("opening the store for delayed reading", *f);
    st.bind(1, kView);
    if (st.step() != SQLITE_ROW || st.int64(0) != 0)
      return StoreError{K::kTampered, path + ": the file defines its own '" + std::string(kView) + "'"};
  }
  Impl* raw = impl.get();  // stable behind its unique_ptr
  int rc = sqlite3_create_function_v2(
      db, kClockFunction, 0, SQLITE_UTF8, raw,
      [](sqlite3_context* ctx, int, sqlite3_value**) {
        auto* self = static_cast<Impl*>(sqlite3_user_data(ctx));
        sqlite3_result_int64(ctx, self->clock() - self->delay_ms);
      },
      nullptr, nullptr, nullptr);
  if (rc != SQLITE_OK) return impl->fail("registering the release clock", impl->db.last_failure(rc));
  if (auto f = impl->db.exec(kCreateView)) return impl->fail("creating the delayed view", *f);
  sqlite3_set_authorizer(db, authorize, nullptr);
  sqlite3_trace_v2(
      db, SQLITE_TRACE_STMT,
      [](unsigned, void* ctx, void*, void*) {
        static_cast<Impl*>(ctx)->progress_calls = 0;
        return 0;
      },
      raw);
  sqlite3_progress_handler(
      db, kProgressPeriod,
      [](void* ctx) { return ++static_cast<Impl*>(ctx)->progress_calls > kMaxProgressCalls ? 1 : 0; }, raw);
  sqlite3_limit(db, SQLITE_LIMIT_LENGTH, 64 * 1024 * 1024);
  sqlite3_limit(db, SQLITE_LIMIT_SQL_LENGTH, 1024 * 1024);
  sqlite3_limit(db, SQLITE_LIMIT_ATTACHED, 0);
  return DelayedReader(std::move(impl));
}

DelayedReader::DelayedReader(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
DelayedReader::DelayedReader(DelayedReader&&) noexcept = default;
DelayedReader& DelayedReader::operator=(DelayedReader&&) noexcept = default;
DelayedReader::~DelayedReader() = default;

std::int64_t DelayedReader::delay_ms() const { return impl_->delay_ms; }

Result<std::int64_t> DelayedReader::data_version() {
  sql::Statement st;
  if (auto f = sql::Statement::prepare(impl_->db, "PRAGMA data_version", st))
    return impl_->fail("polling data_version", *f);
  int rc = st.step();
  if (rc != SQLITE_ROW) return impl_->fail("polling data_version", st.failure(rc));
  return st.int64(0);
}

Result<std::vector<ReleasedEvent>> DelayedReader::released_after(MatchId id, int after_seq, int limit) {
  sql::Statement st;
  if (auto f = sql::Statement::prepare(impl_->db,
                                       "SELECT match_id, seq, type, t_ms, wall_ms, payload FROM released_events "
                                       "WHERE match_id = ?1 AND seq > ?2 ORDER BY seq LIMIT ?3",
                                       st))
    return impl_->fail("reading released events", *f);
  st.bind(1, id).bind(2, after_seq).bind(3, limit > 0 ? limit : -1);
  std::vector<ReleasedEvent> out;
  int rc;
  while ((rc = st.step()) == SQLITE_ROW)
    out.push_back(ReleasedEvent{st.int64(0), st.integer(1), st.text(2), st.int64(3), st.int64(4), st.text(5)});
  if (rc != SQLITE_DONE) return impl_->fail("reading released events", st.failure(rc));
  return out;
}

Result<std::vector<CueRow>> DelayedReader::released_cues(MatchId id, std::int64_t after_id) {
  sql::Statement st;
  if (auto f = sql::Statement::prepare(impl_->db,
                                       "SELECT id, match_id, seq, wall_ms, cue FROM cues WHERE match_id = ?1 AND id > ?2 "
                                       "AND wall_ms <= facedown_release_ms() ORDER BY id",
                                       st))
    return impl_->fail("reading released cues", *f);
  st.bind(1, id).bind(2, after_id);
  std::vector<CueRow> out;
  int rc;
  while ((rc = st.step()) == SQLITE_ROW)
    out.push_back(CueRow{st.int64(0), st.int64(1), st.integer(2), st.int64(3), st.text(4)});
  if (rc != SQLITE_DONE) return impl_->fail("reading released cues", st.failure(rc));
  return out;
}

Result<std::optional<std::int64_t>> DelayedReader::next_release_ms(MatchId id, int after_seq) {
  sql::Statement st;
  if (auto f = sql::Statement::prepare(
          impl_->db, "SELECT wall_ms FROM public_events WHERE match_id = ?1 AND seq > ?2 ORDER BY seq LIMIT 1", st))
    return impl_->fail("reading commit times", *f);
  st.bind(1, id).bind(2, after_seq);
  int rc = st.step();
  if (rc == SQLITE_ROW) return std::optional<std::int64_t>(st.int64(0) + impl_->delay_ms);
  if (rc == SQLITE_DONE) return std::optional<std::int64_t>();
  return impl_->fail("reading commit times", st.failure(rc));
}

Result<std::vector<DelayedReader::Row>> DelayedReader::query(const std::string& sql_text) {
  if (has_with(sql_text))
    return StoreError{K::kIo, impl_->path + ": refused statement: the delayed reader takes no WITH (a CTE could "
                                            "pose as the gated view)"};
  return reader_policy::run_statements(impl_->db.get(), impl_->path, sql_text);
}

}  // namespace facedown::db
