// Store: the SQLite file that is the one truth of every match (docs/db-schema.md).
// Invariants: each append is ONE transaction holding the events of one operator
// command, their public projections (event JSON and the public state JSON after
// each event) and their hash-chain links; it commits whole or not at all (WAL,
// synchronous=FULL), so nothing may be shown as done before append() returns ok.
// Only the holder of a match's writer lock appends to it (one writer per match,
// across processes); a lock left by a dead process is taken over.
// A Store is used from one thread at a time. After a failed append the live match
// is ahead of the file: stop taking commands and reload it (load or resume).
#pragma once
#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "db/error.h"
#include "engine/event.h"
#include "engine/match.h"

namespace spdlog {
class logger;
}

namespace facedown::db {

using MatchId = std::int64_t;

// The schema version this build writes (PRAGMA user_version). Older files are
// migrated on open; newer ones are refused (StoreError::kNewerVersion).
inline constexpr int kSchemaVersion = 5;

struct StoreOptions {
  // Where the store logs (opens, migrations, takeovers of stale locks, failures).
  // Null: a logger that drops everything.
  std::shared_ptr<spdlog::logger> log;
  // Wall-clock time in ms since the Unix epoch; tests inject a fake clock.
  // Empty: std::chrono::system_clock.
  std::function<std::int64_t()> wall_clock_ms;
  // Create the file (and the schema) when missing. false: a missing file is kNotFound.
  bool create = true;
  // Open for reading only (the CLI's reading verbs): SQLITE_OPEN_READONLY, no
  // schema, no migration, no journal-mode change, so the file's bytes stay as they
  // are. An empty or older file is refused; every write fails (kReadOnly).
  bool read_only = false;
  // Test support: caps the file at this many pages, to test a full disk. 0: no cap.
  std::int64_t max_page_count = 0;
  // How long a write waits for another connection's transaction (ms).
  int busy_timeout_ms = 5000;
};

struct MatchResult {
  int winner = 0;  // 0: draw
  std::string reason;
};

// One row of `facedown matches`. Every field here is public (the matches table is
// readable by the public reader).
struct MatchSummary {
  MatchId id = 0;
  std::string game;
  std::string preset;
  std::string options_json;  // {"name": "value", ...} as opened
  std::array<std::string, 2> players;
  std::string status;        // the engine's status word after the last event
  bool finished = false;     // an Ended event is stored
  std::optional<MatchResult> result;
  std::int64_t created_ms = 0;                // wall clock
  std::optional<std::int64_t> finished_ms;   // wall clock of the Ended event
  int events = 0;                             // last seq
  engine::Millis match_time = 0;              // match time of the last event
  std::int64_t last_wall_ms = 0;              // wall clock of the last event
};

// A stored event row as the store keeps it (the referee's complete form).
struct StoredEvent {
  int seq = 0;
  std::string type;          // engine::event_type
  engine::Millis t = 0;      // match time
  std::int64_t wall_ms = 0;  // wall clock when committed
  std::string payload;       // canonical referee event JSON (codec::event_to_json, dumped)
  std::string hash;          // hex SHA-256(prev hash ‖ payload); prev of seq 1 is 64 '0's
};

// The writer's last sign of life for a match: the match time it had reached and
// the wall clock then. Public (table `heartbeats`).
struct Heartbeat {
  engine::Millis match_ms = 0;
  std::int64_t wall_ms = 0;
};

// What a resume found (Store::resume): the match clock was running when the
// desk went quiet; the match time it had reached by its last sign of life (the
// last heartbeat, or the last event when later or when there is none) and the
// wall clock then, and when the resume came.
struct OutageGap {
  engine::Millis stopped_at = 0;
  std::int64_t last_sign_wall_ms = 0;
  std::int64_t resumed_wall_ms = 0;
};
// The desk's answer to a gap: the events it submits to `live` (which it
// updates), to be stored with the interruption.
using OutagePolicy = std::function<std::vector<engine::Event>(engine::Match& live, const OutageGap& gap)>;

// The director's hold on air (table `presentation`, db/presentation.h): public,
// and not a match event.
struct OnAirHold {
  bool held = false;
  int held_seq = 0;          // the match's last public row when the hold began
  std::int64_t wall_ms = 0;  // when the hold began (or was released)
};

// One of the director's cues (table `cues`, db/cues.h): public, append-only, and
// not a match event. The text's grammar is broadcast/director.h's.
struct CueRow {
  std::int64_t id = 0;
  MatchId match_id = 0;
  int seq = 0;               // the match's last public row when it was cued
  std::int64_t wall_ms = 0;  // when it was cued
  std::string cue;
};
inline constexpr std::size_t kMaxCueBytes = 200;

// Who holds a match's writer lock.
struct WriterLock {
  long pid = 0;
  std::string host;
  std::int64_t since_ms = 0;  // wall clock
};

class Store {
 public:
  // Opens (or creates) the file: checks it is a Facedown SQLite file, migrates an
  // older schema, sets WAL + synchronous=FULL. Errors name the file and the cause.
  static Result<Store> open(const std::string& path, StoreOptions options = {});

