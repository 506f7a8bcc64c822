// Turning points of a win-probability graph: the steps where player 1's share
// moved most from the step before. Decided here once for every painter: the
// feed serves them to the browser's replay graph (feed/replay_analysis.h) and
// the console's replay graph (console/replay_graph.h) marks the same ones.
//
// Invariants: at most `n` points, each a swing of at least `min_swing` (in
// share, 0.05 = 5 points) between two neighbouring steps that both have a
// number; the largest swings win (ties: the earlier step), returned in step
// order. A step without a number (not computed, or it failed) breaks the chain:
// no swing is measured across it.
//
// Corrections are not the game's (issue 32 item 4): a void, a reinstated
// timeout, and the steps they took back are never turning points, whatever
// the line did there (a wrong timeout and its reinstatement swung it ±50
// points). The swing into the step after a correction is measured from the
// correction's step, whose position stands.
#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "engine/event.h"

namespace facedown::analysis {

// A correction in a log: the event at position `at` (1-based, its seq) took
// back the events from position `from` up to it (a void's first undone event;
// a reinstated timeout's Ended).
struct Correction {
  int at = 0, from = 0;
};
// The corrections of a log, in order (one taken back by a later correction
// no longer stands).
std::vector<Correction> corrections(const std::vector<engine::Event>& log);
// The same from stored rows (public or referee): each row's event type as
// stored ("ended", "voided", "clock-set"), a void's rewind_to and a clock
// set's reinstate, in log order from position 1.
struct CorrectionMark {
  std::string type;
  int rewind_to = 0;
  bool reinstate = false;
};
std::vector<Correction> corrections(const std::vector<CorrectionMark>& marks);
// Whether each step (positions[i]: events shown after it, ascending) is the
// game's: false for a step that holds a correction or an event one took back.
std::vector<bool> game_steps(const std::vector<int>& positions, const std::vector<Correction>& corrections);

struct TurningPoint {
  std::size_t index = 0;  // the step after the swing (index into the shares given)
  double swing = 0;       // player 1's share there minus at the step before (signed)
};

inline constexpr double kMinSwing = 0.05;
inline constexpr std::size_t kTurningPoints = 3;

std::vector<TurningPoint> turning_points(const std::vector<std::optional<double>>& player1_share,
                                         std::size_t n = kTurningPoints, double min_swing = kMinSwing);
// The same with the steps that are not the game's (game_step[i] false) left
// out: no turning point there. A missing entry counts as the game's.
std::vector<TurningPoint> turning_points(const std::vector<std::optional<double>>& player1_share,
                                         const std::vector<bool>& game_step, std::size_t n = kTurningPoints,
                                         double min_swing = kMinSwing);

}  // namespace facedown::analysis
