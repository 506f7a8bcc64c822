#include "broadcast/win_bar_rule.h"

#include <array>

#include <fmt/format.h>

#include "broadcast/model.h"
#include "broadcast/on_air_analysis.h"

namespace facedown::broadcast {

namespace {

// `win_bench calibration-report bench/analysis/calibration/*.txt`, the public
// view by stage (docs/analysis.md, "When the bar airs"); checked against the
// committed files by tests/overlay/win_bar_test.cpp.
// clang-format off
constexpr std::array kTable = {
    // system, stage, public positions, Brier (playout noise removed), material baseline, airs
    WinBarStageRow{"capture-flag/standard", WinStage::kOpening, 62, 0.225, 0.249, true},
    WinBarStageRow{"capture-flag/standard", WinStage::kMiddle, 110, 0.240, 0.246, false},
    WinBarStageRow{"capture-flag/standard", WinStage::kEnd, 99, 0.242, 0.241, false},
    WinBarStageRow{"gunjin-shogi/standard", WinStage::kOpening, 73, 0.200, 0.249, true},
    WinBarStageRow{"gunjin-shogi/standard", WinStage::kMiddle, 38, 0.239, 0.247, false},
    WinBarStageRow{"gunjin-shogi/standard", WinStage::kEnd, 9, 0.273, 0.265, false},
    WinBarStageRow{"gwangsanghui/standard", WinStage::kOpening, 272, 0.192, 0.250, true},
    WinBarStageRow{"gwangsanghui/standard", WinStage::kMiddle, 3, 0.202, 0.250, false},
    WinBarStageRow{"gwangsanghui/standard", WinStage::kEnd, 25, 0.183, 0.234, false},
    WinBarStageRow{"hidden-hasami/standard", WinStage::kOpening, 147, 0.235, 0.250, true},
    WinBarStageRow{"hidden-hasami/standard", WinStage::kMiddle, 75, 0.233, 0.239, false},
    WinBarStageRow{"hidden-hasami/standard", WinStage::kEnd, 42, 0.228, 0.214, false},
    WinBarStageRow{"luzhanqi-mini/standard", WinStage::kOpening, 103, 0.241, 0.249, true},
    WinBarStageRow{"luzhanqi-mini/standard", WinStage::kMiddle, 63, 0.222, 0.244, true},
    WinBarStageRow{"luzhanqi-mini/standard", WinStage::kEnd, 51, 0.222, 0.239, false},
    WinBarStageRow{"number-janggi/genius-2015", WinStage::kOpening, 92, 0.224, 0.247, true},
    WinBarStageRow{"number-janggi/genius-2015", WinStage::kMiddle, 106, 0.228, 0.244, true},
    WinBarStageRow{"number-janggi/genius-2015", WinStage::kEnd, 102, 0.209, 0.236, true},
    WinBarStageRow{"number-janggi/rsf-s52", WinStage::kOpening, 78, 0.213, 0.247, true},
    WinBarStageRow{"number-janggi/rsf-s52", WinStage::kMiddle, 118, 0.214, 0.242, true},
    WinBarStageRow{"number-janggi/rsf-s52", WinStage::kEnd, 104, 0.225, 0.234, false},
    WinBarStageRow{"salpakan/standard", WinStage::kOpening, 136, 0.248, 0.249, false},
    WinBarStageRow{"salpakan/standard", WinStage::kMiddle, 77, 0.267, 0.245, false},
    WinBarStageRow{"salpakan/standard", WinStage::kEnd, 3, 0.434, 0.276, false},
};
// clang-format on

}  // namespace

std::span<const WinBarStageRow> win_bar_stage_table() { return kTable; }

WinStage model_stage(const OnAirModel& m) {
  int on = 0, off = 0;
  for (const auto& p : m.board) on += p ? 1 : 0;
  for (const auto& tray : m.removed) off += static_cast<int>(tray.size());
  return win_stage(on, off);
}

std::string win_bar_stage_idle(const OnAirModel& m) {
  if (m.analysis && m.analysis->win && m.analysis->win->decided) return {};  // the result: always
  const std::string system = m.game_id + "/" + m.preset;
  const WinStage stage = model_stage(m);
  for (const auto& row : kTable) {
    if (row.system != system || row.stage != stage) continue;
    if (row.shown) return {};
    return fmt::format("win bar off in the {}: on held-out {} matches the public model did not beat the material count "
                       "here (Brier {:.3f} v {:.3f}, {} positions)",
                       stage_name(stage), system, row.brier, row.material, row.positions);
  }
  return fmt::format("win bar off: no held-out check of {} in the {}", system, stage_name(stage));
}

}  // namespace facedown::broadcast
