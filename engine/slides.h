// Moves along files and ranks, the move generation the line-moving games share
// (the attack games' steps, the Scout's and Engineer's slides, Hidden Hasami's
// rook moves). A piece goes up to `reach` squares in each of the four directions
// through empty squares; a line stops at the board's edge, before terrain that
// is a wall (a lake), and at its first piece, which it may attack when that is an
// enemy, attacks are allowed and the enemy's square is no shelter (a camp).
// Invariant: the order, which analysis replays and seeded playouts rely on —
// piece by piece in id order; directions up (+rank), down, left (-file), right;
// nearer squares first.
#pragma once
#include <cstdint>
#include <limits>
#include <vector>

#include "engine/command.h"
#include "engine/geometry.h"
#include "engine/match_state.h"

namespace facedown::engine {

// A reach with no limit but the board's edge (a rook's slide).
inline constexpr int kAnyDistance = std::numeric_limits<int>::max();

// How one piece moves along its lines.
struct Slide {
  constexpr explicit Slide(int squares, std::uint8_t wall = kPlain, std::uint8_t shelters = kPlain,
                           bool attacking = true)
      : reach(squares), walls(wall), shelter(shelters), attacks(attacking) {}

  int reach;             // squares per line; 0: the piece never moves
  std::uint8_t walls;    // terrain no line enters or crosses
  std::uint8_t shelter;  // terrain on which an enemy cannot be attacked
  bool attacks;          // false: a line ends before any piece
};

// Appends the moves of `piece` (on the board).
void piece_slides(const MatchState& s, const Geometry& g, const Piece& piece, const Slide& slide,
                  std::vector<Move>& out);

// Appends the moves of every piece of `player` on the board, each with the slide
// its type has.
void player_slides(const MatchState& s, const Geometry& g, int player, Slide (*slide_of)(PieceType),
                   std::vector<Move>& out);

}  // namespace facedown::engine
