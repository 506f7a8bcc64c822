// Luzhanqi Mini's battle, judged in the ruling's order: Flag, Bomb, Mine, ranks.
#pragma once
#include "engine/piece.h"

namespace facedown::engine::luzhanqi_mini {

enum class Outcome { kAttacker, kDefender, kBoth };

// The outcome of `attacker` moving onto `defender` (types of this game's roster).
Outcome engage(PieceType attacker, PieceType defender);

// "attacker" | "defender" | "both", as the Attack event writes it.
const char* outcome_name(Outcome o);

}  // namespace facedown::engine::luzhanqi_mini
