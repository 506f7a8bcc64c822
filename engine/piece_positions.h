// Position keys for repetition rules of perfect-information games (Gwangsanghui):
// a 64-bit Zobrist-style key of "which piece type of which owner stands on which
// square, and who is to move". (Games with hidden identities must not key on
// types: their repetition would then depend on secrets.) Keys XOR one
// term per occupied square plus one for the side to move, so a game can key the
// position after a candidate move incrementally. Equal positions always have
// equal keys; two different positions share one with odds of about 2^-64.
#pragma once
#include <cstdint>

#include "engine/geometry.h"
#include "engine/piece.h"

namespace facedown::engine {

struct MatchState;

// The term of a piece of `owner` and `type` standing on `square`.
std::uint64_t square_key(Square square, int owner, PieceType type);
// The term of `player` being the side to move.
std::uint64_t side_key(int player);
// The key of the state's position with `to_move` to move.
std::uint64_t piece_position_key(const MatchState& s, int to_move);

}  // namespace facedown::engine
