#include <catch2/catch.hpp>

#include "broadcast/theme.h"
#include "overlay/layout.h"

using namespace facedown::overlay;
using facedown::broadcast::built_in_theme;
using facedown::engine::Geometry;

namespace {
OverlayLayout layout_of(Orientation o, int files, int ranks) {
  return layout_overlay(built_in_theme(), o, Geometry(files, ranks));
}
}  // namespace

TEST_CASE("the canvas is scaled uniformly and centred in any window") {
  CanvasTransform t = fit_canvas(1280, 720);
  CHECK(t.scale == Approx(1280.0f / 1920.0f));
  CHECK(t.offset.x == Approx(0).margin(0.01));
  CHECK(t.offset.y == Approx(0).margin(0.01));
  t = fit_canvas(1000, 1000);  // square: letterboxed top and bottom
  CHECK(t.scale == Approx(1000.0f / 1920.0f));
  CHECK(t.offset.x == Approx(0).margin(0.01));
  CHECK(t.offset.y == Approx((1000 - 1080 * t.scale) / 2));
  t = fit_canvas(3840, 1080);  // ultra-wide: pillarboxed
  CHECK(t.scale == Approx(1));
  CHECK(t.offset.x == Approx(960));
  CHECK(fit_canvas(0, 0).scale == 1);
}

TEST_CASE("the safe area is the centred 90%") {
  Rect s = safe_area(built_in_theme());
  CHECK(s.x == Approx(96));
  CHECK(s.y == Approx(54));
  CHECK(s.w == Approx(1728));
  CHECK(s.h == Approx(972));
}

TEST_CASE("landscape turns Number Janggi's 6x9 board to 9 wide x 6 tall, player 1 on the left") {
  OverlayLayout l = layout_of(Orientation::kLandscape, 6, 9);
  const BoardLayout& b = l.board;
  CHECK(b.turned());
  CHECK(b.columns() == 9);
  CHECK(b.rows() == 6);
  CHECK(b.rect().w > b.rect().h);
  // a1 (player 1's back rank, their left) is the top-left square; f9 the bottom-right.
  Rect a1 = b.square_rect(0), f9 = b.square_rect(53);
  CHECK(a1.x == Approx(b.rect().x));
  CHECK(a1.y == Approx(b.rect().y));
  CHECK(f9.right() == Approx(b.rect().right()));
  CHECK(f9.bottom() == Approx(b.rect().bottom()));
  // a1 -> a2 goes right (forward for player 1), a1 -> b1 goes down.
  CHECK(b.square_rect(6).x > a1.x);
  CHECK(b.square_rect(1).y > a1.y);
}

TEST_CASE("portrait keeps the board upright with player 1 at the bottom") {
  OverlayLayout l = layout_of(Orientation::kPortrait, 6, 9);
  const BoardLayout& b = l.board;
  CHECK_FALSE(b.turned());
  CHECK(b.columns() == 6);
  CHECK(b.rows() == 9);
  CHECK(b.square_rect(0).bottom() == Approx(b.rect().bottom()));
  CHECK(b.square_rect(0).x == Approx(b.rect().x));
}

TEST_CASE("every region sits inside the safe area and squares tile the board", "[layout]") {
  for (auto o : {Orientation::kLandscape, Orientation::kPortrait}) {
    for (auto [files, ranks] : {std::pair{6, 9}, std::pair{10, 10}, std::pair{9, 8}, std::pair{5, 12}, std::pair{9, 10}}) {
      OverlayLayout l = layout_of(o, files, ranks);
      const Rect s = safe_area(built_in_theme(), layout_name(o));
      INFO(files << "x" << ranks << (o == Orientation::kLandscape ? " landscape" : " portrait"));
      CHECK(s.contains(l.top_bar));
      CHECK(s.contains(l.panels[0]));
      CHECK(s.contains(l.panels[1]));
      CHECK(s.contains(l.footer));
      CHECK(s.contains(l.banner));
      CHECK(l.board_space.contains(l.board.rect()));
      if (o == Orientation::kLandscape) {
        CHECK(l.board.rect().x >= l.panels[0].right());
        CHECK(l.board.rect().right() <= l.panels[1].x);
      } else {  // a vertical picture: the panels side by side under the board
        CHECK(l.board.rect().bottom() <= l.panels[0].y);
        CHECK(l.panels[0].right() <= l.panels[1].x);
      }
      float area = 0;
      for (int sq = 0; sq < files * ranks; ++sq) {
        Rect r = l.board.square_rect(sq);
        CHECK(l.board.rect().contains(r));
        area += r.w * r.h;
      }
      CHECK(area == Approx(l.board.rect().w * l.board.rect().h));
      // Landscape puts the long side across.
      if (o == Orientation::kLandscape) CHECK(l.board.columns() >= l.board.rows());
      else CHECK(l.board.rows() >= l.board.columns());
    }
  }
}

// Portrait's canvas is 1080x1920: it fills a vertical output and stands
// pillarboxed in a 16:9 one; draw_overlay refits the output's transform to it.
TEST_CASE("a layout's own canvas is fitted into the output, whatever the transform was made for") {
  const facedown::broadcast::ThemeRect portrait = built_in_theme().canvas("portrait");
  CanvasTransform t = fit_canvas(1080, 1920, portrait.w, portrait.h);
  CHECK(t.scale == Approx(1));
  CHECK(t.offset.x == Approx(0).margin(0.01));
  CHECK(t.offset.y == Approx(0).margin(0.01));
  // The same output's transform for the default canvas, refitted.
  const CanvasTransform r = refit(fit_canvas(1080, 1920), portrait);
  CHECK(r.scale == Approx(1));
  CHECK(r.offset.y == Approx(0).margin(0.01));
  // A 16:9 window: pillarboxed, centred.
  const CanvasTransform w = refit(fit_canvas(1920, 1080), portrait);
  CHECK(w.scale == Approx(1080.0f / 1920));
  CHECK(w.offset.x == Approx((1920 - 1080 * w.scale) / 2));
  CHECK(w.offset.y == Approx(0).margin(0.01));
  // A transform made by hand (no window): the default canvas at its scale is the output.
  CanvasTransform hand;
  hand.scale = 0.5f;
  const CanvasTransform h = refit(hand, portrait);
  CHECK(h.scale == Approx(540.0f / 1920));
  CHECK(h.offset.x == Approx((960 - 1080 * h.scale) / 2));
  // The default canvas keeps the transform as it is.
  const CanvasTransform same = refit(t, built_in_theme().canvas("landscape"));
  CHECK(same.scale == t.scale);
  // Every placement of portrait lies in its safe area.
  const Rect safe = safe_area(built_in_theme(), "portrait");
  CHECK(safe.w == Approx(972));
  const OverlayLayout l = layout_of(Orientation::kPortrait, 9, 10);
  CHECK(safe.contains(l.board.rect()));
  CHECK(safe.contains(l.top_bar));
  CHECK(safe.contains(l.footer));
  // The board stands upright, its cells about as large as the 16:9 canvas's old upright board's (58 px).
  CHECK(l.board.rows() == 10);
  CHECK(l.board.cell() >= 56);
}
