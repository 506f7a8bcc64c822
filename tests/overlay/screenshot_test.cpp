// Screenshot tests: real frames of the overlay's window (GLFW, OpenGL 3.3 core,
// Mesa llvmpipe under Xvfb), compared with small golden PNGs in
// tests/overlay/golden/ with a tolerance. Run through xvfb-run (CMake does).
// FACEDOWN_UPDATE_GOLDEN=1 rewrites the goldens; every run leaves the frames
// in the build tree (overlay-screenshots/) for a person to look at.
#include <imgui.h>
#include <imgui_internal.h>  // ImTextCharFromUtf8: which glyphs a text needs

#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "broadcast/analysis_record.h"
#include "broadcast/on_air_analysis.h"
#include "broadcast/win_bar_rule.h"
#include "engine/registry.h"
#include "overlay/overlay_draw.h"
#include "overlay/overlay_window.h"
#include "element_moments.h"
#include "overlay_support.h"
#include "reveal_support.h"
#include "scripts.h"

using namespace facedown;
using namespace facedown::overlay;
using namespace facedown::overlay::testing;

namespace {

OverlayWindow& window() {
  static std::unique_ptr<OverlayWindow> w = [] {
    OverlayWindowSpec spec;
    spec.vsync = false;
    auto opened = OverlayWindow::open(spec);
    if (auto* err = std::get_if<std::string>(&opened)) FAIL(*err);
    return std::move(std::get<std::unique_ptr<OverlayWindow>>(opened));
  }();
  return *w;
}

OnAirModel model_of(const std::string& script) {
  const auto rows = public_rows(script_match(script), 1.7e9, 1);
  return derive_model(rows, rows.size(), engine::all_games());
}

void shoot(const std::string& name, const OnAirModel& m, DrawOptions o, Background bg = Background::kChroma) {
  OverlayWindow& w = window();
  REQUIRE_FALSE(w.ensure_glyphs(glyphs_needed(m, o.lang)).has_value());
  REQUIRE(w.width() == 1920);
  REQUIRE(w.height() == 1080);
  w.begin_frame();
  o.transform = fit_canvas(static_cast<float>(w.width()), static_cast<float>(w.height()));
  o.small_font = w.fonts().small;
  o.large_font = w.fonts().large;
  draw_overlay(*ImGui::GetBackgroundDrawList(), frame_for(m, o), o);
  const std::filesystem::path out_dir = std::filesystem::path(FACEDOWN_BINARY_DIR) / "overlay-screenshots";
  std::filesystem::create_directories(out_dir);
  const std::string full = (out_dir / (name + ".png")).string();
  REQUIRE_FALSE(w.end_frame(background_colour(bg), full).has_value());

  auto frame = ui::read_png(full);
  REQUIRE(frame);
  ui::Image small = ui::downscale2(ui::downscale2(*frame));  // 480x270
  const std::string golden = std::string(FACEDOWN_SOURCE_DIR) + "/tests/overlay/golden/" + name + ".png";
  const char* update = std::getenv("FACEDOWN_UPDATE_GOLDEN");
  if (update && std::string(update) == "1") {
    REQUIRE_FALSE(ui::write_png(small, golden).has_value());
    WARN("golden rewritten: " << golden);
    return;
  }
  auto expected = ui::read_png(golden);
  INFO("golden " << golden << " (FACEDOWN_UPDATE_GOLDEN=1 writes it; frame in " << full << ")");
  REQUIRE(expected);
  ui::ImageDiff d = ui::compare(small, *expected);
  INFO("mean abs " << d.mean_abs << ", differing " << d.differing_share);
  CHECK(d.same_size);
  CHECK(d.mean_abs < 2.0);
  CHECK(d.differing_share < 0.01);
}

DrawOptions at(const OnAirModel& m, double seconds_after_last_row) {
  DrawOptions o;
  o.now_wall = m.row_wall_time + seconds_after_last_row;
  return o;
}

}  // namespace

TEST_CASE("landscape, mid-match after a blinded battle", "[screenshot]") {
  OnAirModel m = model_of(kBlindBattle);
  shoot("landscape", m, at(m, 41.5));  // 18.5 s left: amber
}

