// Number Janggi matches with items (The Genius preset: Blind, +1 and −1, one
// of each per player): random setups, random legal moves, and after a move
// that starts battles the player who did not move (the defender) puts +1 or
// −1 on one of their numbers in those battles half the time, the mover an
// item on the moved piece a quarter of the time; revivals taken or declined
// at random. The calibration's matches declare no items, so they never show
// what a defender's item tells a viewer (issue 32, item 7: the sampler found
// no consistent setup right after one). The same seed gives the same match.
// Standard library and engine only (the analysis bench links it too).
#pragma once
#include <cstdint>
#include <vector>

#include "engine/match.h"

namespace analysis_test {

facedown::engine::Match item_match(const facedown::engine::GameInfo& info, std::uint64_t seed, int max_plies);

// The event counts at which a command that declared a defender's +1 or −1
// ends (a store commits a command's events together: a viewer's moment).
std::vector<std::size_t> after_defender_items(const std::vector<facedown::engine::Event>& log);

// Every command end after the start (every moment a viewer can be at).
std::vector<std::size_t> command_ends(const std::vector<facedown::engine::Event>& log);

}  // namespace analysis_test
