// The ImGui half of the cross-output test: for scripted and random matches of every game at
// chosen moments (before start, each phase of a battle, paused, a warning toast,
// the director's caption, standby, held, the result, sealed setups, both setups
// revealed after close; the director's elements: each layout, each element
// out or in, a battle's seconds set, and the picture held by a cue while the
// scorebug's clock runs) and in both
// languages, the on-air JSON (the frame) and every text the ImGui overlay paints
// for it (a headless ImGui frame, DrawOptions::text_log). The browser half of
// the cross-output test (tests/browser/cross_output_test.mjs) loads each frame
// into the page and compares the page's visible texts with these. It runs
// this test case with FACEDOWN_CROSS_OUTPUT_OUT=FILE to have them written.
// With FACEDOWN_CROSS_OUTPUT_PICTURES=DIR it also paints a chosen few of them
// (every game, both languages, a battle, a result, paused, a warning, a
// caption: pictured() below) into DIR as raw RGB over chroma green, at half
// the canvas's size (960x540: the comparison is coarse, CI time is not), with
// the software rasteriser of draw_list_raster.h, for the browser half to
// compare with Chromium's screenshots of the same frames. The first few
// pictured frames are painted again by the ImGui overlay alone changed
// (changed_painters() below: another theme handed to it through
// DrawOptions::theme, or its canvas transform moved), each beside the frame as
// `changed`; the browser half requires each of those to fail its comparison.
#include <imgui.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <fmt/format.h>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>

#include "broadcast/elements.h"
#include "broadcast/on_air_json.h"
#include "engine/registry.h"
#include "overlay/overlay_draw.h"
#include "draw_list_raster.h"
#include "imgui_frame.h"
#include "overlay_support.h"
#include "reveal_support.h"
#include "scripts.h"

using namespace facedown;
using namespace facedown::overlay;
using namespace facedown::overlay::testing;