TEST_CASE("portrait", "[screenshot]") {
  OnAirModel m = model_of(kBlindBattle);
  DrawOptions o = at(m, 3);
  o.orientation = Orientation::kPortrait;
  shoot("portrait", m, o);
}

TEST_CASE("Korean names and captions", "[screenshot]") {
  std::string script = kOpenBattle;
  script.replace(script.find("\"Jang Dong-min\""), 15, "\"장동민\"");
  script.replace(script.find("\"Kim Kyung-hoon\""), 16, "\"김경훈\"");
  OnAirModel m = model_of(script + "@25 move a3-a4\n@27 warn 2 \"말을 만짐\"\n");
  DrawOptions o = at(m, 2);
  o.lang = Lang::kKo;
  shoot("korean", m, o);
}

// Korean on air: the explainer's kinds and the result banner's sentence are the
// game's Korean words, with the players' names.
static std::string korean_script(const std::string& tail) {
  std::string script = kOpenBattle;
  script.replace(script.find("\"Jang Dong-min\""), 15, "\"장동민\"");
  script.replace(script.find("\"Kim Kyung-hoon\""), 16, "\"김경훈\"");
  return script + tail;
}

TEST_CASE("Korean battle explainer", "[screenshot]") {
  OnAirModel m = model_of(korean_script(""));
  REQUIRE(m.battle);
  DrawOptions o = at(m, 0.5);
  o.lang = Lang::kKo;
  o.battle_elapsed = 1.0;
  const auto lines = battle_explainer(m, Lang::kKo);
  REQUIRE_FALSE(lines.empty());
  CHECK(lines[0].find("승리") != std::string::npos);
  shoot("korean-battle", m, o);
}

TEST_CASE("Korean result banner", "[screenshot]") {
  OnAirModel m = model_of(korean_script("@30 resign 1\n"));
  REQUIRE(m.result);
  CHECK(result_sentence(m, Lang::kKo) == "장동민 기권: 김경훈 승리");
  DrawOptions o = at(m, 10);
  o.lang = Lang::kKo;
  shoot("korean-result", m, o, Background::kSolid);
}

TEST_CASE("a battle mid-animation", "[screenshot]") {
  OnAirModel m = model_of(kBlindBattle);
  DrawOptions o = at(m, 0.5);
  o.battle_elapsed = 1.0;  // flipped; the loser half faded; BLIND tag on the winner
  shoot("battle", m, o);
}

TEST_CASE("the result banner with the verified reveal", "[screenshot]") {
  OnAirModel m = model_of(std::string(kOpenBattle) + "@30 resign 1\n");
  m.commitments[0] = SetupCommitment{1, "5f1c0e9a2b7d4c3e8f6a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f6a", std::string("x"),
                                     std::string("y"), true};
  m.commitments[1] = SetupCommitment{2, "c0ffee00112233445566778899aabbccddeeff00112233445566778899aabbcc", std::string("x"),
                                     std::string("y"), true};
  shoot("result", m, at(m, 1), Background::kSolid);
}

// The director's elements and placements (docs/director.md), one closed match:
// the faces layout with the small board, the slate, and the final reveal in
// landscape and portrait, across both languages. The browser's goldens of the
// same frame: tests/browser/elements_test.mjs (director-*.png).
OnAirModel revealed_match() {
  std::string script = std::string(kOpenBattle) + "@30 resign 1\n@31 close\n";
  const engine::Match match = script_match(script);
  OnAirModel m = derive_model(public_rows(match, 1.7e9, 1), 1000, engine::all_games());
  attach_commitments(m, open_seals(match));
  m.commitments[1]->verified = false;  // as the browser's frame (the cross-output test's): one MISMATCH
  return m;
}

DrawOptions cued(const OnAirModel& m, Lang lang, std::initializer_list<const char*> cues) {
  DrawOptions o = at(m, 20);
  o.lang = lang;
  broadcast::DirectorState d;
  for (const char* text : cues) {
    auto c = broadcast::parse_cue(text);
    REQUIRE(std::holds_alternative<broadcast::Cue>(c));
    d = broadcast::apply_cue(d, std::get<broadcast::Cue>(c), 0, 0);
  }
  o.director = d;
  return o;
}

