#include "overlay/layout.h"

#include <algorithm>

namespace facedown::overlay {

bool Rect::contains(const Rect& r) const {
  constexpr float kSlack = 0.5f;
  return r.x >= x - kSlack && r.y >= y - kSlack && r.right() <= right() + kSlack && r.bottom() <= bottom() + kSlack;
}

CanvasTransform fit_canvas(float window_width, float window_height) {
  CanvasTransform t;
  if (window_width <= 0 || window_height <= 0) return t;
  t.scale = std::min(window_width / kCanvasWidth, window_height / kCanvasHeight);
  t.offset = {(window_width - kCanvasWidth * t.scale) / 2, (window_height - kCanvasHeight * t.scale) / 2};
  return t;
}

Rect canvas_rect() { return {0, 0, kCanvasWidth, kCanvasHeight}; }

Rect safe_area() {
  const float mx = kCanvasWidth * (1 - kSafeFraction) / 2, my = kCanvasHeight * (1 - kSafeFraction) / 2;
  return {mx, my, kCanvasWidth - 2 * mx, kCanvasHeight - 2 * my};
}

BoardLayout::BoardLayout(Orientation orientation, int files, int ranks, const Rect& space)
    : files_(files), ranks_(ranks) {
  // Landscape puts the long side across, portrait puts it up; a board already
  // that way round is not turned.
  turned_ = orientation == Orientation::kLandscape ? ranks > files : files > ranks;
  columns_ = turned_ ? ranks : files;
  rows_ = turned_ ? files : ranks;
  if (columns_ <= 0 || rows_ <= 0) return;
  cell_ = std::min(space.w / static_cast<float>(columns_), space.h / static_cast<float>(rows_));
  const float w = cell_ * static_cast<float>(columns_), h = cell_ * static_cast<float>(rows_);
  rect_ = {space.x + (space.w - w) / 2, space.y + (space.h - h) / 2, w, h};
}

Rect BoardLayout::square_rect(engine::Square s) const {
  if (s < 0 || files_ <= 0 || s >= files_ * ranks_) return {};
  const int file = s % files_, rank = s / files_;
  // Turned: player 1's back rank is the left column and file a (their left hand,
  // facing right) the top row. Upright: player 1's back rank is the bottom row.
  const int column = turned_ ? rank : file;
  const int row = turned_ ? file : ranks_ - 1 - rank;
  return {rect_.x + static_cast<float>(column) * cell_, rect_.y + static_cast<float>(row) * cell_, cell_, cell_};
}

std::array<Point, 2> BoardLayout::file_border(int left_file, int rank) const {
  const Rect a = square_rect(rank * files_ + left_file);
  if (turned_) return {Point{a.x, a.bottom()}, Point{a.right(), a.bottom()}};
  return {Point{a.right(), a.y}, Point{a.right(), a.bottom()}};
}

OverlayLayout layout_overlay(Orientation orientation, int files, int ranks) {
  OverlayLayout l;
  l.safe = safe_area();
  constexpr float kTop = 100, kFooter = 90, kGap = 16, kPanel = 390;
  l.top_bar = {l.safe.x, l.safe.y, l.safe.w, kTop};
  l.footer = {l.safe.x, l.safe.bottom() - kFooter, l.safe.w, kFooter};
  const float mid_y = l.top_bar.bottom() + kGap, mid_h = l.footer.y - kGap - mid_y;
  l.panels[0] = {l.safe.x, mid_y, kPanel, mid_h};
  l.panels[1] = {l.safe.right() - kPanel, mid_y, kPanel, mid_h};
  l.board_space = {l.panels[0].right() + 2 * kGap, mid_y, l.panels[1].x - l.panels[0].right() - 4 * kGap, mid_h};
  l.board = BoardLayout(orientation, files, ranks, l.board_space);
  // Over the board only: the players' panels (removed pieces, items) stay readable.
  const float bw = l.board_space.w + 2 * kGap, bh = 200;
  l.banner = {l.board_space.x - kGap, mid_y + (mid_h - bh) / 2, bw, bh};
  return l;
}

}  // namespace facedown::overlay
