#include "db/schema.h"

#include "db/store.h"

namespace facedown::db::schema {

const std::vector<std::string>& migrations() {
  static const std::vector<std::string> steps = {
      // 1: matches, the secret event log with its hash chain, the public rows,
      // sealed setups (secret) and their public commitments, writer locks.
      R"sql(
CREATE TABLE matches (
  id            INTEGER PRIMARY KEY,
  game          TEXT NOT NULL,
  preset        TEXT NOT NULL,
  options       TEXT NOT NULL,
  player1       TEXT NOT NULL,
  player2       TEXT NOT NULL,
  created_ms    INTEGER NOT NULL,
  finished_ms   INTEGER,
  status        TEXT NOT NULL,
  winner        INTEGER,
  result_reason TEXT,
  events        INTEGER NOT NULL DEFAULT 0,
  match_time_ms INTEGER NOT NULL DEFAULT 0,
  last_wall_ms  INTEGER NOT NULL
);
CREATE TABLE events (
  match_id INTEGER NOT NULL REFERENCES matches(id),
  seq      INTEGER NOT NULL,
  cmd      INTEGER NOT NULL,
  type     TEXT NOT NULL,
  t_ms     INTEGER NOT NULL,
  wall_ms  INTEGER NOT NULL,
  payload  TEXT NOT NULL,
  hash     TEXT NOT NULL,
  PRIMARY KEY (match_id, seq)
) WITHOUT ROWID;
CREATE TABLE public_events (
  match_id INTEGER NOT NULL REFERENCES matches(id),
  seq      INTEGER NOT NULL,
  type     TEXT NOT NULL,
  t_ms     INTEGER NOT NULL,
  wall_ms  INTEGER NOT NULL,
  event    TEXT NOT NULL,
  state    TEXT NOT NULL,
  PRIMARY KEY (match_id, seq)
) WITHOUT ROWID;
CREATE TABLE sealed_setups (
  match_id   INTEGER NOT NULL REFERENCES matches(id),
  seq        INTEGER NOT NULL,
  player     INTEGER NOT NULL,
  setup_text TEXT NOT NULL,
  salt       TEXT NOT NULL,
  PRIMARY KEY (match_id, seq)
) WITHOUT ROWID;
CREATE TABLE public_seals (
  match_id   INTEGER NOT NULL REFERENCES matches(id),
  seq        INTEGER NOT NULL,
  player     INTEGER NOT NULL,
  commitment TEXT NOT NULL,
  setup_text TEXT,
  salt       TEXT,
  PRIMARY KEY (match_id, seq)
) WITHOUT ROWID;
CREATE TABLE writers (
  match_id  INTEGER PRIMARY KEY REFERENCES matches(id),
  pid       INTEGER NOT NULL,
  pid_start TEXT NOT NULL,
  host      TEXT NOT NULL,
  token     TEXT NOT NULL,
  since_ms  INTEGER NOT NULL
);
CREATE TRIGGER events_never_edited BEFORE UPDATE ON events
  BEGIN SELECT RAISE(ABORT, 'events are never edited (append a correction instead)'); END;
CREATE TRIGGER events_never_deleted BEFORE DELETE ON events
  BEGIN SELECT RAISE(ABORT, 'events are never deleted (append a correction instead)'); END;
)sql",
      // 2: the outages that resumes recorded (public).
      R"sql(
CREATE TABLE interruptions (
  id              INTEGER PRIMARY KEY,
  match_id        INTEGER NOT NULL REFERENCES matches(id),
  after_seq       INTEGER NOT NULL,
  last_wall_ms    INTEGER NOT NULL,
  resumed_wall_ms INTEGER NOT NULL,
  paused_seq      INTEGER
);
CREATE INDEX interruptions_by_match ON interruptions(match_id, id);
)sql",
      // 3: the writer's heartbeat (public): how far the match clock had run, and
      // when, so a reader can tell a live desk from a dead one and a resume
      // knows the time the crash took.
      R"sql(
CREATE TABLE heartbeats (
  match_id INTEGER PRIMARY KEY REFERENCES matches(id),
  match_ms INTEGER NOT NULL,
  wall_ms  INTEGER NOT NULL
);
)sql",
      // 4: the director's hold on air (public; presentation, not a match event:
      // db/presentation.h).
      R"sql(
