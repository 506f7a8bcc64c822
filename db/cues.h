// The director's cues (table `cues`, public, schema step 5): "show scorebug",
// "layout faces", "hold explainer"... as the desk, the control API or the
// director's page fired them (grammar: broadcast/director.h). They are
// presentation, not match events: no writer lock, no hash chain, replay of the
// match ignores them, and every output (live, TV cut, replay of what aired)
// folds them in order. Append-only: triggers refuse UPDATE and DELETE.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "db/sqlite.h"
#include "db/store.h"

namespace facedown::db::rows {

// Why `cue` may not be stored (empty, longer than kMaxCueBytes, not UTF-8, a
// control character), or nullopt.
std::optional<std::string> cue_text_problem(const std::string& cue);

// Appends the cue at the match's last public row; `out` is the row as stored.
// `refused` names what was wrong (no such match, bad text) when nothing was
// written for that reason.
std::optional<sql::SqliteError> append_cue(sql::Connection& db, MatchId id, const std::string& cue,
                                           std::int64_t wall_ms, CueRow& out, std::optional<std::string>& refused);
// The match's cues with id > after_id, in order.
std::optional<sql::SqliteError> cues(sql::Connection& db, MatchId id, std::int64_t after_id, std::vector<CueRow>& out);

}  // namespace facedown::db::rows
