#include "broadcast/board_drawing.h"

#include <algorithm>
#include <cmath>

namespace facedown::broadcast {

const char* board_line_kind_name(BoardLineKind k) {
  switch (k) {
    case BoardLineKind::kEdge: return "edge";
    case BoardLineKind::kGrid: return "grid";
    case BoardLineKind::kPalace: return "palace";
    case BoardLineKind::kMinus: return "minus";
  }
  return "grid";
}

namespace {

bool palace(const engine::Geometry& g, int file, int rank) {
  const engine::Square s = g.at(file, rank);
  return s != engine::kNoSquare && (g.terrain(s) & engine::kPalace);
}

}  // namespace

BoardDrawing board_drawing(const engine::Geometry& g, bool portrait) {
  BoardDrawing d;
  const int files = g.files(), ranks = g.ranks();
  if (files <= 0 || ranks <= 0) return d;
  // Landscape puts the long side across, portrait puts it up; a board already
  // that way round is not turned.
  d.turned = portrait ? files > ranks : ranks > files;
  d.columns = d.turned ? ranks : files;
  d.rows = d.turned ? files : ranks;
  d.on_points = g.on_points();
  auto cell = [&](int file, int rank) {
    // Turned: player 1's back rank is the left column and file a (their left
    // hand, facing right) the top row. Upright: player 1's back rank at the bottom.
    const int column = d.turned ? rank : file;
    const int row = d.turned ? file : ranks - 1 - rank;
    return CellPoint{static_cast<float>(column), static_cast<float>(row)};
  };
  auto centre = [&](int file, int rank) {
    const CellPoint c = cell(file, rank);
    return CellPoint{c.x + 0.5f, c.y + 0.5f};
  };
  d.cells.reserve(static_cast<std::size_t>(files * ranks));
  for (engine::Square s = 0; s < g.size(); ++s) d.cells.push_back(cell(g.file_of(s), g.rank_of(s)));

  if (d.on_points) {
    // A palace centre is a palace point whose eight neighbours are palace points
    // too: its block gets a shade and the two diagonals through the corners.
    for (int r = 0; r < ranks; ++r)
      for (int f = 0; f < files; ++f) {
        bool middle = true;
        for (int df = -1; df <= 1 && middle; ++df)
          for (int dr = -1; dr <= 1 && middle; ++dr) middle = palace(g, f + df, r + dr);
        if (!middle) continue;
        const CellPoint a = centre(f - 1, r - 1), z = centre(f + 1, r + 1);
        const CellPoint c = centre(f - 1, r + 1), e = centre(f + 1, r - 1);
        d.palace_fills.push_back({std::min(a.x, z.x), std::min(a.y, z.y), std::abs(z.x - a.x), std::abs(z.y - a.y)});
        d.lines.push_back({a, z, BoardLineKind::kPalace});
        d.lines.push_back({c, e, BoardLineKind::kPalace});
      }
    // End point to end point: right whether the board is turned or not.
    for (int f = 0; f < files; ++f) d.lines.push_back({centre(f, 0), centre(f, ranks - 1), BoardLineKind::kGrid});
    for (int r = 0; r < ranks; ++r) d.lines.push_back({centre(0, r), centre(files - 1, r), BoardLineKind::kGrid});
  } else {
    // A board of cells: its palace squares are crossed corner to corner.
    for (engine::Square s = 0; s < g.size(); ++s) {
      if (!(g.terrain(s) & engine::kPalace)) continue;
      const CellPoint c = d.cells[static_cast<std::size_t>(s)];
      d.lines.push_back({c, {c.x + 1, c.y + 1}, BoardLineKind::kPalace});
      d.lines.push_back({{c.x + 1, c.y}, {c.x, c.y + 1}, BoardLineKind::kPalace});
    }
    const auto cols = static_cast<float>(d.columns), rows = static_cast<float>(d.rows);
    for (int c = 0; c <= d.columns; ++c) {
      const auto x = static_cast<float>(c);
      d.lines.push_back({{x, 0}, {x, rows}, c == 0 || c == d.columns ? BoardLineKind::kEdge : BoardLineKind::kGrid});
    }
    for (int r = 0; r <= d.rows; ++r) {
      const auto y = static_cast<float>(r);
      d.lines.push_back({{0, y}, {cols, y}, r == 0 || r == d.rows ? BoardLineKind::kEdge : BoardLineKind::kGrid});
    }
  }
  // Minus lines: the border between file f and f+1 on each rank, a sign at its middle.
  for (int f = 0; f + 1 < files; ++f) {
    if (!g.file_border_marked(f)) continue;
    for (int r = 0; r < ranks; ++r) {
      const CellPoint c = cell(f, r);
      // Turned: file f+1 is the row below; upright: the column to the right.
      const BoardLine seg = d.turned ? BoardLine{{c.x, c.y + 1}, {c.x + 1, c.y + 1}, BoardLineKind::kMinus}
                                     : BoardLine{{c.x + 1, c.y}, {c.x + 1, c.y + 1}, BoardLineKind::kMinus};
      d.lines.push_back(seg);
      d.minus_signs.push_back({(seg.a.x + seg.b.x) / 2, (seg.a.y + seg.b.y) / 2});
    }
  }
  return d;
}

}  // namespace facedown::broadcast
