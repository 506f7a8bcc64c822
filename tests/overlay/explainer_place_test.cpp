// Where the battle explainer goes (broadcast/explainer_place.h): for every
// game, both layouts, a battle on any square (top and bottom rows included),
// with any neighbour and with a piece anywhere on its rank or file (a long
// move), the explainer's box overlaps none of the involved squares, nor the
// caption's lower third (nor the banner, for up to two lines), and stays
// inside the graphics-safe area.
#include <catch2/catch.hpp>

#include <string>

#include "broadcast/elements.h"
#include "broadcast/explainer_place.h"
#include "engine/registry.h"

using namespace facedown;
using broadcast::ThemeRect;

namespace {

bool overlaps(const ThemeRect& a, const ThemeRect& b) {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

bool inside(const ThemeRect& o, const ThemeRect& r) {
  return r.x >= o.x - 0.5f && r.y >= o.y - 0.5f && r.x + r.w <= o.x + o.w + 0.5f && r.y + r.h <= o.y + o.h + 0.5f;
}

ThemeRect safe(const broadcast::Theme& t) {
  const float mx = 1920 * (1 - t.safe_fraction) / 2, my = 1080 * (1 - t.safe_fraction) / 2;
  return {mx, my, 1920 - 2 * mx, 1080 - 2 * my};
}

}  // namespace

TEST_CASE("the explainer never covers a square the battle involves, in any game or layout", "[explainer]") {
  const broadcast::Theme& theme = broadcast::built_in_theme();
  for (const engine::GameInfo& info : engine::all_games()) {
    auto game = info.make(engine::resolve_options(info, info.default_preset, {}).options);
    REQUIRE(game);
    const engine::Geometry& g = game->geometry();
    const int files = g.files(), ranks = g.ranks();
    for (std::string_view layout : broadcast::kThemeLayouts) {
      const broadcast::BoardDrawing d = broadcast::board_drawing(g, broadcast::theme_layout_portrait(layout));
      const ThemeRect board = theme.element(layout, "board");
      const ThemeRect caption = theme.element(layout, "caption");
      const ThemeRect banner = theme.element(layout, "banner");
      const ThemeRect top = theme.element(layout, "top_bar");
      int checked = 0;
      for (int s = 0; s < files * ranks; ++s) {
        const int f = s % files, r = s / files;
        std::vector<int> others;
        for (int df = -1; df <= 1; ++df)
          for (int dr = -1; dr <= 1; ++dr)
            if ((df || dr) && f + df >= 0 && f + df < files && r + dr >= 0 && r + dr < ranks)
              others.push_back((r + dr) * files + f + df);
        for (int k = 0; k < files; ++k) others.push_back(r * files + k);
        for (int k = 0; k < ranks; ++k) others.push_back(k * files + f);
        for (int t : others)
          for (int lines : {1, 2, 4}) {
            const std::vector<engine::Square> involved{s, t};
            const ThemeRect box = broadcast::explainer_box(theme, layout, d, involved, lines);
            INFO(info.id << " " << layout << " squares " << s << "," << t << " lines " << lines << " box " << box.x
                         << "," << box.y << " " << box.w << "x" << box.h);
            CHECK(box.h == Approx(static_cast<float>(lines) * theme.metric("explainer.line_h") +
                                  static_cast<float>(lines - 1) * theme.metric("explainer.line_gap")));
            CHECK(inside(safe(theme), box));
            CHECK_FALSE(overlaps(box, caption));
            if (lines <= 2) CHECK_FALSE(overlaps(box, banner));
            CHECK_FALSE(overlaps(box, top));
            for (engine::Square q : involved) CHECK_FALSE(overlaps(box, broadcast::board_square_box(d, board, q)));
            ++checked;
          }
      }
      CHECK(checked > 0);
    }
  }
}

TEST_CASE("with nothing in its way the explainer stays at the theme's place", "[explainer]") {
  const broadcast::Theme& theme = broadcast::built_in_theme();
  const broadcast::BoardDrawing d = broadcast::board_drawing(engine::Geometry(9, 10), false);
  const ThemeRect pref = theme.element("landscape", "explainer");
  const ThemeRect box = broadcast::explainer_box(theme, "landscape", d, {}, 2);
  CHECK(box.x == Approx(pref.x));
  CHECK(box.y == Approx(pref.y));
  CHECK(box.w == Approx(pref.w));
}

TEST_CASE("a battle in the top rows moves the explainer off them", "[explainer]") {
  const broadcast::Theme& theme = broadcast::built_in_theme();
  const engine::Geometry g(9, 10);
  const broadcast::BoardDrawing d = broadcast::board_drawing(g, false);
  const ThemeRect board = theme.element("landscape", "board");
  const ThemeRect pref = theme.element("landscape", "explainer");
  // Find a square under the preferred place: the theme's place would cover it.
  for (int s = 0; s < 90; ++s) {
    const ThemeRect sq = broadcast::board_square_box(d, board, s);
    const ThemeRect at_pref{pref.x, pref.y, pref.w, theme.metric("explainer.line_h")};
    if (!overlaps(sq, at_pref)) continue;
    const ThemeRect box = broadcast::explainer_box(theme, "landscape", d, {s}, 1);
    INFO("square " << s);
    CHECK_FALSE(overlaps(box, sq));
    CHECK_FALSE((box.x == Approx(pref.x) && box.y == Approx(pref.y)));
  }
}

// Elements that share the screen never overlap: in every layout, the
// placements of the elements it shows when taken (the result and standby
// banners and the reveal are cards over the picture, and the explainer moves: see above) are
// apart; every placement is inside title safe; and no type size is under 24 px.
TEST_CASE("a layout's elements never overlap, all inside title safe, no type under 24 px", "[explainer][legibility]") {
  const broadcast::Theme& theme = broadcast::built_in_theme();
  using broadcast::Element;
  // The theme's placements each element paints into.
  const std::vector<std::pair<Element, std::vector<const char*>>> placements = {
      {Element::kScorebug, {"top_bar"}},        {Element::kPlayers, {"panel1", "panel2"}},
      {Element::kBoard, {"board", "footer"}},   {Element::kBoardCompact, {"board_compact"}},
      {Element::kCaption, {"caption"}},         {Element::kSlate, {"slate"}}};
  for (auto director : {broadcast::Layout::kLandscape, broadcast::Layout::kPortrait, broadcast::Layout::kFaces}) {
    const std::string_view layout = broadcast::theme_layout(director, false);
    std::vector<std::pair<std::string, ThemeRect>> on;
    for (const auto& [e, names] : placements)
      if (broadcast::shown_by_default(director, e))
        for (const char* n : names) on.emplace_back(n, theme.element(layout, n));
    CHECK(on.size() >= 2);
    for (std::size_t i = 0; i < on.size(); ++i)
      for (std::size_t k = i + 1; k < on.size(); ++k) {
        INFO(layout << ": " << on[i].first << " and " << on[k].first);
        CHECK_FALSE(overlaps(on[i].second, on[k].second));
      }
    for (std::string_view n : broadcast::kThemeElements) {
      INFO(layout << " " << n);
      CHECK(inside(safe(theme), theme.element(layout, n)));
    }
  }
  for (std::string_view n : broadcast::kThemeSizes) {
    INFO(n);
    CHECK(theme.size(n) >= 24);
  }
  // Each layout has its own placements: portrait is not landscape's.
  CHECK(theme.element("portrait", "board").w != theme.element("landscape", "board").w);
  CHECK(theme.element("faces", "caption").y != theme.element("landscape", "caption").y);
}

// The analysis elements (cue-only) have their own placements: the deduction
// lies on a board's squares (its placement is that board's, so the heat map
// lands on them), and the win bar, between the top bar and the board, overlaps
// no other element the layout shows when taken, nor the full board in any
// layout (a director may cue it in faces too), nor, in faces, the small board.
TEST_CASE("the deduction lies on a board, the win bar on no other element", "[explainer][legibility]") {
  const broadcast::Theme& theme = broadcast::built_in_theme();
  using broadcast::Element;
  const std::vector<std::pair<Element, std::vector<const char*>>> placements = {
      {Element::kScorebug, {"top_bar"}}, {Element::kPlayers, {"panel1", "panel2"}}, {Element::kBoard, {"footer"}},
      {Element::kCaption, {"caption"}}};
  auto same = [](const ThemeRect& a, const ThemeRect& b) { return a.x == b.x && a.y == b.y && a.w == b.w && a.h == b.h; };
  for (auto director : {broadcast::Layout::kLandscape, broadcast::Layout::kPortrait, broadcast::Layout::kFaces}) {
    const std::string_view layout = broadcast::theme_layout(director, false);
    INFO(layout);
    const ThemeRect deduction = theme.element(layout, "deduction");
    CHECK((same(deduction, theme.element(layout, "board")) || same(deduction, theme.element(layout, "board_compact"))));
    const ThemeRect bar = theme.element(layout, "win_bar");
    CHECK(bar.h >= 52);  // the names and the note (24 px and more) over the bar
    std::vector<std::pair<std::string, ThemeRect>> others;
    for (const auto& [e, names] : placements)
      if (broadcast::shown_by_default(director, e))
        for (const char* n : names) others.emplace_back(n, theme.element(layout, n));
    // A board's frame is drawn board.margin outside its placement.
    const float m = theme.metric("board.margin");
    const auto framed = [&](const char* n) {
      const ThemeRect r = theme.element(layout, n);
      return ThemeRect{r.x - m, r.y - m, r.w + 2 * m, r.h + 2 * m};
    };
    others.emplace_back("board", framed("board"));
    if (director == broadcast::Layout::kFaces) others.emplace_back("board_compact", framed("board_compact"));
    CHECK(others.size() >= 2);
    for (const auto& [name, r] : others) {
      INFO("win_bar and " << name);
      CHECK_FALSE(overlaps(bar, r));
    }
  }
}
