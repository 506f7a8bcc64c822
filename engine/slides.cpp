#include "engine/slides.h"

#include <utility>

namespace facedown::engine {

namespace {

// The order of the directions is part of the legal-move order (see the header).
constexpr std::pair<int, int> kLines[] = {{0, 1}, {0, -1}, {-1, 0}, {1, 0}};

}  // namespace

void piece_slides(const MatchState& s, const Geometry& g, const Piece& piece, const Slide& slide,
                  std::vector<Move>& out) {
  const int f = g.file_of(piece.square), r = g.rank_of(piece.square);
  for (auto [df, dr] : kLines)
    // The edge ends every line long before k could overflow.
    for (int k = 1; k <= slide.reach; ++k) {
      const Square to = g.at(f + df * k, r + dr * k);
      if (to == kNoSquare || (g.terrain(to) & slide.walls)) break;
      const int there = s.piece_at(to);
      if (there < 0) {
        out.push_back({piece.square, to});
        continue;
      }
      if (slide.attacks && s.pieces[static_cast<std::size_t>(there)].owner != piece.owner &&
          !(g.terrain(to) & slide.shelter))
        out.push_back({piece.square, to});
      break;
    }
}

void player_slides(const MatchState& s, const Geometry& g, int player, Slide (*slide_of)(PieceType),
                   std::vector<Move>& out) {
  for (const Piece& p : s.pieces)
    if (p.owner == player && p.square != kNoSquare) piece_slides(s, g, p, slide_of(p.type), out);
}

}  // namespace facedown::engine