  Store(Store&&) noexcept;
  Store& operator=(Store&&) noexcept;
  ~Store();  // releases the writer locks this Store holds

  const std::string& path() const;
  // The schema version the file had when this open migrated it; nullopt when it
  // was already current (or is read-only).
  std::optional<int> migrated_from() const;

  // Records a new match: every event of match.log() (normally just Opened) in one
  // transaction; the new match's writer lock is held by this Store.
  Result<MatchId> create_match(const engine::Match& match);

  // Appends the events of ONE operator command (or of time passing). `after` is the
  // live match with those events already applied; `events` must be the tail of
  // after.log() and continue the stored sequence. One transaction: the events, their
  // public rows, the hash chain, the sealed-setup commitments (SetupLocked) and
  // their opening (Ended), the match summary. On any error nothing is written.
  Failure append(MatchId id, const engine::Match& after, const std::vector<engine::Event>& events);

  // Writer lock: taken by create_match/resume; acquire() for a match loaded
  // otherwise. Refused (kLocked, message naming pid, host and since) when another
  // live process or Store holds it; a lock whose pid is dead is taken over.
  Failure acquire(MatchId id);
  void release(MatchId id);

  // Test support: who holds the match's writer lock (the lock tests read it; the
  // desk itself only ever learns it from a refused acquire()).
  std::optional<WriterLock> lock_holder(MatchId id);

  Result<std::vector<MatchSummary>> matches();
  Result<MatchSummary> match(MatchId id);
  // Matches without an Ended event, oldest first.
  Result<std::vector<MatchId>> unfinished();

  // The stored rows, seq order (all, or those with seq <= to_seq).
  Result<std::vector<StoredEvent>> events(MatchId id, std::optional<int> to_seq = std::nullopt);
  // Rebuilds the match through the engine (Match::from_log of the parsed rows),
  // up to to_seq when given. Read only; takes no lock.
  Result<engine::Match> load(MatchId id, std::optional<int> to_seq = std::nullopt);

  // The live desk's sign of life (call it every frame: it writes at most every
  // kHeartbeatEveryMs): the match time `t` it has reached. Only the holder of
  // the match's writer lock writes one.
  Failure heartbeat(MatchId id, engine::Millis t);
  Result<std::optional<Heartbeat>> last_heartbeat(MatchId id);

  // The director's hold on air (db/presentation.h): held keeps the picture at
  // the match's last public row until released. Not a match event: no lock, no
  // chain; the overlay reads it through the PublicReader.
  Result<OnAirHold> set_on_air_hold(MatchId id, bool held);
  Result<std::optional<OnAirHold>> on_air_hold(MatchId id);

  // The director's cues (db/cues.h): appended at the match's last public row and
  // now. The caller checks the grammar (broadcast::parse_cue); the store refuses
  // an empty or over-long text, or bytes that are not printable UTF-8, and an
  // unknown match (kInvalid), changing nothing.
  Result<CueRow> append_cue(MatchId id, const std::string& cue);
  // Several cues in one transaction, all at the same moment (the director's
  // Take): all are stored, or none.
  Result<std::vector<CueRow>> append_cues(MatchId id, const std::vector<std::string>& cues);
  Result<std::vector<CueRow>> cues(MatchId id, std::int64_t after_id = 0);

  // After a crash: takes the writer lock, loads the match and records the
  // interruption. The store only reports the gap it found (OutageGap: a running
  // clock, how far the desk had got, when it was last alive); what to do about
  // it is the desk's (console/desk.h outage_pause: a Paused event with
  // kInterruptionReason at the gap's match time, and a note in the desk's
  // language). `decide` is called only when the clock was running; its events
  // (submitted to the match it is given) are committed with the row added to
  // `interruptions` in one transaction before this returns. The returned match
  // is the stored one plus those events.
  Result<engine::Match> resume(MatchId id, const OutagePolicy& decide);

 private:
  struct Impl;
  explicit Store(std::unique_ptr<Impl> impl);
  void release_all();
  std::unique_ptr<Impl> impl_;
};

// The reason the desk gives the Paused event after an outage (the record's
// marker, which verify checks against the interruptions row; never on air).
inline constexpr const char* kInterruptionReason = "resumed after interruption";
// How often heartbeat() writes, at most; readers call a heartbeat older than
// kStaleHeartbeatMs a dead desk.
inline constexpr std::int64_t kHeartbeatEveryMs = 500;
inline constexpr std::int64_t kStaleHeartbeatMs = 2000;

}  // namespace facedown::db
