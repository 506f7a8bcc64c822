// Pieces. A game declares its roster as PieceTypes (token, names, count per
// player). A Piece is one physical piece in a match: its owner, type, square
// (kNoSquare once removed) and whether its identity is public ("revealed").
// Piece ids are internal: they never appear in a public projection, because the
// order in which a setup was typed could hint at identities.
#pragma once
#include <string>
#include <vector>

#include "engine/geometry.h"

namespace facedown::engine {

using PieceType = int;
inline constexpr PieceType kHiddenType = -1;

struct PieceTypeSpec {
  std::string token;    // as written in match scripts: "7", "M", "K", "SPY"
  std::string name_en;  // "Mine"
  std::string name_ko;  // "지뢰"
  int count = 1;        // per player
  int value = 0;        // game-defined strength (a number's value, a rank)
};

struct Piece {
  int owner = 0;  // 1 or 2
  PieceType type = 0;
  Square square = kNoSquare;
  bool revealed = false;  // identity public (audience and opponent)
};

struct Placement {
  PieceType type = 0;
  Square square = kNoSquare;
};

}  // namespace facedown::engine
