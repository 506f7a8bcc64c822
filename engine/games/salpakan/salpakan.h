// Salpakan Classic — the Game of the Generals, in which an arbiter alone knows
// the ranks. Every ruling is in docs/rules/salpakan.md.
//
// The board has 9 files (a-i) and 8 ranks. Each player secretly places 21 pieces
// on 21 of the 27 squares of their first three ranks (player 1 ranks 1-3, player
// 2 ranks 6-8): five generals (5 to 1 stars), a Colonel, Lieutenant Colonel,
// Major, Captain, First and Second Lieutenant, Sergeant, six Privates, two Spies
// and the Flag. Every piece, the Flag too, steps one square orthogonally.
//
// Stepping onto an enemy is a challenge, judged the same whichever side attacks:
// officers beat lower officers, Privates and the Flag; a Spy beats every officer
// and the Flag; a Private beats a Spy; equal pieces fall together. Any piece that
// challenges the Flag captures it (a Flag challenging the enemy Flag too); a Flag
// challenging anything else is eliminated and its side loses. Capturing the Flag
// wins.
//
// Flag claim: a move that leaves your Flag on the opponent's back rank starts a
// silent claim. If the Flag is still there when the opponent's next turn is over,
// it wins; capturing it in that turn wins for the opponent instead.
//
// Secrecy is the game: the public and the opponent learn only which pieces were
// eliminated by a challenge (attacker, defender or both), never a rank, not even
// of an eliminated piece. A player with no legal move on their turn loses.
#pragma once
#include "engine/game.h"

namespace facedown::engine::salpakan {

// Piece types in roster order: the officers from the 5-star general (0) down to
// the Sergeant (11), then Private, Spy, Flag.
inline constexpr PieceType kGeneral5 = 0;
inline constexpr PieceType kSergeant = 11;
inline constexpr PieceType kPrivate = 12;
inline constexpr PieceType kSpy = 13;
inline constexpr PieceType kFlag = 14;
inline constexpr int kPiecesPerPlayer = 21;

GameInfo info();

}  // namespace facedown::engine::salpakan
