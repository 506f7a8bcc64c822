// The ImGui overlay's analysis elements (overlay/analysis_draw.cpp), headless:
// a real public analysis of a scripted match (broadcast/stream_analysis.h over
// its public rows) is drawn only when the director's `deduction` / `win-bar`
// are cued, with the headline (a line per side about its objective) and the
// legend, the labels of the pieces whose deduction is news (piece-odds: every
// piece's), and both names with their numbers.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <fmt/format.h>

#include "broadcast/deduction_view.h"
#include "broadcast/on_air_analysis.h"
#include "broadcast/piece_news.h"
#include "broadcast/win_words.h"
#include "broadcast/on_air_json.h"
#include "broadcast/stream_analysis.h"
#include "codec/json.h"
#include "engine/view.h"
#include "engine/registry.h"
#include "imgui_frame.h"
#include "overlay/layout.h"
#include "overlay/overlay_draw.h"
#include "overlay_support.h"
#include "scripts.h"

using namespace facedown;
using namespace facedown::overlay;
using namespace facedown::overlay::testing;

namespace {

// Every text the overlay draws, each with its size (every one must be reported with one).
struct Drawn {
  std::vector<std::string> text;
  std::vector<float> sizes;
};

Drawn drawn(const OnAirModel& m, const std::optional<broadcast::DirectorState>& d, Lang lang = Lang::kEn,
            Orientation orientation = Orientation::kLandscape) {
  ImGuiFrame frame(glyphs_needed(m, lang));
  Drawn out;
  DrawOptions o;
  o.lang = lang;
  o.orientation = orientation;
  o.now_wall = 2000;
  o.director = d;
  o.text_log = &out.text;
  o.text_sizes = &out.sizes;
  o.small_font = frame.fonts().small;
  o.large_font = frame.fonts().large;
  draw_overlay(frame.draw_list(), frame_for(m, o), o);
  for (const auto& s : out.text) {
    INFO(s);
    CHECK(font_covers(*frame.fonts().small, s));
  }
  return out;
}

std::vector<std::string> drawn_texts(const OnAirModel& m, const std::optional<broadcast::DirectorState>& d) {
  return drawn(m, d).text;
}

std::size_t count_if_text(const std::vector<std::string>& t, const std::function<bool(const std::string&)>& f) {
  return static_cast<std::size_t>(std::count_if(t.begin(), t.end(), f));
}

broadcast::DirectorState cues(std::initializer_list<const char*> list);

// A headline's lead about a side's King (deduction_view.h): "Where is Kim's King?" or "Kim's King is on".
bool king_lead(const std::string& s) {
  return s.rfind("Where is ", 0) == 0 || s.find("'s King is on") != std::string::npos;
}

}  // namespace

TEST_CASE("analysis draw: the public rows read back are the public projection, Blind included") {
  const auto games = engine::all_games();
  for (const char* script : {kOpenBattle, kBlindBattle}) {
    const engine::Match match = script_match(script);
    const auto rows = public_rows(match, 1000, 1);
    broadcast::StreamAnalysis stream(engine::kPublic, broadcast::StreamAnalysisOptions{}, games);
    for (const auto& r : rows) stream.push(r.seq, r.event, r.state.value("ply", 0));
    REQUIRE_FALSE(stream.error());
    const auto& via = stream.stream();
    REQUIRE(via.size() == match.log().size());
    for (std::size_t i = 0; i < via.size(); ++i) {
      const engine::Event direct = engine::project(match.log()[i], engine::kPublic);
      INFO("event " << i << " " << codec::event_to_json(direct, match.game()).dump());
      CHECK(via[i].body == direct.body);
      CHECK(via[i].seq == direct.seq);
      CHECK(via[i].cmd == direct.cmd);
    }
    CHECK_FALSE(stream.analyse(false).error);
  }
}

