#include "engine/games/luzhanqi_mini/combat.h"

#include "engine/games/luzhanqi_mini/luzhanqi_mini.h"

namespace facedown::engine::luzhanqi_mini {

namespace {

// Commander 4, Officer 3, Soldier 2, Engineer 1 (the others never reach the comparison).
int rank_of(PieceType t) { return t <= kEngineer ? 4 - t : 0; }

}  // namespace

Outcome engage(PieceType attacker, PieceType defender) {
  if (defender == kFlag) return Outcome::kAttacker;
  if (attacker == kBomb || defender == kBomb) return Outcome::kBoth;
  if (defender == kMine) return attacker == kEngineer ? Outcome::kAttacker : Outcome::kDefender;
  const int a = rank_of(attacker), d = rank_of(defender);
  if (a == d) return Outcome::kBoth;
  return a > d ? Outcome::kAttacker : Outcome::kDefender;
}

}  // namespace facedown::engine::luzhanqi_mini
