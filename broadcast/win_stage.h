// The stage of a match for the win bar's rule (docs/analysis.md, "When the bar
// airs"): how far the fight has gone, by the share of the pieces removed from
// the board. Known live (a match does not know its length), and the same
// count in the calibration report (bench/analysis/calibration_scores.h), which
// scores the model per stage, and on air (broadcast/win_bar_rule.h), which
// shows the bar only at the stages where it beat the material count.
//
// Invariants: header only, no dependencies (the bench and broadcast/ both use
// it); a pure function of the two counts; the stages cover every count (no
// pieces at all is the opening).
#pragma once
#include <string_view>

namespace facedown::broadcast {

enum class WinStage { kOpening, kMiddle, kEnd };
inline constexpr int kWinStages = 3;

// The removed share from which a stage begins: below kMiddleFrom the opening,
// below kEndFrom the middle, else the end. Chosen by where the held-out
// public positions fall, not by their scores: 5 % and 20 % split the 1,988
// public positions 963 / 590 / 435 (10 % and 30 % left 231 for the end).
inline constexpr double kMiddleFrom = 0.05;
inline constexpr double kEndFrom = 0.20;

inline WinStage win_stage(int on_board, int removed) {
  const int total = on_board + removed;
  if (total <= 0 || removed <= 0) return WinStage::kOpening;
  const double share = static_cast<double>(removed) / static_cast<double>(total);
  if (share < kMiddleFrom) return WinStage::kOpening;
  if (share < kEndFrom) return WinStage::kMiddle;
  return WinStage::kEnd;
}

inline std::string_view stage_name(WinStage s) {
  switch (s) {
    case WinStage::kOpening: return "opening";
    case WinStage::kMiddle: return "middle";
    case WinStage::kEnd: return "end";
  }
  return "opening";
}

}  // namespace facedown::broadcast
