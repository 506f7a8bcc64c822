#include "broadcast/on_air_frame.h"

#include <algorithm>
#include <fmt/format.h>

#include "broadcast/board_drawing.h"
#include "broadcast/explainer.h"
#include "broadcast/explainer_place.h"
#include "broadcast/on_air_analysis.h"
#include "broadcast/piece_labels.h"

namespace facedown::broadcast {

namespace {

template <class F>
Both both(F&& f) {
  return Both{f(Lang::kEn), f(Lang::kKo)};
}

// What a face-up piece shows, in both languages; null for a back. The labels
// fit the pieces of the theme the painters draw (piece_labels.h).
std::optional<Both> label_of(const OnAirModel& m, const std::optional<std::string>& t, const Theme& theme) {
  if (!t) return std::nullopt;
  return both([&](Lang l) { return piece_label(m, *t, l, &theme); });
}

FrameClock clock_of(const OnAirModel& m, double now) {
  FrameClock c;
  c.shown = turn_clock(m, now);
  if (c.shown.visible) c.text = format_clock(c.shown.seconds, c.shown.counts_down);
  if (c.shown.next_warning > 0) c.next_warning_text = format_clock(c.shown.next_warning, true);
  if (c.shown.next_level_in > 0) c.next_level_at = now + c.shown.next_level_in;
  c.to_move = c.shown.visible ? m.to_move : 0;
  return c;
}

std::optional<FrameWarning> warning_of(const OnAirModel& m, double now) {
  if (!m.last_warning || m.last_warning->player < 1 || m.last_warning->player > 2) return std::nullopt;
  const WarningShown& w = *m.last_warning;
  FrameWarning f;
  f.warning = w;
  f.kind_text = both([&](Lang l) { return warning_kind_text(m, l, w.kind); });
  f.text = both([&](Lang l) { return warning_text(m, l, w); });
  f.line = both([&](Lang l) { return warning_line(m, l, w); });
  f.of = std::max(m.warnings_to_dq, w.total);
  f.toast = warning_toast(m, now);
  f.toast_until = warning_toast_until(m);
  return f;
}

std::optional<FrameResult> result_of(const OnAirModel& m, const BattleMoment& moment) {
  if (!m.result) return std::nullopt;
  FrameResult r;
  r.result = *m.result;
  r.reason_text = both([&](Lang l) { return reason_text(m, l, m.result->reason); });
  r.headline = both([&](Lang l) { return result_headline(m, l); });
  r.sentence = both([&](Lang l) { return result_sentence(m, l); });
  r.colour = result_colour(m);
  r.shown = !moment.animating();
  return r;
}

std::optional<FrameBattle> battle_of(const OnAirModel& m, const BattleMoment& moment, const Theme& theme) {
  if (!m.battle) return std::nullopt;
  const BattleShow& b = *m.battle;
  FrameBattle f;
  f.moment = moment;
  for (const Fighter& x : b.fighters) {
    f.fighter_labels.push_back(label_of(m, x.token, theme));
    f.fighter_tags.push_back(x.blind ? std::optional<Both>(both([&](Lang l) { return hidden_tag(m, l, x.hidden_by); }))
                                     : std::nullopt);
  }
  // A capture's pair: its kind is the removal's cause, and it has no outcome.
  const bool capture = b.kind == "capture";
  for (const auto& p : b.pairs) {
    FramePair out{p.kind, p.outcome, std::nullopt, std::nullopt};
    if (!p.kind.empty())
      out.kind_text = both([&](Lang l) { return capture ? cause_text(m, l, p.kind) : battle_kind_text(m, l, p.kind); });
    if (!p.outcome.empty()) out.outcome_text = both([&](Lang l) { return outcome_text(m, l, p.outcome); });
    f.pairs.push_back(std::move(out));
  }
  f.lines = {battle_explainer(m, Lang::kEn), battle_explainer(m, Lang::kKo)};
  // Where each layout puts the lines (explainer_place.h), so any output of any layout finds its own.
  const auto involved = involved_squares(m);
  const auto pieces = occupied_squares(m);
  const int count = static_cast<int>(f.lines[0].size());
  for (std::string_view name : kThemeLayouts) {
    // Each line as wide as its text needs (either language), so it fits between pieces.
    auto rects = explainer_lines(theme, name, board_drawing(m.game->geometry(), theme_layout_portrait(name)), involved,
                                 count, pieces, explainer_line_widths(theme, name, f.lines));
    f.box.emplace(std::string(name), bounding_box(rects));
    f.line_boxes.emplace(std::string(name), std::move(rects));
  }
  return f;
}

FramePlayer player_of(const OnAirModel& m, int p, const BattleMoment& moment, const Theme& theme) {
  const auto pi = static_cast<std::size_t>(p - 1);
  FramePlayer f;
  f.to_move = m.to_move == p && !m.result;
  f.tray_shown = tray_count(m, p, moment);
  // A moment that animates needs a battle (tray_count reads its fighters).
  f.tray_during = m.battle ? tray_count(m, p, BattleMoment{BattlePhase::kFlip, 0}) : f.tray_shown;
  f.tray_after = tray_count(m, p, BattleMoment{BattlePhase::kDone, 0});
  for (const auto& t : m.removed[pi]) f.removed_labels.push_back(label_of(m, t, theme));
  f.counters_used.assign(m.counters.names.size(), 0);
  for (std::size_t k = 0; k < m.counters.names.size(); ++k)
    for (const auto& u : m.counters_used)
      if (u.player == p && u.counter == m.counters.names[k]) ++f.counters_used[k];
  return f;
}

FrameParts parts_of(const OnAirFrame& f, std::string_view layout) {
  const Theme& theme = f.theme->in_layout(layout);
  FrameParts out;
  out.reveal = reveal_parts(theme.element(layout, "reveal"), theme);
  out.win_bar = win_bar_parts(theme, theme.element(layout, "win_bar"));
  for (std::size_t p = 0; p < 2; ++p) {
    const FramePlayer& fp = f.players[p];
    const ThemeRect box = tray_box(theme, theme.element(layout, p == 0 ? "panel1" : "panel2"), f.model->has_counters ? f.model->counters.names.size() : 0);
    out.tray_box[p] = box;
    // The tiles shrink when many are out (Gwangsanghui has 43 a side), never
    // under the roster's widest label (tray_tile_floor).
    for (std::size_t l = 0; l < 2; ++l) {
      const auto tile = [&](std::size_t n) { return tray_tile(theme, f.tray_tile_floor[l], box.w, box.h, n); };
      out.tile_now[p][l] = tile(fp.tray_shown);
      out.tile_during[p][l] = tile(fp.tray_during);
      out.tile_after[p][l] = tile(fp.tray_after);
    }
  }
  return out;
}

}  // namespace

const FrameParts& OnAirFrame::here() const {
  static const FrameParts none;
  const auto found = parts.find(placements);
  return found == parts.end() ? none : found->second;
}

ThemeRect tray_box(const Theme& theme, const ThemeRect& panel, std::size_t counters) {
  const auto M = [&](std::string_view k) { return theme.metric(fmt::format("panel.{}", k)); };
  float y = M("head_h") + M("head_gap") + M("to_move_row") + M("warnings_row");
  if (counters > 0) y += M("items_row") + static_cast<float>(counters) * M("chip_step") + M("chips_gap");
  y += M("removed_row");
  const float pad = M("pad_x");
  return {panel.x + pad, panel.y + y, panel.w - 2 * pad, panel.h - theme.metric("tray.bottom") - y};
}

RevealParts reveal_parts(const ThemeRect& r, const Theme& theme) {
  const auto M = [&](std::string_view k) { return theme.metric(fmt::format("reveal.{}", k)); };
  const float column = M("column_w"), side = M("side");
  RevealParts p;
  p.title = {r.x + M("title_x"), r.y + M("title_y"), r.w - 2 * M("title_x"), M("title_h")};
  const bool stacked = r.h > r.w;
  // Stacked: each column half the card less its sides, the board under the seal checks.
  const float w = stacked ? (r.w - 3 * side) / 2 : column;
  const std::array<float, 2> x{r.x + side, r.x + r.w - side - w};
  for (std::size_t i = 0; i < 2; ++i) {
    p.bar[i] = {x[i], r.y + M("bar_y"), w, M("bar_h")};
    p.name[i] = {x[i], r.y + M("name_y"), w, M("name_h")};
    p.check[i] = {x[i], r.y + M("check_y"), w, M("check_h")};
  }
  if (stacked) {
    const float top = M("check_y") + M("check_h") + M("board_gap");
    p.board = {r.x + side, r.y + top, r.w - 2 * side, r.h - top - M("board_bottom")};
    return p;
  }
  const float margin = 2 * side + column + M("board_gap");
  p.board = {r.x + margin, r.y + M("board_y"), r.w - 2 * margin, r.h - M("board_y") - M("board_bottom")};
  return p;
}

OnAirFrame frame_at(const OnAirModel& m, double now_wall, const OnAirOptions& o) {
  OnAirFrame f;
  f.model = &m;
  f.now = now_wall;
  f.replay = o.replay;
  f.theme = o.theme ? o.theme : &built_in_theme();
  const Theme& theme = *f.theme;
  f.timing = director_timing(o.director, o.timing);
  f.layout = o.director.layout;
  f.placements = std::string(theme_layout(o.director.layout, o.orientation == "portrait"));
  f.standby = desk_standby(m, now_wall);
  if (!f.opened()) {
    f.elements = elements_on_air(m, o.director, now_wall, BattleMoment{});
    f.elements_after_battle = f.elements;
    return f;
  }
  f.moment = o.moment ? *o.moment : battle_moment(m, now_wall, f.timing);
  f.elements = elements_on_air(m, o.director, now_wall, f.moment);
  // The same moment once the battle on air has finished animating (the result, the trays and the analysis wait for it).
  BattleMoment done = f.moment;
  if (done.animating()) done.phase = BattlePhase::kDone;
  f.elements_after_battle = f.moment.animating() ? elements_on_air(m, o.director, now_wall, done) : f.elements;
  f.deduction = std::string(deduction_placement(f.elements));
  f.straps = name_straps_on(f.elements);
  // The one banner on air (on_air_rules.h), and the element it belongs to; a
  // banner whose element the director took off is not on air.
  const auto put_banner = [&](Banner b, Banner& out, std::optional<Element>& owner_out) {
    const auto owner = banner_owner(b);
    const bool shown = owner && (*owner == Element::kScorebug || f.elements[*owner].cued);
    out = shown ? b : Banner::kNone;
    owner_out = shown ? owner : std::nullopt;
  };
  put_banner(banner_on_air(m, now_wall, f.moment), f.banner, f.banner_element);
  // The banner once the battle on air has finished animating (the result waits for it).
  put_banner(banner_on_air(m, now_wall, done), f.banner_after_battle, f.banner_after_battle_element);
  f.clock = clock_of(m, now_wall);
  f.warning = warning_of(m, now_wall);
  f.result = result_of(m, f.moment);
  f.battle = battle_of(m, f.moment, theme);
  f.tray_tile_floor = {tray_tile_floor(*m.game, theme, false), tray_tile_floor(*m.game, theme, true)};
  for (int p = 1; p <= 2; ++p)
    f.players[static_cast<std::size_t>(p - 1)] = player_of(m, p, f.moment, theme);
  f.board_labels.reserve(m.board.size());
  for (const auto& piece : m.board) f.board_labels.push_back(piece ? label_of(m, piece->token, theme) : std::nullopt);
  // While the battle animates its fighters are drawn by it, not by the board.
  f.in_battle.assign(m.board.size(), 0);
  if (f.moment.animating())
    for (const Fighter& x : m.battle->fighters)
      if (x.square != engine::kNoSquare && static_cast<std::size_t>(x.square) < m.board.size()) {
        const auto& piece = m.board[static_cast<std::size_t>(x.square)];
        if (piece && piece->owner == x.owner) f.in_battle[static_cast<std::size_t>(x.square)] = 1;
      }
  for (const std::string& name : m.counters.names) f.counter_names.push_back(both([&](Lang l) { return item_text(m, l, name); }));
  if (!status_caption(m, Lang::kEn).empty()) f.status_text = both([&](Lang l) { return status_caption(m, l); });
  f.analysis = analysis_shown(m);
  // Both setups once the result is confirmed (reveal.h), public from then on.
  f.reveal = reveal_on_air(m);
  if (f.reveal) {
    f.reveal_model = reveal_board(m, *f.reveal);
    for (const auto& piece : f.reveal_model->board)
      f.reveal_labels.push_back(piece ? label_of(m, piece->token, theme) : std::nullopt);
  }
  for (std::string_view name : kThemeLayouts) f.parts.emplace(std::string(name), parts_of(f, name));
  return f;
}

bool frame_moves(const OnAirFrame& f) {
  if (!f.opened()) return false;
  return f.moment.animating() || f.clock.shown.running || (f.warning && f.warning->toast);
}

}  // namespace facedown::broadcast
