#include "overlay/overlay_draw.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <fmt/format.h>

#include "broadcast/elements.h"
#include "broadcast/explainer_place.h"
#include "broadcast/on_air_glyphs.h"
#include "broadcast/piece_labels.h"
#include "engine/registry.h"
#include "overlay/analysis_draw.h"
#include "overlay/canvas_pen.h"
#include "overlay/reveal_draw.h"

namespace facedown::overlay {

// [SECTION] Palette — no green anywhere: the default background is keyed out.
namespace {

ImU32 set_alpha(ImU32 c, int alpha) {
  return (c & ~IM_COL32_A_MASK) | (static_cast<ImU32>(std::clamp(alpha, 0, 255)) << IM_COL32_A_SHIFT);
}
ImU32 with_alpha(ImU32 c, float a) {
  const auto alpha = static_cast<unsigned>(std::clamp(a, 0.0f, 1.0f) * static_cast<float>((c >> IM_COL32_A_SHIFT) & 0xFF));
  return (c & ~IM_COL32_A_MASK) | (alpha << IM_COL32_A_SHIFT);
}

// The theme's palette as ImGui colours (feed/web/theme.json; the browser page
// reads the same keys). Opaque panels: anything translucent over chroma green
// picks up a green cast. Player 1 blue, player 2 red, as on the console.
struct Style {
  const broadcast::Theme& theme;
  ImU32 panel, panel_edge, board, grid, text, dim, gold, amber, red, minus, lake, p1, p2, p1_dark, p2_dark, shade,
      chip, chip_spent, draw, badge, outline, shadow;
  explicit Style(const broadcast::Theme& t)
      : theme(t), panel(c("panel")), panel_edge(c("panel_edge")), board(c("board")), grid(c("grid")), text(c("text")),
        dim(c("dim")), gold(c("gold")), amber(c("amber")), red(c("red")), minus(c("minus")), lake(c("lake")),
        p1(c("p1")), p2(c("p2")), p1_dark(c("p1_dark")), p2_dark(c("p2_dark")), shade(c("shade")), chip(c("chip")),
        chip_spent(c("chip_spent")), draw(c("draw")), badge(c("badge")), outline(c("outline")), shadow(c("shadow")) {}
  ImU32 c(std::string_view name) const { return colour(theme.colour(name)); }
  float size(std::string_view name) const { return theme.size(name); }
  float metric(std::string_view key) const { return theme.metric(key); }  // theme.json "metrics"
  // Line widths and corner radii (theme.json "metrics" stroke, radius), as the page's CSS reads them.
  float stroke(std::string_view k) const { return theme.metric(fmt::format("stroke.{}", k)); }
  float radius(std::string_view k) const { return theme.metric(fmt::format("radius.{}", k)); }
  ImU32 player(int p, int alpha = 255) const { return set_alpha(p == 1 ? p1 : p == 2 ? p2 : draw, alpha); }
  ImU32 player_dark(int p) const { return p == 1 ? p1_dark : p2_dark; }
  ImU32 clock(ClockLevel level) const {
    return level == ClockLevel::kDanger ? red : level == ClockLevel::kCaution ? amber : text;
  }
};

// [SECTION] Canvas drawing helpers: everything below works in canvas pixels.
// The canvas pen (canvas_pen.h: transform, fonts, the text rule) with the palette at hand.
struct Pen : CanvasPen {
  Style st;
  Pen(ImDrawList& d, const DrawOptions& opts) : CanvasPen(d, opts), st(theme) {}
};

// How a piece tile looks: face (a label) or back, with an owner colour.
struct TileLook {
  int owner = 0;
  std::optional<std::string> label;  // nullopt: back
  bool highlight = false;
  float glow = 1;  // the ring's share of alpha.glow: it fades in over the light-up (duration.light_up)
  float alpha = 1;
  float squash = 1;  // horizontal scale while flipping
  std::optional<std::string> tag;     // "BLIND", "=11"
  bool round = false;  // a stone or a piece on a point: a disc, not a tile
};

// Round pieces: a game on points (Gwangsanghui, janggi-style discs on the
// intersections) or of stones (Hidden Hasami). Stones look alike by design: the
// public rows never say which stone is the leader, so nothing here can either.
bool round_pieces(const OnAirModel& m) {
  return m.game && (m.game->geometry().on_points() || m.game->geometry().stones());
}

// A tile's tag badge ("BLIND", "=11"), centred on `bottom` (the piece's lowest
// point) and overlapping it by the theme's share of its height (metrics "tag",
// as the page's .tile .tag).
void draw_tag(const Pen& pen, const std::string& tag, Point bottom, float cell_h, float alpha) {
  const auto T = [&](std::string_view k) { return pen.st.metric(fmt::format("tag.{}", k)); };
  const float size = std::max(kMinTextSize, cell_h * T("size_fraction")), pad = T("pad_x");
  const Point m = pen.measure(tag, size);
  const float pad_y = T("pad_y");
  const Rect badge{bottom.x - m.x / 2 - pad, bottom.y - m.y * T("overlap_fraction"), m.x + 2 * pad, m.y + 2 * pad_y};
  pen.rect(badge, with_alpha(pen.st.badge, alpha), T("radius"));
  pen.frame(badge, with_alpha(pen.st.gold, alpha), T("stroke"), T("radius"));
  pen.text(tag, {badge.x + pad, badge.y + pad_y}, size, with_alpha(pen.st.gold, alpha));
}

// A piece's label centred on its face `r` (a tile, or a disc's bounding box):
// the theme's share of the cell, shrunk to kLabelRoomFraction of the face's
// width, never under 24 px (as the page's tile label, scene.js shrinkLabels).
void draw_label(const Pen& pen, const std::string& label, const Rect& r, float cell_h, float alpha) {
  float size = cell_h * pen.st.metric(is_number_token(label) ? "tile.number_label_fraction" : "tile.label_fraction");
  const float room = r.w * broadcast::kLabelRoomFraction;
  const Point m = pen.measure(label, size);
  if (m.x > room) size *= room / m.x;
  size = std::max(size, kMinTextSize);
  const Point fitted = pen.measure(label, size);
  pen.text(label, {r.centre().x, r.centre().y - fitted.y / 2}, size, with_alpha(pen.st.text, alpha), 0.5f);
}

void draw_disc(const Pen& pen, const Rect& cell, const TileLook& t) {
  const Point c = cell.centre();
  // The disc's face is a tile's (metrics tile.inset_fraction), as the page's
  // round tile: the labels were chosen to fit it (broadcast/piece_labels.h).
  const float rad = cell.w * (0.5f - pen.st.metric("tile.inset_fraction"));
  const float rx = rad * std::max(0.04f, t.squash);  // flipping squashes it across
  auto ellipse = [&](float rr, ImU32 col, bool filled, float thickness) {
    constexpr int kSegments = 40;
    ImVec2 pts[kSegments];
    for (int i = 0; i < kSegments; ++i) {
      const float a = 6.2831853f * static_cast<float>(i) / static_cast<float>(kSegments);
      pts[i] = pen.at({c.x + std::cos(a) * rr * rx / rad, c.y + std::sin(a) * rr});
    }
    if (filled) pen.dl.AddConvexPolyFilled(pts, kSegments, col);
    else pen.dl.AddPolyline(pts, kSegments, col, ImDrawFlags_Closed, pen.px(thickness));
  };
  // The battle's ring: from the cell, not squashed by the flip (as the page's .glow.round).
  if (t.highlight) {
    const float ring = cell.w * (0.5f - pen.st.metric("tile.glow_inset_fraction"));
    pen.dl.AddCircleFilled(pen.at(c), pen.px(ring), with_alpha(pen.st.gold, pen.st.metric("alpha.glow") * t.glow * t.alpha), 40);
  }
  if (t.label) {
    ellipse(rad, with_alpha(pen.st.player(t.owner), t.alpha), true, 0);
    ellipse(rad, with_alpha(pen.st.outline, t.alpha), false, pen.st.stroke("tile_face"));
    if (t.squash > 0.5f) draw_label(pen, *t.label, {c.x - rad, c.y - rad, 2 * rad, 2 * rad}, cell.h, t.alpha);
  } else {
    // A back: the same for every piece of an owner (a stone's role never shows).
    ellipse(rad, with_alpha(pen.st.player_dark(t.owner), t.alpha), true, 0);
    ellipse(rad, with_alpha(pen.st.player(t.owner), t.alpha), false, pen.st.stroke("tile_back"));
    ellipse(rad * pen.st.metric("tile.back_dot_fraction"), with_alpha(pen.st.player(t.owner), pen.st.metric("alpha.back_mark") * t.alpha), true, 0);
  }
  if (t.tag && t.squash > 0.5f) draw_tag(pen, *t.tag, {c.x, c.y + rad}, cell.h, t.alpha);
}

void draw_tile(const Pen& pen, const Rect& cell, const TileLook& t) {
  if (t.round) return draw_disc(pen, cell, t);
  Rect r = inset(cell, cell.w * pen.st.metric("tile.inset_fraction"));
  const float w = r.w * std::max(0.04f, t.squash);
  r = {r.centre().x - w / 2, r.y, w, r.h};
  const float round = cell.w * pen.st.radius("tile_fraction");
  // The battle's ring: from the cell, not squashed by the flip (as the page's .glow, metrics
  // tile.glow_inset_fraction and radius.glow_fraction).
  if (t.highlight)
    pen.rect(inset(cell, cell.w * pen.st.metric("tile.glow_inset_fraction")), with_alpha(pen.st.gold, pen.st.metric("alpha.glow") * t.glow * t.alpha),
             cell.w * pen.st.radius("glow_fraction"));
  if (t.label) {
    pen.rect(r, with_alpha(pen.st.player(t.owner), t.alpha), round);
    pen.frame(r, with_alpha(pen.st.outline, t.alpha), pen.st.stroke("tile_face"), round);
    if (t.squash > 0.5f) draw_label(pen, *t.label, r, cell.h, t.alpha);
  } else {
    pen.rect(r, with_alpha(pen.st.player_dark(t.owner), t.alpha), round);
    pen.frame(r, with_alpha(pen.st.player(t.owner), t.alpha), pen.st.stroke("tile_back"), round);
    // A back: a diamond, the same for every piece of an owner.
    const Point c = r.centre();
    const float d = std::min(r.w, r.h) * pen.st.metric("tile.back_mark_fraction");
    pen.dl.AddQuadFilled(pen.at({c.x, c.y - d}), pen.at({c.x + d, c.y}), pen.at({c.x, c.y + d}), pen.at({c.x - d, c.y}),
                         with_alpha(pen.st.player(t.owner), pen.st.metric("alpha.back_mark") * t.alpha));
  }
  if (t.tag && t.squash > 0.5f) draw_tag(pen, *t.tag, {r.centre().x, r.bottom()}, cell.h, t.alpha);
}

// The seal check's tick in its box (metrics footer.tick_*) from the check's box at (x, y): a
// stroke down to the elbow, then up to the far corner (the page's svg.tick, the same points).
std::array<Point, 3> seal_tick(const broadcast::Theme& th, float x, float y) {
  const float tx = x + th.metric("footer.tick_x"), ty = y + th.metric("footer.tick_y");
  const float w = th.metric("footer.tick_w"), h = th.metric("footer.tick_h");
  return {Point{tx, ty + h * th.metric("footer.tick_elbow_y_fraction")},
          Point{tx + w * th.metric("footer.tick_elbow_x_fraction"), ty + h}, Point{tx + w, ty}};
}

}  // namespace

std::array<float, 4> background_colour(Background b) {
  switch (b) {
    case Background::kChroma: return {0.0f, 177.0f / 255, 64.0f / 255, 1.0f};
    case Background::kTransparent: return {0, 0, 0, 0};
    case Background::kSolid: return {14.0f / 255, 18.0f / 255, 32.0f / 255, 1.0f};
  }
  return {0, 0, 0, 1};
}

bool needs_animation_frames(const broadcast::OnAirFrame& f, const DrawOptions& o) {
  return broadcast::frame_moves(f) || (o.replay && o.replay->playing);
}

OverlayLayout frame_layout(const OnAirFrame& f) {
  const std::string_view t = f.placements;
  const Orientation o = t == "faces" ? Orientation::kFaces : t == "portrait" ? Orientation::kPortrait : Orientation::kLandscape;
  return layout_overlay(f.theme->in_layout(t), o, f.model->game->geometry());
}

// [SECTION] Top bar: game, status, turn clock, move number.
void draw_top_bar(ImDrawList& dl, const OnAirFrame& f, const OverlayLayout& l, const DrawOptions& o) {
  const OnAirModel& m = *f.model;
  Pen pen{dl, o};
  const Rect& r = l.top_bar;
  pen.rect(r, pen.st.panel, pen.st.radius("panel"));
  pen.frame(r, pen.st.panel_edge, pen.st.stroke("panel_edge"), pen.st.radius("panel"));
  const std::string title = o.lang == Lang::kKo ? m.game_name_ko : m.game_name_en;
  const auto M = [&](std::string_view k) { return pen.st.metric(fmt::format("scorebug.{}", k)); };
  pen.text(title, {r.x + M("pad_x"), r.y + M("title_y")}, pen.st.size("title"), pen.st.text, 0, M("title_w"));
  // The preset's id (genius-2015) is for the desk, never on air: the game's name is the title.

  const ClockShown& c = f.clock.shown;
  const Point mid = r.centre();
  if (c.visible) {
    const ImU32 col = c.running ? pen.st.clock(c.level) : pen.st.dim;
    if (c.level != ClockLevel::kCalm && c.running) {
      Rect glow{mid.x - M("clock_glow_w") / 2, r.y + M("clock_glow_inset"), M("clock_glow_w"), r.h - 2 * M("clock_glow_inset")};
      pen.rect(glow, with_alpha(col, pen.st.metric("alpha.clock_glow")), pen.st.radius("glow"));
    }
    pen.text(f.clock.text, {mid.x, r.y + M("clock_y")}, pen.st.size("clock"), col, 0.5f);
    // Whose turn, in their colour, beside the clock.
    const int mover = std::clamp(f.clock.to_move, 1, 2);
    const std::string& who = m.players[static_cast<std::size_t>(mover - 1)];
    pen.rect({mid.x + M("mover_bar_x"), r.y + M("mover_bar_y"), M("mover_bar_w"), M("mover_bar_h")}, pen.st.player(mover), pen.st.radius("mover_bar"));
    pen.text(who, {mid.x + M("mover_x"), r.y + M("mover_y")}, pen.st.size("mover"), pen.st.text, 0, M("mover_w"));
    if (c.next_warning > 0 && !c.counts_down)
      pen.text(fmt::format("{} {}", phrase(o.lang, Phrase::kWarning), f.clock.next_warning_text),
               {mid.x - M("next_warning_x"), r.y + M("next_warning_y")}, pen.st.size("next_warning"), pen.st.clock(c.level), 1,
               M("next_warning_w"));
  }
  if (f.status_text && !m.result) pen.text(f.status_text->in(o.lang), {mid.x, r.y + M(c.visible ? "status_y" : "status_alone_y")}, pen.st.size(c.visible ? "status" : "status_alone"), pen.st.gold, 0.5f);
  pen.text(fmt::format("{} {}", phrase(o.lang, Phrase::kMove), m.ply), {r.right() - M("pad_x"), r.y + M("ply_y")}, pen.st.size("ply"), pen.st.text, 1);
}

// Each player's name strap under their face (faces: no panel names them; the
// frame says when, broadcast::name_straps_on): their colour's bar and name.
void draw_straps(ImDrawList& dl, const OnAirFrame& f, const OverlayLayout& l, const DrawOptions& o) {
  Pen pen{dl, o};
  const auto M = [&](std::string_view k) { return pen.st.metric(fmt::format("scorebug.{}", k)); };
  for (int p = 1; p <= 2; ++p) {
    const Rect& r = l.straps[static_cast<std::size_t>(p - 1)];
    pen.rect(r, pen.st.panel, pen.st.radius("panel"));
    pen.frame(r, pen.st.panel_edge, pen.st.stroke("panel_edge"), pen.st.radius("panel"));
    pen.rect({r.x, r.y, M("strap_bar_w"), r.h}, pen.st.player(p), pen.st.radius("mover_bar"));
    pen.text(f.model->players[static_cast<std::size_t>(p - 1)], {r.x + M("strap_name_x"), r.y + M("strap_name_y")},
             pen.st.size("player_name"), pen.st.text, 0, r.w - M("strap_name_x") - M("pad_x"));
  }
}

// [SECTION] Board: terrain, territories, minus lines, pieces, last move.
void draw_board(ImDrawList& dl, const OnAirFrame& f, const OverlayLayout& l, const DrawOptions& o) {
  paint_board(dl, *f.model, f.board_labels, f.in_battle, l, o);
}

void paint_board(ImDrawList& dl, const OnAirModel& m, const std::vector<std::optional<broadcast::Both>>& labels,
                 const std::vector<char>& in_battle, const OverlayLayout& l, const DrawOptions& o) {
  if (!m.game) return;
  Pen pen{dl, o};
  const engine::Geometry& g = m.game->geometry();
  const BoardLayout& b = l.board;
  const auto M = [&](std::string_view k) { return pen.st.metric(fmt::format("board.{}", k)); };
  pen.rect(inset(b.rect(), -M("margin")), pen.st.board, pen.st.radius("board"));
  const bool round = round_pieces(m);
  const broadcast::BoardDrawing& d = l.drawing;
  for (engine::Square s = 0; s < g.size(); ++s) {
    const Rect cell = b.square_rect(s);
    const int owner = m.game->setup_owner(s);
    if (owner) pen.rect(inset(cell, M("territory_inset")), with_alpha(pen.st.player(owner), pen.st.metric("alpha.territory")));
    // Palaces are drawn by the drawing's lines below, not per cell.
    const std::uint8_t t = g.terrain(s);
    if (t & engine::kLake) pen.rect(inset(cell, M("lake_inset")), pen.st.lake, pen.st.radius("lake"));
    // A camp's ring inside the mark inset (the stroke inside it, as the page's border).
    if (t & engine::kCamp)
      dl.AddCircle(pen.at(cell.centre()), pen.px(cell.w / 2 - M("mark_inset") - pen.st.stroke("terrain") / 2), pen.st.dim, 32,
                   pen.px(pen.st.stroke("terrain")));
    if (t & engine::kHeadquarters) pen.frame(inset(cell, M("mark_inset")), pen.st.gold, pen.st.stroke("terrain"), pen.st.radius("headquarters"));
  }
  // The lines are broadcast/'s (board_drawing.h): only their look is decided here.
  for (const broadcast::CellBox& f : d.palace_fills) pen.rect(b.box(f), with_alpha(pen.st.dim, pen.st.metric("alpha.palace_fill")));
  for (const broadcast::BoardLine& line : d.lines) {
    const Point a = b.at(line.a), z = b.at(line.b);
    switch (line.kind) {
      case broadcast::BoardLineKind::kEdge: pen.line(a, z, pen.st.grid, pen.st.stroke("edge")); break;
      case broadcast::BoardLineKind::kGrid: pen.line(a, z, pen.st.grid, pen.st.stroke(d.on_points ? "points" : "grid")); break;
      case broadcast::BoardLineKind::kPalace:
        pen.line(a, z, d.on_points ? pen.st.grid : with_alpha(pen.st.dim, pen.st.metric("alpha.palace_line")), pen.st.stroke(d.on_points ? "points" : "grid"));
        break;
      case broadcast::BoardLineKind::kMinus: pen.line(a, z, pen.st.minus, pen.st.stroke("minus")); break;
    }
  }
  // A minus sign at the middle of each minus-line segment.
  for (const broadcast::CellPoint& mc : d.minus_signs) {
    const Point c = b.at(mc);
    const float half = b.cell() * M("minus_half_fraction"), thick = b.cell() * M("minus_thick_fraction");
    const float pad = M("minus_badge_pad");  // the badge around the sign (the page's outline)
    pen.rect({c.x - half - pad, c.y - thick / 2 - pad, 2 * half + 2 * pad, thick + 2 * pad}, set_alpha(pen.st.badge, 255),
             pen.st.radius("minus_badge"));
    pen.rect({c.x - half, c.y - thick / 2, 2 * half, thick}, pen.st.minus, pen.st.radius("minus"));
  }
  if (m.last_from && *m.last_from != engine::kNoSquare)
    pen.frame(inset(b.square_rect(*m.last_from), M("last_from_inset")), with_alpha(pen.st.gold, pen.st.metric("alpha.last_from")), pen.st.stroke("last_from"), pen.st.radius("last_from"));
  for (engine::Square s = 0; s < g.size(); ++s) {
    const auto i = static_cast<std::size_t>(s);
    const auto& p = m.board[i];
    if (!p) continue;
    if (i < in_battle.size() && in_battle[i]) continue;  // the battle draws it
    TileLook look;
    look.owner = p->owner;
    look.round = round;
    if (i < labels.size() && labels[i]) look.label = labels[i]->in(o.lang);
    draw_tile(pen, b.square_rect(s), look);
  }
  if (m.last_to && *m.last_to != engine::kNoSquare)
    pen.frame(inset(b.square_rect(*m.last_to), M("last_to_inset")), pen.st.gold, pen.st.stroke("last_to"), pen.st.radius("last_to"));
}

// [SECTION] Battle animation.
void draw_battle(ImDrawList& dl, const OnAirFrame& fr, const OverlayLayout& l, const DrawOptions& o) {
  if (!fr.battle || !fr.moment.animating()) return;
  const OnAirModel& m = *fr.model;
  const broadcast::FrameBattle& fb = *fr.battle;
  const BattleTiming& timing = fr.timing;
  Pen pen{dl, o};
  const double t = fr.moment.elapsed;
  const float light = static_cast<float>(std::min(1.0, t / kLightUpEnd));
  for (std::size_t i = 0; i < m.battle->fighters.size(); ++i) {
    const Fighter& f = m.battle->fighters[i];
    if (f.square == engine::kNoSquare) continue;
    const auto& label = fb.fighter_labels[i];
    TileLook look;
    look.owner = f.owner;
    look.round = round_pieces(m);
    look.highlight = light > 0.05f;
    look.glow = light;  // as the page's ring: from 0 to full over the light-up
    if (f.was_face_up && label) {
      // Known before the battle: it lights up and (if it lost) fades, no flip.
      look.label = label->in(o.lang);
      if (f.removed && t >= timing.explain_seconds) look.alpha = static_cast<float>(1.0 - (t - timing.explain_seconds) / kFadeSeconds);
    } else if (t < kLightUpEnd) {
      look.label.reset();  // still face down as it was before the battle
    } else if (t < kFlipEnd) {
      const double u = (t - kLightUpEnd) / (kFlipEnd - kLightUpEnd);
      look.squash = static_cast<float>(std::fabs(std::cos(u * 3.14159265358979)));
      if (u >= 0.5 && label) look.label = label->in(o.lang);
      if (u >= 0.5 && fb.fighter_tags[i]) look.tag = fb.fighter_tags[i]->in(o.lang);
    } else {
      if (label) look.label = label->in(o.lang);
      if (fb.fighter_tags[i]) look.tag = fb.fighter_tags[i]->in(o.lang);
      if (f.removed && t >= timing.explain_seconds) look.alpha = static_cast<float>(1.0 - (t - timing.explain_seconds) / kFadeSeconds);
    }
    if (f.value && f.token && is_number_token(*f.token) && std::to_string(*f.value) != *f.token && t >= kFlipEnd)
      look.tag = fmt::format("={}", *f.value);
    draw_tile(pen, l.board.square_rect(f.square), look);
  }
  // The explainer, once the pieces are face up: what decided each pair.
  if (t < kFlipEnd || !o.explainer) return;
  const auto& lines = fb.lines[o.lang == Lang::kKo ? 1 : 0];
  // Where it goes is broadcast's call (beside the battle's squares, never over them).
  const auto found = fb.line_boxes.find(fr.placements);
  if (found == fb.line_boxes.end()) return;
  const auto& places = found->second;
  for (std::size_t i = 0; i < lines.size() && i < places.size(); ++i) {
    const Rect box = to_rect(places[i]);
    pen.rect(box, pen.st.shade, pen.st.radius("explainer"));
    pen.frame(box, pen.st.gold, pen.st.stroke("explainer"), pen.st.radius("explainer"));
    // Centred in its line (as the page's line box), inside the text margin each side.
    pen.text(lines[i], {box.centre().x, box.y + (box.h - pen.st.size("explainer")) / 2}, pen.st.size("explainer"), pen.st.text,
             0.5f, box.w - 2 * pen.st.metric("explainer.text_margin"));
  }
}

// [SECTION] Player panels: name, turn marker, warnings, items, removed pieces.
void draw_player_panel(ImDrawList& dl, const OnAirFrame& f, int player, const OverlayLayout& l, const DrawOptions& o) {
  const OnAirModel& m = *f.model;
  Pen pen{dl, o};
  const auto pi = static_cast<std::size_t>(player - 1);
  const broadcast::FramePlayer& fp = f.players[pi];
  const Rect& r = l.panels[pi];
  pen.rect(r, pen.st.panel, pen.st.radius("panel"));
  const bool to_move = fp.to_move;
  pen.frame(r, to_move ? pen.st.gold : pen.st.panel_edge, pen.st.stroke(to_move ? "to_move" : "panel_edge"), pen.st.radius("panel"));
  const auto M = [&](std::string_view k) { return pen.st.metric(fmt::format("panel.{}", k)); };
  const float pad = M("pad_x");
  Rect head{r.x, r.y, r.w, M("head_h")};
  pen.rect(head, pen.st.player(player), pen.st.radius("panel"));
  pen.text(m.players[pi], {r.x + pad, r.y + M("name_y")}, pen.st.size("player_name"), pen.st.text, 0, r.w - 2 * pad);
  float y = head.bottom() + M("head_gap");
  if (to_move) {
    pen.text(phrase(o.lang, Phrase::kToMove), {r.x + pad, y}, pen.st.size("panel_label"), pen.st.gold);
  }
  y += M("to_move_row");

  // Warnings: one card per warning, out of the number that disqualifies.
  pen.text(phrase(o.lang, Phrase::kWarnings), {r.x + pad, y}, pen.st.size("panel_label"), pen.st.dim);
  const int cards = std::max(m.warnings_to_dq, m.warnings[pi]);
  for (int i = 0; i < cards; ++i) {
    Rect card{r.right() - pad - static_cast<float>(cards - i) * M("card_step"), y + M("card_y"), M("card_w"), M("card_h")};
    if (i < m.warnings[pi]) pen.rect(card, m.warnings[pi] >= m.warnings_to_dq && m.warnings_to_dq > 0 ? pen.st.red : pen.st.gold, pen.st.radius("warning_card"));
    else pen.frame(card, pen.st.dim, pen.st.stroke("warning_card"), pen.st.radius("warning_card"));
  }
  y += M("warnings_row");

  if (m.has_counters) {
    pen.text(phrase(o.lang, Phrase::kItems), {r.x + pad, y}, pen.st.size("panel_label"), pen.st.dim);
    y += M("items_row");
    const float chip_pad = M("chip_pad_x");
    const float name_share = M("chip_name_fraction");  // the name's share of the chip; the used count has the rest
    // One row per counter, so a Korean name is legible (at least 24 px) in full.
    const std::size_t rows = f.counter_names.size();
    for (std::size_t k = 0; k < rows; ++k) {
      Rect chip{r.x + pad, y + static_cast<float>(k) * M("chip_step"), r.w - 2 * pad, M("chip_h")};
      const int left = k < m.counters_left[pi].size() ? m.counters_left[pi][k] : 0;
      const int used = k < fp.counters_used.size() ? fp.counters_used[k] : 0;
      pen.rect(chip, left > 0 ? pen.st.chip : pen.st.chip_spent, pen.st.radius("chip"));
      pen.text(f.counter_names[k].in(o.lang), {chip.x + chip_pad, chip.y + M("chip_name_y")}, pen.st.size("chip_name"), left > 0 ? pen.st.text : pen.st.dim, 0, chip.w * name_share);
      pen.text(fmt::format("{}", left), {chip.right() - chip_pad, chip.y + M("chip_left_y")}, pen.st.size("chip_left"), left > 0 ? pen.st.gold : pen.st.dim, 1);
      if (used > 0) pen.text(fmt::format("{} {}", phrase(o.lang, Phrase::kItemsUsed), used), {chip.right() - M("chip_used_x"), chip.y + M("chip_used_y")}, pen.st.size("chip_used"), pen.st.dim, 1, chip.w * (1 - name_share) - M("chip_used_inset"));
    }
    y += static_cast<float>(rows) * M("chip_step") + M("chips_gap");
  }

  pen.text(phrase(o.lang, Phrase::kRemoved), {r.x + pad, y}, pen.st.size("panel_label"), pen.st.dim);
  // The pieces this battle removes join the tray only once they have faded;
  // the tiles' region and size are the frame's (smaller when many are out).
  const std::size_t shown = fp.tray_shown;
  const broadcast::FrameParts& parts = f.here();
  const Rect box = to_rect(parts.tray_box[pi]);
  const float tile = parts.tile_now[pi][o.lang == Lang::kKo ? 1 : 0];
  const int per_row = std::max(1, static_cast<int>(box.w / tile));
  for (std::size_t i = 0; i < shown && i < fp.removed_labels.size(); ++i) {
    const int row = static_cast<int>(i) / per_row, col = static_cast<int>(i) % per_row;
    Rect cell{box.x + static_cast<float>(col) * tile, box.y + static_cast<float>(row) * tile, tile, tile};
    if (cell.bottom() > box.bottom()) break;
    TileLook look;
    look.owner = player;
    look.round = round_pieces(m);
    if (fp.removed_labels[i]) look.label = fp.removed_labels[i]->in(o.lang);
    look.alpha = pen.st.metric("alpha.tray");
    draw_tile(pen, cell, look);
  }
}

// [SECTION] Caption: the director's text on air (`caption "text"`), a lower third.
void draw_caption(ImDrawList& dl, const OnAirFrame& f, const OverlayLayout& l, const DrawOptions& o) {
  const OnAirModel& m = *f.model;
  if (!m.caption) return;
  Pen pen{dl, o};
  // Over the bottom of the board only, never over a player's panel (the theme's "caption").
  const Rect& box = l.caption;
  pen.rect(box, pen.st.shade, pen.st.radius("caption"));
  pen.rect({box.x, box.y, pen.st.metric("caption.bar_w"), box.h}, pen.st.gold, pen.st.radius("caption_bar"));
  pen.text(*m.caption, {box.centre().x, box.y + (box.h - pen.st.size("caption")) / 2}, pen.st.size("caption"), pen.st.text, 0.5f,
           box.w - 2 * pen.st.metric("caption.text_margin"));
}

// [SECTION] Banner: the result, a pause, a fresh warning.
void draw_banner(ImDrawList& dl, const OnAirFrame& f, const OverlayLayout& l, const DrawOptions& o) {
  const OnAirModel& m = *f.model;
  Pen pen{dl, o};
  const Rect& r = l.banner;
  const auto M = [&](std::string_view k) { return pen.st.metric(fmt::format("banner.{}", k)); };
  const float margin = 2 * M("text_margin");
  // The pause's and standby's card and the warning's toast have places of their own
  // (the theme's "card" and "toast": the toast off the board's rows).
  const Rect& card = l.card;
  const Rect& toast = l.toast;
  // Which banner is the frame's (on_air_rules.h decides it in frame_at).
  switch (f.banner) {
    case Banner::kNone:
      return;
    case Banner::kResult: {
      if (!f.result) return;
      const float shadow = pen.st.stroke("shadow");
      pen.rect(inset(r, -shadow), pen.st.shadow, pen.st.radius("result") + shadow);
      // The winner's colour, whoever the headline names (a disqualification names the loser).
      pen.rect(r, pen.st.c(f.result->colour), pen.st.radius("result"));
      pen.frame(r, pen.st.gold, pen.st.stroke("result"), pen.st.radius("result"));
      pen.text(f.result->headline.in(o.lang), {r.centre().x, r.y + M("result_headline_y")}, pen.st.size("result_headline"), pen.st.text, 0.5f, r.w - margin);
      // What happened, with names, in the screen's language (the game's words).
      pen.text(f.result->sentence.in(o.lang), {r.centre().x, r.y + M("result_sentence_y")}, pen.st.size("result_sentence"), pen.st.text, 0.5f, r.w - margin);
      return;
    }
    case Banner::kStandby: {
      const Rect& p = card;
      pen.rect(p, pen.st.shade, pen.st.radius("card"));
      pen.frame(p, pen.st.dim, pen.st.stroke("card"), pen.st.radius("card"));
      pen.text(phrase(o.lang, Phrase::kStandby), {p.centre().x, p.y + M("card_headline_y")}, pen.st.size("card_headline"), pen.st.text, 0.5f, p.w - margin);
      pen.text(phrase(o.lang, Phrase::kDeskReconnecting), {p.centre().x, p.y + M("card_sentence_y")}, pen.st.size("card_sentence"), pen.st.dim, 0.5f, p.w - margin);
      return;
    }
    case Banner::kPaused: {
      const Rect& p = card;
      pen.rect(p, pen.st.shade, pen.st.radius("card"));
      pen.frame(p, pen.st.amber, pen.st.stroke("card"), pen.st.radius("card"));
      pen.text(phrase(o.lang, Phrase::kPaused), {p.centre().x, p.y + M("card_headline_y")}, pen.st.size("card_headline"), pen.st.amber, 0.5f, p.w - margin);
      pen.text(m.pause_reason, {p.centre().x, p.y + M("card_sentence_y")}, pen.st.size("card_sentence"), pen.st.text, 0.5f, p.w - margin);
      return;
    }
    case Banner::kWarning: {
      if (!f.warning) return;
      const broadcast::FrameWarning& w = *f.warning;
      const Rect& p = toast;
      pen.rect(p, pen.st.shade, pen.st.radius("toast"));
      pen.frame(p, pen.st.gold, pen.st.stroke("card"), pen.st.radius("toast"));
      pen.rect({p.x + M("toast_card_x"), p.y + M("toast_card_y"), M("toast_card_w"), M("toast_card_h")}, pen.st.gold, pen.st.radius("toast_card"));
      pen.text(w.line.in(o.lang), {p.x + M("toast_text_x"), p.y + M("toast_line_y")}, pen.st.size("warning_line"), pen.st.text, 0, p.w - M("toast_text_x") - M("text_margin"));
      // What the warning says, in the screen's language (the referee's words stay at the desk).
      pen.text(w.text.in(o.lang), {p.x + M("toast_text_x"), p.y + M("toast_text_y")}, pen.st.size("warning_text"), pen.st.dim, 0, p.w - M("toast_text_x") - M("text_margin"));
      return;
    }
  }
}

// [SECTION] Footer: sealed-setup commitments and the replay position.
void draw_footer(ImDrawList& dl, const OnAirFrame& f, const OverlayLayout& l, const DrawOptions& o) {
  const OnAirModel& m = *f.model;
  Pen pen{dl, o};
  const Rect& r = l.footer;
  const bool any = m.commitments[0] || m.commitments[1];
  if (!any && !o.replay) return;
  pen.rect(r, pen.st.panel, pen.st.radius("footer"));
  pen.frame(r, pen.st.panel_edge, pen.st.stroke("footer"), pen.st.radius("footer"));
  const auto M = [&](std::string_view k) { return pen.st.metric(fmt::format("footer.{}", k)); };
  float x = r.x + M("pad_x");
  if (any) {
    pen.text(phrase(o.lang, Phrase::kSealedSetups), {x, r.y + M("seal_title_y")}, pen.st.size("seal_title"), pen.st.dim);
    x += M("seal_title_w");
    for (int p = 0; p < 2; ++p) {
      const auto& c = m.commitments[static_cast<std::size_t>(p)];
      if (!c) continue;
      pen.rect({x, r.y + M("seal_bar_y"), M("seal_bar_w"), M("seal_bar_h")}, pen.st.player(p + 1), pen.st.radius("seal_bar"));
      // The hash shrinks into its box, which ends before the check's (the "…" never touches the tick).
      pen.text(broadcast::seal_hash_text(c->hash), {x + M("seal_hash_x"), r.y + M("seal_hash_y")}, pen.st.size("seal_hash"), pen.st.text, 0,
               M("seal_hash_w"));
      if (c->verified) {
        const bool ok = *c->verified;
        const float cx = x + M("seal_check_x"), ty = r.y + M("seal_check_y"), tick = pen.st.stroke("seal_tick");
        if (ok) {  // a drawn tick: NanumGothic has no U+2713; it moves with the check's text (the page's svg.tick)
          const std::array<Point, 3> t = seal_tick(pen.st.theme, cx, ty);
          pen.line(t[0], t[1], pen.st.gold, tick);
          pen.line(t[1], t[2], pen.st.gold, tick);
        }
        pen.text(phrase(o.lang, ok ? Phrase::kVerified : Phrase::kMismatch), {cx + M("seal_check_pad"), r.y + M("seal_check_y")},
                 pen.st.size("seal_check"), ok ? pen.st.gold : pen.st.red, 0, M("seal_check_w") - M("seal_check_pad"));
        x += M("seal_check_step");
      }
      x += M("seal_step");
    }
  }
  if (o.replay) {
    const ReplayInfo& rp = *o.replay;
    const std::string s = fmt::format("{} {} {}/{}  \xC3\x97{}", rp.playing ? "\xE2\x96\xB6" : "||",
                                      phrase(o.lang, Phrase::kReplay), rp.position, rp.total, rp.speed);
    pen.text(s, {r.right() - M("pad_x"), r.y + M("replay_y")}, pen.st.size("replay"), pen.st.gold, 1);
  }
}

// [SECTION] Slate: the title card (the game's name, both finalists).
void draw_slate(ImDrawList& dl, const OnAirFrame& f, const OverlayLayout& l, const DrawOptions& o) {
  const OnAirModel& m = *f.model;
  Pen pen{dl, o};
  const Rect& r = l.slate;
  const float shadow = pen.st.stroke("shadow"), round = pen.st.radius("card_large");
  pen.rect(inset(r, -shadow), pen.st.shadow, round + shadow);
  pen.rect(r, pen.st.panel, round);
  pen.frame(r, pen.st.gold, pen.st.stroke("card"), round);
  const std::string& title = o.lang == Lang::kKo ? m.game_name_ko : m.game_name_en;
  const float title_x = pen.st.metric("slate.title_x");
  pen.text(title, {r.centre().x, r.y + pen.st.metric("slate.title_y")}, pen.st.size("card_headline"), pen.st.gold, 0.5f,
           r.w - 2 * title_x);
  const float bar_w = r.w * pen.st.metric("slate.bar_w_fraction");
  for (int p = 1; p <= 2; ++p) {
    const float x = p == 1 ? r.x + r.w * 0.25f : r.x + r.w * 0.75f;  // each player's half, centred
    pen.rect({x - bar_w / 2, r.y + pen.st.metric("slate.bar_y"), bar_w, pen.st.metric("slate.bar_h")}, pen.st.player(p), pen.st.radius("slate_bar"));
    pen.text(m.players[static_cast<std::size_t>(p - 1)], {x, r.y + pen.st.metric("slate.name_y")}, pen.st.size("player_name"),
             pen.st.text, 0.5f, bar_w);
  }
}

void draw_overlay(ImDrawList& dl, const OnAirFrame& f, const DrawOptions& o_in) {
  // The frame's look and layout: every part reads the frame's theme and placements.
  DrawOptions o = o_in;
  // The layout's own metrics (a narrow canvas rearranges the scorebug) and its canvas fitted into the output.
  o.theme = &f.theme->in_layout(f.placements);
  o.transform = refit(o_in.transform, f.theme->canvas(f.placements));
  if (!f.opened()) {
    Pen pen{dl, o};
    const Rect box = to_rect(f.theme->element(f.placements, "waiting"));
    pen.rect(box, pen.st.panel, pen.st.radius("card_large"));
    // Neutral words on air: the store's path is for the logs only.
    pen.text(phrase(o.lang, Phrase::kWaitingForMatch),
             {box.centre().x, box.y + (box.h - pen.st.size("waiting")) / 2}, pen.st.size("waiting"), pen.st.text, 0.5f,
             box.w - 2 * pen.st.metric("banner.text_margin"));
    return;
  }
  const OverlayLayout l = frame_layout(f);
  using broadcast::Element;
  // An element on air, and asked for (o.only: a fade draws one element alone).
  const auto on = [&](Element e) { return f[e].on && (!o.only || (*o.only)[static_cast<std::size_t>(e)]); };
  if (on(Element::kScorebug)) draw_top_bar(dl, f, l, o);
  if (f.straps && on(Element::kScorebug)) draw_straps(dl, f, l, o);
  if (on(Element::kPlayers)) {
    draw_player_panel(dl, f, 1, l, o);
    draw_player_panel(dl, f, 2, l, o);
  }
  if (on(Element::kBoard)) {
    draw_board(dl, f, l, o);
    DrawOptions battle = o;
    battle.explainer = on(Element::kExplainer);
    draw_battle(dl, f, l, battle);
  }
  if (on(Element::kBoardCompact)) {
    // The same board, small, beside a camera shot, with the pieces as the frame
    // has them (no battle animation, as the page's; the explainer stays with the full board).
    OverlayLayout small = l;
    small.board_space = l.board_compact_space;
    small.board = l.board_compact;
    paint_board(dl, *f.model, f.board_labels, {}, small, o);
  }
  if (on(Element::kSlate)) draw_slate(dl, f, l, o);
  // The banner on air, in its element (frame_at names it; the scorebug's goes with the scorebug).
  if (f.banner_element && f[*f.banner_element].cued &&
      (!o.only || (*o.only)[static_cast<std::size_t>(*f.banner_element)]))
    draw_banner(dl, f, l, o);
  if (on(Element::kCaption)) draw_caption(dl, f, l, o);
  if (on(Element::kBoard)) draw_footer(dl, f, l, o);
  // Both setups after `close` (overlay/reveal_draw.h); the analysis lies over it, as on the page.
  if (on(Element::kReveal)) draw_reveal(dl, f, l, o);
  // The deduction lies on whichever board is on air (the frame's deduction placement).
  OverlayLayout analysed = l;
  if (f.deduction == "board") analysed.deduction = l.board;
  else if (f.deduction == "board_compact") analysed.deduction = l.board_compact;
  draw_analysis(dl, f, analysed, o, on(Element::kDeduction), on(Element::kWinBar),
                on(Element::kPieceOdds));  // overlay/analysis_draw.h
}

std::string glyphs_needed(const OnAirModel& m, Lang /*lang*/) {
  // Everything the games' tables and the on-air phrases can put on screen (in
  // both languages, so switching language needs no rebuild), and what this
  // match typed in. broadcast/on_air_glyphs.h builds both from the tables.
  static const std::string fixed = broadcast::on_air_characters(engine::all_games());
  return fixed + broadcast::typed_characters(m);
}

}  // namespace facedown::overlay
