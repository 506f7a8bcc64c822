// Reading the `matches` table into MatchSummary, and a match's heartbeat, shared
// by the Store and the PublicReader so both read them the same way.
#pragma once
#include "db/sqlite.h"
#include "db/store.h"

namespace facedown::db::rows {

// "SELECT <kSummaryColumns> FROM matches ..." yields rows summary() reads.
inline constexpr const char* kSummaryColumns =
    "id, game, preset, options, player1, player2, status, finished_ms, winner, result_reason, "
    "created_ms, events, match_time_ms, last_wall_ms";

MatchSummary summary(const sql::Statement& st);

// The match's heartbeat row, if any, into `out`; a failure when SQLite fails.
std::optional<sql::SqliteError> heartbeat(sql::Connection& db, MatchId id, std::optional<Heartbeat>& out);

}  // namespace facedown::db::rows
