// Gwangsanghui (1783) — a 15x14-point Korean chess variant of perfect
// information, as ruled in docs/rules/gwangsanghui.md.
//
// 43 pieces per side stand on a fixed placement from the start (player 1 South
// on ranks 1-6, player 2 North mirroring it, rank r -> 15-r); there is no setup.
// Every piece is face up. Six 3x3 palaces with diagonals (files a-c, g-i, m-o;
// ranks 2-4 and 11-13) confine the Marshal, Advisors and Generals to the palace
// they start in; only they use the palace diagonals. Captures are allowed only
// once an Infantry or Cavalry has stood in its enemy half (`contact_rule`); an
// Ambush never captures and, unless `ambush_capturable`, cannot be captured. A
// move that would make a position occur for the third time is not legal. The
// game ends when a Marshal is captured, when the side to move has no legal move
// (it loses), or at the ply limit (default 400) on material: more pieces wins.
#pragma once
#include "engine/game.h"

namespace facedown::engine::gwangsanghui {

// Piece types, in roster order (the script tokens of the rules table).
enum : PieceType {
  kMarshal,    // "M"
  kAdvisor,    // "A"
  kElephant,   // "E"
  kChariot,    // "R"
  kCannon,     // "C"
  kHorse,      // "H"
  kGeneral,    // "G"
  kVanguard,   // "V"
  kRearguard,  // "Q"
  kOfficer,    // "O" (Elite officer)
  kTraveler,   // "T"
  kAmbush,     // "B"
  kInfantry,   // "I"
  kCavalry,    // "K"
};
inline constexpr int kFiles = 15;
inline constexpr int kRanks = 14;
inline constexpr int kPiecesPerPlayer = 43;
inline constexpr int kDefaultPlyLimit = 400;

GameInfo info();

}  // namespace facedown::engine::gwangsanghui
