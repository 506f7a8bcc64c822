// BoardDrawing: the board's picture, decided once for every painter, in cell
// units (a square's cell is 1x1; x right, y down from the picture's top-left):
// where each square sits, the lines (the grid and its edges, or the lines
// through the points of a board of points), the palace diagonals, the minus
// lines and their signs. A painter fits columns x rows into its board element
// (feed/web/theme.json) and strokes what is here with the theme's colours; it
// keeps no rule of its own about which lines a game has.
// Orientation: landscape puts the board's long side across (Number Janggi
// turned: player 1's back rank the left column, file a the top row), portrait
// puts it up (player 1's back rank at the bottom). Square s has file s % files
// and rank s / files.
#pragma once
#include <string>
#include <vector>

#include "engine/geometry.h"

namespace facedown::broadcast {

struct CellPoint {
  float x = 0, y = 0;
};

struct CellBox {
  float x = 0, y = 0, w = 0, h = 0;
};

enum class BoardLineKind {
  kEdge,    // the outer frame of a board of cells
  kGrid,    // a line between cells, or a line through the points
  kPalace,  // a palace diagonal
  kMinus,   // a minus line: the border between two files, one segment per rank
};
const char* board_line_kind_name(BoardLineKind k);

struct BoardLine {
  CellPoint a, b;
  BoardLineKind kind = BoardLineKind::kGrid;
};

struct BoardDrawing {
  int columns = 0, rows = 0;
  bool turned = false;     // files run down the picture
  bool on_points = false;  // pieces stand on the points (cell centres)
  std::vector<CellPoint> cells;        // the top-left of each square's cell, in square order
  std::vector<BoardLine> lines;        // in drawing order
  std::vector<CellBox> palace_fills;   // shaded under a board of points' palace diagonals
  std::vector<CellPoint> minus_signs;  // the centre of each minus sign
};

BoardDrawing board_drawing(const engine::Geometry& g, bool portrait);

}  // namespace facedown::broadcast
