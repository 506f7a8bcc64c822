// A random operator for benchmarks and demos (no test framework): random setups,
// random legal moves, item and revival decisions, think times. Each accepted
// command's events go to a callback, the way the console hands them to the store.
#pragma once
#include <cstdint>
#include <functional>
#include <vector>

#include "engine/match.h"

namespace facedown::overlay::bench {

using Commit = std::function<void(const engine::Match&, const std::vector<engine::Event>&)>;

// Plays up to `commands` commands after the start (or to the end). `think_ms`
// is the match time each command takes. keep_going: pause/resume between moves
// and void an ending, so the match lasts all `commands` commits.
engine::Match play_random(const engine::GameInfo& info, const std::string& preset, std::uint64_t seed,
                          int commands, engine::Millis think_ms, bool keep_going, const Commit& commit);

}  // namespace facedown::overlay::bench
