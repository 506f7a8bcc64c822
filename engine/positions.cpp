#include "engine/positions.h"

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

// Bit 19 tells the two kinds' terms apart; types start at 1 in the type field.
constexpr std::uint64_t kOwnersOnly = 1ull << 19;

std::uint64_t term(Square square, int owner, std::uint64_t type_field) {
  const auto sq = static_cast<std::uint64_t>(square);
  const auto own = static_cast<std::uint64_t>(owner);
  return mix((sq << 20) ^ (own << 16) ^ type_field);
}

}  // namespace

std::uint64_t square_key(Square square, int owner, PieceType type) {
  return term(square, owner, static_cast<std::uint64_t>(type + 1));
}

std::uint64_t owner_square_key(Square square, int owner) { return term(square, owner, kOwnersOnly); }

std::uint64_t side_key(int player) { return mix(0xFFFF0000ull + static_cast<std::uint64_t>(player)); }

std::uint64_t position_key(const MatchState& s, PositionKind kind, int to_move) {
  std::uint64_t key = side_key(to_move);
  for (const Piece& p : s.pieces) {
    if (p.square == kNoSquare) continue;
    key ^= kind == PositionKind::kOwners ? owner_square_key(p.square, p.owner) : square_key(p.square, p.owner, p.type);
  }
  return key;
}

}  // namespace facedown::engine
