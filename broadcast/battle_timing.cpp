#include "broadcast/battle_timing.h"

#include <algorithm>
#include <fmt/format.h>

#include "broadcast/model.h"

namespace facedown::broadcast {

std::optional<std::string> check_explain_seconds(double seconds) {
  if (!(seconds >= kMinExplainSeconds) || seconds > 60)
    return fmt::format("the battle explainer needs between {} and 60 seconds (got {})", kMinExplainSeconds, seconds);
  return std::nullopt;
}

const char* phase_name(BattlePhase p) {
  switch (p) {
    case BattlePhase::kNone: return "none";
    case BattlePhase::kFlip: return "flip";
    case BattlePhase::kFade: return "fade";
    case BattlePhase::kDone: return "done";
  }
  return "none";
}

BattlePhase phase_at(double elapsed, const BattleTiming& timing) {
  if (elapsed < 0 || elapsed >= timing.total()) return BattlePhase::kDone;
  return elapsed >= timing.explain_seconds ? BattlePhase::kFade : BattlePhase::kFlip;
}

BattleMoment battle_moment(const OnAirModel& m, double now_wall, const BattleTiming& timing, bool skipped) {
  BattleMoment b;
  if (!m.battle) return b;
  b.elapsed = std::max(0.0, shown_now(m, now_wall) - m.battle->wall_time);
  if (m.held && b.elapsed < timing.total()) {
    // Held mid-animation: the battle stays explained (face up, caption shown,
    // nothing faded) until the release, whatever the local skip says.
    b.elapsed = std::clamp(b.elapsed, kFlipEnd, std::max(kFlipEnd, timing.explain_seconds - 1e-3));
    b.phase = BattlePhase::kFlip;
    return b;
  }
  b.phase = skipped ? BattlePhase::kDone : phase_at(b.elapsed, timing);
  return b;
}

std::size_t tray_count(const OnAirModel& m, int player, const BattleMoment& b) {
  if (player != 1 && player != 2) return 0;
  std::size_t shown = m.removed[static_cast<std::size_t>(player - 1)].size();
  if (b.animating())
    for (const Fighter& f : m.battle->fighters)
      if (f.removed && f.owner == player && shown > 0) --shown;
  return shown;
}

}  // namespace facedown::broadcast