TEST_CASE("analysis draw: the deduction and win-bar elements paint the model's analysis when cued") {
  const auto games = engine::all_games();
  const auto rows = public_rows(script_match(kOpenBattle), 1000, 1);
  OnAirModel m = derive_model(rows, rows.size(), games);
  broadcast::StreamAnalysisOptions opts = broadcast::live_analysis_options();
  opts.win.max_playouts = 60;
  opts.win.min_playouts = 60;
  broadcast::StreamAnalysis stream(engine::kPublic, opts, games);
  for (const auto& r : rows) stream.push(r.seq, r.event, r.state.value("ply", 0));
  const broadcast::OnAirAnalysis a = stream.analyse(true);
  REQUIRE_FALSE(a.error);
  REQUIRE(a.win);
  REQUIRE(a.objective == "K");
  m.analysis = std::make_shared<const broadcast::OnAirAnalysis>(a);

  const auto plain = drawn_texts(m, std::nullopt);
  CHECK(count_if_text(plain, king_lead) == 0);
  CHECK(count_if_text(plain, [&](const std::string& s) { return s == m.players[0] + " " + std::to_string(static_cast<int>(std::lround(a.win->win[0].p * 100))) + "%"; }) == 0);

  broadcast::DirectorState d;
  d = broadcast::apply_cue(d, std::get<broadcast::Cue>(broadcast::parse_cue("show deduction")), 1, 1);
  d = broadcast::apply_cue(d, std::get<broadcast::Cue>(broadcast::parse_cue("show win-bar")), 1, 1);
  const auto shown = drawn_texts(m, d);
  // One headline line per side whose King the audience cannot see, and the legend.
  std::size_t sides = 0;
  for (const auto& places : a.objective_places) sides += places.empty() ? 0 : 1;
  CHECK(sides == 2);
  CHECK(count_if_text(shown, king_lead) == sides);
  const broadcast::DeductionView view = broadcast::deduction_view(m, a, broadcast::built_in_theme());
  CHECK(std::find(shown.begin(), shown.end(), view.legend[0]) != shown.end());
  // A piece's label only when its deduction is news; piece-odds shows the others too.
  const OverlayLayout layout = layout_overlay(broadcast::built_in_theme(), Orientation::kLandscape, m.game->geometry());
  std::size_t news = 0, fitting = 0;
  for (const auto& l : view.pieces) {
    if (l.square == engine::kNoSquare || layout.board.square_rect(l.square).w < l.cell[0]) continue;
    ++fitting;
    news += l.news ? 1 : 0;
    const auto n = count_if_text(shown, [&](const std::string& t) { return t == l.text[0]; });
    if (l.news) CHECK(n >= 1);
  }
  CHECK(fitting > 0);
  CHECK(news < fitting);  // at move 2 most pieces are not news
  const auto with_odds = drawn_texts(m, cues({"show deduction", "show piece-odds"}));
  std::size_t labelled = 0;
  for (const auto& t : with_odds) labelled += t.size() > 1 && t.back() == '%' && t.find(' ') != std::string::npos ? 1 : 0;
  std::size_t labelled_news = 0;
  for (const auto& t : shown) labelled_news += t.size() > 1 && t.back() == '%' && t.find(' ') != std::string::npos ? 1 : 0;
  CHECK(labelled > labelled_news);
  const std::string p1 = m.players[0] + " " + std::to_string(static_cast<int>(std::lround(a.win->win[0].p * 100))) + "%";
  const std::string p2 = std::to_string(static_cast<int>(std::lround(a.win->win[1].p * 100))) + "% " + m.players[1];
  CHECK(std::find(shown.begin(), shown.end(), p1) != shown.end());
  CHECK(std::find(shown.begin(), shown.end(), p2) != shown.end());
  // Only the win bar: no heat map.
  broadcast::DirectorState bar;
  bar = broadcast::apply_cue(bar, std::get<broadcast::Cue>(broadcast::parse_cue("show win-bar")), 1, 1);
  const auto only_bar = drawn_texts(m, bar);
  CHECK(count_if_text(only_bar, king_lead) == 0);
  CHECK(std::find(only_bar.begin(), only_bar.end(), p1) != only_bar.end());
  // The note is broadcast's plain words, in the frame's language, in both painters.
  CHECK(std::find(only_bar.begin(), only_bar.end(), broadcast::win_note(a, Lang::kEn)) != only_bar.end());
  CHECK(broadcast::win_note(a, Lang::kEn) == broadcast::win_band_text(broadcast::win_band(*a.win), Lang::kEn));

  // No analysis text under 24 px at 1920x1080, in either language or layout:
  // every text drawn is reported with its size (a painter bypassing the pen's
  // 24 px rule reports none), and none is smaller.
  for (Lang lang : {Lang::kEn, Lang::kKo})
    for (Orientation orientation : {Orientation::kLandscape, Orientation::kPortrait}) {
      INFO("lang " << static_cast<int>(lang) << ", orientation " << static_cast<int>(orientation));
      const Drawn all = drawn(m, d, lang, orientation);
      CHECK(all.text.size() > drawn(m, std::nullopt, lang, orientation).text.size());
      REQUIRE(all.sizes.size() == all.text.size());
      for (std::size_t i = 0; i < all.text.size(); ++i) {
        INFO(all.text[i]);
        CHECK(all.sizes[i] >= 24.0f);
      }
      const std::string note = broadcast::win_note(a, lang);
      CHECK(std::find(all.text.begin(), all.text.end(), note) != all.text.end());
    }
}