TEST_CASE("the director's elements: faces with the small board, slate, reveal", "[screenshot]") {
  const OnAirModel m = revealed_match();
  shoot("director-faces-compact-en", m, cued(m, Lang::kEn, {"layout faces", "show board-compact"}));
  shoot("director-faces-slate-ko", m, cued(m, Lang::kKo, {"layout faces", "show slate"}));
  shoot("director-reveal-en", m, cued(m, Lang::kEn, {"layout landscape"}), Background::kSolid);
  shoot("director-reveal-portrait-ko", m, cued(m, Lang::kKo, {"layout portrait"}), Background::kSolid);
  // The same elements in the other language.
  shoot("director-faces-compact-ko", m, cued(m, Lang::kKo, {"layout faces", "show board-compact"}));
  shoot("director-faces-slate-en", m, cued(m, Lang::kEn, {"layout faces", "show slate"}));
  shoot("director-reveal-ko", m, cued(m, Lang::kKo, {"layout landscape"}), Background::kSolid);
  shoot("director-reveal-portrait-en", m, cued(m, Lang::kEn, {"layout portrait"}), Background::kSolid);
}

// The analysis elements (deduction, win-bar) over a mid-match, in each layout
// and both languages. The analysis is written here (the one the browser's
// goldens draw, tests/browser/analysis_paint_test.mjs): seat 1's king on one of
// two squares, seat 2's certain, odds on every face-down piece (one certain:
// news; the others near their share at the start: no label), 62 % to 38 %.
OnAirModel analysed_match() {
  OnAirModel m = model_of(kOpenBattle);
  broadcast::OnAirAnalysis a;
  a.seq = m.last_seq;
  a.ply = a.win_ply = m.ply;
  a.objective = "K";
  for (std::size_t s = 0; s < m.board.size(); ++s) {
    const auto& piece = m.board[s];
    if (!piece || piece->token) continue;
    const auto square = static_cast<engine::Square>(s);
    auto& places = a.objective_places[static_cast<std::size_t>(piece->owner - 1)];
    if (places.size() < (piece->owner == 1 ? 2u : 1u))
      places.push_back({square, 0, piece->owner == 2 ? 1.0 : places.empty() ? 0.75 : 0.25});
    const bool certain = a.pieces.size() == 4;
    a.pieces.push_back({piece->owner, square, {{"9", certain ? 1.0 : 0.1, 0}, {"3", 0.08, 0}}, certain});
  }
  a.win = broadcast::AnalysisWin{{{{0.62, 0.59, 0.65}, {0.38, 0.35, 0.41}}}, {0, 0, 0.003}, false, 1100};
  m.analysis = std::make_shared<const broadcast::OnAirAnalysis>(a);
  return m;
}

TEST_CASE("the analysis elements: deduction and win bar in each layout, both languages", "[screenshot]") {
  const OnAirModel m = analysed_match();
  for (Lang lang : {Lang::kEn, Lang::kKo}) {
    const std::string suffix = lang == Lang::kEn ? "-en" : "-ko";
    shoot("analysis-landscape" + suffix, m, cued(m, lang, {"layout landscape", "show deduction", "show win-bar"}));
    DrawOptions portrait = cued(m, lang, {"layout portrait", "show deduction", "show win-bar"});
    portrait.orientation = Orientation::kPortrait;
    shoot("analysis-portrait" + suffix, m, portrait);
    shoot("analysis-faces" + suffix, m,
          cued(m, lang, {"layout faces", "show board-compact", "show deduction", "show win-bar"}));
  }
}

