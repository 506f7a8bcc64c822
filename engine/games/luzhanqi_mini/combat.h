// Luzhanqi Mini's battle, judged in the ruling's order: Flag, Bomb, Mine, ranks.
#pragma once
#include "engine/event.h"
#include "engine/piece.h"

namespace facedown::engine::luzhanqi_mini {

using Outcome = AttackOutcome;

// The outcome of `attacker` moving onto `defender` (types of this game's roster).
Outcome engage(PieceType attacker, PieceType defender);

}  // namespace facedown::engine::luzhanqi_mini
