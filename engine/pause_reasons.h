// PauseReasons: the one pause reason the public may know. A Paused event's
// reason is the referee's typed words and never leaves the desk (engine/view.cpp
// clears it), except the desk's own fixed marker of a correction hold
// (console/correction_hold.h): on air a clock held for a correction is shown
// held, never as a pause the referee called (broadcast/on_air_rules.h). The
// marker is fixed text, so it says nothing secret; rows stored before it
// existed carry another marker, kept secret as before, so their public rows
// are still what verify recomputes.
#pragma once
#include <string_view>

namespace facedown::engine {

inline constexpr const char* kCorrectionHoldReason = "correction hold: the clock stands until the corrected move";

// Whether a Paused event's reason is public (only the correction hold's marker).
inline bool pause_reason_public(std::string_view reason) { return reason == kCorrectionHoldReason; }

}  // namespace facedown::engine
