// The analysis calibration's match (bench/analysis/analysis_bench): random
// setups, random legal moves, no items, revivals declined, drawn at `max_plies`
// moves where the game takes a ply limit. The same seed gives the same match, so
// a moment the 1,000-match calibration flags can be replayed in a test
// (tests/analysis/sound_test.cpp). Standard library and engine only (the bench
// links it without Catch2).
#pragma once
#include <cstdint>
#include <vector>

#include "engine/match.h"

namespace conformance {

facedown::engine::Match calibration_match(const facedown::engine::GameInfo& info, std::uint64_t seed, int max_plies);

// The calibration's seed of match k (0-based), and the event count of its random
// moment: the prefix through a random event after the start, carried on to the
// end of that event's command (a store commits a command's events together, so
// no viewer ever sees half of one; a replay of half a command runs the whole
// command, and its board would not be the prefix's). The cut advances `seed`,
// and the analysis at that moment is seeded with what it leaves.
std::uint64_t calibration_seed(int k);
std::size_t calibration_cut(std::uint64_t& seed, const std::vector<facedown::engine::Event>& log);

}  // namespace conformance
