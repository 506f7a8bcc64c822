// The win bar's shown value: a fold over a match's public win estimates, in
// the order the analysis file's records are made (broadcast/analysis_runner.h),
// so a bar does not twitch with the playouts' noise (docs/analysis.md, "What
// the bar shows").
//
// Invariants: the shown value changes only when a new estimate lies outside
// the shown one's 95 % interval for either side's share or the draw's (then
// the new estimate, its own interval with it, is shown); a decided estimate
// (the match's exact result) is shown at once, and so is the first estimate
// after one (a void or a reinstated timeout took the result back). A pure
// function: the runner writes what it returns into the row's record, and
// every output, live or replaying, reads that record, so the frame at any row
// shows the same number everywhere.
#pragma once
#include <optional>

#include "broadcast/on_air_analysis.h"

namespace facedown::broadcast {

// Whether `estimate` moves the shown value `shown`.
bool win_moves_shown(const AnalysisWin& shown, const AnalysisWin& estimate);

// The shown value after `estimate` (the fold's step): `shown` kept, or the estimate.
AnalysisWin fold_shown_win(const std::optional<AnalysisWin>& shown, const AnalysisWin& estimate);

}  // namespace facedown::broadcast
