#include "db/cues.h"

#include "engine/text.h"

namespace facedown::db::rows {

namespace {

constexpr const char* kMatchExists = "SELECT COUNT(*) FROM matches WHERE id = ?1";
constexpr const char* kLastSeq = "SELECT COALESCE(MAX(seq), 0) FROM public_events WHERE match_id = ?1";
constexpr const char* kInsert = "INSERT INTO cues (match_id, seq, wall_ms, cue) VALUES (?1, ?2, ?3, ?4)";
constexpr const char* kSelect =
    "SELECT id, match_id, seq, wall_ms, cue FROM cues WHERE match_id = ?1 AND id > ?2 ORDER BY id";

// One integer from a one-row query on the match id.
std::optional<sql::SqliteError> scalar(sql::Connection& db, const char* sql_text, MatchId id, std::int64_t& out) {
  sql::Statement st;
  if (auto f = sql::Statement::prepare(db, sql_text, st)) return f;
  st.bind(1, id);
  const int rc = st.step();
  if (rc != SQLITE_ROW) return st.failure(rc);
  out = st.int64(0);
  st.reset();  // nothing left open while a later write commits (it would block the checkpoint)
  return std::nullopt;
}

}  // namespace

std::optional<std::string> cue_text_problem(const std::string& cue) {
  if (cue.empty()) return "an empty cue";
  if (cue.size() > kMaxCueBytes)
    return "a cue of " + std::to_string(cue.size()) + " bytes (at most " + std::to_string(kMaxCueBytes) + ")";
  if (auto p = engine::text_problem(cue)) return *p;
  return std::nullopt;
}

std::optional<sql::SqliteError> append_cue(sql::Connection& db, MatchId id, const std::string& cue,
                                           std::int64_t wall_ms, CueRow& out, std::optional<std::string>& refused) {
  refused.reset();
  if (auto p = cue_text_problem(cue)) {
    refused = *p;
    return std::nullopt;
  }
  std::int64_t exists = 0, seq = 0;
  if (auto f = scalar(db, kMatchExists, id, exists)) return f;
  if (exists == 0) {
    refused = "no match " + std::to_string(id);
    return std::nullopt;
  }
  if (auto f = scalar(db, kLastSeq, id, seq)) return f;
  sql::Statement st;
  if (auto f = sql::Statement::prepare(db, kInsert, st)) return f;
  st.bind(1, id).bind(2, seq).bind(3, wall_ms).bind(4, cue);
  if (auto f = st.run()) return f;
  out = CueRow{sqlite3_last_insert_rowid(db.get()), id, static_cast<int>(seq), wall_ms, cue};
  return std::nullopt;
}

std::optional<sql::SqliteError> cues(sql::Connection& db, MatchId id, std::int64_t after_id, std::vector<CueRow>& out) {
  out.clear();
  sql::Statement st;
  if (auto f = sql::Statement::prepare(db, kSelect, st)) return f;
  st.bind(1, id).bind(2, after_id);
  int rc;
  while ((rc = st.step()) == SQLITE_ROW)
    out.push_back(CueRow{st.int64(0), st.int64(1), st.integer(2), st.int64(3), st.text(4)});
  if (rc != SQLITE_DONE) return st.failure(rc);
  return std::nullopt;
}

}  // namespace facedown::db::rows