namespace {

struct Case {
  std::string name;
  OnAirModel model;
  double now = 0;
  // The director's cues folded (elements, layout, holds) and the output's hint.
  broadcast::DirectorState director = {};
  std::string orientation = "landscape";
};

broadcast::DirectorState cued(const std::vector<std::string>& cues, int seq = 0, double wall = 0) {
  broadcast::DirectorState d;
  for (const std::string& c : cues) d = broadcast::apply_cue(d, std::get<broadcast::Cue>(broadcast::parse_cue(c)), seq, wall);
  return d;
}

OnAirModel model_of(const std::string& script, std::size_t rows_shown = 0) {
  const auto rows = public_rows(script_match(script), 1.7e9, 1);
  return derive_model(rows, rows_shown ? rows_shown : rows.size(), engine::all_games());
}

// The texts the ImGui overlay paints for the frame; with `picture` a path, its picture there too.
// `change` alters the options before painting (the ImGui overlay alone changed).
// `boxes`, when given, receives each text's glyph box in canvas pixels ([x, y, w, h], as text_log's order).
std::vector<std::string> imgui_texts(const Case& c, Lang lang, const std::string& picture = {},
                                     const std::function<void(DrawOptions&)>& change = {},
                                     std::vector<Rect>* boxes = nullptr) {
  const OnAirModel& m = c.model;
  const double now = c.now;
  ImGuiFrame frame(glyphs_needed(m, lang));
  std::vector<std::string> texts;
  DrawOptions o;
  o.lang = lang;
  o.now_wall = now;
  o.director = c.director;
  o.orientation = c.orientation == "portrait" ? Orientation::kPortrait : Orientation::kLandscape;
  o.timing = broadcast::director_timing(c.director, o.timing);
  const BattleMoment b = battle_moment(m, now, o.timing);
  o.battle_elapsed = b.animating() ? b.elapsed : -1;
  o.small_font = frame.fonts().small;
  o.large_font = frame.fonts().large;
  o.text_log = &texts;
  o.text_boxes = boxes;
  // The picture at half size, as the browser half shoots it (deviceScaleFactor 0.5); the texts are in canvas pixels either way.
  constexpr int kPictureWidth = 960, kPictureHeight = 540;
  if (!picture.empty()) o.transform = fit_canvas(kPictureWidth, kPictureHeight);
  if (change) change(o);
  draw_overlay(frame.draw_list(), frame_for(m, o), o);
  if (!picture.empty()) {
    AtlasPixels atlas;
    unsigned char* pixels = nullptr;
    ImGui::GetIO().Fonts->GetTexDataAsRGBA32(&pixels, &atlas.width, &atlas.height);
    atlas.rgba = pixels;
    // Chroma green, as the overlay's window keys (overlay_draw.h background_colour).
    const ui::Image image = rasterise(frame.draw_list(), atlas, kPictureWidth, kPictureHeight, {0, 177, 64});
    // Raw RGB rows (960x540x3 bytes): no PNG to deflate and inflate, the browser half reads it as is.
    std::ofstream out(picture, std::ios::binary);
    out.write(reinterpret_cast<const char*>(image.pixels.data()), static_cast<std::streamsize>(image.pixels.size()));
    REQUIRE(out.good());
  }
  return texts;
}

// The frames whose pictures are compared (kept few: each costs a Chromium
// screenshot): a battle of every game, alternating languages, and the desk's
// moments on Number Janggi in both languages.
bool pictured(const std::string& name, Lang lang, std::size_t game_index) {
  const bool ko = lang == Lang::kKo;
  // The disqualification: its banner in the winner's colour, naming the loser, in both.
  if (name == "number-janggi paused" || name == "number-janggi result" || name == "number-janggi disqualified") return !ko;
  if (name == "number-janggi warning toast" || name == "number-janggi caption" || name == "number-janggi blind battle explained")
    return ko;
  return name.ends_with(" battle explained") && name.find("number-janggi") == std::string::npos &&
         (game_index % 2 == 1) == ko;
}

// The ImGui overlay changed alone, as a painter's edit would change it: a
// metric (the panels' heads 40 px taller), a colour (the panels'), and the
// whole picture 12 canvas px to the right (a drawing offset, not the theme).
// `caught` names the measure that must see it (the browser half checks it).
struct ChangedPainter {
  std::string what, caught;  // caught: "shape" or "colour"
  std::function<void(DrawOptions&)> change;
};
std::vector<ChangedPainter> changed_painters(const broadcast::Theme& taller, const broadcast::Theme& recoloured) {
  return {{"panel head 40 px taller", "colour", [&](DrawOptions& o) { o.theme = &taller; }},
          {"panel colour changed", "colour", [&](DrawOptions& o) { o.theme = &recoloured; }},
          {"picture 12 px right", "shape", [](DrawOptions& o) { o.transform.offset.x += 12 * o.transform.scale; }}};
}
// How many pictured frames are painted changed too (each change costs a
// software rasterisation here and a comparison there, no screenshot).
constexpr std::size_t kChangedFrames = 3;

void add_battle_moments(std::vector<Case>& cases, const std::string& name, const OnAirModel& m) {
  const double t0 = m.row_wall_time;
  cases.push_back({name + " light-up", m, t0 + 0.2});
  cases.push_back({name + " flipping", m, t0 + 0.6});
  cases.push_back({name + " explained", m, t0 + 1.5});
  cases.push_back({name + " fading", m, t0 + kDefaultExplainSeconds + 0.3});
  cases.push_back({name + " done", m, t0 + 10});
}

std::vector<Case> cases() {
  std::vector<Case> out;
  const std::string blind = kBlindBattle, open = kOpenBattle;
  // Number Janggi, scripted.
  {
    const auto rows = public_rows(script_match(open), 1.7e9, 1);
    out.push_back({"number-janggi before start", derive_model(rows, 6, engine::all_games()), 1.7e9 + 6.5});
  }
  add_battle_moments(out, "number-janggi blind battle", model_of(blind));
  add_battle_moments(out, "number-janggi open battle", model_of(open));
  {
    OnAirModel p = model_of(open + "@30 pause \"medical timeout\"\n");
    out.push_back({"number-janggi paused", p, p.row_wall_time + 1});
    OnAirModel w = model_of(open + "@30 warn 2 \"touching pieces\"\n");
    out.push_back({"number-janggi warning toast", w, w.row_wall_time + 1});
    OnAirModel c = model_of(open + "@30 caption \"결승전 3국 Game 3\"\n");
    out.push_back({"number-janggi caption", c, c.row_wall_time + 12});
    OnAirModel r = model_of(open + "@30 resign 1\n");
    out.push_back({"number-janggi result", r, r.row_wall_time + 12});
    OnAirModel dq = model_of(open + "@30 warn 1 \"a\"\n@31 warn 1 \"b\"\n");
    out.push_back({"number-janggi disqualified", dq, dq.row_wall_time + 12});
    OnAirModel s = model_of(open);
    s.heartbeat = DeskHeartbeat{s.match_time + 1, s.row_wall_time + 1};
    out.push_back({"number-janggi standby", s, s.row_wall_time + 12});
    OnAirModel h = model_of(open);
    h.held = true;
    out.push_back({"number-janggi held", h, h.row_wall_time + 1.5});
    OnAirModel sealed = model_of(open);
    sealed.commitments[0] = SetupCommitment{1, std::string(64, 'a'), std::nullopt, std::nullopt, true};
    sealed.commitments[1] = SetupCommitment{2, std::string(64, 'b'), std::nullopt, std::nullopt, false};
    out.push_back({"number-janggi sealed", sealed, sealed.row_wall_time + 20});
    // Closed: both setups revealed (a card over the picture), one seal a mismatch.
    const engine::Match closed = script_match(open + "@30 resign 1\n@31 close\n");
    OnAirModel revealed = derive_model(public_rows(closed, 1.7e9, 1), 1000, engine::all_games());
    attach_commitments(revealed, open_seals(closed));
    revealed.commitments[1]->verified = false;
    out.push_back({"number-janggi revealed", revealed, revealed.row_wall_time + 20});

    // The director's elements: a battle explained with a caption on, in each
    // layout; each element of the landscape set out in turn, the cue-only ones
    // in; the result, standby and the reveal cued out; and the picture held by
    // a cue (hold board) 20 s after its battle: still explained, the
    // scorebug's clock 20 s on.
    std::string captioned = open;
    captioned.replace(captioned.find("@20 items"), 9, "@15 caption \"Final round\"\n@20 items");
    const auto mid_rows = public_rows(script_match(captioned), 1.7e9, 1);
    const OnAirModel mid = derive_model(mid_rows, mid_rows.size(), engine::all_games());
    const double t0 = mid.row_wall_time;
    for (const char* layout : {"landscape", "portrait", "faces"})
      out.push_back({fmt::format("number-janggi director layout {}", layout), mid, t0 + 1.5,
                     cued({fmt::format("layout {}", layout)}), layout == std::string("portrait") ? "portrait" : "landscape"});
    for (const char* hidden : {"board", "scorebug", "players", "explainer", "caption"})
      out.push_back({fmt::format("number-janggi director hide {}", hidden), mid, t0 + 1.5, cued({fmt::format("hide {}", hidden)})});
    out.push_back({"number-janggi director show board-compact slate", mid, t0 + 12, cued({"layout faces", "show board-compact", "show slate"})});
    out.push_back({"number-janggi director hide result", r, r.row_wall_time + 12, cued({"hide result"})});
    out.push_back({"number-janggi director hide standby", s, s.row_wall_time + 12, cued({"hide standby"})});
    out.push_back({"number-janggi director hide reveal", revealed, revealed.row_wall_time + 20, cued({"hide reveal"})});
    out.push_back({"number-janggi director battle-seconds 8", mid, t0 + 6, cued({"battle-seconds 8"})});
    const broadcast::DirectorState hold = cued({"hold board"}, mid_rows.back().seq, t0 + 1);
    const OnAirModel held = derive_on_air(mid_rows, mid_rows.size(), broadcast::picture_presentation(std::nullopt, hold),
                                          engine::all_games());
    out.push_back({"number-janggi director hold board", held, t0 + 20, hold});
  }
  // Every game and preset, random: mid-match at its latest battle, and the end.
  for (const auto& info : engine::all_games()) {
    for (const auto& preset : info.presets) {
      const auto rows = public_rows(random_match(info, preset.id, 7, 80), 1.7e9, 1);
      const std::size_t battle = rows_through_last(rows, {"battle", "attack", "removed"});
      const std::string name = info.id + " " + preset.id;
      if (battle > 1) add_battle_moments(out, name + " battle", derive_model(rows, battle, engine::all_games()));
      const OnAirModel end = derive_model(rows, rows.size(), engine::all_games());
      out.push_back({name + " last row", end, end.row_wall_time + 12});
    }
  }
  out.push_back({"waiting", OnAirModel{}, 1.7e9});
  return out;
}

}  // namespace