TEST_CASE("analysis draw: the live options bound each game's deduction as measured") {
  // docs/performance.md "Speed round": what each game's live analysis may spend.
  const analysis::AnalysisOptions defaults;
  for (const auto& info : engine::all_games()) {
    analysis::AnalysisOptions o;
    broadcast::tune_for_live(info.id, o);
    INFO(info.id);
    if (info.id == "number-janggi") CHECK(o.update_events == 2000);
    else if (info.id == "capture-flag" || info.id == "salpakan" || info.id == "luzhanqi-mini") CHECK(o.update_events == 100000);
    else if (info.id == "gunjin-shogi") CHECK(o.update_events == 40000);
    else CHECK(o.update_events == defaults.update_events);
    if (info.id == "salpakan" || info.id == "luzhanqi-mini") CHECK(o.samples == 800);
    else if (info.id == "gunjin-shogi") CHECK(o.samples == 1000);
    else CHECK(o.samples == defaults.samples);
    // Gunjin Shogi ("Gunjin Shogi's error bars"): more fresh draws an update,
    // and the counting's odds weighed as 10 draws against ~1,000 independent ones.
    CHECK(o.update_draws == (info.id == "gunjin-shogi" ? 2000 : defaults.update_draws));
    CHECK(o.prior_draws == (info.id == "gunjin-shogi" ? 10.0 : defaults.prior_draws));
  }
  CHECK(broadcast::live_analysis_options().tune_per_game);
  CHECK_FALSE(broadcast::StreamAnalysisOptions{}.tune_per_game);
}

