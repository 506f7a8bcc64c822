#include "db/match_rows.h"

#include "db/statements.h"

namespace facedown::db::rows {

MatchSummary summary(const sql::Statement& st) {
  MatchSummary m;
  m.id = st.int64(0);
  m.game = st.text(1);
  m.preset = st.text(2);
  m.options_json = st.text(3);
  m.players = {st.text(4), st.text(5)};
  m.status = st.text(6);
  m.finished_ms = st.int64_or_null(7);
  m.finished = m.finished_ms.has_value();
  if (!st.is_null(9)) m.result = MatchResult{st.is_null(8) ? 0 : st.integer(8), st.text(9)};
  m.created_ms = st.int64(10);
  m.events = st.integer(11);
  m.match_time = st.int64(12);
  m.last_wall_ms = st.int64(13);
  return m;
}

std::optional<sql::SqliteError> heartbeat(sql::Connection& db, MatchId id, std::optional<Heartbeat>& out) {
  out.reset();
  sql::Statement st;
  if (auto f = sql::Statement::prepare(db, statements::kSelectHeartbeat, st)) return f;
  st.bind(1, id);
  const int rc = st.step();
  if (rc == SQLITE_ROW) out = Heartbeat{st.int64(0), st.int64(1)};
  else if (rc != SQLITE_DONE) return st.failure(rc);
  return std::nullopt;
}

}  // namespace facedown::db::rows
