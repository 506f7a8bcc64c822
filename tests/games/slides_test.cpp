// The shared move generation along files and ranks (engine/slides.h): where a
// line stops (edge, wall, friend, enemy, shelter) and the order of the moves,
// which the games' recorded playouts rely on.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "engine/slides.h"

using namespace facedown::engine;

namespace {

// A 4x4 board: player 1 on b2 and b4, player 2 on d2, b1 marked with `b1_terrain`
// and d2 with `d2_terrain`.
struct Board {
  Geometry g{4, 4};
  MatchState s;
  Board(std::uint8_t b1_terrain, std::uint8_t d2_terrain) {
    g.mark(*g.parse("b1"), b1_terrain);
    g.mark(*g.parse("d2"), d2_terrain);
    s.board.assign(static_cast<std::size_t>(g.size()), -1);
    for (auto [owner, name] : {std::pair{1, "b2"}, {1, "b4"}, {2, "d2"}}) {
      const Square at = *g.parse(name);
      s.board[static_cast<std::size_t>(at)] = static_cast<int>(s.pieces.size());
      s.pieces.push_back({owner, 0, at, false});
    }
  }
  std::string moves_of(int id, const Slide& slide) const {
    std::vector<Move> out;
    piece_slides(s, g, s.pieces[static_cast<std::size_t>(id)], slide, out);
    return words(out);
  }
  std::string words(const std::vector<Move>& moves) const {
    std::string w;
    for (const Move& m : moves) w += (w.empty() ? "" : " ") + g.name(m.from) + "-" + g.name(m.to);
    return w;
  }
};

}  // namespace

TEST_CASE("slides: a line runs up, down, left, right and ends on its first piece, an enemy attacked") {
  const Board b(kPlain, kPlain);
  CHECK(b.moves_of(0, Slide(kAnyDistance)) == "b2-b3 b2-b1 b2-a2 b2-c2 b2-d2");
  CHECK(b.moves_of(0, Slide(1)) == "b2-b3 b2-b1 b2-a2 b2-c2");
  CHECK(b.moves_of(0, Slide(0)).empty());
}

TEST_CASE("slides: walls stop a line before them, shelter protects an enemy, no attacks ends before any piece") {
  CHECK(Board(kLake, kPlain).moves_of(0, Slide(kAnyDistance, kLake)) == "b2-b3 b2-a2 b2-c2 b2-d2");
  CHECK(Board(kPlain, kCamp).moves_of(0, Slide(kAnyDistance, kPlain, kCamp)) == "b2-b3 b2-b1 b2-a2 b2-c2");
  CHECK(Board(kPlain, kPlain).moves_of(0, Slide(kAnyDistance, kPlain, kPlain, false)) == "b2-b3 b2-b1 b2-a2 b2-c2");
  // An empty square of shelter terrain may still be entered.
  CHECK(Board(kCamp, kPlain).moves_of(0, Slide(1, kPlain, kCamp)) == "b2-b3 b2-b1 b2-a2 b2-c2");
}

TEST_CASE("slides: a player's moves come piece by piece in id order, the enemy's never") {
  const Board b(kPlain, kPlain);
  std::vector<Move> out;
  player_slides(b.s, b.g, 1, [](PieceType) { return Slide(1); }, out);
  CHECK(b.words(out) == "b2-b3 b2-b1 b2-a2 b2-c2 b4-b3 b4-a4 b4-c4");
}
