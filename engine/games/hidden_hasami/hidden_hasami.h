// Hidden Hasami — hasami shogi (はさみ将棋) with a secret leader among each
// side's stones. docs/rules/hidden-hasami.md has every ruling.
//
// The board is N×N, N = 7 or 9 (option `size`, default 9). Each player secretly
// fills their back rank (player 1 rank 1, player 2 rank N) with N stones: one
// leader `L` and N-1 guards `G`. Every stone slides like a rook to an empty square.
//
// Capture (custodian): after a move, in each of the four directions from the moved
// stone, a run of one or more enemy stones closed by a friendly stone is removed,
// every such run at once. The board edge never closes a run, a stone that moves
// between enemies is safe, and only the moved stone captures.
//
// End checks after a move, in order: the enemy leader captured (`leader-captured`,
// the leader is announced); the opponent has one stone or none (`annihilation`);
// the opponent has no legal move (`no-legal-moves`); the same owners on every
// square with the same side to move for the third time, the starting position
// counting once (`repetition`, a draw); then the ply limit.
//
// The board is public; roles are not. A captured guard stays face down; only the
// owner and the referee know which stone on the board is the leader.
#pragma once
#include "engine/game.h"

namespace facedown::engine::hidden_hasami {

inline constexpr PieceType kLeader = 0;  // "L"
inline constexpr PieceType kGuard = 1;   // "G"

GameInfo info();

}  // namespace facedown::engine::hidden_hasami
