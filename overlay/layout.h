// Layout math of the overlay: a fixed 1920x1080 canvas, scaled uniformly into
// the window and centred (letterboxed); all text stays inside the 90%
// graphics-safe area. The board is drawn landscape (its long side across: for
// Number Janggi 9 wide x 6 tall, the board turned sideways with player 1 on the
// left) or portrait (long side up, player 1 at the bottom). Pure arithmetic, no
// ImGui, so every rectangle can be tested.
#pragma once
#include <array>

#include "engine/geometry.h"

namespace facedown::overlay {

inline constexpr float kCanvasWidth = 1920.0f;
inline constexpr float kCanvasHeight = 1080.0f;
inline constexpr float kSafeFraction = 0.90f;

enum class Orientation { kLandscape, kPortrait };

struct Point {
  float x = 0, y = 0;
};

struct Rect {
  float x = 0, y = 0, w = 0, h = 0;
  float right() const { return x + w; }
  float bottom() const { return y + h; }
  Point centre() const { return {x + w / 2, y + h / 2}; }
  bool contains(const Rect& r) const;  // with a small tolerance for rounding
};

// Canvas -> window pixels.
struct CanvasTransform {
  float scale = 1;
  Point offset;
  Point apply(Point p) const { return {offset.x + p.x * scale, offset.y + p.y * scale}; }
  Rect apply(const Rect& r) const { return {offset.x + r.x * scale, offset.y + r.y * scale, r.w * scale, r.h * scale}; }
};
CanvasTransform fit_canvas(float window_width, float window_height);

Rect canvas_rect();
Rect safe_area();

// Where board squares land on the canvas.
class BoardLayout {
 public:
  BoardLayout() = default;
  BoardLayout(Orientation orientation, int files, int ranks, const Rect& space);

  int columns() const { return columns_; }
  int rows() const { return rows_; }
  float cell() const { return cell_; }
  const Rect& rect() const { return rect_; }
  // Files run down the screen (landscape, turned) instead of across.
  bool turned() const { return turned_; }

  Rect square_rect(engine::Square s) const;
  // The segment of the border between file f and f+1 on one rank (a minus line mark).
  std::array<Point, 2> file_border(int left_file, int rank) const;

 private:
  int files_ = 0, ranks_ = 0, columns_ = 0, rows_ = 0;
  bool turned_ = false;
  float cell_ = 0;
  Rect rect_;
};

struct OverlayLayout {
  Rect safe;
  Rect top_bar;                 // game title, status, turn clock
  std::array<Rect, 2> panels;   // player 1, player 2 (names, removed, items, warnings)
  Rect board_space;             // where the board is fitted
  BoardLayout board;
  Rect banner;                  // result / pause / warning banner, over the board
  Rect footer;                  // commitments, replay bar
};

OverlayLayout layout_overlay(Orientation orientation, int files, int ranks);

}  // namespace facedown::overlay
