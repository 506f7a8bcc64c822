// Replay: one stored match held in memory for seeking, as the CLI's `replay`, the
// console's replay mode and the benchmark use it. Events are read and parsed once;
// seek(seq) then gives the match exactly as it stood after that event, in well
// under 5 ms for a 10,000-event match (docs/performance.md, "Store").
#pragma once
#include <memory>
#include <vector>

#include "db/error.h"
#include "db/store.h"
#include "engine/event.h"
#include "engine/match.h"

namespace facedown::db {

class Replay {
 public:
  // Reads every row of the match through the store (hash chain not checked here;
  // that is verify's job) and parses it through the engine.
  static Result<Replay> open(Store& store, MatchId id);
  // From events already in memory (tests, benchmarks). The first must be Opened.
  static Result<Replay> from_events(std::vector<engine::Event> events);

  Replay(Replay&&) noexcept;
  Replay& operator=(Replay&&) noexcept;
  ~Replay();

  int size() const;  // the last seq
  const std::vector<engine::Event>& events() const;
  // The match after event `seq` (clamped to 1..size()). The reference stays valid
  // until the next seek.
  const engine::Match& seek(int seq);
  // The seq after which the match had made `ply` plies (the last event before
  // ply + 1 began); size() when the match never got that far.
  int seq_of_ply(int ply) const;

 private:
  struct Impl;
  explicit Replay(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace facedown::db
