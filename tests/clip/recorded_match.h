// Stores as a broadcast would have left them, for the clip tests and the
// benchmark: every command committed at the wall time its match time says
// (wall0 + the command's time), so a replay "as aired" lasts as the match did,
// instead of the instant a script takes to run.
#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include "engine/match.h"

namespace facedown::clip::testing {

inline constexpr std::int64_t kWall0Ms = 1'760'000'000'000;

// Runs a match script (its text) into the store at `db` (created when missing).
// Returns the match id, or the error.
// analysed: the public analysis runs beside it as it would live (the analysis
// file the overlay and the feed leave beside the store), each commit waiting
// for its row's win probability (at most 20 s), so the reel has a win graph.
std::variant<std::int64_t, std::string> record_script(const std::string& db, const std::string& script,
                                                      std::int64_t wall0_ms = kWall0Ms, bool analysed = false);

// A random match of a game and preset (bench/overlay/random_play.h), `commands`
// commands after the start, each taking `think_ms` of match time; resigned for
// player 2 at the end when still on, then closed.
std::variant<std::int64_t, std::string> record_random(const std::string& db, const std::string& game,
                                                      const std::string& preset, std::uint64_t seed, int commands,
                                                      engine::Millis think_ms, std::int64_t wall0_ms = kWall0Ms);

// Of seeds 1..tries, the one whose random match of this game lasts longest
// (the most moves before its end, at most `commands`).
std::uint64_t longest_seed(const std::string& game, const std::string& preset, int commands, int tries = 40);

// The demo final (assets/matches/demo-genius.txt).
std::string demo_script();

}  // namespace facedown::clip::testing
