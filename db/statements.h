// The SQL the store writes with, named for what each statement does, beside the
// schema (db/schema.cpp) whose tables they fill. Parameters are numbered (?1 …)
// and listed in each comment in order.
#pragma once

namespace facedown::db::statements {

// ?1 match, ?2 seq, ?3 cmd, ?4 type, ?5 t_ms, ?6 wall_ms, ?7 payload, ?8 hash
inline constexpr const char* kInsertEvent =
    "INSERT INTO events (match_id, seq, cmd, type, t_ms, wall_ms, payload, hash) "
    "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)";

// ?1 match, ?2 seq, ?3 type, ?4 t_ms, ?5 wall_ms, ?6 public event JSON, ?7 public state JSON
inline constexpr const char* kInsertPublicEvent =
    "INSERT INTO public_events (match_id, seq, type, t_ms, wall_ms, event, state) "
    "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)";

// ?1 match, ?2 seq of the setup-locked event, ?3 player, ?4 canonical setup text, ?5 salt
inline constexpr const char* kInsertSealedSetup =
    "INSERT INTO sealed_setups (match_id, seq, player, setup_text, salt) VALUES (?1, ?2, ?3, ?4, ?5)";

// ?1 match, ?2 seq of the setup-locked event, ?3 player, ?4 SHA-256(setup_text ‖ salt)
inline constexpr const char* kInsertPublicSeal =
    "INSERT INTO public_seals (match_id, seq, player, commitment) VALUES (?1, ?2, ?3, ?4)";

// ?1 match: every seal of the match not yet open gets its setup text and salt.
inline constexpr const char* kOpenSeals =
    "UPDATE public_seals SET "
    "setup_text = (SELECT s.setup_text FROM sealed_setups s "
    "WHERE s.match_id = public_seals.match_id AND s.seq = public_seals.seq), "
    "salt = (SELECT s.salt FROM sealed_setups s "
    "WHERE s.match_id = public_seals.match_id AND s.seq = public_seals.seq) "
    "WHERE match_id = ?1 AND setup_text IS NULL";

// ?1 match, ?2 status, ?3 winner, ?4 result reason, ?5 wall_ms of this commit,
// ?6 last seq, ?7 match time of the last event, ?8 1 when this commit holds a
// void. finished_ms keeps the wall time the result first appeared; it goes back
// to NULL when a void undoes the result, and a commit with a void that leaves a
// result (one re-derived at once) stamps it anew: a void always undoes the end.
inline constexpr const char* kUpdateSummary =
    "UPDATE matches SET status = ?2, winner = ?3, result_reason = ?4, "
    "finished_ms = CASE WHEN ?4 IS NULL THEN NULL WHEN ?8 THEN ?5 ELSE coalesce(finished_ms, ?5) END, "
    "events = ?6, match_time_ms = ?7, last_wall_ms = ?5 WHERE id = ?1";

// ?1 game, ?2 preset, ?3 options JSON, ?4 player 1, ?5 player 2, ?6 wall_ms
inline constexpr const char* kInsertMatch =
    "INSERT INTO matches (game, preset, options, player1, player2, created_ms, status, last_wall_ms) "
    "VALUES (?1, ?2, ?3, ?4, ?5, ?6, 'setup', ?6)";

// ?1 match, ?2 pid, ?3 pid start time, ?4 host, ?5 token, ?6 since (wall ms)
inline constexpr const char* kInsertWriter =
    "INSERT INTO writers (match_id, pid, pid_start, host, token, since_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6)";
inline constexpr const char* kReplaceWriter =
    "INSERT OR REPLACE INTO writers (match_id, pid, pid_start, host, token, since_ms) "
    "VALUES (?1, ?2, ?3, ?4, ?5, ?6)";
// ?1 match, ?2 token
inline constexpr const char* kDeleteWriter = "DELETE FROM writers WHERE match_id = ?1 AND token = ?2";

// ?1 match, ?2 after_seq, ?3 last_wall_ms, ?4 resumed_wall_ms, ?5 paused_seq (or NULL)
inline constexpr const char* kInsertInterruption =
    "INSERT INTO interruptions (match_id, after_seq, last_wall_ms, resumed_wall_ms, paused_seq) "
    "VALUES (?1, ?2, ?3, ?4, ?5)";

// ?1 match, ?2 match time reached (ms), ?3 wall clock: the one heartbeat row of the match.
inline constexpr const char* kUpsertHeartbeat =
    "INSERT INTO heartbeats (match_id, match_ms, wall_ms) VALUES (?1, ?2, ?3) "
    "ON CONFLICT(match_id) DO UPDATE SET match_ms = excluded.match_ms, wall_ms = excluded.wall_ms";

// ?1 match
inline constexpr const char* kSelectHeartbeat = "SELECT match_ms, wall_ms FROM heartbeats WHERE match_id = ?1";

}  // namespace facedown::db::statements
