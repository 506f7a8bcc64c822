// The director's hold on air (table `presentation`, public, schema step 4): a
// console action that keeps what is on air (a battle in its explained phase, a
// result banner) until released. It is presentation, not a match event: the
// engine knows nothing of it, no hash chain covers it, replay ignores it. One
// row per match; the overlay reads it through the PublicReader.
#pragma once
#include <cstdint>
#include <optional>

#include "db/sqlite.h"
#include "db/store.h"

namespace facedown::db::rows {

// The match's row, if any, into `out`; a failure when SQLite fails.
std::optional<sql::SqliteError> on_air_hold(sql::Connection& db, MatchId id, std::optional<OnAirHold>& out);
// Holds at the match's last public row (held) or releases; writes `out` as stored.
std::optional<sql::SqliteError> set_on_air_hold(sql::Connection& db, MatchId id, bool held, std::int64_t wall_ms,
                                                OnAirHold& out);

}  // namespace facedown::db::rows
