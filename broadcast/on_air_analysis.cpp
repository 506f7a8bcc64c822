#include "broadcast/on_air_analysis.h"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>

#include "broadcast/deduction_view.h"
#include "broadcast/explainer.h"
#include "broadcast/model.h"
#include "broadcast/on_air_text.h"
#include "broadcast/win_bar_rule.h"
#include "broadcast/win_names.h"
#include "broadcast/win_words.h"

namespace facedown::broadcast {

using nlohmann::json;

namespace {

// Four decimals: a frame's size stays small and a painter needs no more.
double rounded(double p) { return std::round(p * 10000.0) / 10000.0; }

json share_json(const AnalysisShare& s) { return json{{"p", rounded(s.p)}, {"low", rounded(s.low)}, {"high", rounded(s.high)}}; }

json label_json(const OnAirModel& m, const std::string& token, const Theme* theme) {
  return json{{"en", piece_label(m, token, Lang::kEn, theme)}, {"ko", piece_label(m, token, Lang::kKo, theme)}};
}

// A text in both languages ({en, ko}) made by `text(lang)`.
template <typename F>
json both_json(F&& text) {
  return json{{"en", text(Lang::kEn)}, {"ko", text(Lang::kKo)}};
}

std::string percent(double p) { return fmt::format("{}%", std::lround(p * 100)); }

std::string square_text(const OnAirModel& m, engine::Square s) {
  return m.game && s != engine::kNoSquare && s < m.game->geometry().size() ? m.game->geometry().name(s) : std::string();
}

// The objective's places for one seat: the analysis's, or, where the audience
// sees the piece face up (the analysis lists only what it cannot see), there
// for certain.
json places_json(const OnAirModel& m, const OnAirAnalysis& a, int seat) {
  json out = json::array();
  const auto& places = a.objective_places[static_cast<std::size_t>(seat - 1)];
  for (const auto& pl : places) {
    if (pl.square != engine::kNoSquare)
      out.push_back(json{{"square", square_text(m, pl.square)}, {"lost", nullptr}, {"p", rounded(pl.p)}});
    else
      out.push_back(json{{"square", nullptr}, {"lost", pl.lost}, {"p", rounded(pl.p)}});
  }
  if (!places.empty() || a.objective.empty()) return out;
  for (std::size_t s = 0; s < m.board.size(); ++s) {
    const auto& piece = m.board[s];
    if (piece && piece->owner == seat && piece->token == a.objective)
      out.push_back(json{{"square", square_text(m, static_cast<engine::Square>(s))}, {"lost", nullptr}, {"p", 1.0}});
  }
  const auto& tray = m.removed[static_cast<std::size_t>(seat - 1)];
  for (std::size_t i = 0; i < tray.size(); ++i)
    if (tray[i] == a.objective) out.push_back(json{{"square", nullptr}, {"lost", static_cast<int>(i) + 1}, {"p", 1.0}});
  return out;
}

}  // namespace

json analysis_json(const OnAirModel& m, const OnAirAnalysis& a, const Theme* theme) {
  json j{{"view", a.view}, {"seq", a.seq}, {"ply", a.ply}, {"method", a.exact ? "exact" : "sampled"}};
  if (a.error) {
    j["error"] = *a.error;
  } else {
    j["error"] = nullptr;
  }
  if (a.objective.empty()) {
    j["objective"] = nullptr;
  } else {
    j["objective"] = json{{"token", a.objective},
                          {"label", label_json(m, a.objective, theme)},
                          {"places", json::array({places_json(m, a, 1), places_json(m, a, 2)})}};
  }
  const DeductionView view = deduction_view(m, a, theme ? *theme : built_in_theme());
  json pieces = json::array();
  for (std::size_t i = 0; i < a.pieces.size(); ++i) {
    const auto& p = a.pieces[i];
    const PieceLabel& label = view.pieces[i];
    json odds = json::array();
    for (const auto& o : p.odds) {
      json one{{"token", o.token}, {"label", label_json(m, o.token, theme)}, {"p", rounded(o.p)}};
      if (!a.exact) one["se"] = rounded(o.se);
      odds.push_back(std::move(one));
    }
    pieces.push_back(json{{"square", square_text(m, p.square)},
                          {"owner", p.owner},
                          {"certain", p.certain},
                          {"odds", std::move(odds)},
                          // Its label (identities with their odds; certain: the identity), whether it is news
                          // (the deduction labels it; piece-odds labels every piece), the smallest cell it fits.
                          {"news", label.news},
                          {"text", json{{"en", label.text[0]}, {"ko", label.text[1]}}},
                          {"cell_en", label.cell[0]},
                          {"cell_ko", label.cell[1]}});
  }
  j["pieces"] = std::move(pieces);
  j["deduction"] = deduction_json(m, view);
  j["headlines"] = json{{"en", a.headlines[0]}, {"ko", a.headlines[1]}};
  if (a.win) {
    j["win"] = json{{"player1", share_json(a.win->win[0])},
                    {"player2", share_json(a.win->win[1])},
                    {"draw", share_json(a.win->draw)},
                    {"decided", a.win->decided},
                    {"playouts", a.win->playouts},
                    {"seq", a.win_seq},
                    {"ply", a.win_ply}};
    j["win"]["sides"] = json::array({win_side_text(m, *a.win, 1, theme), win_side_text(m, *a.win, 2, theme)});
    j["win"]["note"] = a.win->decided ? json(nullptr) : both_json([&](Lang l) { return win_note(a, l); });
  } else {
    j["win"] = nullptr;
  }
  j["win_error"] = a.win_error ? json(*a.win_error) : json(nullptr);
  return j;
}

std::string win_side_text(const OnAirModel& m, const AnalysisWin& w, int seat, const Theme* theme) {
  const std::string name = win_bar_name(m.players[seat == 1 ? 0 : 1], theme ? *theme : built_in_theme(), seat);
  const std::string chance = percent(w.win[seat == 1 ? 0 : 1].p);
  return seat == 1 ? name + " " + chance : chance + " " + name;
}

std::string win_note(const OnAirAnalysis& a, Lang lang) {
  if (!a.win || a.win->decided) return {};
  return std::string(win_band_text(win_band(*a.win), lang));
}

WinBarParts win_bar_parts(const Theme& theme, const ThemeRect& place) {
  const auto metric = [&](std::string_view name) { return theme.metric(fmt::format("analysis.{}", name)); };
  WinBarParts out;
  out.name_size = metric("bar_text");
  out.note_size = metric("note_text");
  // A text's line: its middle at `mid` (from the placement's top), line_factor of its size high.
  const float factor = metric("line_factor");
  const auto line = [&](float x, float w, float mid, float size) {
    return ThemeRect{x, place.y + mid - size * factor / 2, w, size * factor};
  };
  const float pad = metric("pad_x"), mid = metric("text_mid_y");
  out.two_rows = place.h >= metric("two_row_h");
  if (out.two_rows) {
    const float name_w = (place.w - 3 * pad) / 2;
    out.name = {line(place.x + pad, name_w, mid, out.name_size),
                line(place.x + place.w - pad - name_w, name_w, mid, out.name_size)};
    out.note = line(place.x + pad, place.w - 2 * pad, metric("note_row_mid_y"), out.note_size);
  } else {
    const float note_w = metric("note_w");
    const float name_w = (place.w - note_w) / 2 - pad;
    out.name = {line(place.x + pad, name_w, mid, out.name_size),
                line(place.x + place.w - pad - name_w, name_w, mid, out.name_size)};
    out.note = line(place.x + (place.w - note_w) / 2, note_w, mid, out.note_size);
  }
  const float inset = metric("fill_inset"), fill_h = metric("fill_h");
  out.fill = {place.x + inset, place.y + place.h - inset - fill_h, place.w - 2 * inset, fill_h};
  return out;
}

bool analysis_shown(const OnAirModel& m) { return m.analysis && m.analysis->seq == m.last_seq; }

std::string analysis_idle(const OnAirModel& m, Element e) {
  if (!m.opened) return "no match";
  if (!analysis_shown(m)) return m.analysis ? "analysis of this move not finished yet" : "no analysis yet";
  if ((e == Element::kDeduction || e == Element::kPieceOdds) && m.analysis->error)
    return "no deduction: " + *m.analysis->error;
  if (e == Element::kWinBar && !m.analysis->win) return "no win probability yet";
  if (e == Element::kWinBar) return win_bar_stage_idle(m);  // broadcast/win_bar_rule.h
  return {};
}

}  // namespace facedown::broadcast