TEST_CASE("cross-output frames: what the ImGui overlay paints for each frame", "[cross-output]") {
  nlohmann::json all = nlohmann::json::array();
  const char* picture_dir = std::getenv("FACEDOWN_CROSS_OUTPUT_PICTURES");
  std::vector<std::string> games;  // in the order met, for pictured()
  std::size_t pictures = 0;
  std::vector<std::string> pictured_battles;  // one battle per game (its first preset's)
  broadcast::Theme taller = broadcast::built_in_theme(), recoloured = broadcast::built_in_theme();
  taller.metrics["panel.head_h"] += 40;
  recoloured.palette["panel"] = broadcast::Rgba{0x6a, 0x10, 0x60, 0xff};
  const std::vector<ChangedPainter> changes = changed_painters(taller, recoloured);
  for (const Case& c : cases()) {
    const std::string game = c.name.substr(0, c.name.find(' '));
    if (std::find(games.begin(), games.end(), game) == games.end()) games.push_back(game);
    const std::size_t game_index = static_cast<std::size_t>(std::find(games.begin(), games.end(), game) - games.begin());
    for (Lang lang : {Lang::kEn, Lang::kKo}) {
      INFO(c.name);
      std::string picture;
      const bool battle = c.name.ends_with(" battle explained") && game != "number-janggi";
      const bool first = std::find(pictured_battles.begin(), pictured_battles.end(), game) == pictured_battles.end();
      if (picture_dir && pictured(c.name, lang, game_index) && (!battle || first)) {
        picture = fmt::format("{}/{:03}.rgb", picture_dir, all.size());
        if (battle) pictured_battles.push_back(game);
      }
      std::vector<Rect> boxes;
      const auto texts = imgui_texts(c, lang, picture, {}, &boxes);
      REQUIRE(boxes.size() == texts.size());
      nlohmann::json box_json = nlohmann::json::array();
      for (const Rect& r : boxes) box_json.push_back({r.x, r.y, r.w, r.h});
      CHECK_FALSE(texts.empty());
      broadcast::OnAirOptions options;
      options.director = c.director;
      options.orientation = c.orientation;
      const nlohmann::json frame = broadcast::on_air_json(c.model, c.now, options);
      if (c.name.starts_with("number-janggi director")) {  // what each director's frame is for
        const auto on = [&](const char* e) { return frame["elements"][e]["on"] == true; };
        if (c.name.ends_with("hold board")) {
          CHECK(on("explainer"));  // 20 s after its battle: held explained
          CHECK(frame["elements"]["board"]["held"] == true);
          CHECK(frame["elements"]["scorebug"]["held"] == false);
        } else if (c.name.find(" hide ") != std::string::npos) {
          CHECK_FALSE(on(c.name.substr(c.name.rfind(' ') + 1).c_str()));
        } else if (c.name.ends_with("battle-seconds 8")) {
          CHECK(on("explainer"));  // 6 s in: past the default 3 s, within the director's 8
        } else if (c.name.ends_with("slate")) {
          CHECK((on("board-compact") && on("slate") && !on("board")));
        }
      }
      if (c.name.find("revealed") != std::string::npos)  // the case draws the reveal's card
        CHECK(std::find(texts.begin(), texts.end(), phrase(lang, Phrase::kSetupsRevealed)) != texts.end());
      nlohmann::json entry = {{"name", c.name},
                              {"lang", lang == Lang::kKo ? "ko" : "en"},
                              {"now", c.now},
                              {"frame", frame},
                              {"imgui", texts},
                              {"boxes", std::move(box_json)}};
      if (!picture.empty()) entry["picture"] = picture, ++pictures;
      if (!picture.empty() && pictures <= kChangedFrames) {
        entry["changed"] = nlohmann::json::array();
        for (std::size_t k = 0; k < changes.size(); ++k) {
          const std::string file = fmt::format("{}/{:03}-changed{}.rgb", picture_dir, all.size(), k);
          CHECK(imgui_texts(c, lang, file, changes[k].change) == texts);
          entry["changed"].push_back({{"what", changes[k].what}, {"caught", changes[k].caught}, {"picture", file}});
        }
      }
      all.push_back(std::move(entry));
    }
  }
  CHECK(all.size() > 40);
  if (picture_dir) CHECK(pictures >= 8);
  if (const char* out = std::getenv("FACEDOWN_CROSS_OUTPUT_OUT")) {
    std::ofstream file(out);
    file << all.dump() << "\n";
    REQUIRE(file.good());
  }
}

