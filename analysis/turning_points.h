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
#pragma once
#include <cstddef>
#include <optional>
#include <vector>

namespace facedown::analysis {

struct TurningPoint {
  std::size_t index = 0;  // the step after the swing (index into the shares given)
  double swing = 0;       // player 1's share there minus at the step before (signed)
};

inline constexpr double kMinSwing = 0.05;
inline constexpr std::size_t kTurningPoints = 3;

std::vector<TurningPoint> turning_points(const std::vector<std::optional<double>>& player1_share,
                                         std::size_t n = kTurningPoints, double min_swing = kMinSwing);

}  // namespace facedown::analysis
