#include "overlay/layout.h"

#include <algorithm>

namespace facedown::overlay {

bool Rect::contains(const Rect& r) const {
  constexpr float kSlack = 0.5f;
  return r.x >= x - kSlack && r.y >= y - kSlack && r.right() <= right() + kSlack && r.bottom() <= bottom() + kSlack;
}

CanvasTransform fit_canvas(float window_width, float window_height, float canvas_width, float canvas_height) {
  CanvasTransform t;
  if (window_width <= 0 || window_height <= 0 || canvas_width <= 0 || canvas_height <= 0) return t;
  t.scale = std::min(window_width / canvas_width, window_height / canvas_height);
  t.offset = {(window_width - canvas_width * t.scale) / 2, (window_height - canvas_height * t.scale) / 2};
  t.window = {window_width, window_height};
  return t;
}

CanvasTransform refit(const CanvasTransform& t, const broadcast::ThemeRect& canvas) {
  if (canvas.w == broadcast::kThemeCanvasWidth && canvas.h == broadcast::kThemeCanvasHeight) return t;
  Point window = t.window;
  if (window.x <= 0 || window.y <= 0)
    window = {2 * t.offset.x + broadcast::kThemeCanvasWidth * t.scale, 2 * t.offset.y + broadcast::kThemeCanvasHeight * t.scale};
  return fit_canvas(window.x, window.y, canvas.w, canvas.h);
}

Rect safe_area(const broadcast::Theme& theme, std::string_view layout) { return to_rect(theme.safe_area(layout)); }

BoardLayout::BoardLayout(const broadcast::BoardDrawing& drawing, const Rect& space)
    : cells_(drawing.cells), columns_(drawing.columns), rows_(drawing.rows), turned_(drawing.turned) {
  if (columns_ <= 0 || rows_ <= 0) return;
  cell_ = std::min(space.w / static_cast<float>(columns_), space.h / static_cast<float>(rows_));
  const float w = cell_ * static_cast<float>(columns_), h = cell_ * static_cast<float>(rows_);
  rect_ = {space.x + (space.w - w) / 2, space.y + (space.h - h) / 2, w, h};
}

Point BoardLayout::at(broadcast::CellPoint p) const { return {rect_.x + p.x * cell_, rect_.y + p.y * cell_}; }

Rect BoardLayout::box(broadcast::CellBox b) const {
  return {rect_.x + b.x * cell_, rect_.y + b.y * cell_, b.w * cell_, b.h * cell_};
}

Rect BoardLayout::square_rect(engine::Square s) const {
  if (s < 0 || static_cast<std::size_t>(s) >= cells_.size()) return {};
  const Point p = at(cells_[static_cast<std::size_t>(s)]);
  return {p.x, p.y, cell_, cell_};
}

Rect to_rect(const broadcast::ThemeRect& r) { return {r.x, r.y, r.w, r.h}; }

const char* layout_name(Orientation o) {
  switch (o) {
    case Orientation::kPortrait: return "portrait";
    case Orientation::kFaces: return "faces";
    case Orientation::kLandscape: break;
  }
  return "landscape";
}

OverlayLayout layout_overlay(const broadcast::Theme& theme, Orientation orientation, const engine::Geometry& g) {
  OverlayLayout l;
  const char* name = layout_name(orientation);
  auto element = [&](std::string_view e) { return to_rect(theme.element(name, e)); };
  l.safe = safe_area(theme, name);
  l.top_bar = element("top_bar");
  l.panels = {element("panel1"), element("panel2")};
  l.board_space = element("board");
  l.explainer = element("explainer");
  l.banner = element("banner");
  l.card = element("card");
  l.toast = element("toast");
  l.straps = {element("strap1"), element("strap2")};
  l.caption = element("caption");
  l.footer = element("footer");
  l.waiting = element("waiting");
  l.drawing = broadcast::board_drawing(g, orientation == Orientation::kPortrait);
  l.board = BoardLayout(l.drawing, l.board_space);
  l.board_compact_space = element("board_compact");
  l.board_compact = BoardLayout(l.drawing, l.board_compact_space);
  l.slate = element("slate");
  l.reveal = element("reveal");
  l.deduction = BoardLayout(l.drawing, element("deduction"));
  l.win_bar = element("win_bar");
  return l;
}

}  // namespace facedown::overlay