// The shades and shapes each painter once wrote as its own literal (issue 17, "one theme"): the
// ImGui overlay reads each from the theme, so a theme with one changed changes what it draws in
// some frame of the cross-output set. The page reads the same keys (overlay.css --m-alpha-*,
// scene.js, analysis_paint.js: theme_test.cpp "the keys moved into the theme: both painters read
// them"); the analysis line factor is checked through win_bar_parts there (no analysis here).
// Each frame is drawn once per theme into one ImGui frame (one atlas): about 3 s in all.
TEST_CASE("cross-output frames: each shade and shape moved into the theme changes ImGui's drawing", "[cross-output]") {
  const std::vector<std::pair<std::string, float>> moved = {
      {"alpha.clock_glow", 0.6f},        {"alpha.territory", 0.6f},   {"alpha.palace_fill", 0.6f},
      {"alpha.last_from", 0.2f},         {"alpha.glow", 0.3f},
      {"alpha.tray", 0.4f},              {"alpha.back_mark", 0.3f},              {"tile.back_mark_fraction", 0.1f}, {"tile.back_dot_fraction", 0.2f},
      {"footer.tick_elbow_x_fraction", 0.7f}, {"footer.tick_elbow_y_fraction", 0.2f}, {"tag.pad_y", 6},
      {"panel.chip_name_fraction", 0.1f}};
  std::vector<broadcast::Theme> themes;
  for (const auto& [key, value] : moved) {
    broadcast::Theme t = broadcast::built_in_theme();
    REQUIRE(t.metrics.count(key) == 1);
    REQUIRE(t.metrics[key] != value);
    t.metrics[key] = value;
    themes.push_back(std::move(t));
  }
  // alpha.palace_line is left out: its shade is a palace's lines on a board of cells, and no game
  // of cells has a palace today (boards of points stroke them in the grid's colour).
  std::vector<Case> all = cases();
  const std::size_t listed = all.size();
  // The clock's glow shows only in caution or danger: a live turn run on until its clock is low.
  for (std::size_t i = 0; i < listed && all.size() == listed; ++i) {
    const Case c = all[i];
    const ClockShown at = turn_clock(c.model, c.now);
    if (!at.visible || !at.running || at.level != ClockLevel::kCalm) continue;
    for (double t = c.now; t < c.now + 900; t += 1)
      if (turn_clock(c.model, t).level != ClockLevel::kCalm) {
        all.push_back({c.name + " clock low", c.model, t, c.director, c.orientation});
        break;
      }
  }
  REQUIRE(all.size() == listed + 1);
  std::vector<int> changed(moved.size(), 0);
  for (const Case& c : all) {
    ImGuiFrame frame(glyphs_needed(c.model, Lang::kEn));
    ImDrawList& dl = frame.draw_list();
    // The vertices (place and colour) one theme draws for the case.
    const auto drawn = [&](const broadcast::Theme* theme) {
      DrawOptions o;
      o.lang = Lang::kEn;
      o.now_wall = c.now;
      o.director = c.director;
      o.orientation = c.orientation == "portrait" ? Orientation::kPortrait : Orientation::kLandscape;
      o.timing = broadcast::director_timing(c.director, o.timing);
      const BattleMoment b = battle_moment(c.model, c.now, o.timing);
      o.battle_elapsed = b.animating() ? b.elapsed : -1;
      o.small_font = frame.fonts().small;
      o.large_font = frame.fonts().large;
      o.theme = theme;
      const int from = dl.VtxBuffer.Size;
      draw_overlay(dl, frame_for(c.model, o), o);
      std::vector<std::tuple<float, float, ImU32>> out;
      for (int i = from; i < dl.VtxBuffer.Size; ++i) out.emplace_back(dl.VtxBuffer[i].pos.x, dl.VtxBuffer[i].pos.y, dl.VtxBuffer[i].col);
      return out;
    };
    const auto base = drawn(nullptr);
    CHECK(drawn(&broadcast::built_in_theme()) == base);  // the same theme: the same drawing
    for (std::size_t k = 0; k < moved.size(); ++k)
      if (!changed[k] && drawn(&themes[k]) != base) changed[k] = 1;
  }
  for (std::size_t k = 0; k < moved.size(); ++k) {
    INFO(moved[k].first);
    CHECK(changed[k] == 1);
  }
}
