// The calibration files (bench/analysis/calibration/*.txt, written by
// `win_bench calibration-run` and `calibration-stages`) read back, and the
// public view's scores per game and stage (broadcast/win_stage.h): the numbers
// the win bar's rule comes from (broadcast/win_bar_rule.h; its test recomputes
// them here from the committed files and checks the rule's table).
//
// Invariants: reading never throws (a line that does not parse is skipped); a
// match counts only with its M line, once (the first record of it); a stage
// line belongs to its (system, match, phase) position, and a position whose
// stage line's material disagrees with its P line is counted as mismatched,
// not scored (the S line came from another self-play).
#pragma once
#include <array>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "broadcast/win_stage.h"

namespace facedown::bench {

struct CalPosition {
  int phase = 0;
  char view = 'r';  // 'r' referee, 'p' public
  double p = 0, material = 0;
  int playouts = 0;
};
struct CalStageLine {
  int ply = 0, on_board = 0, removed = 0;
  double material = 0;
};
struct CalMatch {
  int winner = -1;
  std::vector<CalPosition> positions;
};
using CalKey = std::pair<std::string, int>;  // (game/preset, match)
struct CalRecords {
  std::map<CalKey, CalMatch> matches;
  std::map<CalKey, std::map<int, CalStageLine>> stages;  // by phase
};

// Every finished match and every stage line of `path`, added to `into`.
void read_calibration(const std::string& path, CalRecords& into);

// One cell of the score tables: Brier scores over `count` decided positions.
struct Score {
  long count = 0;
  double brier = 0, noise = 0, material = 0, flat = 0;  // sums
  double diff = 0, diff_sq = 0;  // sums of (model, noise removed) − (material), per position
  void add(double p, double base, bool won, int playouts);
  double mean(double sum) const { return count > 0 ? sum / static_cast<double>(count) : 0; }
  // The standard error of the mean paired difference.
  double diff_se() const;
};

// Fewer positions than this say nothing either way (a Brier score over 30 has
// a standard error of about 0.03).
inline constexpr long kMinStagePositions = 30;
// The rule (docs/analysis.md, "When the bar airs"): the model beats the
// material count at a stage when its Brier score, the playouts' noise removed,
// is lower by more than one standard error of the paired difference, over at
// least kMinStagePositions held-out positions.
bool beats_material(const Score& s);

struct StageScores {
  // [system][view: 0 referee, 1 public][stage]
  std::map<std::string, std::array<std::array<Score, broadcast::kWinStages>, 2>> by;
  long unstaged = 0;    // scored positions with no stage line
  long mismatched = 0;  // positions whose stage line's material disagrees
};
StageScores stage_scores(const CalRecords& records);

}  // namespace facedown::bench
