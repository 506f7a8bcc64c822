#include "overlay/analysis_draw.h"

#include <algorithm>
#include <cfloat>
#include <cmath>

#include "broadcast/explainer.h"
#include "broadcast/on_air_analysis.h"
#include "broadcast/theme.h"
#include "overlay/canvas_pen.h"

namespace facedown::overlay {

namespace {

std::string percent(double p) { return std::to_string(static_cast<int>(std::lround(p * 100))) + "%"; }

// The canvas pen (canvas_pen.h) with the analysis layer's own text: a label
// with a drop shadow, its middle at y (it sits over the board's squares).
struct Painter : CanvasPen {
  using CanvasPen::CanvasPen;
  // Text centred (align 0.5), left (0) or right (1) of x, its middle at y; shrunk to max_width.
  void text(const std::string& s, float x, float y, float size, ImU32 col, float align, float max_width) const {
    if (s.empty()) return;
    Point m = measure(s, size);
    if (max_width > 0 && m.x > max_width) {
      size *= max_width / m.x;
      m = measure(s, size);
    }
    if (o.text_log) o.text_log->push_back(s);
    const Point tl{x - m.x * align, y - m.y / 2};
    if (o.text_boxes) o.text_boxes->push_back({tl.x, tl.y, m.x, m.y});
    const ImVec2 shadow = at({tl.x + 1.5f, tl.y + 1.5f});
    dl.AddText(font_for(size), px(size), shadow, IM_COL32(0, 0, 0, 220), s.c_str());
    dl.AddText(font_for(size), px(size), at(tl), col, s.c_str());
  }
};

void draw_deduction(const Painter& p, const OnAirModel& m, const broadcast::OnAirAnalysis& a, const OverlayLayout& l) {
  const engine::Geometry& g = m.game->geometry();
  if (!a.objective.empty()) {
    const std::string name = broadcast::piece_label(m, a.objective, p.o.lang);
    for (int seat : {1, 2}) {
      const char* hue = seat == 1 ? "p1" : "p2";
      std::vector<broadcast::ObjectivePlace> places = a.objective_places[static_cast<std::size_t>(seat - 1)];
      if (places.empty()) {  // seen face up by the audience: there for certain
        for (std::size_t s = 0; s < m.board.size(); ++s)
          if (m.board[s] && m.board[s]->owner == seat && m.board[s]->token == a.objective)
            places.push_back({static_cast<engine::Square>(s), 0, 1.0});
      }
      for (const auto& place : places) {
        if (place.square == engine::kNoSquare || place.square >= g.size()) continue;
        const Rect r = l.deduction.square_rect(place.square);
        p.rect(inset(r, 2), p.c(hue, static_cast<float>(0.18 + 0.62 * place.p)), 6);
        if (place.p >= 0.999) p.frame(inset(r, 3), p.c("gold"), 4, 6);
        p.text(name + " " + percent(place.p), r.centre().x, r.y + r.h * 0.16f, std::max(16.0f, r.h * 0.24f),
               p.c("text"), 0.5f, r.w - 4);
      }
    }
  }
  for (const auto& piece : a.pieces) {
    if (piece.square == engine::kNoSquare || piece.square >= g.size() || piece.odds.empty()) continue;
    const Rect r = l.deduction.square_rect(piece.square);
    const auto& top = piece.odds.front();
    const std::string label = broadcast::piece_label(m, top.token, p.o.lang);
    p.text(piece.certain ? label : label + " " + percent(top.p), r.centre().x, r.y + r.h * 0.86f,
           std::max(14.0f, r.h * 0.2f), piece.certain ? p.c("gold") : p.c("text"), 0.5f, r.w - 4);
  }
}

void draw_win_bar(const Painter& p, const OnAirModel& m, const broadcast::AnalysisWin& w, const OverlayLayout& l) {
  // The theme's place (its "win_bar"): the bar at its top, 64 px high.
  const Rect bar{l.win_bar.x, l.win_bar.y, l.win_bar.w, 64};
  p.rect(bar, p.c("panel"), 12);
  const float inner = bar.w - 4;
  const float p1 = static_cast<float>(std::clamp(w.win[0].p, 0.0, 1.0));
  const float p2 = static_cast<float>(std::clamp(w.win[1].p, 0.0, 1.0));
  const float draw = std::max(0.0f, 1.0f - p1 - p2);
  const Rect body = inset(bar, 2);
  p.rect({body.x, body.y, inner * p1, body.h}, p.c("p1"), 10);
  if (draw > 0) p.rect({body.x + inner * p1, body.y, inner * draw, body.h}, p.c("dim"));
  p.rect({body.x + inner * (p1 + draw), body.y, inner * (1 - p1 - draw), body.h}, p.c("p2"), 10);
  p.frame(bar, p.c("panel_edge"), 2, 12);
  const float y = bar.centre().y;
  p.text(m.players[0] + " " + percent(w.win[0].p), bar.x + 16, y, 28, p.c("text"), 0, bar.w / 2 - 24);
  p.text(percent(w.win[1].p) + " " + m.players[1], bar.right() - 16, y, 28, p.c("text"), 1, bar.w / 2 - 24);
}

}  // namespace

void draw_analysis(ImDrawList& dl, const OnAirModel& m, const OverlayLayout& l, const DrawOptions& o, bool deduction,
                   bool win_bar) {
  if (!m.analysis || !m.game) return;
  const Painter p(dl, o);
  if (deduction && !m.analysis->error) draw_deduction(p, m, *m.analysis, l);
  if (win_bar && m.analysis->win) draw_win_bar(p, m, *m.analysis->win, l);
}

}  // namespace facedown::overlay
