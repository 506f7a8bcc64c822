// Position keys for repetition rules: a 64-bit Zobrist-style key of a position,
// one term per occupied square (XORed) plus one for the side to move, so a game
// can key the position after a candidate move incrementally. Equal positions
// always have equal keys; two different ones share a key with odds of ~2^-64.
// What a key sees is the game's choice (PositionKind): a game with hidden
// identities (Hidden Hasami) must key on owners only, never on types, or its
// repetition would depend on secrets; a perfect-information game (Gwangsanghui)
// keys on owners and types. MatchState records both kinds at every turn start
// (turn_positions, piece_positions): the fold has no Game to ask which one the
// game reads, and a log must fold to the same state whoever folds it.
#pragma once
#include <cstdint>

#include "engine/geometry.h"
#include "engine/piece.h"

namespace facedown::engine {

struct MatchState;

enum class PositionKind {
  kOwners,          // who stands on each square: safe for every game
  kOwnersAndTypes,  // which type of which owner: only for face-up games
};

// The term of a piece of `owner` and `type` standing on `square` (kOwnersAndTypes).
std::uint64_t square_key(Square square, int owner, PieceType type);
// The term of a piece of `owner` standing on `square` (kOwners): no type in it.
std::uint64_t owner_square_key(Square square, int owner);
// The term of `player` being the side to move.
std::uint64_t side_key(int player);
// The key of the state's position of this kind with `to_move` to move.
std::uint64_t position_key(const MatchState& s, PositionKind kind, int to_move);
// The same with kOwnersAndTypes (Gwangsanghui's name for it).
inline std::uint64_t piece_position_key(const MatchState& s, int to_move) {
  return position_key(s, PositionKind::kOwnersAndTypes, to_move);
}

}  // namespace facedown::engine
