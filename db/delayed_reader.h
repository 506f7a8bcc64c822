// DelayedReader: the delayed TV feed's door to the referee's events. A read-only
// connection whose authorizer admits the secret `events` table only through one
// TEMP VIEW gated on commit time (wall_ms <= now - delay, now from a registered
// SQL function), and denies every other secret table, every write, schema change,
// ATTACH and pragma: whatever SQL is sent, an event younger than the delay cannot
// be read through it. Public tables stay readable as through the public reader.
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "db/error.h"
#include "db/reader_policy.h"
#include "db/store.h"

namespace facedown::db {

// One event the delay has released, in the referee's complete form.
struct ReleasedEvent {
  MatchId match = 0;
  int seq = 0;
  std::string type;
  engine::Millis t = 0;
  std::int64_t wall_ms = 0;  // commit time
  std::string payload;       // canonical referee event JSON
};

struct DelayedReaderOptions {
  // How long an event stays unreadable after its commit (ms); at least 0.
  std::int64_t delay_ms = 0;
  // Wall-clock time in ms since the Unix epoch (the store's clock is the same
  // system clock); tests inject a fake. Empty: std::chrono::system_clock.
  std::function<std::int64_t()> wall_clock_ms;
};

class DelayedReader {
 public:
  // The gated view and the SQL function it calls (now - delay, in ms).
  static constexpr const char* kView = "released_events";
  static constexpr const char* kClockFunction = "facedown_release_ms";

  // Opens read-only (errors as PublicReader::open's).
  static Result<DelayedReader> open(const std::string& path, DelayedReaderOptions options);

  DelayedReader(DelayedReader&&) noexcept;
  DelayedReader& operator=(DelayedReader&&) noexcept;
  ~DelayedReader();

  std::int64_t delay_ms() const;
  Result<std::int64_t> data_version();
  // Released events with seq > after_seq, in order, at most `limit` (0: all).
  Result<std::vector<ReleasedEvent>> released_after(MatchId id, int after_seq, int limit = 0);
  // The director's cues with id > after_id whose delay has passed (a cue airs on
  // the TV cut D after it aired live, as the events do), in order.
  Result<std::vector<CueRow>> released_cues(MatchId id, std::int64_t after_id);
  // When the first event after after_seq will be released (its public commit
  // time plus the delay); nullopt when no such event is stored yet.
  Result<std::optional<std::int64_t>> next_release_ms(MatchId id, int after_seq);

  // Test support, as PublicReader::query: any SQL through the guarded connection,
  // rows as text; a refusal is a kIo error. Not for the feed.
  using Row = reader_policy::Row;
  Result<std::vector<Row>> query(const std::string& sql);

 private:
  struct Impl;
  explicit DelayedReader(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace facedown::db
