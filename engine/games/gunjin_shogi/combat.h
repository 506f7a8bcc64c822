// Gunjin Shogi's battle, judged in the ruling's order: a defending Flag, an
// attacking Flag, equal types, a defending mine, then the table, which is
// symmetric (whichever side attacks, the same piece wins).
#pragma once
#include "engine/event.h"
#include "engine/piece.h"

namespace facedown::engine::gunjin_shogi {

using Outcome = AttackOutcome;

// Whether `a` beats `b` in the table (two different types, neither a Flag, and
// `b` not a mine: those are decided before the table).
bool beats(PieceType a, PieceType b);

// The outcome of `attacker` moving onto `defender` (types of this game's roster).
Outcome engage(PieceType attacker, PieceType defender);

}  // namespace facedown::engine::gunjin_shogi
