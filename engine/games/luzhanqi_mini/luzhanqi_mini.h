// Luzhanqi Mini — a small land-battle chess (陸軍棋) with camps, headquarters,
// bombs and mines, and identities that stay private. docs/rules/luzhanqi-mini.md
// has every ruling.
//
// The board has 7 files (a-g) and 8 ranks. Camps stand on b4 f4 b5 f5;
// headquarters on b1 f1 (player 1) and b8 f8 (player 2). Each player secretly
// fills the 14 squares of their first two ranks (player 1 ranks 1-2, player 2
// ranks 7-8) with a Commander (rank 4), two Officers (3), three Soldiers (2),
// three Engineers (1), two Bombs, two Mines and the Flag. Mines go only on the
// back rank, Bombs not on the front rank, the Flag on one of its headquarters.
//
// Commander, Officers, Soldiers, Engineers and Bombs step one square
// orthogonally; the Flag and Mines never move. A piece in a camp cannot be
// attacked; any piece may enter an empty camp or leave one.
//
// Stepping onto an enemy is a battle, judged in this order: an attacked Flag is
// taken (by any attacker, a Bomb too) and the game is won; a Bomb on either side
// removes both pieces; an attacked Mine is removed by an Engineer, which moves
// in, and removes any other attacker while staying; otherwise the higher rank
// wins and equal ranks fall together. A winning attacker moves in.
//
// Identities stay private even after battle: the public learns the squares, the
// outcome (attacker won, defender won, both removed) and so the counts, never a
// piece. A player with no legal move on their turn loses.
#pragma once
#include "engine/game.h"

namespace facedown::engine::luzhanqi_mini {

// Piece types in roster order.
enum : PieceType {
  kCommander,  // "CMD"
  kOfficer,    // "OFF"
  kSoldier,    // "SOL"
  kEngineer,   // "ENG"
  kBomb,       // "BMB"
  kMine,       // "MIN"
  kFlag,       // "FLG"
};
inline constexpr int kPiecesPerPlayer = 14;

GameInfo info();

}  // namespace facedown::engine::luzhanqi_mini
