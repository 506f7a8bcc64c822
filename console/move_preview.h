// What a move would cause, worked out on a copy of the match (the live match is
// never touched): the battling squares and, for each battle pair, the two squares
// and the kind of battle (sum, minus line, mine, king). Outcomes are left out; the
// camera-safe lines come from the public projection of the same events, so a kind
// that tells a piece ("mine", "king") never shows while the console is on camera.
#pragma once
#include <optional>

#include "console/ui_state.h"
#include "engine/match.h"

namespace facedown::console {

// The lines are in `lang`, their words from the game's table.
std::optional<MovePreview> preview_move(const engine::Match& match, const engine::Move& move,
                                        engine::Millis t, engine::Lang lang = engine::Lang::kEnglish);

// Elapsed time of the running period (turn or decision) at match time `now`,
// pauses excluded — the state only knows the time of its last event.
engine::Millis period_elapsed_at(const engine::MatchState& s, engine::Millis now);

}  // namespace facedown::console