// Issue 32: the win bar with 26-character names (the frame shortens them,
// broadcast/win_names.h, so the numbers stay whole), decided (the result, no
// note), and at a stage where the held-out check keeps it off (Number Janggi
// rsf-s52's end: seven pieces in the trays), both languages.
TEST_CASE("the win bar: a long name, decided, and a stage where it does not air, both languages", "[screenshot]") {
  OnAirModel long_names = analysed_match();
  long_names.players = {"Alexandra Kowalczyk-Brenna", "Bartholomew Fitzgerald-Lee"};
  OnAirModel decided = analysed_match();
  {
    broadcast::OnAirAnalysis a = *decided.analysis;
    a.win = broadcast::AnalysisWin{{{{1, 1, 1}, {0, 0, 0}}}, {0, 0, 0}, true, 0};
    decided.analysis = std::make_shared<const broadcast::OnAirAnalysis>(a);
  }
  OnAirModel hidden = analysed_match();
  hidden.preset = "rsf-s52";
  for (std::size_t s = 0, moved = 0; s < hidden.board.size() && moved < 7; ++s)
    if (hidden.board[s] && !hidden.board[s]->token) {
      hidden.removed[static_cast<std::size_t>(hidden.board[s]->owner - 1)].push_back(std::nullopt);
      hidden.board[s].reset();
      ++moved;
    }
  REQUIRE(broadcast::model_stage(hidden) == broadcast::WinStage::kEnd);
  REQUIRE_FALSE(broadcast::analysis_idle(hidden, broadcast::Element::kWinBar).empty());
  for (Lang lang : {Lang::kEn, Lang::kKo}) {
    const std::string suffix = lang == Lang::kEn ? "-en" : "-ko";
    shoot("winbar-long-name" + suffix, long_names, cued(long_names, lang, {"layout landscape", "show win-bar"}));
    shoot("winbar-decided" + suffix, decided, cued(decided, lang, {"layout landscape", "show win-bar"}));
    shoot("winbar-hidden-stage" + suffix, hidden, cued(hidden, lang, {"layout landscape", "show win-bar"}));
  }
}

// Draws `m` at `o` into the window and returns the picture.
ui::Image frame_of(const OnAirModel& m, DrawOptions o, Background bg) {
  OverlayWindow& w = window();
  REQUIRE_FALSE(w.ensure_glyphs(glyphs_needed(m, o.lang)).has_value());
  w.begin_frame();
  o.transform = fit_canvas(static_cast<float>(w.width()), static_cast<float>(w.height()));
  o.small_font = w.fonts().small;
  o.large_font = w.fonts().large;
  draw_overlay(*ImGui::GetBackgroundDrawList(), frame_for(m, o), o);
  REQUIRE_FALSE(w.end_frame(background_colour(bg)).has_value());
  return w.read_pixels();
}

TEST_CASE("a clock tick redraws only what changed, pixel for pixel as a whole frame", "[screenshot]") {
  OnAirModel m = model_of(kBlindBattle);
  OverlayWindow& w = window();
  const long whole = static_cast<long>(w.width()) * w.height();
  for (Background bg : {Background::kChroma, Background::kSolid}) {
    w.redraw_all();
    frame_of(m, at(m, 30.25), bg);
    CHECK_FALSE(w.last_damage().has_value());
    // Second by second through amber into red and the last seconds, then odd
    // jumps: each partial frame must equal the same frame drawn whole.
    for (double t : {31.25, 32.25, 38.25, 41.5, 45.5, 50.25, 55.75, 59.5, 33.0, 47.0}) {
      INFO("background " << static_cast<int>(bg) << ", " << t << " s after the last row");
      const ui::Image partial = frame_of(m, at(m, t), bg);
      REQUIRE(w.last_damage().has_value());
      const PixelRect r = *w.last_damage();
      INFO("damage " << r.x0 << "," << r.y0 << " - " << r.x1 << "," << r.y1);
      w.redraw_all();
      const ui::Image full = frame_of(m, at(m, t), bg);
      CHECK_FALSE(w.last_damage().has_value());
      REQUIRE(partial.width == full.width);
      REQUIRE(partial.height == full.height);
      std::size_t differing = 0;
      for (std::size_t i = 0; i < full.pixels.size(); ++i) differing += partial.pixels[i] != full.pixels[i];
      CHECK(differing == 0);
      // A tick is a small part of the frame; the same frame again is nothing.
      CHECK(r.area() < whole / 10);
      frame_of(m, at(m, t), bg);
      REQUIRE(w.last_damage().has_value());
      CHECK(w.last_damage()->empty());
    }
  }
}

