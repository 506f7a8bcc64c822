// The win bar's note in plain words (docs/analysis.md, "What the bar shows"):
// how the shown numbers read, not how they were measured. A statistician's
// "± 3 pts · move 7" told a viewer nothing; a band does.
//
// Invariants: every estimate falls in exactly one band; the band is "about
// even" whenever the leader's 95 % interval reaches 50 % (the numbers cannot
// tell who leads), whatever the leader's share; otherwise it rises with the
// leader's share at kEdgeFrom, kClearFrom and kNearCertainFrom; the words are
// short enough for the note's place at its size by the conservative width
// bound (tests/overlay/win_bar_test.cpp, both languages).
#pragma once
#include <string_view>

#include "broadcast/on_air_analysis.h"
#include "broadcast/on_air_text.h"

namespace facedown::broadcast {

enum class WinBand { kEven, kEdge, kClear, kNearCertain };

inline constexpr double kEdgeFrom = 0.58;
inline constexpr double kClearFrom = 0.70;
inline constexpr double kNearCertainFrom = 0.90;

WinBand win_band(const AnalysisWin& w);
// "about even" / "팽팽", "small edge" / "약간 우세", "clear lead" / "뚜렷한 우세",
// "nearly won" / "거의 확정".
std::string_view win_band_text(WinBand band, Lang lang);

}  // namespace facedown::broadcast
