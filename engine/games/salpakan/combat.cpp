#include "engine/games/salpakan/combat.h"

#include "engine/games/salpakan/salpakan.h"

namespace facedown::engine::salpakan {

namespace {

// Whether `a` beats `b` when the two differ and neither is a Flag.
bool beats(PieceType a, PieceType b) {
  if (a == kSpy) return b != kPrivate;  // a Spy beats every officer
  if (a == kPrivate) return b == kSpy;  // a Private beats only a Spy
  if (b == kSpy) return false;          // an officer loses to a Spy
  if (b == kPrivate) return true;       // and beats a Private
  return a < b;                         // officers: the lower type index is the higher rank
}

}  // namespace

Outcome challenge(PieceType attacker, PieceType defender) {
  if (defender == kFlag) return Outcome::kAttacker;  // any piece, a Flag too, captures it
  if (attacker == kFlag) return Outcome::kDefender;
  if (attacker == defender) return Outcome::kBoth;
  return beats(attacker, defender) ? Outcome::kAttacker : Outcome::kDefender;
}

}  // namespace facedown::engine::salpakan