TEST_CASE("every game of the registry, mid-match, both layouts (frames kept for review, no golden)", "[screenshot]") {
  for (const auto& info : engine::all_games()) {
    engine::Match match = random_match(info, info.default_preset, 5, 24);
    const auto rows = public_rows(match, 1.7e9, 1);
    std::size_t shown = rows.size();  // up to the resignation that ended it, so the board shows
    while (shown > 1 && rows[shown - 1].type != "moved" && rows[shown - 1].type != "attack") --shown;
    OnAirModel m = derive_model(rows, shown, engine::all_games());
    INFO(info.id);
    REQUIRE(m.opened);
    CHECK(m.problems.empty());
    for (auto orientation : {Orientation::kLandscape, Orientation::kPortrait}) {
      OverlayWindow& w = window();
      REQUIRE_FALSE(w.ensure_glyphs(glyphs_needed(m, Lang::kEn)).has_value());
      w.begin_frame();
      DrawOptions o = at(m, 2);
      o.orientation = orientation;
      o.battle_elapsed = 1.0;  // the last attack, flipped
      o.transform = fit_canvas(static_cast<float>(w.width()), static_cast<float>(w.height()));
      o.small_font = w.fonts().small;
      o.large_font = w.fonts().large;
      draw_overlay(*ImGui::GetBackgroundDrawList(), frame_for(m, o), o);
      const std::filesystem::path out_dir = std::filesystem::path(FACEDOWN_BINARY_DIR) / "overlay-screenshots";
      const std::string name = info.id + (orientation == Orientation::kLandscape ? "-landscape" : "-portrait");
      REQUIRE_FALSE(w.end_frame(background_colour(Background::kChroma), (out_dir / (name + ".png")).string()).has_value());
      auto frame = ui::read_png((out_dir / (name + ".png")).string());
      REQUIRE(frame);
      // Not just the background: a good share of the layout's canvas (portrait's stands pillarboxed) is board and panels.
      std::size_t drawn = 0;
      for (std::size_t i = 0; i + 2 < frame->pixels.size(); i += 3)
        if (!(frame->pixels[i] == 0 && frame->pixels[i + 1] == 177 && frame->pixels[i + 2] == 64)) ++drawn;
      const broadcast::ThemeRect canvas = broadcast::built_in_theme().canvas(layout_name(orientation));
      const float scale = refit(o.transform, canvas).scale;
      CHECK(static_cast<float>(drawn) > canvas.w * scale * canvas.h * scale / 3);
    }
  }
}

namespace {

// A random match of the game cut just after its last battle (battles_only) or
// move before `max_plies`, as the audience saw it then.
OnAirModel mid_match(const std::string& id, std::uint64_t seed, int max_plies, bool battles_only = false) {
  static const std::vector<engine::GameInfo> games = engine::all_games();
  const engine::GameInfo* info = engine::find_game(games, id);
  REQUIRE(info);
  const auto rows = public_rows(random_match(*info, info->default_preset, seed, max_plies), 1.7e9, 1);
  std::size_t shown = rows.size();
  auto wanted = [&](const std::string& type) {
    return type == "attack" || (!battles_only && (type == "moved" || type == "removed"));
  };
  while (shown > 1 && !wanted(rows[shown - 1].type)) --shown;
  OnAirModel m = derive_model(rows, shown, engine::all_games());
  REQUIRE(m.opened);
  REQUIRE_FALSE(m.result);
  return m;
}

}  // namespace

TEST_CASE("Gunjin Shogi mid-match: headquarters, hidden battle explained by its outcome", "[screenshot]") {
  OnAirModel m = mid_match("gunjin-shogi", 3, 60, true);
  DrawOptions o = at(m, 1);
  o.battle_elapsed = 1.0;
  shoot("gunjin-shogi-landscape", m, o);
  o.orientation = Orientation::kPortrait;
  shoot("gunjin-shogi-portrait", m, o);
}

