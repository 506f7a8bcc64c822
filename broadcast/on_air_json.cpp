#include "broadcast/on_air_json.h"

#include <fmt/format.h>

#include "broadcast/board_drawing.h"
#include "broadcast/elements.h"
#include "broadcast/on_air_analysis.h"
#include "broadcast/piece_labels.h"
#include "broadcast/explainer.h"
#include "broadcast/explainer_place.h"
#include "broadcast/on_air_rules.h"
#include "broadcast/on_air_text.h"
#include "broadcast/reveal.h"

namespace facedown::broadcast {

using nlohmann::json;

namespace {

json both(const std::string& en, const std::string& ko) { return json{{"en", en}, {"ko", ko}}; }
template <class F>
json both(F&& f) {
  return both(f(Lang::kEn), f(Lang::kKo));
}

json token_or_null(const std::optional<std::string>& t) { return t ? json(*t) : json(nullptr); }

// What a face-up piece shows, in both languages (piece_label); null for a back.
// The labels fit the pieces of the theme the painters draw (piece_labels.h).
json label_of(const OnAirModel& m, const std::optional<std::string>& t, const Theme& theme) {
  if (!t) return nullptr;
  return both([&](Lang l) { return piece_label(m, *t, l, &theme); });
}

const char* level_name(ClockLevel l) {
  return l == ClockLevel::kDanger ? "danger" : l == ClockLevel::kCaution ? "caution" : "calm";
}

json terrain_of(std::uint8_t t) {
  json out = json::array();
  if (t & engine::kLake) out.push_back("lake");
  if (t & engine::kCamp) out.push_back("camp");
  if (t & engine::kHeadquarters) out.push_back("headquarters");
  if (t & engine::kPalace) out.push_back("palace");
  return out;
}

std::string square_name(const OnAirModel& m, engine::Square s) {
  return m.game && s != engine::kNoSquare ? m.game->geometry().name(s) : std::string();
}

json square_or_null(const OnAirModel& m, const std::optional<engine::Square>& s) {
  return s && *s != engine::kNoSquare ? json(square_name(m, *s)) : json(nullptr);
}

// The board's picture in cell units (board_drawing.h), for one orientation.
json drawing_json(const engine::Geometry& g, bool portrait) {
  const BoardDrawing d = board_drawing(g, portrait);
  auto pt = [](CellPoint p) { return json::array({p.x, p.y}); };
  json cells = json::array(), lines = json::array(), fills = json::array(), signs = json::array();
  for (const CellPoint& c : d.cells) cells.push_back(pt(c));
  for (const BoardLine& l : d.lines) lines.push_back(json{{"kind", board_line_kind_name(l.kind)}, {"a", pt(l.a)}, {"b", pt(l.b)}});
  for (const CellBox& b : d.palace_fills) fills.push_back(json::array({b.x, b.y, b.w, b.h}));
  for (const CellPoint& c : d.minus_signs) signs.push_back(pt(c));
  return json{{"columns", d.columns}, {"rows", d.rows},         {"turned", d.turned},
              {"cells", std::move(cells)}, {"lines", std::move(lines)}, {"palace_fills", std::move(fills)},
              {"minus_signs", std::move(signs)}};
}

json board_json(const OnAirModel& m, const BattleMoment& moment, const Theme& theme) {
  const engine::Geometry& g = m.game->geometry();
  json squares = json::array();
  for (engine::Square s = 0; s < g.size(); ++s) {
    json sq{{"square", g.name(s)}, {"terrain", terrain_of(g.terrain(s))}, {"territory", m.game->setup_owner(s)}};
    const auto& p = m.board[static_cast<std::size_t>(s)];
    if (p) {
      bool fighting = false;
      if (moment.animating())
        for (const Fighter& f : m.battle->fighters) fighting = fighting || (f.square == s && f.owner == p->owner);
      sq["piece"] = json{{"owner", p->owner},         {"token", token_or_null(p->token)},
                         {"label", label_of(m, p->token, theme)}, {"revealed", p->revealed},
                         {"in_battle", fighting}};
    } else {
      sq["piece"] = nullptr;
    }
    squares.push_back(std::move(sq));
  }
  json minus = json::array();
  for (int f = 0; f + 1 < g.files(); ++f)
    if (g.file_border_marked(f)) minus.push_back(f);
  // How to draw it: pieces on the intersections (lines, palace diagonals over the
  // "palace" squares) and whether the pieces are stones (round, all alike).
  const bool stones = g.stones();
  return json{{"files", g.files()},        {"ranks", g.ranks()},          {"squares", std::move(squares)},
              {"minus_lines", minus},      {"on_points", g.on_points()}, {"stones", stones},
              {"drawing", json{{"landscape", drawing_json(g, false)}, {"portrait", drawing_json(g, true)}}}};
}

json clock_json(const OnAirModel& m, double now) {
  const ClockShown c = turn_clock(m, now);
  json j{{"visible", c.visible},
         {"counts_down", c.counts_down},
         {"running", c.running},
         {"seconds", c.seconds},
         {"text", c.visible ? format_clock(c.seconds, c.counts_down) : std::string()},
         {"level", level_name(c.level)},
         // When the level next changes while the clock runs (wall time), and to
         // what: the page switches there without a rule of its own.
         {"next_level", c.next_level_in > 0 ? json(level_name(c.next_level)) : json(nullptr)},
         {"next_level_at", c.next_level_in > 0 ? json(now + c.next_level_in) : json(nullptr)},
         {"next_warning", c.next_warning},
         {"next_warning_text", c.next_warning > 0 ? format_clock(c.next_warning, true) : std::string()},
         {"turn_limit", m.turn_limit},
         {"warning_after", m.warning_after},
         {"to_move", c.visible ? m.to_move : 0}};
  return j;
}

json players_json(const OnAirModel& m, const BattleMoment& moment, const Theme& theme) {
  static constexpr const char* kItems[] = {"blind", "plus", "minus"};
  json out = json::array();
  for (int p = 1; p <= 2; ++p) {
    const auto pi = static_cast<std::size_t>(p - 1);
    json removed = json::array();
    const std::size_t shown = tray_count(m, p, moment);
    json labels = json::array();
    for (std::size_t i = 0; i < shown; ++i) {
      removed.push_back(token_or_null(m.removed[pi][i]));
      labels.push_back(label_of(m, m.removed[pi][i], theme));
    }
    json left = json::object(), used = json::object();
    for (std::size_t k = 0; k < 3; ++k) {
      left[kItems[k]] = m.items_left[pi][k];
      int n = 0;
      for (const auto& u : m.items_used)
        if (u.player == p && u.item == kItems[k]) ++n;
      used[kItems[k]] = n;
    }
    out.push_back(json{{"seat", p},
                       {"name", m.players[pi]},
                       {"to_move", m.to_move == p && !m.result},
                       {"warnings", m.warnings[pi]},
                       {"warnings_to_dq", m.warnings_to_dq},
                       {"items_left", std::move(left)},
                       {"items_used", std::move(used)},
                       {"removed", std::move(removed)},
                       {"removed_labels", std::move(labels)},
                       {"removed_total", m.removed[pi].size()},
                       {"setup_locked", m.setup_locked[pi]}});
  }
  return out;
}

json rect_json(const ThemeRect& r) { return json{{"x", r.x}, {"y", r.y}, {"w", r.w}, {"h", r.h}}; }

// Where each layout's painter puts the explainer's lines, and the box around
// them (explainer_place.h): {"box": {layout: rect}, "lines": {layout: [rect]}}.
std::pair<json, json> explainer_place_json(const OnAirModel& m, const Theme& theme) {
  const auto lines = static_cast<int>(battle_explainer(m, Lang::kEn).size());
  const auto involved = involved_squares(m);
  json box = json::object(), each = json::object();
  for (std::string_view name : kThemeLayouts) {
    const auto rects = explainer_lines(theme, name, board_drawing(m.game->geometry(), theme_layout_portrait(name)),
                                       involved, lines);
    json list = json::array();
    for (const ThemeRect& r : rects) list.push_back(rect_json(r));
    box[std::string(name)] = rect_json(bounding_box(rects));
    each[std::string(name)] = std::move(list);
  }
  return {box, each};
}

json battle_json(const OnAirModel& m, const BattleMoment& moment, const BattleTiming& timing, const Theme& theme) {
  if (!m.battle) return nullptr;
  const BattleShow& b = *m.battle;
  json fighters = json::array();
  for (const Fighter& f : b.fighters)
    fighters.push_back(json{{"square", square_name(m, f.square)},
                            {"owner", f.owner},
                            {"token", token_or_null(f.token)},
                            {"label", label_of(m, f.token, theme)},
                            {"value", f.value ? json(*f.value) : json(nullptr)},
                            {"blind", f.blind},
                            {"removed", f.removed},
                            {"mover", f.mover},
                            {"was_face_up", f.was_face_up}});
  json pairs = json::array();
  // A capture's pair: its kind is the removal's cause, and it has no outcome.
  const bool capture = b.kind == "capture";
  for (const auto& p : b.pairs)
    pairs.push_back(json{{"kind", p.kind},
                         {"outcome", p.outcome},
                         {"kind_text", p.kind.empty() ? json(nullptr) : both([&](Lang l) {
                            return capture ? cause_text(m, l, p.kind) : battle_kind_text(m, l, p.kind);
                          })},
                         {"outcome_text", p.outcome.empty() ? json(nullptr) : both([&](Lang l) {
                            return outcome_text(m, l, p.outcome);
                          })}});
  auto place = explainer_place_json(m, theme);
  return json{{"seq", b.seq},
              {"kind", b.kind},
              {"phase", phase_name(moment.phase)},
              {"elapsed", moment.elapsed},
              {"start", b.wall_time},
              {"duration", json{{"light_up", kLightUpEnd}, {"flip", kFlipEnd}, {"explain", timing.explain_seconds},
                                {"fade", kFadeSeconds}, {"total", timing.total()}}},
              {"fighters", std::move(fighters)},
              {"pairs", std::move(pairs)},
              {"caption", json{{"en", battle_explainer(m, Lang::kEn)}, {"ko", battle_explainer(m, Lang::kKo)}}},
              {"explainer_box", std::move(place.first)},
              {"explainer_lines", std::move(place.second)}};
}

json result_json(const OnAirModel& m, const BattleMoment& moment) {
  if (!m.result) return nullptr;
  const ResultShown& r = *m.result;
  return json{{"winner", r.winner},
              {"reason", r.reason},
              {"reason_text", both([&](Lang l) { return reason_text(m, l, r.reason); })},
              {"headline", both([&](Lang l) { return result_headline(m, l); })},
              {"colour", result_colour(m)},
              {"sentence", both([&](Lang l) { return result_sentence(m, l); })},
              {"shown", !moment.animating()}};
}

json warning_json(const OnAirModel& m, double now) {
  if (!m.last_warning || m.last_warning->player < 1 || m.last_warning->player > 2) return nullptr;
  const WarningShown& w = *m.last_warning;
  return json{{"seq", w.seq},
              {"player", w.player},
              {"kind", w.kind},
              {"kind_text", both([&](Lang l) { return warning_kind_text(m, l, w.kind); })},
              {"text", both([&](Lang l) { return warning_text(m, l, w); })},
              {"line", both([&](Lang l) { return warning_line(m, l, w); })},
              {"total", w.total},
              {"of", std::max(m.warnings_to_dq, w.total)},
              {"wall_time", w.wall_time},
              {"toast", warning_toast(m, now)},
              // When the toast goes off: a page running on its own clock needs no rule of its own.
              {"toast_until", warning_toast_until(m)}};
}

json seals_json(const OnAirModel& m) {
  json out = json::array();
  // The setups open only at `close` (attach_commitments gates them too; a
  // source that handed them over early still airs nothing of them).
  const bool open = m.closed;
  for (const auto& c : m.commitments) {
    if (!c) continue;
    out.push_back(json{{"player", c->player},
                       {"hash", c->hash},
                       {"hash_text", seal_hash_text(c->hash)},
                       {"setup", open && c->setup ? json(*c->setup) : json(nullptr)},
                       {"salt", open && c->salt ? json(*c->salt) : json(nullptr)},
                       {"verified", c->verified ? json(*c->verified) : json(nullptr)}});
  }
  return out;
}

json items_json(const OnAirModel& m) {
  json used = json::array();
  for (const auto& u : m.items_used)
    used.push_back(json{{"player", u.player}, {"item", u.item}, {"square", u.square},
                        {"text", both([&](Lang l) { return item_text(m, l, u.item); })}});
  // The game's names of its items, for the chips beside each player.
  json names = json::object();
  if (m.has_items)
    for (const char* k : {"blind", "plus", "minus"}) names[k] = both([&](Lang l) { return item_text(m, l, k); });
  return json{{"enabled", m.has_items}, {"used", std::move(used)}, {"names", std::move(names)}};
}

// The final reveal (reveal.h): null before `close`. Public from then on (the
// seals are open), so it is carried whether or not the director shows it.
json reveal_json(const OnAirModel& m, const Theme& theme) {
  const auto r = reveal_on_air(m);
  if (!r) return nullptr;
  json setups = json::array();
  for (const auto& s : r->setups) {
    if (!s) continue;
    json pieces = json::array();
    for (const auto& p : s->pieces)
      pieces.push_back(json{{"square", square_or_null(m, p.square)}, {"token", p.token}, {"label", label_of(m, p.token, theme)}});
    setups.push_back(json{{"player", s->player},
                          {"verified", s->verified ? json(*s->verified) : json(nullptr)},
                          {"pieces", std::move(pieces)}});
  }
  return json{{"title", both(phrase(Lang::kEn, Phrase::kSetupsRevealed), phrase(Lang::kKo, Phrase::kSetupsRevealed))},
              {"setups", std::move(setups)}};
}

json elements_json(const ElementsShown& e) {
  json out = json::object();
  for (std::size_t i = 0; i < kElementCount; ++i) {
    const ElementState& s = e.element[i];
    json one{{"on", s.on}, {"cued", s.cued}, {"held", s.held}};
    if (s.held) one["held_seq"] = s.held_seq;
    if (!s.idle.empty()) one["idle"] = s.idle;
    out[std::string(element_name(static_cast<Element>(i)))] = std::move(one);
  }
  return out;
}

}  // namespace

json on_air_json(const OnAirModel& m, double now_wall, const OnAirOptions& o_in) {
  OnAirOptions o = o_in;
  o.timing = director_timing(o.director, o.timing);
  // The real moment: clocks, toasts and standby run while held; only the
  // battle's animation stands still (battle.elapsed).
  const double now = now_wall;
  // The frame names its own moment: the match and the row whose board it shows.
  json j{{"version", kOnAirVersion}, {"match", m.match > 0 ? json(m.match) : json(nullptr)}, {"seq", m.last_seq},
         {"now", now}, {"opened", m.opened && m.game != nullptr}, {"held", m.held}, {"replay", o.replay}};
  const bool standby = desk_standby(m, now_wall);
  j["standby"] = standby;
  // Every on-air phrase in both languages: the page keeps no copy of its own.
  json phrases = json::object();
  for (int p = 0; p < kPhraseCount; ++p)
    phrases[phrase_key(static_cast<Phrase>(p))] =
        both(phrase(Lang::kEn, static_cast<Phrase>(p)), phrase(Lang::kKo, static_cast<Phrase>(p)));
  j["phrases"] = std::move(phrases);
  // The theme's placements the painters use (elements.h decides), and the board's shape with them.
  const std::string_view placements = theme_layout(o.director.layout, o.orientation == "portrait");
  j["layout"] = json{{"orientation", theme_layout_portrait(placements) ? "portrait" : "landscape"},
                     {"name", layout_name(o.director.layout)},
                     {"theme", placements},
                     {"canvas", json{{"width", 1920}, {"height", 1080}}}};
  if (!m.opened || !m.game) {
    // Neutral words on air: where the store lives is for the logs only.
    j["message"] = both(phrase(Lang::kEn, Phrase::kWaitingForMatch), phrase(Lang::kKo, Phrase::kWaitingForMatch));
    for (const char* k : {"game", "board", "clock", "warning", "last_move", "battle", "result", "banner", "caption",
                          "status_text", "banner_after_battle", "banner_element", "banner_after_battle_element", "analysis", "reveal"})
      j[k] = nullptr;
    j["players"] = json::array();
    j["seals"] = json::array();
    j["items"] = json{{"enabled", false}, {"used", json::array()}, {"names", json::object()}};
    j["status"] = "waiting";
    j["ply"] = 0;
    j["to_move"] = 0;
    j["paused"] = false;
    j["elements"] = elements_json(elements_on_air(m, o.director, now_wall, BattleMoment{}));
    return j;
  }
  const BattleMoment moment = battle_moment(m, now_wall, o.timing);
  const ElementsShown elements = elements_on_air(m, o.director, now_wall, moment);
  j["elements"] = elements_json(elements);
  // The board the deduction's heat map lies on (the theme's placement name), added in version 1.
  j["layout"]["deduction"] = deduction_placement(elements);
  j["message"] = nullptr;
  j["game"] = json{{"id", m.game_id}, {"preset", m.preset}, {"name", both(m.game_name_en, m.game_name_ko)}};
  j["players"] = players_json(m, moment, o.theme ? *o.theme : built_in_theme());
  j["status"] = m.status;
  j["ply"] = m.ply;
  j["to_move"] = m.result ? 0 : m.to_move;
  j["board"] = board_json(m, moment, o.theme ? *o.theme : built_in_theme());
  j["clock"] = clock_json(m, now_wall);
  j["warning"] = warning_json(m, now);
  j["items"] = items_json(m);
  j["last_move"] = m.last_from || m.last_to
                       ? json{{"from", square_or_null(m, m.last_from)}, {"to", square_or_null(m, m.last_to)}}
                       : json(nullptr);
  j["battle"] = battle_json(m, moment, o.timing, o.theme ? *o.theme : built_in_theme());
  j["result"] = result_json(m, moment);
  j["paused"] = m.paused;
  j["caption"] = m.caption && elements[Element::kCaption].on ? json(*m.caption) : json(nullptr);
  j["seals"] = seals_json(m);
  // The public analysis of this frame's row (on_air_analysis.h), added in
  // version 1; never another row's: null until the row's own is finished.
  j["analysis"] = analysis_shown(m) ? analysis_json(m, *m.analysis, o.theme) : json(nullptr);
  // Both setups once the result is confirmed (reveal.h), added in version 1.
  j["reveal"] = reveal_json(m, o.theme ? *o.theme : built_in_theme());
  // The one banner on air (on_air_rules.h): painters draw this, never their own.
  // A banner whose element the director took off is not on air.
  // A banner belongs to its element (banner_owner); both are named, so the
  // page keeps no rule of its own about which element shows it.
  auto put_banner = [&](const char* key, const char* owner_key, Banner b) {
    const auto owner = banner_owner(b);
    const bool shown = owner && (*owner == Element::kScorebug || elements[*owner].cued);
    j[key] = shown ? json(banner_name(b)) : json(nullptr);
    j[owner_key] = shown ? json(std::string(element_name(*owner))) : json(nullptr);
  };
  put_banner("banner", "banner_element", banner_on_air(m, now_wall, moment));
  // The banner once the battle on air has finished animating (the result waits
  // for it): a page running the animation on switches at its end.
  BattleMoment after = moment;
  if (after.animating()) after.phase = BattlePhase::kDone;
  put_banner("banner_after_battle", "banner_after_battle_element", banner_on_air(m, now_wall, after));
  // The caption under the clock; none while playing or ended.
  j["status_text"] = *status_caption(m, Lang::kEn) ? both([&](Lang l) { return std::string(status_caption(m, l)); })
                                                    : json(nullptr);
  // The smallest tray tile that holds every label at 24 px, per language (piece_labels.h), added in
  // version 1 (two numbers, not an {en, ko} object: those are texts for the audience).
  const Theme& look = o.theme ? *o.theme : built_in_theme();
  j["layout"]["tray_tile_en"] = tray_tile_floor(*m.game, look, false);
  j["layout"]["tray_tile_ko"] = tray_tile_floor(*m.game, look, true);
  j["layout"]["files"] = m.game->geometry().files();
  j["layout"]["ranks"] = m.game->geometry().ranks();
  return j;
}

}  // namespace facedown::broadcast
