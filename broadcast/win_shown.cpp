#include "broadcast/win_shown.h"

namespace facedown::broadcast {

namespace {

// A hair of slack: shares are written with four places, so a value read back
// equal to an interval's end is inside it.
bool outside(const AnalysisShare& s, double p) { return p < s.low - 1e-9 || p > s.high + 1e-9; }

}  // namespace

bool win_moves_shown(const AnalysisWin& shown, const AnalysisWin& estimate) {
  if (estimate.decided || shown.decided) return !(estimate == shown);
  return outside(shown.win[0], estimate.win[0].p) || outside(shown.win[1], estimate.win[1].p) ||
         outside(shown.draw, estimate.draw.p);
}

AnalysisWin fold_shown_win(const std::optional<AnalysisWin>& shown, const AnalysisWin& estimate) {
  if (!shown || win_moves_shown(*shown, estimate)) return estimate;
  return *shown;
}

}  // namespace facedown::broadcast