TEST_CASE("Hidden Hasami mid-match: round stones, all alike", "[screenshot]") {
  OnAirModel m = mid_match("hidden-hasami", 3, 40);
  shoot("hidden-hasami-landscape", m, at(m, 1));
}

TEST_CASE("Gwangsanghui mid-match: on points with palace diagonals, 15x14 in both layouts", "[screenshot]") {
  OnAirModel m = mid_match("gwangsanghui", 3, 60, true);
  DrawOptions o = at(m, 1);
  o.battle_elapsed = 1.0;
  shoot("gwangsanghui-landscape", m, o);
  o.orientation = Orientation::kPortrait;
  o.battle_elapsed = -1;  // nothing over the board: every line shows
  shoot("gwangsanghui-portrait", m, o);
  // Between two neighbouring points lies a line and never a piece: in both
  // directions, turned or not, almost every such midpoint is a line's pixel.
  for (auto orientation : {Orientation::kLandscape, Orientation::kPortrait}) {
    o.orientation = orientation;
    const std::string name = orientation == Orientation::kPortrait ? "gwangsanghui-portrait" : "gwangsanghui-lines";
    if (orientation == Orientation::kLandscape) shoot(name, m, o);
    auto frame = ui::read_png((std::filesystem::path(FACEDOWN_BINARY_DIR) / "overlay-screenshots" / (name + ".png")).string());
    REQUIRE(frame);
    const engine::Geometry& g = m.game->geometry();
    const BoardLayout b = layout_overlay(facedown::broadcast::built_in_theme(), orientation, g).board;
    // The layout's canvas in the 1920x1080 window (portrait's 1080x1920 stands pillarboxed).
    const CanvasTransform t = refit(fit_canvas(1920, 1080), facedown::broadcast::built_in_theme().canvas(layout_name(orientation)));
    auto bright = [&](Point a_canvas, Point z_canvas) {
      const Point a = t.apply(a_canvas), z = t.apply(z_canvas);
      const int x = static_cast<int>((a.x + z.x) / 2), y = static_cast<int>((a.y + z.y) / 2);
      // The grid's grey-blue, not the board, within a pixel (portrait's smaller scale thins the line).
      for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) {
          const auto i = static_cast<std::size_t>(((y + dy) * frame->width + x + dx) * 3);
          if (frame->pixels[i] > 110 && frame->pixels[i + 2] > 140) return true;
        }
      return false;
    };
    int along_files = 0, along_ranks = 0, files_total = 0, ranks_total = 0;
    for (int f = 0; f < g.files(); ++f)
      for (int r = 0; r < g.ranks(); ++r) {
        const Point c = b.square_rect(g.at(f, r)).centre();
        if (r + 1 < g.ranks()) {
          ++files_total;
          along_files += bright(c, b.square_rect(g.at(f, r + 1)).centre());
        }
        if (f + 1 < g.files()) {
          ++ranks_total;
          along_ranks += bright(c, b.square_rect(g.at(f + 1, r)).centre());
        }
      }
    INFO(name << ": " << along_files << "/" << files_total << " along files, " << along_ranks << "/" << ranks_total
              << " along ranks");
    CHECK(along_files > files_total * 9 / 10);
    CHECK(along_ranks > ranks_total * 9 / 10);
  }
}

