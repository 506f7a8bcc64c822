// CorrectionHold: a correction never decides a match. A void with `restore` given
// at the desk (its dialog, the control API, "replace the last move") gives the
// player back the time they had, and then holds the turn clock: the desk commits a
// pause with kCorrectionReason at the void's instant, so no time runs while the
// operator types the corrected move. Entering that move (or items, or a revival
// choice) resumes and plays at the same instant; Resume releases it too.
//
// Invariant: the hold is a recorded Paused event, nothing in the UI state, so it
// survives a crash and a restart of the desk and shows in every export.
#pragma once
#include "engine/command.h"
#include "engine/match.h"
#include "engine/pause_reasons.h"

namespace facedown::console {

// The pause reason that marks a correction hold: the engine's one public pause
// reason (engine/pause_reasons.h), so on air the clock shows held, not PAUSED.
inline constexpr const char* kCorrectionReason = engine::kCorrectionHoldReason;
// The marker desks wrote before it was public (kept secret in those files); a
// match resumed from one still knows its hold.
inline constexpr const char* kOldCorrectionReason = "correction: the clock is held until the corrected move";

// Whether the match is paused by a correction hold (its latest pause in effect).
bool correction_held(const engine::Match& match);

// Whether a void leaves the clock to be held: it restores time and the match it
// leaves has a clock that would run (started, not over, not already paused).
bool holds_after(const engine::Command& command, const engine::Match& after);

// Whether `command` is the corrected play that releases a hold (move, items, revive).
bool releases_hold(const engine::Command& command);

}  // namespace facedown::console
