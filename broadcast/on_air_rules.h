// The rules of what shows on air that are not the model's facts: which one banner
// is up (result, standby, pause, warning toast), whether a warning toast is still
// up. Both painters (the ImGui overlay, the browser page through the on-air
// JSON's "banner") take these answers; neither keeps a precedence of its own.
#pragma once
#include "broadcast/battle_timing.h"
#include "broadcast/model.h"

namespace facedown::broadcast {

enum class Banner { kNone, kResult, kStandby, kPaused, kWarning };
// "result" | "standby" | "paused" | "warning"; nullptr for kNone.
const char* banner_name(Banner b);

// Whether the latest warning's toast is on air at `now`.
bool warning_toast(const OnAirModel& m, double now_wall);
// When the latest warning's toast goes off (wall time; 0: no warning).
double warning_toast_until(const OnAirModel& m);

// Whether the clock stands for a referee's correction (the desk's public
// marker, engine/pause_reasons.h): on air it is a held clock (stopped, dimmed,
// no status caption), never the PAUSED card of a pause the referee called.
bool correction_hold(const OnAirModel& m);

// The one banner on air, in this order: the result (never while the last battle
// still animates: the battle is seen first, and no other banner meanwhile), the
// desk's standby, the pause (not a correction hold), a fresh warning's toast.
Banner banner_on_air(const OnAirModel& m, double now_wall, const BattleMoment& moment);

}  // namespace facedown::broadcast
