#include "db/public_reader.h"

#include <strings.h>

#include <array>
#include <cstring>
#include <filesystem>

#include "db/match_rows.h"
#include "db/cues.h"
#include "db/presentation.h"
#include "db/reader_policy.h"
#include "db/schema.h"
#include "db/sqlite.h"

namespace facedown::db {

using K = StoreError::Kind;

namespace {

// Called by SQLite while it prepares every statement on this connection: whatever
// the SQL, a statement that would touch anything else is refused before it runs.
// The lists are db/reader_policy.h's, shared with the delayed reader.
int authorize(void*, int action, const char* a3, const char* a4, const char* db_name, const char* /*trigger*/) {
  switch (action) {
    case SQLITE_SELECT:
      return SQLITE_OK;
    case SQLITE_FUNCTION:  // a3: NULL, a4: the function's name
      return reader_policy::is_allowed_function(a4) ? SQLITE_OK : SQLITE_DENY;
    case SQLITE_RECURSIVE:  // WITH RECURSIVE: a loop the reader never needs
      return SQLITE_DENY;
    case SQLITE_READ:
      return reader_policy::is_public_table(a3, db_name) ? SQLITE_OK : SQLITE_DENY;
    case SQLITE_PRAGMA:
      // Only the read of data_version (a3: pragma name, a4: an assigned value).
      return reader_policy::is_allowed_pragma(a3, a4) ? SQLITE_OK : SQLITE_DENY;
    case SQLITE_TRANSACTION:  // BEGIN/COMMIT of a read snapshot
      return SQLITE_OK;
    default:  // writes, schema changes, ATTACH, DETACH, savepoints, virtual tables...
      return SQLITE_DENY;
  }
}

constexpr const char* kRowColumns = "match_id, seq, type, t_ms, wall_ms, event, state";
// The same without the state (a JSON null in its place): a long match's events
// read without parsing every public state (the feed's startup).
constexpr const char* kEventColumns = "match_id, seq, type, t_ms, wall_ms, event, 'null'";

PublicEventRow read_row(const sql::Statement& st) {
  PublicEventRow r;
  r.match = st.int64(0);
  r.seq = st.integer(1);
  r.type = st.text(2);
  r.t = st.int64(3);
  r.wall_ms = st.int64(4);
  r.event = nlohmann::json::parse(st.text(5), nullptr, false);
  r.state = nlohmann::json::parse(st.text(6), nullptr, false);
  return r;
}

// Work bound per statement: SQLite calls the progress handler every
// kProgressPeriod virtual-machine instructions, and the statement is stopped
// (SQLITE_INTERRUPT) after kMaxProgressCalls calls, 10^8 instructions in all:
// about a second, and some 30 times what reading every row of a 100,000-event
// match takes. The count starts again with each statement (SQLITE_TRACE_STMT).
constexpr int kProgressPeriod = 10000;
constexpr int kMaxProgressCalls = 10000;

}  // namespace

struct PublicReader::Impl {
  std::string path;
  sql::Connection db;
  int progress_calls = 0;  // of the statement running now

  StoreError fail(const std::string& what, const sql::SqliteError& f) const { return sql::classify(path, what, f); }

  template <class F>
  Result<std::vector<PublicEventRow>> rows(const std::string& sql_text, F bind) {
    sql::Statement st;
    if (auto f = sql::Statement::prepare(db, sql_text, st)) return fail("reading public events", *f);
    bind(st);
    std::vector<PublicEventRow> out;
    int rc;
    while ((rc = st.step()) == SQLITE_ROW) {
      out.push_back(read_row(st));
      const auto& r = out.back();
      if (r.event.is_discarded() || r.state.is_discarded())
        return StoreError{K::kTampered, path + ": match " + std::to_string(r.match) + ", seq " +
                                            std::to_string(r.seq) +
                                            ": the public row is not JSON (edited or damaged; facedown verify "
                                            "names what else is)"};
    }
    if (rc != SQLITE_DONE) return fail("reading public events", st.failure(rc));
    return out;
  }
};

Result<PublicReader> PublicReader::open(const std::string& path) {
  auto impl = std::make_unique<Impl>();
  impl->path = path;
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) return StoreError{K::kNotFound, path + ": no such file"};
  if (auto f = sql::Connection::open(path, SQLITE_OPEN_READONLY, impl->db))
    return impl->fail("opening the store for reading", *f);
  sqlite3_busy_timeout(impl->db.get(), 2000);
  if (auto e = schema::prepare(impl->db, path, true, kSchemaVersion)) return *e;
  sqlite3_set_authorizer(impl->db.get(), authorize, nullptr);
  Impl* raw = impl.get();  // stable: the Impl lives behind its unique_ptr
  sqlite3_trace_v2(
      impl->db.get(), SQLITE_TRACE_STMT,
      [](unsigned, void* ctx, void*, void*) {
        static_cast<Impl*>(ctx)->progress_calls = 0;
        return 0;
      },
      raw);
  sqlite3_progress_handler(
      impl->db.get(), kProgressPeriod,
      [](void* ctx) { return ++static_cast<Impl*>(ctx)->progress_calls > kMaxProgressCalls ? 1 : 0; }, raw);
  // Sizes no public row comes near (rows are tens of kilobytes).
  sqlite3_limit(impl->db.get(), SQLITE_LIMIT_LENGTH, 64 * 1024 * 1024);
  sqlite3_limit(impl->db.get(), SQLITE_LIMIT_SQL_LENGTH, 1024 * 1024);
  sqlite3_limit(impl->db.get(), SQLITE_LIMIT_ATTACHED, 0);
  return PublicReader(std::move(impl));
}

