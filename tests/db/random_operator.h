// A seeded random operator for tests, the crash child and the benchmark: given a
// match, it proposes the next command (setups from Game::random_setup, random
// legal moves, now and then a pause, a warning or a void) with a plausible time.
// drive() submits until a command is accepted, so every step makes progress.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/game.h"
#include "engine/match.h"

namespace facedown::db::testing {

class RandomOperator {
 public:
  explicit RandomOperator(std::uint64_t seed, bool with_corrections = true)
      : rng_(seed), corrections_(with_corrections) {}

  // Submits commands until one is accepted; returns the events it caused (deadline
  // events included), or nothing once the match has ended.
  std::vector<engine::Event> step(engine::Match& match);

  std::uint64_t next() { return engine::splitmix64(rng_); }

 private:
  std::vector<engine::Command> proposals(const engine::Match& match);

  std::uint64_t rng_;
  bool corrections_;
  engine::Millis t_ = 0;
};

// A new match of a game from the registry (cycled by seed), default preset.
engine::Match open_random_match(std::uint64_t seed, const std::string& game = {});

}  // namespace facedown::db::testing
