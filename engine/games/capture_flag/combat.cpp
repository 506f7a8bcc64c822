#include "engine/games/capture_flag/combat.h"

#include "engine/games/capture_flag/capture_flag.h"

namespace facedown::engine::capture_flag {

namespace {

// Marshal 10 down to Scout 2, Spy 1 (bombs and flags never attack).
int rank_of(PieceType t) { return t <= kScout ? 10 - t : t == kSpy ? 1 : 0; }

}  // namespace

Outcome strike(PieceType attacker, PieceType defender) {
  if (defender == kFlag) return Outcome::kAttacker;
  if (defender == kBomb) return attacker == kMiner ? Outcome::kAttacker : Outcome::kDefender;
  if (attacker == kSpy && defender == kMarshal) return Outcome::kAttacker;
  const int a = rank_of(attacker), d = rank_of(defender);
  if (a == d) return Outcome::kBoth;
  return a > d ? Outcome::kAttacker : Outcome::kDefender;
}

}  // namespace facedown::engine::capture_flag
