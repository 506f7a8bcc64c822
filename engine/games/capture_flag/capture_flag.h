// Hidden Capture Flag — the classic 40-piece "capture the flag" game of ranks
// (the Stratego Original roster), as ruled in docs/rules/capture-flag.md.
//
// The board has 10 files (a-j) and 10 ranks. Two 2x2 lakes, c5 d5 c6 d6 and
// g5 h5 g6 h6, can never be entered or crossed. Each player secretly fills the
// forty squares of their first four ranks (player 1 ranks 1-4, player 2 ranks
// 7-10) with Marshal 10, General 9, two Colonels 8, three Majors 7, four Captains
// 6, four Lieutenants 5, four Sergeants 4, five Miners 3, eight Scouts 2, a Spy,
// six Bombs and the Flag, all face down.
//
// A move is one square orthogonally onto an empty square or an enemy piece. A
// Scout instead slides any distance through empty squares and may strike the
// first enemy at the end of its line. Bombs and the Flag never move.
//
// Moving onto an enemy is an attack: an attack on the Flag captures it and wins;
// an attack on a Bomb removes the attacker unless it is a Miner, which removes
// the Bomb; a Spy attacking the Marshal wins; otherwise the higher rank wins and
// equal ranks fall together. A winning attacker moves into the square. Both ranks
// of every battle are announced: the pieces that fought (survivors too) stay face
// up for good. A player who has no legal move on their turn loses.
#pragma once
#include "engine/game.h"

namespace facedown::engine::capture_flag {

// Piece types, in roster order (the script tokens of the rules table).
enum : PieceType {
  kMarshal,     // "10"
  kGeneral,     // "9"
  kColonel,     // "8"
  kMajor,       // "7"
  kCaptain,     // "6"
  kLieutenant,  // "5"
  kSergeant,    // "4"
  kMiner,       // "3"
  kScout,       // "2"
  kSpy,         // "S"
  kBomb,        // "B"
  kFlag,        // "F"
};
inline constexpr int kPiecesPerPlayer = 40;

GameInfo info();

}  // namespace facedown::engine::capture_flag
