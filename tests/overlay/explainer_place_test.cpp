// Where the battle explainer goes (broadcast/explainer_place.h): for every
// game, every layout, a battle on any square (top and bottom rows included),
// with any neighbour and with a piece anywhere on its rank or file (a long
// move), no line of the explainer overlaps an involved square, the caption's
// lower third, a player panel (where the players are on air) or another line
// (nor the banner, for up to two lines), and all stay inside the
// graphics-safe area, read top to bottom.
#include <catch2/catch.hpp>

#include <map>
#include <set>
#include <string>

#include <fmt/format.h>

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

// Title safe of the layout's canvas (portrait's is 1080x1920).
ThemeRect safe(const broadcast::Theme& t, std::string_view layout) { return t.safe_area(layout); }

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
            const auto rects = broadcast::explainer_lines(theme, layout, d, involved, lines);
            REQUIRE(rects.size() == static_cast<std::size_t>(lines));
            for (std::size_t i = 0; i < rects.size(); ++i) {
              const ThemeRect& box = rects[i];
              INFO(info.id << " " << layout << " squares " << s << "," << t << " lines " << lines << " line " << i
                           << " box " << box.x << "," << box.y << " " << box.w << "x" << box.h);
              CHECK(box.h == Approx(theme.metric("explainer.line_h")));
              CHECK(inside(safe(theme, layout), box));
              CHECK_FALSE(overlaps(box, caption));
              if (lines <= 2) CHECK_FALSE(overlaps(box, banner));
              CHECK_FALSE(overlaps(box, top));
              if (layout != "faces")  // where the players are on air
                for (const char* panel : {"panel1", "panel2"}) CHECK_FALSE(overlaps(box, theme.element(layout, panel)));
              for (engine::Square q : involved) CHECK_FALSE(overlaps(box, broadcast::board_square_box(d, board, q)));
              // Read top to bottom, never one line over another.
              if (i > 0) CHECK(rects[i - 1].y <= box.y);
              for (std::size_t j = 0; j < i; ++j) CHECK_FALSE(overlaps(box, rects[j]));
            }
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
      CHECK(inside(safe(theme, layout), theme.element(layout, n)));
    }
    // "Feed lost" (the page turns it on when its feed goes silent; docs/director.md) is a
    // card over the picture, as standby is: over the board, never over the scorebug, the
    // caption, the seal footer, the banner's place (standby or the result beside it stay
    // whole) or the win bar; in faces (over a camera shot) off every element too.
    const ThemeRect lost = theme.element(layout, "feed_lost");
    std::vector<const char*> apart = {"top_bar", "caption", "footer", "banner", "win_bar"};
    if (director == broadcast::Layout::kFaces) apart.push_back("board_compact");
    for (const char* n : apart) {
      INFO(layout << ": feed_lost and " << n);
      CHECK_FALSE(overlaps(lost, theme.element(layout, n)));
    }
    CHECK(broadcast::shown_by_default(director, Element::kFeedLost) == (director != broadcast::Layout::kFaces));
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

