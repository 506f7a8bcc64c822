// Salpakan's challenge: who is eliminated when one piece steps onto another.
// Symmetric in the two pieces except Flag against Flag, where the attacker wins.
#pragma once
#include "engine/event.h"
#include "engine/piece.h"

namespace facedown::engine::salpakan {

using Outcome = AttackOutcome;

// The outcome of `attacker` challenging `defender` (types of this game's roster).
Outcome challenge(PieceType attacker, PieceType defender);

}  // namespace facedown::engine::salpakan