CREATE TABLE presentation (
  match_id INTEGER PRIMARY KEY REFERENCES matches(id),
  held     INTEGER NOT NULL,
  held_seq INTEGER NOT NULL,
  wall_ms  INTEGER NOT NULL
);
)sql",
      // 5: the director's cues (public; presentation, not match events: db/cues.h).
      // Append-only, as the events are: what aired is never rewritten.
      R"sql(
CREATE TABLE cues (
  id       INTEGER PRIMARY KEY,
  match_id INTEGER NOT NULL REFERENCES matches(id),
  seq      INTEGER NOT NULL,
  wall_ms  INTEGER NOT NULL,
  cue      TEXT NOT NULL
);
CREATE INDEX cues_by_match ON cues(match_id, id);
CREATE TRIGGER cues_never_edited BEFORE UPDATE ON cues
  BEGIN SELECT RAISE(ABORT, 'cues are never edited (cue again instead)'); END;
CREATE TRIGGER cues_never_deleted BEFORE DELETE ON cues
  BEGIN SELECT RAISE(ABORT, 'cues are never deleted (cue again instead)'); END;
)sql",
  };
  return steps;
}

namespace {

std::optional<std::int64_t> pragma_int(sql::Connection& db, const char* sql_text,
                                       std::optional<sql::SqliteError>& failure) {
  sql::Statement st;
  if ((failure = sql::Statement::prepare(db, sql_text, st))) return std::nullopt;
  int rc = st.step();
  if (rc == SQLITE_ROW) return st.int64(0);
  failure = st.failure(rc);
  return std::nullopt;
}

}  // namespace

Failure prepare(sql::Connection& db, const std::string& path, bool read_only, int target_version,
               int* migrated_from) {
  using K = StoreError::Kind;
  std::optional<sql::SqliteError> f;
  // Reading the schema is what reveals a file that is not SQLite or is damaged.
  auto tables = pragma_int(db, "SELECT count(*) FROM sqlite_schema", f);
  if (!tables) return sql::classify(path, "opening the store", *f);
  auto app = pragma_int(db, "PRAGMA application_id", f);
  if (!app) return sql::classify(path, "opening the store", *f);
  auto version = pragma_int(db, "PRAGMA user_version", f);
  if (!version) return sql::classify(path, "opening the store", *f);

  const bool empty = *tables == 0 && *app == 0 && *version == 0;
  if (!empty && *app != kApplicationId)
    return StoreError{K::kNotAStore, path + ": an SQLite database, but not a Facedown store "
                                            "(application_id " + std::to_string(*app) + ")"};
  if (*version > target_version)
    return StoreError{K::kNewerVersion,
                      path + ": written by a newer Facedown (schema version " +
                          std::to_string(*version) + "; this build knows up to " +
                          std::to_string(target_version) + "); refusing to touch it"};
  if (migrated_from) *migrated_from = static_cast<int>(*version);
  if (*version == target_version) return std::nullopt;
  if (read_only) {
    if (empty)
      return StoreError{K::kNotAStore, path + ": an empty file, not a Facedown store"};
    return StoreError{K::kOlderVersion,
                      path + ": an older store (schema version " + std::to_string(*version) +
                          "); migrate it once with `facedown migrate --db FILE` (or open it with the console)"};
  }

  sql::Transaction tx;
  if ((f = sql::Transaction::begin(db, tx))) return sql::classify(path, "migrating the store", *f);
  // Another process may have migrated it meanwhile.
  version = pragma_int(db, "PRAGMA user_version", f);
  if (!version) return sql::classify(path, "migrating the store", *f);
  const auto& steps = migrations();
  for (auto v = *version; v < target_version; ++v) {
    if ((f = db.exec(steps[static_cast<std::size_t>(v)])))
      return sql::classify(path, "migrating the store to version " + std::to_string(v + 1), *f);
  }
  if ((f = db.exec("PRAGMA application_id = " + std::to_string(kApplicationId) +
                   "; PRAGMA user_version = " + std::to_string(target_version))))
    return sql::classify(path, "migrating the store", *f);
  if ((f = tx.commit())) return sql::classify(path, "migrating the store", *f);
  return std::nullopt;
}

}  // namespace facedown::db::schema
