#include "broadcast/explainer_place.h"

#include "broadcast/piece_labels.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

namespace facedown::broadcast {

namespace {

bool overlaps(const ThemeRect& a, const ThemeRect& b) {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

bool inside(const ThemeRect& outer, const ThemeRect& r) {
  constexpr float kSlack = 0.5f;
  return r.x >= outer.x - kSlack && r.y >= outer.y - kSlack && r.x + r.w <= outer.x + outer.w + kSlack &&
         r.y + r.h <= outer.y + outer.h + kSlack;
}

ThemeRect intersect(const ThemeRect& a, const ThemeRect& b) {
  const float x = std::max(a.x, b.x), y = std::max(a.y, b.y);
  const float r = std::min(a.x + a.w, b.x + b.w), bot = std::min(a.y + a.h, b.y + b.h);
  return {x, y, std::max(0.0f, r - x), std::max(0.0f, bot - y)};
}

// The free place for a w x h box inside `area`, avoiding `avoid`, nearest to
// `pref`'s top-left; nullopt when there is none. Candidates: the preferred
// edges, the area's edges and the edges just beside each obstacle: a free
// place, if there is one, is found at such an edge on each axis.
// `soft` (may be null): rects it may cover, each one costing far more than any
// distance, so the place found covers the fewest of them (a crowded board's pieces).
std::optional<ThemeRect> nearest_free(const ThemeRect& area, const std::vector<ThemeRect>& avoid, const ThemeRect& pref,
                                      float w, float h, const std::vector<ThemeRect>* soft = nullptr) {
  constexpr float kGap = 8;
  // A narrower box prefers the middle of the preferred place.
  const float px = pref.x + (pref.w - w) / 2;
  std::vector<float> xs{px, area.x, area.x + area.w - w, area.x + (area.w - w) / 2};
  std::vector<float> ys{pref.y, area.y, area.y + area.h - h};
  const auto edges = [&](const ThemeRect& r) {
    xs.push_back(r.x - w - kGap);
    xs.push_back(r.x + r.w + kGap);
    ys.push_back(r.y - h - kGap);
    ys.push_back(r.y + r.h + kGap);
  };
  for (const ThemeRect& r : avoid) edges(r);
  if (soft)
    for (const ThemeRect& r : *soft) edges(r);
  std::optional<ThemeRect> best;
  float best_cost = std::numeric_limits<float>::max();
  for (float x : xs)
    for (float y : ys) {
      const ThemeRect c{x, y, w, h};
      if (!inside(area, c)) continue;
      if (std::any_of(avoid.begin(), avoid.end(), [&](const ThemeRect& r) { return overlaps(c, r); })) continue;
      // Moving up or down keeps the lines where the eye expects them; sideways costs more.
      float cost = std::fabs(y - pref.y) + 2 * std::fabs(x - px);
      if (soft)
        for (const ThemeRect& r : *soft)
          if (overlaps(c, r)) cost += 1e5f;
      if (cost < best_cost) best_cost = cost, best = c;
    }
  return best;
}

}  // namespace

ThemeRect board_square_box(const BoardDrawing& d, const ThemeRect& space, engine::Square s) {
  if (d.columns <= 0 || d.rows <= 0 || s < 0 || static_cast<std::size_t>(s) >= d.cells.size()) return {};
  const float cell = std::min(space.w / static_cast<float>(d.columns), space.h / static_cast<float>(d.rows));
  const float x0 = space.x + (space.w - cell * static_cast<float>(d.columns)) / 2;
  const float y0 = space.y + (space.h - cell * static_cast<float>(d.rows)) / 2;
  const CellPoint p = d.cells[static_cast<std::size_t>(s)];
  return {x0 + p.x * cell, y0 + p.y * cell, cell, cell};
}

std::vector<engine::Square> involved_squares(const OnAirModel& m) {
  std::vector<engine::Square> out;
  auto add = [&](std::optional<engine::Square> s) {
    if (s && *s != engine::kNoSquare && std::find(out.begin(), out.end(), *s) == out.end()) out.push_back(*s);
  };
  if (!m.battle) return out;
  for (const Fighter& f : m.battle->fighters) add(f.square);
  add(m.last_from);
  add(m.last_to);
  return out;
}

std::vector<engine::Square> occupied_squares(const OnAirModel& m) {
  std::vector<engine::Square> out;
  for (std::size_t s = 0; s < m.board.size(); ++s)
    if (m.board[s]) out.push_back(static_cast<engine::Square>(s));
  return out;
}

std::vector<ThemeRect> explainer_lines(const Theme& theme, std::string_view layout, const BoardDrawing& drawing,
                                       const std::vector<engine::Square>& involved, int lines,
                                       const std::vector<engine::Square>& pieces, const std::vector<float>& widths) {
  const int n = std::clamp(lines, 1, kExplainerMaxLines);
  const ThemeRect pref = theme.element(layout, "explainer");
  const ThemeRect board = theme.element(layout, "board");
  const ThemeRect safe = theme.safe_area(layout);
  // A line's box and the gap to the next are the theme's (metrics.explainer), as both painters draw them.
  const float line_h = theme.metric("explainer.line_h"), gap = theme.metric("explainer.line_gap");
  // Line i's width (the theme's where none is given, never over it).
  const auto width_of = [&](std::size_t i) {
    return i < widths.size() && widths[i] > 0 ? std::min(widths[i], pref.w) : pref.w;
  };
  const auto block_h = [&](int k) { return static_cast<float>(k) * line_h + static_cast<float>(k - 1) * gap; };
  std::vector<ThemeRect> avoid;
  for (engine::Square s : involved) {
    const ThemeRect r = board_square_box(drawing, board, s);
    if (r.w <= 0) continue;
    avoid.push_back({r.x - kExplainerClearance, r.y - kExplainerClearance, r.w + 2 * kExplainerClearance,
                     r.h + 2 * kExplainerClearance});
  }
  // Every other piece, as drawn (its tile: the cell less metrics tile.inset_fraction),
  // so a line may sit in an empty rank between two ranks of pieces.
  std::vector<ThemeRect> tiles;
  const float inset = theme.metric("tile.inset_fraction");
  for (engine::Square s : pieces) {
    const ThemeRect r = board_square_box(drawing, board, s);
    if (r.w <= 0) continue;
    tiles.push_back({r.x + r.w * inset, r.y + r.h * inset, r.w * (1 - 2 * inset), r.h * (1 - 2 * inset)});
  }
  // The lower third and the seal footer keep their places; so do the banner
  // and the warning toast's place (a toast may come during a battle: it must
  // not cover the explanation) while there is room elsewhere; so do the
  // player panels and the win bar while there is room elsewhere, the
  // banner's place kept.
  avoid.push_back(theme.element(layout, "caption"));
  avoid.push_back(theme.element(layout, "footer"));
  // The players' name straps name the finalists under their faces where no
  // panel does (faces: elements.h name_straps_on; elsewhere they are not painted).
  if (layout == "faces") {
    avoid.push_back(theme.element(layout, "strap1"));
    avoid.push_back(theme.element(layout, "strap2"));
  }
  std::vector<ThemeRect> avoid_banner = avoid;
  for (const char* other : {"banner", "card"}) avoid_banner.push_back(theme.element(layout, other));
  std::vector<ThemeRect> avoid_all = avoid_banner;
  for (const char* other : {"panel1", "panel2", "win_bar"}) avoid_all.push_back(theme.element(layout, other));
  // Three or four lines rarely fit beside the banner's place over the board:
  // those keep off the panels first (they are on air; a toast may not come).
  std::vector<ThemeRect> avoid_beside = avoid;
  for (const char* other : {"panel1", "panel2", "win_bar", "toast"}) avoid_beside.push_back(theme.element(layout, other));
  // Beside the board: anywhere in the safe area below the scorebug.
  const ThemeRect top = theme.element(layout, "top_bar");
  const float below = top.y + top.h + 8;
  const ThemeRect rest{safe.x, below, safe.w, safe.y + safe.h - below};
  const ThemeRect over_board = intersect(board, safe);
  // `soft`: the pieces a crowded board leaves no place off (the fewest covered).
  const std::vector<ThemeRect>* soft = nullptr;
  const auto place = [&](float w, int k, const std::vector<ThemeRect>& a) -> std::optional<ThemeRect> {
    std::optional<ThemeRect> best;
    float best_cover = std::numeric_limits<float>::max();
    for (const ThemeRect* area : {&over_board, &rest}) {
      auto c = nearest_free(*area, a, pref, w, block_h(k), soft);
      if (!c) continue;
      if (!soft) return c;
      // Over pieces: the place covering the fewest, over the board or beside it.
      const float cover = static_cast<float>(std::count_if(soft->begin(), soft->end(), [&](const ThemeRect& r) { return overlaps(*c, r); }));
      if (cover < best_cover) best_cover = cover, best = c;
    }
    return best;
  };
  // The lines in groups of `sizes` (largest first: each group keeps off the
  // ones placed before it), read top to bottom; empty when one has no place.
  // A group is as wide as its widest line.
  const auto groups = [&](std::vector<int> sizes, const std::vector<ThemeRect>& a) -> std::vector<ThemeRect> {
    std::vector<ThemeRect> taken = a;
    std::vector<std::pair<ThemeRect, int>> placed;
    std::size_t first = 0;
    for (int k : sizes) {
      float w = 0;
      for (std::size_t i = first; i < first + static_cast<std::size_t>(k); ++i) w = std::max(w, width_of(i));
      first += static_cast<std::size_t>(k);
      const auto c = place(w, k, taken);
      if (!c) return {};
      placed.emplace_back(*c, k);
      taken.push_back(*c);
    }
    std::stable_sort(placed.begin(), placed.end(), [](const auto& l, const auto& r) {
      return l.first.y != r.first.y ? l.first.y < r.first.y : l.first.x < r.first.x;
    });
    std::vector<ThemeRect> out;
    for (const auto& [r, k] : placed)
      for (int i = 0; i < k; ++i) out.push_back({r.x, r.y + static_cast<float>(i) * (line_h + gap), r.w, line_h});
    return out;
  };
  // Each line explains one pair on its own, so where the battle's squares
  // leave no room for the whole block off the panels (two squares far apart
  // in one column, say), the block splits (halves, then single lines) before
  // it would cover a panel.
  const std::vector<int> whole{n}, halves{(n + 1) / 2, n / 2}, singles(static_cast<std::size_t>(n), 1);
  std::vector<std::pair<const std::vector<int>*, const std::vector<ThemeRect>*>> order{{&whole, &avoid_all}};
  if (n > 2) order.push_back({&whole, &avoid_beside});
  if (n > 1) order.push_back({&halves, &avoid_all});
  if (n > 2) order.insert(order.end(), {{&halves, &avoid_beside}, {&singles, &avoid_all}, {&singles, &avoid_beside}});
  // Then off the panels still, in the strip above the board the win bar yields
  // during a battle (portrait's narrow board leaves no room beside it).
  std::vector<ThemeRect> avoid_strip = avoid_banner;
  for (const char* other : {"panel1", "panel2"}) avoid_strip.push_back(theme.element(layout, other));
  order.push_back({&whole, &avoid_strip});
  if (n > 1) order.push_back({&halves, &avoid_strip});
  if (n > 2) order.push_back({&singles, &avoid_strip});
  order.insert(order.end(), {{&whole, &avoid_banner}, {&whole, &avoid}});
  // The board stays visible: first off every piece (and off the panels: the
  // orders above that keep off them, then the same block, halves and single
  // lines anywhere else off the panels, the strip above the board included,
  // which the win bar yields during a battle and a toast rarely needs); where
  // no place is off them all (a crowded board), the same orders at the places
  // covering the fewest pieces; only then over a panel.
  if (!tiles.empty()) {
    std::vector<ThemeRect> avoid_panels = avoid;
    for (const char* other : {"panel1", "panel2"}) avoid_panels.push_back(theme.element(layout, other));
    std::vector<std::pair<const std::vector<int>*, const std::vector<ThemeRect>*>> off_order;
    for (const auto& o : order)
      if (o.second == &avoid_all || o.second == &avoid_beside) off_order.push_back(o);
    off_order.push_back({&whole, &avoid_panels});
    if (n > 1) off_order.push_back({&halves, &avoid_panels});
    if (n > 2) off_order.push_back({&singles, &avoid_panels});
    for (const auto& [sizes, a] : off_order) {
      std::vector<ThemeRect> off_pieces = *a;
      off_pieces.insert(off_pieces.end(), tiles.begin(), tiles.end());
      if (auto out = groups(*sizes, off_pieces); !out.empty()) return out;
    }
    soft = &tiles;
    for (const auto& [sizes, a] : off_order)
      if (auto out = groups(*sizes, *a); !out.empty()) return out;
  }
  for (const auto& [sizes, a] : order)
    if (auto out = groups(*sizes, *a); !out.empty()) return out;
  // A theme whose explainer fits nowhere in its own safe area: the theme's place.
  std::vector<ThemeRect> out;
  for (int i = 0; i < n; ++i) out.push_back({pref.x, pref.y + static_cast<float>(i) * (line_h + gap), pref.w, line_h});
  return out;
}

std::vector<float> explainer_line_widths(const Theme& theme, std::string_view layout,
                                         const std::array<std::vector<std::string>, 2>& texts) {
  const float full = theme.element(layout, "explainer").w;
  const float size = theme.size("explainer");
  const float sides = 2 * (theme.metric("explainer.text_margin") + theme.metric("stroke.explainer"));
  std::vector<float> out(std::max(texts[0].size(), texts[1].size()), full / 3);
  for (const auto& lang : texts)
    for (std::size_t i = 0; i < lang.size(); ++i)
      out[i] = std::max(out[i], std::ceil(label_width_bound(lang[i], size) + sides));
  for (float& w : out) w = std::min(w, full);
  return out;
}

ThemeRect bounding_box(const std::vector<ThemeRect>& rects) {
  if (rects.empty()) return {};
  float x0 = rects.front().x, y0 = rects.front().y, x1 = x0 + rects.front().w, y1 = y0 + rects.front().h;
  for (const ThemeRect& r : rects) {
    x0 = std::min(x0, r.x), y0 = std::min(y0, r.y);
    x1 = std::max(x1, r.x + r.w), y1 = std::max(y1, r.y + r.h);
  }
  return {x0, y0, x1 - x0, y1 - y0};
}

ThemeRect explainer_box(const Theme& theme, std::string_view layout, const BoardDrawing& drawing,
                        const std::vector<engine::Square>& involved, int lines,
                        const std::vector<engine::Square>& pieces, const std::vector<float>& widths) {
  return bounding_box(explainer_lines(theme, layout, drawing, involved, lines, pieces, widths));
}

}  // namespace facedown::broadcast
