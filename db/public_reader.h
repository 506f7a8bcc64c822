// PublicReader: what the audience overlay (and anyone outside the referee desk)
// reads. The connection is opened read-only and an SQLite authorizer denies every
// table but the public ones (matches, public_events, public_seals, interruptions,
// heartbeats, presentation)
// and every write, attach and pragma but data_version, so no SQL sent through it
// can reach a secret row. Rows carry the public event JSON and the public state
// JSON after the event: the overlay never folds events and never decides secrecy.
#pragma once
#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "db/error.h"
#include "db/reader_policy.h"
#include "db/store.h"

namespace facedown::db {

// One public row: an event as the public may see it and the public state after it.
struct PublicEventRow {
  MatchId match = 0;
  int seq = 0;
  std::string type;            // "moved", "battle", ...
  engine::Millis t = 0;        // match time of the event
  std::int64_t wall_ms = 0;    // wall clock when it was committed
  nlohmann::json event;        // codec::event_to_json(project(e, kPublic))
  nlohmann::json state;        // codec::state_to_json(match, kPublic) after the event
};

// The sealed setup of one player. commitment = SHA-256(setup_text ‖ salt), where
// salt is 64 lowercase hex characters (32 random bytes) taken as text; setup_text
// and salt are null until the match is closed (docs/db-schema.md, "Sealed setups").
struct PublicSeal {
  MatchId match = 0;
  int player = 0;
  int seq = 0;                // the SetupLocked event
  std::string commitment;     // 64 lowercase hex
  std::optional<std::string> setup_text;
  std::optional<std::string> salt;
};

// The outage a resume recorded.
struct Interruption {
  MatchId match = 0;
  int after_seq = 0;               // the last event before the outage
  std::int64_t last_wall_ms = 0;   // wall clock of that event
  std::int64_t resumed_wall_ms = 0;
  std::optional<int> paused_seq;   // the Paused event the resume wrote, if any
};

class PublicReader {
 public:
  // Opens read-only. The file must exist and be a Facedown store of a version this
  // build knows (errors as Store::open's, naming the file and the cause).
  static Result<PublicReader> open(const std::string& path);

  PublicReader(PublicReader&&) noexcept;
  PublicReader& operator=(PublicReader&&) noexcept;
  ~PublicReader();

  // PRAGMA data_version: changes when another connection commits. Poll it each
  // frame; read new rows only when it moved.
  Result<std::int64_t> data_version();

  Result<std::vector<MatchSummary>> matches();
  Result<MatchSummary> match(MatchId id);
  // Rows with seq > after_seq, in order, at most `limit` (0: all). Without
  // `with_state` each row's state is null (not read, not parsed).
  Result<std::vector<PublicEventRow>> events_after(MatchId id, int after_seq, int limit = 0, bool with_state = true);
  // The last row with seq <= seq (a replay seek); nullopt when there is none.
  Result<std::optional<PublicEventRow>> row_at(MatchId id, int seq);
  // The latest row of the match.
  Result<std::optional<PublicEventRow>> latest(MatchId id);
  Result<std::vector<PublicSeal>> seals(MatchId id);
  Result<std::vector<Interruption>> interruptions(MatchId id);
  // The writer's last heartbeat for the match (none before the desk wrote one).
  Result<std::optional<Heartbeat>> heartbeat(MatchId id);
  // The director's hold on air (none before the console wrote one).
  Result<std::optional<OnAirHold>> on_air_hold(MatchId id);
  // The director's cues with id > after_id, in order (db/cues.h).
  Result<std::vector<CueRow>> cues(MatchId id, std::int64_t after_id = 0);

  // Test support: runs any SQL through the guarded connection and returns the rows
  // as text (NULL as nullopt). Exists so tests can prove that nothing secret comes
  // back, whatever is sent; an authorizer refusal (or a statement stopped for
  // running too long) is a kIo error naming the statement. Not for the overlay.
  using Row = reader_policy::Row;
  Result<std::vector<Row>> query(const std::string& sql);

 private:
  struct Impl;
  explicit PublicReader(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace facedown::db
