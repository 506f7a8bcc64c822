#include "broadcast/on_air_rules.h"

#include "engine/pause_reasons.h"

namespace facedown::broadcast {

const char* banner_name(Banner b) {
  switch (b) {
    case Banner::kResult: return "result";
    case Banner::kStandby: return "standby";
    case Banner::kPaused: return "paused";
    case Banner::kWarning: return "warning";
    case Banner::kNone: return nullptr;
  }
  return nullptr;
}

bool warning_toast(const OnAirModel& m, double now_wall) {
  return m.last_warning && m.last_warning->player >= 1 && m.last_warning->player <= 2 &&
         now_wall < warning_toast_until(m);
}

double warning_toast_until(const OnAirModel& m) {
  return m.last_warning ? m.last_warning->wall_time + kWarningToastSeconds : 0;
}

bool correction_hold(const OnAirModel& m) { return m.paused && engine::pause_reason_public(m.pause_reason); }

Banner banner_on_air(const OnAirModel& m, double now_wall, const BattleMoment& moment) {
  if (m.result) return moment.animating() ? Banner::kNone : Banner::kResult;
  if (desk_standby(m, now_wall)) return Banner::kStandby;
  if (m.paused && !correction_hold(m)) return Banner::kPaused;
  if (warning_toast(m, now_wall)) return Banner::kWarning;
  return Banner::kNone;
}

}  // namespace facedown::broadcast
