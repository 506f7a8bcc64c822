// When the win bar airs (docs/analysis.md, "When the bar airs"): only at the
// stages (broadcast/win_stage.h: the share of the pieces removed) where the
// public model beat the material count on held-out matches of that game and
// preset, by the calibration report's numbers (`win_bench calibration-report`,
// bench/analysis/calibration_scores.h beats_material). The table below is
// those numbers, committed; tests/overlay/win_bar_test.cpp recomputes
// them from the committed calibration files and fails when they differ.
//
// Invariants: a decided match's bar always airs (its numbers are the result);
// a game/preset or stage the table does not list does not air it; the reason
// it is off is a sentence the director's desk shows (analysis_idle).
#pragma once
#include <span>
#include <string>
#include <string_view>

#include "broadcast/win_stage.h"

namespace facedown::broadcast {

struct OnAirModel;

struct WinBarStageRow {
  std::string_view system;  // "game/preset"
  WinStage stage;
  long positions;           // held-out public positions scored
  double brier;             // the model's, the playouts' noise removed
  double material;          // the material count's
  bool shown;               // bench::beats_material
};
std::span<const WinBarStageRow> win_bar_stage_table();

// The stage of the board on air: its pieces on the board and in the trays.
WinStage model_stage(const OnAirModel& m);

// "" when the win bar may air at the model's stage, else why not.
std::string win_bar_stage_idle(const OnAirModel& m);

}  // namespace facedown::broadcast