TEST_CASE("every game and preset in both languages, mid-match (the browser's fixtures' frames)", "[screenshot]") {
  const broadcast::Theme& theme = broadcast::built_in_theme();
  const float margin_x = kThemeCanvasWidth * (1 - theme.safe_fraction) / 2;
  const float margin_y = kThemeCanvasHeight * (1 - theme.safe_fraction) / 2;
  for (const GameFrame& f : every_game_frame()) {
    for (Lang lang : {Lang::kEn, Lang::kKo}) {
      INFO(f.name << (lang == Lang::kKo ? " ko" : " en"));
      std::vector<Rect> boxes;
      std::vector<std::string> texts;
      DrawOptions o = at(f.model, 10);  // the fixture's moment: the last battle done
      o.lang = lang;
      o.text_boxes = &boxes;
      o.text_log = &texts;
      shoot("game-" + f.name + (lang == Lang::kKo ? "-ko" : "-en"), f.model, o);
      // Every text inside title safe, and none drawn as ImGui's fallback "?".
      REQUIRE(boxes.size() == texts.size());
      ImFont* font = window().fonts().small;
      REQUIRE(font);
      for (std::size_t i = 0; i < boxes.size(); ++i) {
        INFO(texts[i]);
        for (const char* c = texts[i].c_str(); *c;) {
          unsigned int code = 0;
          c += ImTextCharFromUtf8(&code, c, nullptr);
          if (code > ' ') CHECK(font->FindGlyphNoFallback(static_cast<ImWchar>(code)) != nullptr);
        }
        CHECK(boxes[i].x >= margin_x - 0.5f);
        CHECK(boxes[i].right() <= kThemeCanvasWidth - margin_x + 0.5f);
        CHECK(boxes[i].y >= margin_y - 0.5f);
        CHECK(boxes[i].bottom() <= kThemeCanvasHeight - margin_y + 0.5f);
      }
    }
  }
}

// Every element in both languages and in each layout that places it, composed
// so few pictures cover them (element_moments.h: a battle explained with a
// caption, the result, standby); the browser's goldens paint the same frames
// (tests/browser/elements_test.mjs, elements-*.png).
TEST_CASE("the elements in both languages and every layout", "[screenshot]") {
  for (Lang lang : {Lang::kEn, Lang::kKo})
    for (const ElementMoment& e : element_moments(lang)) {
      INFO(e.name);
      DrawOptions o;
      o.lang = lang;
      o.now_wall = e.now_wall;
      o.director = e.director;
      o.orientation = e.orientation == "portrait" ? Orientation::kPortrait : Orientation::kLandscape;
      if (e.name.rfind("mid-", 0) == 0) {
        REQUIRE(e.model.battle);
        REQUIRE(e.model.caption);
        o.battle_elapsed = e.now_wall - e.model.row_wall_time;  // the battle is the last row
      }
      if (e.name.rfind("standby-", 0) == 0) REQUIRE(desk_standby(e.model, e.now_wall));
      if (e.name.rfind("result-", 0) == 0) REQUIRE(e.model.result);
      shoot("elements-" + e.name + (lang == Lang::kEn ? "-en" : "-ko"), e.model, o,
            e.name.rfind("result-", 0) == 0 ? Background::kSolid : Background::kChroma);
    }
}

// The deduction as a viewer sees it, in every game and preset, both languages:
// the real public deduction of the game's frame (the record in
// tests/browser/fixtures/deduction/, written by overlay_tests "deduction
// fixtures"), cued alone over the board in landscape, and with piece-odds in
// portrait (English). The browser's goldens paint the same frames
// (tests/browser/analysis_paint_test.mjs, deduction-*.png).
TEST_CASE("the deduction of every game and preset, both languages", "[screenshot]") {
  for (const GameFrame& f : every_game_frame()) {
    INFO(f.name);
    std::ifstream in(std::string(FACEDOWN_SOURCE_DIR) + "/tests/browser/fixtures/deduction/" + f.name + ".record.json");
    REQUIRE(in);
    std::stringstream text;
    text << in.rdbuf();
    const auto record = broadcast::record_from_text(text.str());
    REQUIRE(record);
    OnAirModel m = f.model;
    REQUIRE(record->seq == m.last_seq);
    m.analysis = std::make_shared<const broadcast::OnAirAnalysis>(*record);
    for (Lang lang : {Lang::kEn, Lang::kKo}) {
      DrawOptions o = cued(m, lang, {"show deduction"});
      o.now_wall = m.row_wall_time + 10;
      shoot("deduction-" + f.name + (lang == Lang::kKo ? "-ko" : "-en"), m, o);
    }
    DrawOptions odds = cued(m, Lang::kEn, {"layout portrait", "show deduction", "show piece-odds"});
    odds.now_wall = m.row_wall_time + 10;
    odds.orientation = Orientation::kPortrait;
    shoot("piece-odds-" + f.name + "-portrait-en", m, odds);
  }
}