namespace {

// A made-up analysis over the model on air: seat 1's king on one of two
// face-down squares, seat 2's certain; `p1` for seat 1 (the rest seat 2's).
OnAirModel analysed(std::array<std::string, 2> names, double p1 = 0.62) {
  const auto rows = public_rows(script_match(kOpenBattle), 1000, 1);
  OnAirModel m = derive_model(rows, rows.size(), engine::all_games());
  m.players = std::move(names);
  broadcast::OnAirAnalysis a;
  a.seq = m.last_seq;
  a.ply = a.win_ply = m.ply;
  a.objective = "K";
  for (std::size_t s = 0; s < m.board.size(); ++s) {
    const auto& piece = m.board[s];
    if (!piece || piece->token) continue;
    auto& places = a.objective_places[static_cast<std::size_t>(piece->owner - 1)];
    if (places.size() < (piece->owner == 1 ? 2u : 1u))
      places.push_back({static_cast<engine::Square>(s), 0, piece->owner == 2 ? 1.0 : places.empty() ? 0.75 : 0.25});
  }
  a.win = broadcast::AnalysisWin{{{{p1, p1 - 0.03, p1 + 0.03}, {1 - p1, 1 - p1 - 0.03, 1 - p1 + 0.03}}}, {0, 0, 0.003},
                                 false, 1100};
  m.analysis = std::make_shared<const broadcast::OnAirAnalysis>(a);
  return m;
}

broadcast::DirectorState cues(std::initializer_list<const char*> list) {
  broadcast::DirectorState d;
  for (const char* c : list) d = broadcast::apply_cue(d, std::get<broadcast::Cue>(broadcast::parse_cue(c)), 1, 1);
  return d;
}

struct Painted {
  std::vector<std::string> text;
  std::vector<Rect> boxes;
  std::vector<float> sizes;
};

Painted painted(const OnAirModel& m, const broadcast::DirectorState& d, Lang lang, const broadcast::Theme* theme = nullptr) {
  ImGuiFrame frame(glyphs_needed(m, lang));
  Painted out;
  DrawOptions o;
  o.theme = theme;
  o.lang = lang;
  o.now_wall = 2000;
  o.director = d;
  o.text_log = &out.text;
  o.text_boxes = &out.boxes;
  o.text_sizes = &out.sizes;
  o.small_font = frame.fonts().small;
  o.large_font = frame.fonts().large;
  draw_overlay(frame.draw_list(), frame_for(m, o), o);
  REQUIRE(out.boxes.size() == out.text.size());
  REQUIRE(out.sizes.size() == out.text.size());
  return out;
}

bool within(const Rect& outer, const Rect& r) {
  return r.x >= outer.x - 0.5f && r.y >= outer.y - 0.5f && r.right() <= outer.right() + 0.5f &&
         r.bottom() <= outer.bottom() + 0.5f;
}

bool overlap(const Rect& a, const Rect& b) {
  return a.x < b.right() && b.x < a.right() && a.y < b.bottom() && b.y < a.bottom();
}

}  // namespace

// The win bar's names are whole (never cut with an ellipsis) at 24 px or more,
// inside the bar and title safe, apart from each other and from the note, in
// every layout and both languages, with the longest realistic names: in
// portrait the bar is only as wide as the board, so the names take a row of
// their own (broadcast/on_air_analysis.h win_bar_parts).
TEST_CASE("analysis draw: the win bar's long names are whole in every layout and language", "[legibility]") {
  const std::vector<std::array<std::string, 2>> pairs = {
      {"Kim Kyung-hoon", "Jang Dong-min"}, {"Jang Dong-min", "Kim Kyung-hoon"}, {"김경훈", "장동민"}, {"남궁민수", "선우예권"},
      // 26 characters (issue 32): shortened by the frame before the number could be pushed out.
      {"Alexandra Kowalczyk-Brenna", "Bartholomew Fitzgerald-Lee"}};
  const broadcast::Theme& theme = broadcast::built_in_theme();
  for (const auto& names : pairs)
    for (double p1 : {0.62, 0.05, 0.999})
      for (const char* layout : {"landscape", "portrait", "faces"})
        for (Lang lang : {Lang::kEn, Lang::kKo}) {
          INFO(names[0] << " / " << names[1] << ", " << layout << ", lang " << static_cast<int>(lang) << ", p1 " << p1);
          const OnAirModel m = analysed(names, p1);
          const Painted all = painted(m, cues({fmt::format("layout {}", layout).c_str(), "show win-bar"}), lang);
          const Rect bar = to_rect(theme.element(layout, "win_bar"));
          const Rect safe = safe_area(theme, layout);
          std::vector<Rect> mine;
          for (const std::string& want : {broadcast::win_side_text(m, *m.analysis->win, 1),
                                          broadcast::win_side_text(m, *m.analysis->win, 2),
                                          broadcast::win_note(*m.analysis, lang)}) {
            INFO(want);
            const auto at = std::find(all.text.begin(), all.text.end(), want);
            REQUIRE(at != all.text.end());  // drawn whole: an elided text is logged with its ellipsis
            const std::size_t i = static_cast<std::size_t>(at - all.text.begin());
            CHECK(all.sizes[i] >= 24.0f);
            CHECK(within(bar, all.boxes[i]));
            CHECK(within(safe, all.boxes[i]));
            mine.push_back(all.boxes[i]);
          }
          CHECK_FALSE(overlap(mine[0], mine[1]));
          CHECK_FALSE(overlap(mine[0], mine[2]));
          CHECK_FALSE(overlap(mine[1], mine[2]));
        }
  // Portrait's bar is too narrow for both names beside the note: two rows there, one elsewhere.
  CHECK(broadcast::win_bar_parts(theme, theme.element("portrait", "win_bar")).two_rows);
  CHECK_FALSE(broadcast::win_bar_parts(theme, theme.element("landscape", "win_bar")).two_rows);
}

