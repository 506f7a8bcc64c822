// Layout math of the overlay: the layout's canvas (the theme's: 1920x1080,
// portrait's 1080x1920), scaled uniformly into the window and centred
// (letterboxed or pillarboxed). Where each element sits comes from the
// theme (feed/web/theme.json, broadcast/theme.h), the same file the browser
// page reads; which way the board is turned and where its squares and lines
// are comes from broadcast/board_drawing.h. This file only fits them into
// the board element. Pure arithmetic, no ImGui, so every rectangle can be tested.
#pragma once
#include <array>
#include <string_view>
#include <vector>

#include "broadcast/board_drawing.h"
#include "broadcast/theme.h"
#include "engine/geometry.h"

namespace facedown::overlay {

// The theme's placement set (theme.json's layouts): the board's two shapes,
// and faces (over a camera shot; the board, if shown, lies as in landscape).
enum class Orientation { kLandscape, kPortrait, kFaces };

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

// Canvas -> window pixels. `window` is the output it was fitted into (zero:
// made by hand, the default canvas at that scale and offset).
struct CanvasTransform {
  float scale = 1;
  Point offset;
  Point window;
  Point apply(Point p) const { return {offset.x + p.x * scale, offset.y + p.y * scale}; }
  Rect apply(const Rect& r) const { return {offset.x + r.x * scale, offset.y + r.y * scale, r.w * scale, r.h * scale}; }
};
// A canvas (default: the 1920x1080 one) fitted into the window, centred.
CanvasTransform fit_canvas(float window_width, float window_height, float canvas_width = broadcast::kThemeCanvasWidth,
                           float canvas_height = broadcast::kThemeCanvasHeight);
// The same output fitted to another canvas (a layout's own: draw_overlay).
CanvasTransform refit(const CanvasTransform& t, const broadcast::ThemeRect& canvas);

// The centred graphics-safe area (the theme's safe_fraction of the layout's canvas).
Rect safe_area(const broadcast::Theme& theme, std::string_view layout = "landscape");

// Where the board's drawing (broadcast/board_drawing.h, in cell units) lands
// on the canvas: its columns x rows fitted into `space`, centred.
class BoardLayout {
 public:
  BoardLayout() = default;
  BoardLayout(const broadcast::BoardDrawing& drawing, const Rect& space);

  int columns() const { return columns_; }
  int rows() const { return rows_; }
  float cell() const { return cell_; }
  const Rect& rect() const { return rect_; }
  // Files run down the screen (landscape, turned) instead of across.
  bool turned() const { return turned_; }

  Rect square_rect(engine::Square s) const;
  // A point of the drawing (cell units) on the canvas.
  Point at(broadcast::CellPoint p) const;
  Rect box(broadcast::CellBox b) const;

 private:
  std::vector<broadcast::CellPoint> cells_;
  int columns_ = 0, rows_ = 0;
  bool turned_ = false;
  float cell_ = 0;
  Rect rect_;
};

Rect to_rect(const broadcast::ThemeRect& r);
const char* layout_name(Orientation o);

struct OverlayLayout {
  Rect safe;
  Rect top_bar;                 // game title, status, turn clock
  std::array<Rect, 2> panels;   // player 1, player 2 (names, removed, items, warnings)
  Rect board_space;             // where the board is fitted (the theme's "board" element)
  broadcast::BoardDrawing drawing;  // the board's picture in cell units (broadcast/board_drawing.h)
  BoardLayout board;                 // that picture fitted into board_space
  Rect explainer;               // the battle explainer's lines, over the board
  Rect banner;                  // the result's card, over the board
  Rect card;                    // the pause's and standby's card (the theme's "card")
  Rect toast;                   // the warning's toast, off the board's rows (the theme's "toast")
  std::array<Rect, 2> straps;   // each player's name strap where no panel names them (faces)
  Rect caption;                 // the director's lower third
  Rect footer;                  // commitments, replay bar
  Rect waiting;                 // the card while no match is on air
  Rect board_compact_space;     // the small board beside a camera shot (the theme's "board_compact")
  BoardLayout board_compact;    // the drawing fitted into it
  Rect slate;                   // the title card
  Rect reveal;                  // both setups after `close` (overlay/reveal_draw.h)
  BoardLayout deduction;        // the board the deduction's heat map lies on (the theme's "deduction": a board's placement)
  Rect win_bar;                 // who is winning: both sides, the interval note between them, the bar under them (the theme's "win_bar")
};

// The theme's layout for the orientation, with the board fitted into it.
OverlayLayout layout_overlay(const broadcast::Theme& theme, Orientation orientation, const engine::Geometry& g);

}  // namespace facedown::overlay
