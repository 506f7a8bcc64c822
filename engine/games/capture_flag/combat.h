// Capture Flag's battle: who survives when one piece attacks another. Pure and
// table-free so each ruling (Flag, Bomb and Miner, Spy and Marshal, ranks) is a
// one-line test.
#pragma once
#include "engine/piece.h"

namespace facedown::engine::capture_flag {

enum class Outcome { kAttacker, kDefender, kBoth };

// The outcome of `attacker` moving onto `defender` (types of this game's roster).
Outcome strike(PieceType attacker, PieceType defender);

// "attacker" | "defender" | "both", as the Attack event writes it.
const char* outcome_name(Outcome o);

}  // namespace facedown::engine::capture_flag