// The deduction's heat map lies on the board on air (broadcast/elements.h
// deduction_placement): in faces with the full board cued, each heat label is
// centred on its square of the full board, not where the small board sits.
TEST_CASE("analysis draw: the deduction lies on whichever board is on air", "[legibility]") {
  const OnAirModel m = analysed({"Jang Dong-min", "Kim Kyung-hoon"});
  const broadcast::Theme& theme = broadcast::built_in_theme();
  const OverlayLayout l = layout_overlay(theme, Orientation::kFaces, m.game->geometry());
  const auto& place = m.analysis->objective_places[0].front();  // seat 1's likeliest: its number on the board
  const std::string want = "75%";
  REQUIRE(place.p == 0.75);
  const auto centre_of_label = [&](const broadcast::DirectorState& d) {
    const Painted all = painted(m, d, Lang::kEn);
    const auto at = std::find(all.text.begin(), all.text.end(), want);
    REQUIRE(at != all.text.end());
    return all.boxes[static_cast<std::size_t>(at - all.text.begin())].centre();
  };
  const Point full = l.board.square_rect(place.square).centre();
  const Point small = l.board_compact.square_rect(place.square).centre();
  REQUIRE(std::abs(full.x - small.x) > 20);
  for (auto d : {cues({"layout faces", "show board", "show deduction"}),
                 cues({"layout faces", "show board", "show board-compact", "show deduction"})}) {
    const Point c = centre_of_label(d);
    CHECK(std::abs(c.x - full.x) < 1.0f);
    CHECK(std::abs(c.y - full.y) < l.board.cell() / 2);
  }
  const Point c = centre_of_label(cues({"layout faces", "show board-compact", "show deduction"}));
  CHECK(std::abs(c.x - small.x) < 1.0f);
  CHECK(std::abs(c.y - small.y) < l.board_compact.cell() / 2);
}

