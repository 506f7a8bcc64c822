// Reading the `matches` table into MatchSummary, shared by the Store and the
// PublicReader so both list matches the same way.
#pragma once
#include "db/sqlite.h"
#include "db/store.h"

namespace facedown::db::rows {

// "SELECT <kSummaryColumns> FROM matches ..." yields rows summary() reads.
inline constexpr const char* kSummaryColumns =
    "id, game, preset, options, player1, player2, status, finished_ms, winner, result_reason, "
    "created_ms, events, match_time_ms, last_wall_ms";

MatchSummary summary(const sql::Statement& st);

}  // namespace facedown::db::rows
