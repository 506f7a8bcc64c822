#include "broadcast/win_words.h"

namespace facedown::broadcast {

WinBand win_band(const AnalysisWin& w) {
  const AnalysisShare& lead = w.win[0].p >= w.win[1].p ? w.win[0] : w.win[1];
  if (lead.p < kEdgeFrom || lead.low <= 0.5) return WinBand::kEven;
  if (lead.p < kClearFrom) return WinBand::kEdge;
  if (lead.p < kNearCertainFrom) return WinBand::kClear;
  return WinBand::kNearCertain;
}

std::string_view win_band_text(WinBand band, Lang lang) {
  const bool ko = lang == Lang::kKo;
  switch (band) {
    case WinBand::kEven: return ko ? "팽팽" : "about even";
    case WinBand::kEdge: return ko ? "약간 우세" : "small edge";
    case WinBand::kClear: return ko ? "뚜렷한 우세" : "clear lead";
    case WinBand::kNearCertain: return ko ? "거의 확정" : "nearly won";
  }
  return {};
}

}  // namespace facedown::broadcast
