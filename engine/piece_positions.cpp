#include "engine/piece_positions.h"

#include "engine/match_state.h"

namespace facedown::engine {

namespace {

// SplitMix64's finaliser: a fixed, well-mixed function of its input, so no table
// (and no global) is needed.
std::uint64_t mix(std::uint64_t z) {
  z += 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

}  // namespace

std::uint64_t square_key(Square square, int owner, PieceType type) {
  const auto sq = static_cast<std::uint64_t>(square);
  const auto own = static_cast<std::uint64_t>(owner);
  const auto ty = static_cast<std::uint64_t>(type + 1);
  return mix((sq << 20) ^ (own << 16) ^ ty);
}

std::uint64_t side_key(int player) { return mix(0xFFFF0000ull + static_cast<std::uint64_t>(player)); }

std::uint64_t piece_position_key(const MatchState& s, int to_move) {
  std::uint64_t key = side_key(to_move);
  for (const Piece& p : s.pieces)
    if (p.square != kNoSquare) key ^= square_key(p.square, p.owner, p.type);
  return key;
}

}  // namespace facedown::engine
