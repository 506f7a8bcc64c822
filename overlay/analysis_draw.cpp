#include "overlay/analysis_draw.h"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <string_view>

#include "broadcast/explainer.h"
#include "broadcast/on_air_analysis.h"
#include "broadcast/theme.h"
#include "overlay/canvas_pen.h"

namespace facedown::overlay {

namespace {

// The analysis layer's offsets and sizes (theme.json metrics.analysis).
float metric(const CanvasPen& p, std::string_view name) { return p.theme.metric(fmt::format("analysis.{}", name)); }

// A label over a square: its middle at y, centred on x, in the theme's label
// size (never under 24 px: the pen's rule), with a drop shadow.
void label(const CanvasPen& p, const std::string& s, const Rect& cell, std::string_view y_fraction, ImU32 col) {
  if (s.empty()) return;
  const float size = metric(p, "label_text");
  const float top = cell.y + cell.h * metric(p, y_fraction) - p.measure(s, size).y / 2;
  // Inside the cell less label_pad a side; the shadow label_shadow px down and right, in the palette's shadow.
  p.text(s, {cell.centre().x, top}, size, col, 0.5f, cell.w - 2 * metric(p, "label_pad"), p.c("shadow"),
         metric(p, "label_shadow"));
}

void draw_deduction(const CanvasPen& p, const OnAirModel& m, const broadcast::OnAirAnalysis& a, const OverlayLayout& l) {
  const engine::Geometry& g = m.game->geometry();
  const broadcast::LabelFit fit = broadcast::analysis_label_fit(p.theme, l.deduction.square_rect(0).h);
  const float heat_inset = metric(p, "heat_inset");
  if (!a.objective.empty()) {
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
        // Stronger for a likelier place (metrics analysis.heat_floor_fraction + heat_span_fraction x p).
        const float strength = metric(p, "heat_floor_fraction") + metric(p, "heat_span_fraction") * static_cast<float>(place.p);
        const Rect heat = inset(r, heat_inset);
        p.rect(heat, p.c(hue, strength), metric(p, "heat_radius"));
        // A certain place: a gold ring inside the heat cell, stroke.heat_certain wide (the page's inset shadow).
        const float ring = p.theme.metric("stroke.heat_certain");
        if (place.p >= 0.999) p.frame(inset(heat, ring / 2), p.c("gold"), ring, std::max(0.0f, metric(p, "heat_radius") - ring / 2));
        label(p, broadcast::objective_place_text(m, a, place.p, p.o.lang, fit, &p.theme), r, "heat_label_y_fraction", p.c("text"));
      }
    }
  }
  for (const auto& piece : a.pieces) {
    if (piece.square == engine::kNoSquare || piece.square >= g.size() || piece.odds.empty()) continue;
    label(p, broadcast::piece_odds_text(m, piece, p.o.lang, fit, &p.theme), l.deduction.square_rect(piece.square),
          "odds_label_y_fraction", piece.certain ? p.c("gold") : p.c("text"));
  }
}

// The theme's place (its "win_bar"): a panel with both names and their
// numbers, the note (broadcast's win_note, plain words) and the bar along its bottom, where
// broadcast's win_bar_parts puts them (one row, or the names on a row of their own).
void draw_win_bar(const CanvasPen& p, const OnAirModel& m, const broadcast::OnAirAnalysis& a, const OverlayLayout& l,
                  const broadcast::WinBarParts& parts) {
  const broadcast::AnalysisWin& w = *a.win;
  const Rect& place = l.win_bar;
  const float round = p.theme.metric("radius.win_bar"), edge = p.theme.metric("stroke.win_bar");
  p.rect(place, p.c("panel"), round);
  // The edge inside the placement, as the page's border (box-sizing: border-box).
  p.frame(inset(place, edge / 2), p.c("panel_edge"), edge, std::max(0.0f, round - edge / 2));
  const Rect fill = to_rect(parts.fill);
  const float p1 = static_cast<float>(std::clamp(w.win[0].p, 0.0, 1.0));
  const float p2 = static_cast<float>(std::clamp(w.win[1].p, 0.0, 1.0));
  const float draw = std::max(0.0f, 1.0f - p1 - p2);
  const float fill_round = p.theme.metric("radius.win_fill");
  p.rect({fill.x, fill.y, fill.w * p1, fill.h}, p.c("p1"), fill_round);
  if (draw > 0) p.rect({fill.x + fill.w * p1, fill.y, fill.w * draw, fill.h}, p.c("dim"));
  p.rect({fill.x + fill.w * (p1 + draw), fill.y, fill.w * (1 - p1 - draw), fill.h}, p.c("p2"), fill_round);
  // A text centred on its line's middle.
  const auto top = [&](const broadcast::ThemeRect& r, float s) { return r.y + r.h / 2 - p.measure("0", s).y / 2; };
  const auto& n1 = parts.name[0];
  const auto& n2 = parts.name[1];
  // The sides as the frame writes them: a long name already shortened by the
  // theme's metrics (broadcast/win_names.h), so the number is never cut.
  p.text(broadcast::win_side_text(m, w, 1, &p.theme), {n1.x, top(n1, parts.name_size)}, parts.name_size, p.c("text"), 0,
         n1.w);
  p.text(broadcast::win_side_text(m, w, 2, &p.theme), {n2.x + n2.w, top(n2, parts.name_size)}, parts.name_size,
         p.c("text"), 1, n2.w);
  const auto& note = parts.note;
  p.text(broadcast::win_note(a, p.o.lang), {note.x + note.w / 2, top(note, parts.note_size)}, parts.note_size,
         p.c("dim"), 0.5f, note.w);
}

}  // namespace

void draw_analysis(ImDrawList& dl, const OnAirFrame& f, const OverlayLayout& l, const DrawOptions& o, bool deduction,
                   bool win_bar) {
  if (!f.analysis || !f.opened() || !f.model->analysis) return;
  const OnAirModel& m = *f.model;
  const CanvasPen p(dl, o);
  if (deduction && !m.analysis->error) draw_deduction(p, m, *m.analysis, l);
  if (win_bar && m.analysis->win) draw_win_bar(p, m, *m.analysis, l, f.here().win_bar);
}

}  // namespace facedown::overlay
