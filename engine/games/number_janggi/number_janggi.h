// Number Janggi (숫자장기), the final of The Genius: Grand Final (2015).
//
// 6 files x 9 ranks; player 1 sets up on ranks 1-3, player 2 on ranks 7-9. Each
// has numbers 1-10, three mines and a king, face down. A piece steps left, right
// or diagonally forward, or one or two squares straight forward, never back;
// mines never move. After a move the moved piece battles every orthogonally
// adjacent enemy at once: two numbers add up (10 or more: the higher wins, else
// the lower), across a minus line (borders b|c and d|e) the lower wins; equal
// values fall together; a mine takes its attacker with it; a king meeting
// anything but a king is lost, and so is the game. Pieces that fought are face up.
// Items (Blind, +1, -1) are declared sealed after a battling move; a number that
// reaches the far rank may be exchanged for a removed number on the own back rank.
// docs/rules/number-janggi.md has every ruling and option.
#pragma once
#include "engine/game.h"
#include "engine/games/number_janggi/decisions.h"

namespace facedown::engine::number_janggi {

// Piece types: 0..9 are the numbers 1..10, then the mine and the king.
inline constexpr PieceType kMineType = 10;
inline constexpr PieceType kKingType = 11;
inline constexpr int kPiecesPerPlayer = 14;

GameInfo info();

// "blind:1,plus:1,minus:1" | "none" -> counts; nullopt when malformed.
std::optional<std::array<int, kItemKinds>> parse_inventory(const std::string& text);

}  // namespace facedown::engine::number_janggi