// The analysis layer follows the theme a designer edits, not the build's copy: its piece names are
// the labels that fit that theme's pieces (as the board's), in the frame and in ImGui, and its
// label size and place are that theme's (the page reads the same served file: browser_analysis).
TEST_CASE("analysis draw: the labels follow the loaded theme, in the frame and in ImGui", "[legibility]") {
  OnAirModel m = analysed({"Jang Dong-min", "Kim Kyung-hoon"});
  broadcast::OnAirAnalysis a = *m.analysis;
  engine::Square hidden = engine::kNoSquare;
  for (std::size_t s = 0; s < m.board.size() && hidden == engine::kNoSquare; ++s)
    if (m.board[s] && !m.board[s]->token) hidden = static_cast<engine::Square>(s);
  REQUIRE(hidden != engine::kNoSquare);
  a.pieces.push_back({m.board[static_cast<std::size_t>(hidden)]->owner, hidden, {{"M", 0.6, 0}}, false});
  REQUIRE(broadcast::piece_is_news(*m.game, a.pieces.back()));  // so the deduction labels it
  m.analysis = std::make_shared<const broadcast::OnAirAnalysis>(a);
  // A theme whose pieces have a narrower face (a wider inset in the same cells): "지뢰" no longer
  // fits a piece there, its short form does; the heat map's cells are as large as before.
  broadcast::Theme small = broadcast::built_in_theme();
  small.metrics["tile.inset_fraction"] = 0.25f;
  const auto text_ko = [&](const broadcast::Theme* t) {
    return broadcast::analysis_json(m, a, t)["pieces"][0]["text"]["ko"].get<std::string>();
  };
  CHECK(text_ko(nullptr) == "지뢰 60%");
  CHECK(text_ko(&small) == "지 60%");
  broadcast::OnAirOptions oo;
  oo.theme = &small;
  CHECK(broadcast::on_air_json(m, 2000, oo)["analysis"]["pieces"][0]["text"]["ko"] == "지 60%");
  const auto d = cues({"show deduction"});
  const auto has = [](const Painted& p, const std::string& s) { return std::find(p.text.begin(), p.text.end(), s) != p.text.end(); };
  // Drawn only where the frame's label fits its cell (cell_ko), and never cut to the bare identity.
  const OverlayLayout land = layout_overlay(broadcast::built_in_theme(), Orientation::kLandscape, m.game->geometry());
  const float cell_px = land.deduction.square_rect(hidden).w;
  const auto fits = [&](const broadcast::Theme* t) {
    return cell_px >= broadcast::analysis_json(m, a, t)["pieces"][0]["cell_ko"].get<float>();
  };
  CHECK(has(painted(m, d, Lang::kKo), "지뢰 60%") == fits(nullptr));
  const Painted mine = painted(m, d, Lang::kKo, &small);
  CHECK(has(mine, "지 60%") == fits(&small));
  CHECK_FALSE(has(mine, "지뢰 60%"));
  CHECK_FALSE(has(mine, "지뢰"));
  CHECK_FALSE(has(mine, "지"));
  // The label's size and place are the theme's: larger and lower in the cell.
  broadcast::Theme moved = broadcast::built_in_theme();
  moved.metrics["analysis.label_text"] = 25;  // "M 60%" still fits the cell at 25 px (label_min_cell)
  moved.metrics["analysis.odds_label_y_fraction"] = 0.6f;
  const auto label_of = [&](const Painted& p) {
    const auto at = std::find(p.text.begin(), p.text.end(), "M 60%");
    REQUIRE(at != p.text.end());
    const auto i = static_cast<std::size_t>(at - p.text.begin());
    return std::make_pair(p.boxes[i], p.sizes[i]);
  };
  const auto [before, before_size] = label_of(painted(m, d, Lang::kEn));
  const auto [after, after_size] = label_of(painted(m, d, Lang::kEn, &moved));
  CHECK(before_size == Approx(24));
  CHECK(after_size == Approx(25));
  const OverlayLayout l = layout_overlay(broadcast::built_in_theme(), Orientation::kLandscape, m.game->geometry());
  const Rect cell = l.deduction.square_rect(hidden);
  CHECK(before.centre().y == Approx(cell.y + cell.h * 0.75f).margin(1));
  CHECK(after.centre().y == Approx(cell.y + cell.h * 0.6f).margin(1));
}

// Never stale: a record of another row than the one whose board is shown is
// painted by neither painter, whoever attached it (issue 31: a Hidden Hasami
// analysis of ply 0 was painted over the board of ply 4).
TEST_CASE("analysis draw: a record of another row is never painted, in the frame or in ImGui") {
  OnAirModel m = analysed({"Jang Dong-min", "Kim Kyung-hoon"});
  const auto d = cues({"show deduction", "show win-bar"});
  REQUIRE(count_if_text(drawn_texts(m, d), king_lead) > 0);
  broadcast::OnAirOptions o;
  o.director = d;
  REQUIRE(broadcast::on_air_json(m, 1, o).at("analysis").is_object());
  CHECK(broadcast::on_air_json(m, 1, o).at("seq") == m.last_seq);
  for (int other : {m.last_seq - 1, m.last_seq + 1, 0}) {
    INFO("record of row " << other << ", board of row " << m.last_seq);
    broadcast::OnAirAnalysis a = *m.analysis;
    a.seq = other;
    OnAirModel stale = m;
    stale.analysis = std::make_shared<const broadcast::OnAirAnalysis>(a);
    CHECK_FALSE(broadcast::analysis_shown(stale));
    const auto texts = drawn_texts(stale, d);
    CHECK(count_if_text(texts, king_lead) == 0);
    CHECK(std::none_of(texts.begin(), texts.end(), [&](const std::string& s) { return s.find(m.players[0] + " ") == 0 && s.back() == '%'; }));
    const auto j = broadcast::on_air_json(stale, 1, o);
    CHECK(j.at("analysis").is_null());
    CHECK(j.at("elements").at("deduction").at("on") == false);
    CHECK(j.at("elements").at("win-bar").at("on") == false);
  }
}