PublicReader::PublicReader(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
PublicReader::PublicReader(PublicReader&&) noexcept = default;
PublicReader& PublicReader::operator=(PublicReader&&) noexcept = default;
PublicReader::~PublicReader() = default;

Result<std::int64_t> PublicReader::data_version() {
  sql::Statement st;
  if (auto f = sql::Statement::prepare(impl_->db, "PRAGMA data_version", st))
    return impl_->fail("polling data_version", *f);
  int rc = st.step();
  if (rc != SQLITE_ROW) return impl_->fail("polling data_version", st.failure(rc));
  return st.int64(0);
}

Result<std::vector<MatchSummary>> PublicReader::matches() {
  sql::Statement st;
  if (auto f = sql::Statement::prepare(impl_->db,
                                       std::string("SELECT ") + rows::kSummaryColumns + " FROM matches ORDER BY id", st))
    return impl_->fail("reading matches", *f);
  std::vector<MatchSummary> out;
  int rc;
  while ((rc = st.step()) == SQLITE_ROW) out.push_back(rows::summary(st));
  if (rc != SQLITE_DONE) return impl_->fail("reading matches", st.failure(rc));
  return out;
}

Result<MatchSummary> PublicReader::match(MatchId id) {
  sql::Statement st;
  if (auto f = sql::Statement::prepare(impl_->db,
                                       std::string("SELECT ") + rows::kSummaryColumns + " FROM matches WHERE id = ?1",
                                       st))
    return impl_->fail("reading matches", *f);
  st.bind(1, id);
  int rc = st.step();
  if (rc == SQLITE_ROW) return rows::summary(st);
  if (rc == SQLITE_DONE) return StoreError{K::kNotFound, impl_->path + ": no match " + std::to_string(id)};
  return impl_->fail("reading matches", st.failure(rc));
}

Result<std::vector<PublicEventRow>> PublicReader::events_after(MatchId id, int after_seq, int limit, bool with_state) {
  return impl_->rows(std::string("SELECT ") + (with_state ? kRowColumns : kEventColumns) +
                         " FROM public_events WHERE match_id = ?1 AND seq > ?2 ORDER BY seq LIMIT ?3",
                     [&](sql::Statement& st) { st.bind(1, id).bind(2, after_seq).bind(3, limit > 0 ? limit : -1); });
}

Result<std::optional<PublicEventRow>> PublicReader::row_at(MatchId id, int seq) {
  auto r = impl_->rows(std::string("SELECT ") + kRowColumns +
                           " FROM public_events WHERE match_id = ?1 AND seq <= ?2 ORDER BY seq DESC LIMIT 1",
                       [&](sql::Statement& st) { st.bind(1, id).bind(2, seq); });
  if (auto* e = std::get_if<StoreError>(&r)) return *e;
  auto& v = std::get<std::vector<PublicEventRow>>(r);
  if (v.empty()) return std::optional<PublicEventRow>();
  return std::optional<PublicEventRow>(std::move(v.front()));
}

Result<std::optional<PublicEventRow>> PublicReader::latest(MatchId id) { return row_at(id, INT32_MAX); }

Result<std::vector<PublicSeal>> PublicReader::seals(MatchId id) {
  sql::Statement st;
  if (auto f = sql::Statement::prepare(impl_->db,
                                       "SELECT match_id, player, seq, commitment, setup_text, salt FROM public_seals "
                                       "WHERE match_id = ?1 ORDER BY seq",
                                       st))
    return impl_->fail("reading sealed setups", *f);
  st.bind(1, id);
  std::vector<PublicSeal> out;
  int rc;
  while ((rc = st.step()) == SQLITE_ROW)
    out.push_back(PublicSeal{st.int64(0), st.integer(1), st.integer(2), st.text(3), st.text_or_null(4), st.text_or_null(5)});
  if (rc != SQLITE_DONE) return impl_->fail("reading sealed setups", st.failure(rc));
  return out;
}

Result<std::optional<OnAirHold>> PublicReader::on_air_hold(MatchId id) {
  std::optional<OnAirHold> out;
  if (auto f = rows::on_air_hold(impl_->db, id, out)) return impl_->fail("reading the hold on air", *f);
  return out;
}

Result<std::vector<CueRow>> PublicReader::cues(MatchId id, std::int64_t after_id) {
  std::vector<CueRow> out;
  if (auto f = rows::cues(impl_->db, id, after_id, out)) return impl_->fail("reading the cues", *f);
  return out;
}

Result<std::optional<Heartbeat>> PublicReader::heartbeat(MatchId id) {
  std::optional<Heartbeat> beat;
  if (auto f = rows::heartbeat(impl_->db, id, beat)) return impl_->fail("reading the heartbeat", *f);
  return beat;
}

Result<std::vector<Interruption>> PublicReader::interruptions(MatchId id) {
  sql::Statement st;
  if (auto f = sql::Statement::prepare(impl_->db,
                                       "SELECT match_id, after_seq, last_wall_ms, resumed_wall_ms, paused_seq "
                                       "FROM interruptions WHERE match_id = ?1 ORDER BY id",
                                       st))
    return impl_->fail("reading interruptions", *f);
  st.bind(1, id);
  std::vector<Interruption> out;
  int rc;
  while ((rc = st.step()) == SQLITE_ROW) {
    Interruption i{st.int64(0), st.integer(1), st.int64(2), st.int64(3), std::nullopt};
    if (!st.is_null(4)) i.paused_seq = st.integer(4);
    out.push_back(i);
  }
  if (rc != SQLITE_DONE) return impl_->fail("reading interruptions", st.failure(rc));
  return out;
}

Result<std::vector<PublicReader::Row>> PublicReader::query(const std::string& sql_text) {
  return reader_policy::run_statements(impl_->db.get(), impl_->path, sql_text);
}

}  // namespace facedown::db
