#include "db/presentation.h"

namespace facedown::db::rows {

namespace {

constexpr const char* kSelect = "SELECT held, held_seq, wall_ms FROM presentation WHERE match_id = ?1";
constexpr const char* kLastSeq = "SELECT COALESCE(MAX(seq), 0) FROM public_events WHERE match_id = ?1";
constexpr const char* kUpsert =
    "INSERT INTO presentation (match_id, held, held_seq, wall_ms) VALUES (?1, ?2, ?3, ?4) "
    "ON CONFLICT(match_id) DO UPDATE SET held = excluded.held, held_seq = excluded.held_seq, "
    "wall_ms = excluded.wall_ms";

}  // namespace

std::optional<sql::SqliteError> on_air_hold(sql::Connection& db, MatchId id, std::optional<OnAirHold>& out) {
  out.reset();
  sql::Statement st;
  if (auto f = sql::Statement::prepare(db, kSelect, st)) return f;
  st.bind(1, id);
  const int rc = st.step();
  if (rc == SQLITE_ROW) out = OnAirHold{st.integer(0) != 0, st.integer(1), st.int64(2)};
  else if (rc != SQLITE_DONE) return st.failure(rc);
  return std::nullopt;
}

std::optional<sql::SqliteError> set_on_air_hold(sql::Connection& db, MatchId id, bool held, std::int64_t wall_ms,
                                                OnAirHold& out) {
  out = OnAirHold{held, 0, wall_ms};
  if (held) {
    sql::Statement last;
    if (auto f = sql::Statement::prepare(db, kLastSeq, last)) return f;
    last.bind(1, id);
    const int rc = last.step();
    if (rc != SQLITE_ROW) return last.failure(rc);
    out.held_seq = last.integer(0);
    last.reset();  // no statement open while the upsert commits (it would block the checkpoint)
  }
  sql::Statement st;
  if (auto f = sql::Statement::prepare(db, kUpsert, st)) return f;
  st.bind(1, id).bind(2, held ? 1 : 0).bind(3, out.held_seq).bind(4, wall_ms);
  return st.run();
}

}  // namespace facedown::db::rows
