#include "overlay/analysis_draw.h"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <string_view>

#include "broadcast/deduction_view.h"
#include "broadcast/explainer.h"
#include "broadcast/on_air_analysis.h"
#include "broadcast/theme.h"
#include "overlay/canvas_pen.h"

namespace facedown::overlay {

namespace {

// The analysis layer's offsets and sizes (theme.json metrics.analysis).
float metric(const CanvasPen& p, std::string_view name) { return p.theme.metric(fmt::format("analysis.{}", name)); }

// A label over a square: its middle at y, centred on x, in the theme's label
// size (never under 24 px: the pen's rule), with a drop shadow. The frame's
// `min_cell` says whether it fits this cell (deduction_view.h label_min_cell):
// a label that does not is not drawn (never shortened to a bare identity).
void label(const CanvasPen& p, const std::string& s, float min_cell, const Rect& cell, std::string_view y_fraction,
           ImU32 col) {
  if (s.empty() || cell.w < min_cell || cell.h < min_cell) return;
  const float size = metric(p, "label_text");
  const float top = cell.y + cell.h * metric(p, y_fraction) - p.measure(s, size).y / 2;
  // Inside the cell less label_pad a side; the shadow label_shadow px down and right, in the palette's shadow.
  p.text(s, {cell.centre().x, top}, size, col, 0.5f, cell.w - 2 * metric(p, "label_pad"), p.c("shadow"),
         metric(p, "label_shadow"));
}

// The objective's heat: each place filled in its side's colour at the frame's
// strength (a face-up piece the audience sees gets no fill over its face),
// ringed in gold when certain, its number on the headline's squares.
void draw_heat(const CanvasPen& p, const broadcast::DeductionView& v, const engine::Geometry& g, const BoardLayout& b) {
  const std::size_t lang = p.o.lang == Lang::kKo ? 1 : 0;
  const float heat_inset = metric(p, "heat_inset"), radius = metric(p, "heat_radius");
  for (const auto& h : v.heat) {
    if (h.square == engine::kNoSquare || h.square >= g.size()) continue;
    const Rect r = b.square_rect(h.square);
    const Rect heat = inset(r, heat_inset);
    if (!h.seen) p.rect(heat, p.c(h.seat == 1 ? "p1" : "p2", h.strength), radius);
    // A certain place: a gold ring inside the heat cell, stroke.heat_certain wide (the page's inset shadow).
    const float ring = p.theme.metric("stroke.heat_certain");
    if (h.certain) p.frame(inset(heat, ring / 2), p.c("gold"), ring, std::max(0.0f, radius - ring / 2));
    label(p, h.text[lang], h.cell[lang], r, "heat_label_y_fraction", p.c("text"));
  }
}

// The face-down pieces' labels: the news ones (the deduction) or all (piece-odds).
void draw_piece_labels(const CanvasPen& p, const broadcast::DeductionView& v, const engine::Geometry& g,
                       const BoardLayout& b, bool news_only) {
  const std::size_t lang = p.o.lang == Lang::kKo ? 1 : 0;
  for (const auto& piece : v.pieces) {
    if (piece.square == engine::kNoSquare || piece.square >= g.size() || (news_only && !piece.news)) continue;
    label(p, piece.text[lang], piece.cell[lang], b.square_rect(piece.square), "odds_label_y_fraction",
          piece.certain ? p.c("gold") : p.c("text"));
  }
}

// The headline under the board: per side its lead and the longest squares'
// text that fits its half (the frame's widths), then the legend.
void draw_headline(const CanvasPen& p, const broadcast::DeductionView& v, const broadcast::HeadlineParts& parts) {
  const std::size_t lang = p.o.lang == Lang::kKo ? 1 : 0;
  const float round = p.theme.metric("radius.win_bar"), edge = p.theme.metric("stroke.win_bar");
  const Rect panel = to_rect(parts.panel);
  p.rect(panel, p.c("panel"), round);
  p.frame(inset(panel, edge / 2), p.c("panel_edge"), edge, std::max(0.0f, round - edge / 2));
  const auto top = [&](const broadcast::ThemeRect& r, float s) { return r.y + r.h / 2 - p.measure("0", s).y / 2; };
  for (std::size_t i = 0; i < v.headline.size() && i < parts.lead.size(); ++i) {
    const auto& line = v.headline[i];
    const ImU32 hue = line.seat == 1 ? p.c("p1") : line.seat == 2 ? p.c("p2") : p.c("text");
    const auto& lead = parts.lead[i];
    const auto& places = parts.places[i];
    p.rect({lead.x - 8, lead.y + lead.h * 0.2f, 4, lead.h * 0.6f}, hue, 2);
    // The longest squares' variant that fits the right half; the lead takes the rest of the line.
    std::string shown;
    float shown_w = 0;
    for (std::size_t k = 0; k < line.places[lang].size(); ++k)
      if (line.places_w[lang][k] <= places.w) {
        shown = line.places[lang][k];
        shown_w = line.places_w[lang][k];
      }
    const float lead_w = places.x + places.w - shown_w - (places.x - lead.x - lead.w) - lead.x;
    p.text(line.lead[lang], {lead.x, top(lead, parts.text_size)}, parts.text_size, p.c("text"), 0, lead_w);
    p.text(shown, {places.x + places.w, top(places, parts.text_size)}, parts.text_size, p.c("text"), 1, places.w);
  }
  const auto& legend = parts.legend;
  p.text(v.legend[lang], {legend.x + legend.w / 2, top(legend, parts.legend_size)}, parts.legend_size, p.c("dim"),
         0.5f, legend.w);
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
                   bool win_bar, bool piece_odds) {
  if (!f.analysis || !f.opened() || !f.model->analysis) return;
  const OnAirModel& m = *f.model;
  const CanvasPen p(dl, o);
  if ((deduction || piece_odds) && !m.analysis->error) {
    const broadcast::DeductionView v = broadcast::deduction_view(m, *m.analysis, p.theme);
    const engine::Geometry& g = m.game->geometry();
    if (deduction) draw_heat(p, v, g, l.deduction);
    // The deduction labels the news; piece-odds every piece (then the deduction's are among them).
    if (deduction || piece_odds) draw_piece_labels(p, v, g, l.deduction, !piece_odds);
    if (deduction) {
      const Rect& board = l.deduction.rect();
      const broadcast::ThemeRect drawn{board.x, board.y, board.w, board.h};
      // Where the panel would lie over the caption on air, the director's caption is read instead.
      const broadcast::ThemeRect caption = p.theme.element(f.placements, "caption");
      const auto parts = broadcast::headline_parts(p.theme, p.theme.element(f.placements, f.deduction), drawn,
                                                   v.headline.size(), f[broadcast::Element::kCaption].on ? &caption : nullptr);
      if (parts.shown) draw_headline(p, v, parts);
    }
  }
  if (win_bar && m.analysis->win) draw_win_bar(p, m, *m.analysis, l, f.here().win_bar);
}

}  // namespace facedown::overlay