// Every game and every preset (a preset may change the board), each layout:
// the board as drawn (its squares fitted, centred, into the board's placement,
// its frame board.margin outside them), and the small board likewise, stay
// inside title safe and overlap no element the layout shows when taken nor the
// caption (in faces the director may cue the full board over its set); the
// board's footer is clear of the caption; and the explainer, for a battle on
// any square with a neighbour or a piece of its rank (the long moves), covers
// none of its squares and no player panel, scorebug, footer or caption, inside
// title safe. Narrow boards (a 704 px portrait board holds a 9x10 board 525 px
// wide) leave the explainer wider than the board: it must still keep off them.
TEST_CASE("every game's and preset's board: no overlap, title safe, the explainer off its squares",
          "[explainer][legibility]") {
  const broadcast::Theme& theme = broadcast::built_in_theme();
  const float m = theme.metric("board.margin");
  const auto framed = [&](const ThemeRect& r) { return ThemeRect{r.x - m, r.y - m, r.w + 2 * m, r.h + 2 * m}; };
  // The squares' extent as both painters fit them (overlay/layout.cpp BoardLayout, scene.js).
  const auto drawn = [](const broadcast::BoardDrawing& d, const ThemeRect& space) {
    const float cell = std::min(space.w / static_cast<float>(d.columns), space.h / static_cast<float>(d.rows));
    const float w = cell * static_cast<float>(d.columns), h = cell * static_cast<float>(d.rows);
    return ThemeRect{space.x + (space.w - w) / 2, space.y + (space.h - h) / 2, w, h};
  };
  std::set<std::string> geometries_seen;
  int presets = 0;
  std::map<int, int> placed, on_panels, splits;  // by lines: boxes placed, over a player panel, split
  for (const engine::GameInfo& info : engine::all_games())
    for (const engine::Preset& preset : info.presets) {
      auto resolved = engine::resolve_options(info, preset.id, {});
      REQUIRE_FALSE(resolved.error);
      auto game = info.make(resolved.options);
      REQUIRE(game);
      ++presets;
      const engine::Geometry& g = game->geometry();
      const int files = g.files(), ranks = g.ranks();
      for (auto director : {broadcast::Layout::kLandscape, broadcast::Layout::kPortrait, broadcast::Layout::kFaces}) {
        const std::string_view layout = broadcast::theme_layout(director, false);
        const broadcast::BoardDrawing d = broadcast::board_drawing(g, broadcast::theme_layout_portrait(layout));
        INFO(info.id << " " << preset.id << " " << files << "x" << ranks << " " << layout);
        const ThemeRect title_safe = safe(theme, layout);
        const ThemeRect board = theme.element(layout, "board");
        const ThemeRect caption = theme.element(layout, "caption");
        const ThemeRect footer = theme.element(layout, "footer");
        const ThemeRect top = theme.element(layout, "top_bar");
        const ThemeRect framed_board = framed(drawn(d, board));
        const ThemeRect framed_compact = framed(drawn(d, theme.element(layout, "board_compact")));
        CHECK(inside(title_safe, framed_board));
        CHECK(inside(title_safe, framed_compact));
        for (const char* other : {"top_bar", "caption", "win_bar"}) {
          INFO("the board and " << other);
          CHECK_FALSE(overlaps(framed_board, theme.element(layout, other)));
        }
        for (const char* other : {"top_bar", "caption"}) {
          INFO("the small board and " << other);
          CHECK_FALSE(overlaps(framed_compact, theme.element(layout, other)));
        }
        CHECK_FALSE(overlaps(footer, caption));
        CHECK_FALSE(overlaps(footer, framed_board));
        if (broadcast::shown_by_default(director, broadcast::Element::kPlayers))
          for (const char* panel : {"panel1", "panel2"}) {
            INFO("the board and " << panel);
            CHECK_FALSE(overlaps(framed_board, theme.element(layout, panel)));
          }
        // The explainer, once per drawn shape (presets share boards; the every-square
        // sweep of the default presets is the first test case).
        const std::string shape = fmt::format("{} {}x{} {}", layout, d.columns, d.rows, d.on_points);
        if (!geometries_seen.insert(shape).second) continue;
        const bool players = broadcast::shown_by_default(director, broadcast::Element::kPlayers);
        for (int s = 0; s < files * ranks; ++s) {
          const int f = s % files, r = s / files;
          std::vector<int> others;
          if (f + 1 < files) others.push_back(s + 1);
          if (r + 1 < ranks) others.push_back(s + files);
          for (int k = 0; k < files; k += 2) others.push_back(r * files + k);
          for (int t : others)
            for (int lines : {1, 2, 4}) {
              const std::vector<engine::Square> involved{s, t};
              const auto rects = broadcast::explainer_lines(theme, layout, d, involved, lines);
              bool on_panel = false, split = false;
              for (std::size_t i = 0; i < rects.size(); ++i) {
                const ThemeRect& box = rects[i];
                INFO("squares " << s << "," << t << " lines " << lines << " line " << i << " box " << box.x << ","
                                << box.y << " " << box.w << "x" << box.h);
                CHECK(inside(title_safe, box));
                CHECK_FALSE(overlaps(box, caption));
                CHECK_FALSE(overlaps(box, top));
                CHECK_FALSE(overlaps(box, footer));
                on_panel = on_panel || overlaps(box, theme.element(layout, "panel1")) ||
                           overlaps(box, theme.element(layout, "panel2"));
                if (i > 0)
                  split = split || box.x != rects[i - 1].x ||
                          box.y != Approx(rects[i - 1].y + theme.metric("explainer.line_h") +
                                          theme.metric("explainer.line_gap"));
                for (engine::Square q : involved) CHECK_FALSE(overlaps(box, broadcast::board_square_box(d, board, q)));
              }
              if (players) {
                ++placed[lines];
                if (on_panel) ++on_panels[lines];
                if (split) ++splits[lines];
              }
            }
        }
      }
    }
  CHECK(presets > static_cast<int>(engine::all_games().size()));
  CHECK(geometries_seen.size() >= 6);
  // Never over a player panel: where the battle's squares leave no room for
  // the whole block, it splits (docs/director.md says how often).
  for (const auto& [lines, n] : placed)
    WARN(lines << " line(s): " << on_panels[lines] << " of " << n << " over a player panel, " << splits[lines]
               << " split");
  for (int lines : {1, 2, 4}) {
    INFO(lines << " line(s)");
    CHECK(placed[lines] > 1000);
    CHECK(on_panels[lines] == 0);
  }
  CHECK(splits[1] == 0);
  CHECK(splits[4] > 0);
}
