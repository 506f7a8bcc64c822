// Capture Flag's battle: who survives when one piece attacks another. Pure and
// table-free so each ruling (Flag, Bomb and Miner, Spy and Marshal, ranks) is a
// one-line test.
#pragma once
#include "engine/event.h"
#include "engine/piece.h"

namespace facedown::engine::capture_flag {

using Outcome = AttackOutcome;

// The outcome of `attacker` moving onto `defender` (types of this game's roster).
Outcome strike(PieceType attacker, PieceType defender);

}  // namespace facedown::engine::capture_flag
