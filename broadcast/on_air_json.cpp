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
json both(const Both& b) { return both(b.en, b.ko); }
json both_or_null(const std::optional<Both>& b) { return b ? both(*b) : json(nullptr); }

json token_or_null(const std::optional<std::string>& t) { return t ? json(*t) : json(nullptr); }
json rect_json(const ThemeRect& r) { return json{{"x", r.x}, {"y", r.y}, {"w", r.w}, {"h", r.h}}; }

// The parts inside the win bar, the reveal card and the trays, per theme layout.
json parts_json(const FrameParts& fp) {
  const WinBarParts& w = fp.win_bar;
  const RevealParts& r = fp.reveal;
  json trays = json::array();
  for (std::size_t p = 0; p < 2; ++p) {
    // Numbers per language, not an {en, ko} object (those are texts for the audience).
    trays.push_back(json{{"box", rect_json(fp.tray_box[p])},
                         {"tile_during_en", fp.tile_during[p][0]},
                         {"tile_during_ko", fp.tile_during[p][1]},
                         {"tile_after_en", fp.tile_after[p][0]},
                         {"tile_after_ko", fp.tile_after[p][1]}});
  }
  json columns = json::array();
  for (std::size_t i = 0; i < 2; ++i)
    columns.push_back(json{{"bar", rect_json(r.bar[i])}, {"name", rect_json(r.name[i])}, {"check", rect_json(r.check[i])}});
  return json{{"win_bar", json{{"two_rows", w.two_rows},
                               {"name", json::array({rect_json(w.name[0]), rect_json(w.name[1])})},
                               {"name_size", w.name_size},
                               {"note", rect_json(w.note)},
                               {"note_size", w.note_size},
                               {"fill", rect_json(w.fill)}}},
              {"reveal", json{{"title", rect_json(r.title)}, {"columns", std::move(columns)}, {"board", rect_json(r.board)}}},
              {"trays", std::move(trays)}};
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

json board_json(const OnAirFrame& fr) {
  const OnAirModel& m = *fr.model;
  const engine::Geometry& g = m.game->geometry();
  json squares = json::array();
  for (engine::Square s = 0; s < g.size(); ++s) {
    json sq{{"square", g.name(s)}, {"terrain", terrain_of(g.terrain(s))}, {"territory", m.game->setup_owner(s)}};
    const auto& p = m.board[static_cast<std::size_t>(s)];
    if (p) {
      const auto i = static_cast<std::size_t>(s);
      sq["piece"] = json{{"owner", p->owner},         {"token", token_or_null(p->token)},
                         {"label", both_or_null(fr.board_labels[i])}, {"revealed", p->revealed},
                         {"in_battle", static_cast<bool>(fr.in_battle[i])}};
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

json clock_json(const OnAirModel& m, const FrameClock& fc) {
  const ClockShown& c = fc.shown;
  json j{{"visible", c.visible},
         {"counts_down", c.counts_down},
         {"running", c.running},
         {"seconds", c.seconds},
         {"text", fc.text},
         {"level", level_name(c.level)},
         // When the level next changes while the clock runs (wall time), and to
         // what: the page switches there without a rule of its own.
         {"next_level", c.next_level_in > 0 ? json(level_name(c.next_level)) : json(nullptr)},
         {"next_level_at", fc.next_level_at > 0 ? json(fc.next_level_at) : json(nullptr)},
         {"next_warning", c.next_warning},
         {"next_warning_text", fc.next_warning_text},
         {"turn_limit", m.turn_limit},
         {"warning_after", m.warning_after},
         {"to_move", fc.to_move}};
  return j;
}

json players_json(const OnAirFrame& f) {
  const OnAirModel& m = *f.model;
  json out = json::array();
  for (int p = 1; p <= 2; ++p) {
    const auto pi = static_cast<std::size_t>(p - 1);
    const FramePlayer& fp = f.players[pi];
    json removed = json::array();
    json labels = json::array();
    for (std::size_t i = 0; i < fp.tray_shown; ++i) {
      removed.push_back(token_or_null(m.removed[pi][i]));
      labels.push_back(both_or_null(fp.removed_labels[i]));
    }
    json left = json::object(), used = json::object();
    for (std::size_t k = 0; k < m.counters.names.size(); ++k) {
      left[m.counters.names[k]] = k < m.counters_left[pi].size() ? m.counters_left[pi][k] : 0;
      used[m.counters.names[k]] = k < fp.counters_used.size() ? fp.counters_used[k] : 0;
    }
    // The tray as it will be while the battle on air animates and once it is
    // done, with every tile's label and where the tiles go (frame_at decides).
    json after = json::array();
    for (std::size_t i = 0; i < fp.tray_after && i < fp.removed_labels.size(); ++i)
      after.push_back(both_or_null(fp.removed_labels[i]));
    json tray{{"during", fp.tray_during}, {"after", fp.tray_after}, {"labels", std::move(after)}};
    out.push_back(json{{"seat", p},
                       {"tray", std::move(tray)},
                       {"name", m.players[pi]},
                       {"to_move", fp.to_move},
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


json battle_json(const OnAirFrame& fr) {
  if (!fr.battle) return nullptr;
  const OnAirModel& m = *fr.model;
  const FrameBattle& fb = *fr.battle;
  const BattleMoment& moment = fb.moment;
  const BattleTiming& timing = fr.timing;
  const BattleShow& b = *m.battle;
  json fighters = json::array();
  for (std::size_t i = 0; i < b.fighters.size(); ++i) {
    const Fighter& f = b.fighters[i];
    fighters.push_back(json{{"square", square_name(m, f.square)},
                            {"owner", f.owner},
                            {"token", token_or_null(f.token)},
                            {"label", both_or_null(fb.fighter_labels[i])},
                            {"value", f.value ? json(*f.value) : json(nullptr)},
                            {"blind", f.blind},
                            {"hidden_tag", both_or_null(fb.fighter_tags[i])},
                            {"removed", f.removed},
                            {"mover", f.mover},
                            {"was_face_up", f.was_face_up}});
  }
  json pairs = json::array();
  for (const FramePair& p : fb.pairs)
    pairs.push_back(json{{"kind", p.kind},
                         {"outcome", p.outcome},
                         {"kind_text", both_or_null(p.kind_text)},
                         {"outcome_text", both_or_null(p.outcome_text)}});
  json box = json::object(), each = json::object();
  for (const auto& [name, rects] : fb.line_boxes) {
    json list = json::array();
    for (const ThemeRect& r : rects) list.push_back(rect_json(r));
    each[name] = std::move(list);
  }
  for (const auto& [name, r] : fb.box) box[name] = rect_json(r);
  return json{{"seq", b.seq},
              {"kind", b.kind},
              {"phase", phase_name(moment.phase)},
              {"elapsed", moment.elapsed},
              {"start", b.wall_time},
              {"duration", json{{"light_up", kLightUpEnd}, {"flip", kFlipEnd}, {"explain", timing.explain_seconds},
                                {"fade", kFadeSeconds}, {"total", timing.total()}}},
              {"fighters", std::move(fighters)},
              {"pairs", std::move(pairs)},
              {"caption", json{{"en", fb.lines[0]}, {"ko", fb.lines[1]}}},
              {"explainer_box", std::move(box)},
              {"explainer_lines", std::move(each)}};
}

json result_json(const std::optional<FrameResult>& fr) {
  if (!fr) return nullptr;
  const ResultShown& r = fr->result;
  return json{{"winner", r.winner},
              {"reason", r.reason},
              {"reason_text", both(fr->reason_text)},
              {"headline", both(fr->headline)},
              {"colour", fr->colour},
              {"sentence", both(fr->sentence)},
              {"shown", fr->shown}};
}

json warning_json(const std::optional<FrameWarning>& fw) {
  if (!fw) return nullptr;
  const WarningShown& w = fw->warning;
  return json{{"seq", w.seq},
              {"player", w.player},
              {"kind", w.kind},
              {"kind_text", both(fw->kind_text)},
              {"text", both(fw->text)},
              {"line", both(fw->line)},
              {"total", w.total},
              {"of", fw->of},
              {"wall_time", w.wall_time},
              {"toast", fw->toast},
              // When the toast goes off: a page running on its own clock needs no rule of its own.
              {"toast_until", fw->toast_until}};
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

json items_json(const OnAirFrame& f) {
  const OnAirModel& m = *f.model;
  const auto name_of = [&](const std::string& counter) -> json {
    for (std::size_t k = 0; k < m.counters.names.size() && k < f.counter_names.size(); ++k)
      if (counter == m.counters.names[k]) return both(f.counter_names[k]);
    return both(counter, counter);  // a counter the game does not name: its code, as item_text gives it
  };
  json used = json::array();
  for (const auto& u : m.counters_used)
    used.push_back(json{{"player", u.player}, {"item", u.counter}, {"square", u.square}, {"text", name_of(u.counter)}});
  // The game's names of its counters, for the chips beside each player, and
  // their order (the object's keys come sorted).
  json names = json::object(), order = json::array();
  if (m.has_counters)
    for (std::size_t k = 0; k < m.counters.names.size() && k < f.counter_names.size(); ++k) {
      names[m.counters.names[k]] = both(f.counter_names[k]);
      order.push_back(m.counters.names[k]);
    }
  return json{{"enabled", m.has_counters}, {"used", std::move(used)}, {"names", std::move(names)}, {"order", std::move(order)}};
}

// The final reveal (reveal.h): null before `close`. Public from then on (the
// seals are open), so it is carried whether or not the director shows it.
json reveal_json(const OnAirFrame& f) {
  const OnAirModel& m = *f.model;
  const auto& r = f.reveal;
  if (!r) return nullptr;
  json setups = json::array();
  for (const auto& s : r->setups) {
    if (!s) continue;
    json pieces = json::array();
    for (const auto& p : s->pieces)
      pieces.push_back(json{{"square", square_or_null(m, p.square)},
                            {"token", p.token},
                            {"label", p.square != engine::kNoSquare && static_cast<std::size_t>(p.square) < f.reveal_labels.size()
                                          ? both_or_null(f.reveal_labels[static_cast<std::size_t>(p.square)])
                                          : json(nullptr)}});
    setups.push_back(json{{"player", s->player},
                          {"verified", s->verified ? json(*s->verified) : json(nullptr)},
                          {"pieces", std::move(pieces)}});
  }
  return json{{"title", both(phrase(Lang::kEn, Phrase::kSetupsRevealed), phrase(Lang::kKo, Phrase::kSetupsRevealed))},
              {"setups", std::move(setups)}};
}

json elements_json(const ElementsShown& e, const ElementsShown& after) {
  json out = json::object();
  for (std::size_t i = 0; i < kElementCount; ++i) {
    const ElementState& s = e.element[i];
    // on_after_battle: on once the battle on air has finished animating (a page
    // running the animation on its own clock switches there), added in version 1.
    json one{{"on", s.on}, {"cued", s.cued}, {"held", s.held}, {"on_after_battle", after.element[i].on}};
    if (s.held) one["held_seq"] = s.held_seq;
    if (!s.idle.empty()) one["idle"] = s.idle;
    out[std::string(element_name(static_cast<Element>(i)))] = std::move(one);
  }
  return out;
}

}  // namespace

json on_air_json(const OnAirModel& m, double now_wall, const OnAirOptions& o) {
  return on_air_json(frame_at(m, now_wall, o));
}

json on_air_json(const OnAirFrame& f) {
  const OnAirModel& m = *f.model;
  const double now = f.now;
  // The frame names its own moment: the match and the row whose board it shows.
  json j{{"version", kOnAirVersion}, {"match", m.match > 0 ? json(m.match) : json(nullptr)}, {"seq", m.last_seq},
         {"now", now}, {"opened", f.opened()}, {"held", m.held}, {"replay", f.replay}};
  j["standby"] = f.standby;
  // Every on-air phrase in both languages: the page keeps no copy of its own.
  json phrases = json::object();
  for (int p = 0; p < kPhraseCount; ++p)
    phrases[phrase_key(static_cast<Phrase>(p))] =
        both(phrase(Lang::kEn, static_cast<Phrase>(p)), phrase(Lang::kKo, static_cast<Phrase>(p)));
  for (const auto& [key, w] : game_status_words(m)) phrases[key] = both(w.en, w.ko);
  j["phrases"] = std::move(phrases);
  // The theme's placements the painters use (elements.h decides), and the board's shape with them.
  j["layout"] = json{{"orientation", theme_layout_portrait(f.placements) ? "portrait" : "landscape"},
                     {"name", layout_name(f.layout)},
                     {"theme", f.placements},
                     {"canvas", json{{"width", f.theme->canvas(f.placements).w}, {"height", f.theme->canvas(f.placements).h}}}};
  j["elements"] = elements_json(f.elements, f.elements_after_battle);
  if (!f.opened()) {
    // Neutral words on air: where the store lives is for the logs only.
    j["message"] = both(phrase(Lang::kEn, Phrase::kWaitingForMatch), phrase(Lang::kKo, Phrase::kWaitingForMatch));
    for (const char* k : {"game", "board", "clock", "warning", "last_move", "battle", "result", "banner", "caption",
                          "status_text", "banner_after_battle", "banner_element", "banner_after_battle_element", "analysis", "reveal"})
      j[k] = nullptr;
    j["players"] = json::array();
    j["seals"] = json::array();
    j["items"] = json{{"enabled", false}, {"used", json::array()}, {"names", json::object()}, {"order", json::array()}};
    j["status"] = "waiting";
    j["ply"] = 0;
    j["to_move"] = 0;
    j["paused"] = false;
    return j;
  }
  // The board the deduction's heat map lies on (the theme's placement name), added in version 1.
  j["layout"]["deduction"] = f.deduction;
  // Each player's name strap, painted with the scorebug (elements.h name_straps_on).
  j["layout"]["straps"] = f.straps;
  j["message"] = nullptr;
  j["game"] = json{{"id", m.game_id}, {"preset", m.preset}, {"name", both(m.game_name_en, m.game_name_ko)}};
  j["players"] = players_json(f);
  j["status"] = m.status;
  j["ply"] = m.ply;
  j["to_move"] = m.result ? 0 : m.to_move;
  j["board"] = board_json(f);
  j["clock"] = clock_json(m, f.clock);
  j["warning"] = warning_json(f.warning);
  j["items"] = items_json(f);
  j["last_move"] = m.last_from || m.last_to
                       ? json{{"from", square_or_null(m, m.last_from)}, {"to", square_or_null(m, m.last_to)}}
                       : json(nullptr);
  j["battle"] = battle_json(f);
  j["result"] = result_json(f.result);
  j["paused"] = m.paused;
  j["caption"] = m.caption && f[Element::kCaption].on ? json(*m.caption) : json(nullptr);
  j["seals"] = seals_json(m);
  // The public analysis of this frame's row (on_air_analysis.h), added in
  // version 1; never another row's: null until the row's own is finished.
  j["analysis"] = f.analysis ? analysis_json(m, *m.analysis, f.theme) : json(nullptr);
  // Both setups once the result is confirmed (reveal.h), added in version 1.
  j["reveal"] = reveal_json(f);
  // The one banner on air and the element it belongs to (frame_at decides), so
  // the page keeps no rule of its own about which element shows it.
  const auto banner = [](Banner b) { return b == Banner::kNone ? json(nullptr) : json(banner_name(b)); };
  const auto owner = [](const std::optional<Element>& e) {
    return e ? json(std::string(element_name(*e))) : json(nullptr);
  };
  j["banner"] = banner(f.banner);
  j["banner_element"] = owner(f.banner_element);
  // The banner once the battle on air has finished animating (the result waits
  // for it): a page running the animation on switches at its end.
  j["banner_after_battle"] = banner(f.banner_after_battle);
  j["banner_after_battle_element"] = owner(f.banner_after_battle_element);
  // The caption under the clock; none while playing or ended.
  j["status_text"] = both_or_null(f.status_text);
  // The smallest tray tile that holds every label at 24 px, per language (piece_labels.h), added in
  // version 1 (two numbers, not an {en, ko} object: those are texts for the audience).
  j["layout"]["tray_tile_en"] = f.tray_tile_floor[0];
  j["layout"]["tray_tile_ko"] = f.tray_tile_floor[1];
  // The parts inside the win bar and the reveal (frame_at's), added in version 1.
  json parts = json::object();
  for (const auto& [name, p] : f.parts) parts[name] = parts_json(p);
  j["layout"]["parts"] = std::move(parts);
  j["layout"]["files"] = m.game->geometry().files();
  j["layout"]["ranks"] = m.game->geometry().ranks();
  return j;
}

}  // namespace facedown::broadcast
