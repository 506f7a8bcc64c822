#include "engine/games/gunjin_shogi/combat.h"

#include "engine/games/gunjin_shogi/gunjin_shogi.h"

namespace facedown::engine::gunjin_shogi {

namespace {

bool is_rank(PieceType t) { return t >= kGeneral && t <= kCavalry; }
bool is_general(PieceType t) { return t >= kGeneral && t <= kMajorGeneral; }

}  // namespace

bool beats(PieceType a, PieceType b) {
  if (is_rank(a) && is_rank(b)) return a < b;  // the lower index is the higher rank
  switch (a) {
    case kSpy: return b == kGeneral || b == kLtGeneral;
    case kAircraft: return !is_general(b);
    case kTank: return b == kSpy || (is_rank(b) && !is_general(b));
    case kEngineer: return b == kSpy || b == kTank || b == kMine;
    default: break;
  }
  // `a` is a rank and `b` a special: the special's own line decides.
  switch (b) {
    case kSpy: return a != kGeneral && a != kLtGeneral;
    case kAircraft: return is_general(a);
    case kTank: return is_general(a);
    case kEngineer: return true;  // an Engineer loses to every ordinary rank
    default: return false;
  }
}

Outcome engage(PieceType attacker, PieceType defender) {
  if (defender == kFlag) return Outcome::kAttacker;  // whatever the attacker, a Flag too
  if (attacker == kFlag) return Outcome::kBoth;
  if (attacker == defender) return Outcome::kBoth;
  if (defender == kMine)
    return attacker == kAircraft || attacker == kEngineer ? Outcome::kAttacker : Outcome::kDefender;
  return beats(attacker, defender) ? Outcome::kAttacker : Outcome::kDefender;
}

}  // namespace facedown::engine::gunjin_shogi
