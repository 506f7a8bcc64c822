// Salpakan's challenge: who is eliminated when one piece steps onto another.
// Symmetric in the two pieces except Flag against Flag, where the attacker wins.
#pragma once
#include "engine/piece.h"

namespace facedown::engine::salpakan {

enum class Outcome { kAttacker, kDefender, kBoth };

// The outcome of `attacker` challenging `defender` (types of this game's roster).
Outcome challenge(PieceType attacker, PieceType defender);

// "attacker" | "defender" | "both", as the Attack event writes it.
const char* outcome_name(Outcome o);

}  // namespace facedown::engine::salpakan
