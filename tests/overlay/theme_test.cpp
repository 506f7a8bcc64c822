// The theme (feed/web/theme.json, broadcast/theme.h): the file parses, bad
// files are refused naming the key, and a value changed in the file changes
// what the ImGui overlay paints (tests/browser/theme_test.mjs checks the same
// for the browser page).
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "broadcast/board_drawing.h"
#include "broadcast/on_air_analysis.h"
#include "broadcast/on_air_json.h"
#include "broadcast/on_air_text.h"
#include "broadcast/theme.h"
#include "engine/registry.h"
#include "imgui_frame.h"
#include "overlay/overlay_draw.h"
#include "overlay_support.h"
#include "scripts.h"

using namespace facedown;
using namespace facedown::overlay;
using namespace facedown::overlay::testing;
using broadcast::Theme;

namespace {

std::string theme_text() {
  std::ifstream in(broadcast::default_theme_path("/nonexistent/bin/facedown-overlay"));
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

Theme parsed(const nlohmann::json& j) {
  auto got = broadcast::parse_theme(j.dump());
  INFO((std::holds_alternative<std::string>(got) ? std::get<std::string>(got) : std::string()));
  REQUIRE(std::holds_alternative<Theme>(got));
  return std::get<Theme>(got);
}

std::string refused(const nlohmann::json& j) {
  auto got = broadcast::parse_theme(j.dump());
  REQUIRE(std::holds_alternative<std::string>(got));
  return std::get<std::string>(got);
}

struct Painted {
  std::vector<std::string> text;
  std::vector<Rect> boxes;
  std::vector<ImU32> colours;  // of every vertex
  Rect box_of(const std::string& s) const {
    auto it = std::find(text.begin(), text.end(), s);
    REQUIRE(it != text.end());
    return boxes[static_cast<std::size_t>(it - text.begin())];
  }
  bool has_colour(ImU32 c) const { return std::find(colours.begin(), colours.end(), c) != colours.end(); }
};

Painted paint(const OnAirModel& m, const Theme& theme) {
  ImGuiFrame frame(glyphs_needed(m, Lang::kEn));
  Painted p;
  DrawOptions o;
  o.now_wall = m.row_wall_time + 1;
  o.theme = &theme;
  o.text_log = &p.text;
  o.text_boxes = &p.boxes;
  o.small_font = frame.fonts().small;
  o.large_font = frame.fonts().large;
  draw_overlay(frame.draw_list(), frame_for(m, o), o);
  for (const ImDrawVert& v : frame.draw_list().VtxBuffer) p.colours.push_back(v.col);
  return p;
}

}  // namespace

TEST_CASE("the theme file parses, and the build's copy is the same file") {
  const std::string text = theme_text();
  REQUIRE_FALSE(text.empty());
  const Theme file = parsed(nlohmann::json::parse(text));
  const Theme& built = broadcast::built_in_theme();
  CHECK(built.type == file.type);
  CHECK(built.layouts.size() == file.layouts.size());
  for (auto name : broadcast::kThemeColours) {
    CHECK(built.colour(name).r == file.colour(name).r);
    CHECK(built.colour(name).a == file.colour(name).a);
  }
  CHECK(file.element("landscape", "board").w > 0);
}

TEST_CASE("a damaged theme is refused, naming what is wrong") {
  const auto good = nlohmann::json::parse(theme_text());
  CHECK(std::get<std::string>(broadcast::parse_theme("{not json")).find("not valid JSON") != std::string::npos);
  auto j = good;
  j["palette"].erase("gold");
  CHECK(refused(j).find("palette.gold") != std::string::npos);
  j = good;
  j["palette"]["gold"] = "gold";
  CHECK(refused(j).find("palette.gold") != std::string::npos);
  j = good;
  j["type"]["clock"] = -3;
  CHECK(refused(j).find("type.clock") != std::string::npos);
  j = good;
  j["layouts"]["portrait"]["elements"]["board"]["x"] = 1900;
  CHECK(refused(j).find("layouts.portrait.elements.board") != std::string::npos);
  j = good;
  j["layouts"]["landscape"]["elements"].erase("footer");
  CHECK(refused(j).find("layouts.landscape.elements.footer") != std::string::npos);
  CHECK(std::holds_alternative<std::string>(broadcast::load_theme("/nonexistent/theme.json")));
}

TEST_CASE("the theme's metrics: every one the schema names, in its range, a bad one refused by name") {
  const auto good = nlohmann::json::parse(theme_text());
  const Theme t = parsed(good);
  CHECK(t.metrics.size() == broadcast::kThemeMetrics.size());
  CHECK(broadcast::built_in_theme().metrics == t.metrics);
  for (const auto& m : broadcast::kThemeMetrics) {
    INFO(m.key);
    CHECK(t.metrics.count(std::string(m.key)) == 1);
    CHECK(t.metric(m.key) >= m.min);
    CHECK(t.metric(m.key) <= m.max);
  }
  CHECK(t.metric("panel.head_h") == 96);
  CHECK(t.metric("tile.inset_fraction") == Approx(0.09));
  // Missing, not a number, out of range (a fraction over 1, a negative pad, a zero step): refused, named.
  auto j = good;
  j["metrics"]["panel"].erase("chip_h");
  CHECK(refused(j).find("metrics.panel.chip_h") != std::string::npos);
  j = good;
  j["metrics"]["scorebug"]["pad_x"] = "28";
  CHECK(refused(j).find("metrics.scorebug.pad_x") != std::string::npos);
  j = good;
  j["metrics"]["tile"]["label_fraction"] = 1.5;
  CHECK(refused(j).find("metrics.tile.label_fraction must be a number from 0 to 1") != std::string::npos);
  j = good;
  j["metrics"]["footer"]["pad_x"] = -4;
  CHECK(refused(j).find("metrics.footer.pad_x") != std::string::npos);
  j = good;
  j["metrics"]["tray"]["tile_step"] = 0;
  CHECK(refused(j).find("metrics.tray.tile_step") != std::string::npos);
  j = good;
  j["metrics"]["tray"]["tile_max"] = 20;
  CHECK(refused(j).find("metrics.tray.tile_max") != std::string::npos);
  // The keys added for one frame (issue 17): the ring, the slate's title, the seal check, the analysis layer.
  j = good;
  j["metrics"]["tile"]["glow_inset_fraction"] = 2;
  CHECK(refused(j).find("metrics.tile.glow_inset_fraction must be a number from 0 to 1") != std::string::npos);
  j = good;
  j["metrics"]["slate"].erase("title_y");
  CHECK(refused(j).find("metrics.slate.title_y") != std::string::npos);
  j = good;
  j["metrics"]["footer"]["tick_w"] = "22";
  CHECK(refused(j).find("metrics.footer.tick_w") != std::string::npos);
  j = good;
  j["metrics"]["analysis"]["heat_span_fraction"] = -0.5;
  CHECK(refused(j).find("metrics.analysis.heat_span_fraction") != std::string::npos);
  j = good;
  j["metrics"]["stroke"]["win_bar"] = 80;
  CHECK(refused(j).find("metrics.stroke.win_bar") != std::string::npos);
  j = good;
  j.erase("metrics");
  CHECK(refused(j).find("metrics.") != std::string::npos);
  // A bad file leaves nothing changed: the load answers the error, no theme.
  const auto path = std::filesystem::temp_directory_path() / "facedown-bad-metrics-theme.json";
  j = good;
  j["metrics"]["banner"]["card_headline_y"] = std::nan("");
  std::ofstream(path) << j.dump();
  const auto loaded = broadcast::load_theme(path);
  std::filesystem::remove(path);
  REQUIRE(std::holds_alternative<std::string>(loaded));
  CHECK(std::get<std::string>(loaded).find("metrics.banner.card_headline_y") != std::string::npos);
}

TEST_CASE("a metric changed in the theme moves what is inside the element in the ImGui overlay") {
  const auto rows = public_rows(script_match(kBlindBattle), 1000, 1);
  const OnAirModel m = derive_model(rows, rows.size(), engine::all_games());
  const auto good = nlohmann::json::parse(theme_text());
  const Painted before = paint(m, parsed(good));
  auto j = good;
  j["metrics"]["scorebug"]["pad_x"] = 60;      // the title 32 px further in
  j["metrics"]["panel"]["warnings_row"] = 82;  // everything under the warnings 30 px lower
  const Painted after = paint(m, parsed(j));
  CHECK(after.box_of("Number Janggi").x == Approx(before.box_of("Number Janggi").x + 32));
  CHECK(after.box_of("Removed").y == Approx(before.box_of("Removed").y + 30));
  CHECK(after.box_of("Warnings").y == Approx(before.box_of("Warnings").y));
}

TEST_CASE("a value changed in the theme changes what the ImGui overlay paints") {
  const auto rows = public_rows(script_match(kBlindBattle), 1000, 1);
  const OnAirModel m = derive_model(rows, rows.size(), engine::all_games());
  const auto good = nlohmann::json::parse(theme_text());
  const Painted before = paint(m, parsed(good));

  auto j = good;
  j["type"]["panel_label"] = 40;  // larger labels
  j["layouts"]["landscape"]["elements"]["top_bar"]["x"] = 300;
  j["layouts"]["landscape"]["elements"]["top_bar"]["w"] = 1500;
  j["palette"]["panel"] = "#123456";
  const Painted after = paint(m, parsed(j));
  CHECK(after.box_of("Removed").h > before.box_of("Removed").h * 1.3f);
  CHECK(after.box_of("Number Janggi").x == Approx(before.box_of("Number Janggi").x + 300 - 96));
  CHECK(after.has_colour(IM_COL32(0x12, 0x34, 0x56, 255)));
  CHECK_FALSE(before.has_colour(IM_COL32(0x12, 0x34, 0x56, 255)));
}

TEST_CASE("the board's drawing is decided once: squares, lines, palaces and minus lines") {
  for (const auto& info : engine::all_games()) {
    const auto game = info.make(engine::resolve_options(info, info.default_preset, {}).options);
    const engine::Geometry& g = game->geometry();
    for (bool portrait : {false, true}) {
      INFO(info.id << (portrait ? " portrait" : " landscape"));
      const broadcast::BoardDrawing d = broadcast::board_drawing(g, portrait);
      REQUIRE(d.cells.size() == static_cast<std::size_t>(g.size()));
      CHECK(d.columns * d.rows == g.size());
      CHECK((portrait ? d.rows >= d.columns : d.columns >= d.rows));
      // Every cell is its own and inside the picture.
      std::set<std::pair<float, float>> seen;
      for (const auto& c : d.cells) {
        CHECK(c.x >= 0);
        CHECK(c.y >= 0);
        CHECK(c.x + 1 <= static_cast<float>(d.columns));
        CHECK(c.y + 1 <= static_cast<float>(d.rows));
        CHECK(seen.insert({c.x, c.y}).second);
      }
      for (const auto& line : d.lines) {
        CHECK(std::max(line.a.x, line.b.x) <= static_cast<float>(d.columns));
        CHECK(std::max(line.a.y, line.b.y) <= static_cast<float>(d.rows));
      }
      auto count = [&](broadcast::BoardLineKind k) {
        return std::count_if(d.lines.begin(), d.lines.end(), [&](const auto& l) { return l.kind == k; });
      };
      if (g.on_points()) {
        CHECK(count(broadcast::BoardLineKind::kGrid) == g.files() + g.ranks());
        CHECK(count(broadcast::BoardLineKind::kEdge) == 0);
      } else {
        CHECK(count(broadcast::BoardLineKind::kEdge) == 4);
        CHECK(count(broadcast::BoardLineKind::kGrid) == d.columns + d.rows - 2);
      }
      int marked = 0;
      for (int f = 0; f + 1 < g.files(); ++f) marked += g.file_border_marked(f) ? 1 : 0;
      CHECK(count(broadcast::BoardLineKind::kMinus) == marked * g.ranks());
      CHECK(d.minus_signs.size() == static_cast<std::size_t>(marked * g.ranks()));
    }
  }
}

TEST_CASE("Number Janggi's minus line runs across the turned board, Gwangsanghui has palace diagonals") {
  const auto games = engine::all_games();
  auto make = [&](const char* id) {
    const engine::GameInfo& info = *engine::find_game(games, id);
    return info.make(engine::resolve_options(info, info.default_preset, {}).options);
  };
  const auto nj = make("number-janggi");
  const broadcast::BoardDrawing land = broadcast::board_drawing(nj->geometry(), false);
  CHECK(land.turned);
  for (const auto& l : land.lines)
    if (l.kind == broadcast::BoardLineKind::kMinus) CHECK(l.a.y == l.b.y);  // horizontal
  const broadcast::BoardDrawing port = broadcast::board_drawing(nj->geometry(), true);
  for (const auto& l : port.lines)
    if (l.kind == broadcast::BoardLineKind::kMinus) CHECK(l.a.x == l.b.x);  // vertical
  const auto gw = make("gwangsanghui");
  const broadcast::BoardDrawing p = broadcast::board_drawing(gw->geometry(), false);
  CHECK(p.on_points);
  CHECK_FALSE(p.palace_fills.empty());
  CHECK(std::count_if(p.lines.begin(), p.lines.end(), [](const auto& l) { return l.kind == broadcast::BoardLineKind::kPalace; }) ==
        static_cast<long>(2 * p.palace_fills.size()));
}

TEST_CASE("the browser's sample fixture carries broadcast's board drawing") {
  // tests/browser/fixtures/sample-battle.json is written by hand; its drawing is
  // broadcast's (FACEDOWN_UPDATE_GOLDEN=1 rewrites it).
  const std::string file = std::string(FACEDOWN_SOURCE_DIR) + "/tests/browser/fixtures/sample-battle.json";
  std::ifstream in(file);
  REQUIRE(in);
  nlohmann::json doc = nlohmann::json::parse(in);
  const auto games = engine::all_games();
  const engine::GameInfo& info = *engine::find_game(games, doc["game"]["id"].get<std::string>());
  const std::shared_ptr<const engine::Game> game =
      info.make(engine::resolve_options(info, doc["game"]["preset"].get<std::string>(), {}).options);
  OnAirModel m;
  m.opened = true;
  m.game_id = info.id;
  m.game = game;
  m.board.resize(static_cast<std::size_t>(game->geometry().size()));
  const auto expected = broadcast::on_air_json(m, 0, {})["board"]["drawing"];
  const char* update = std::getenv("FACEDOWN_UPDATE_GOLDEN");
  if (update && std::string(update) == "1") {
    doc["board"]["drawing"] = expected;
    std::ofstream(file) << doc.dump(1) << "\n";
    WARN("fixture rewritten: " << file);
    return;
  }
  CHECK(doc["board"]["drawing"] == expected);
}

namespace {
std::string file_text(const std::filesystem::path& p) {
  std::ifstream in(p);
  REQUIRE(in.good());
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}
}  // namespace

// What each painter once wrote as its own literal (the translucent shades, a back's mark, the seal
// tick's elbow, the analysis line, the tag badge's padding, the chip name's share) is the theme's:
// both painters name each key (the ImGui overlay: "GROUP.NAME" through Theme::metric; the page:
// --m-GROUP-NAME in overlay.css, or NAME read from theme.metrics in its scripts), and the literals
// are gone from the page's stylesheet. That ImGui's drawing follows each key is
// cross_output_frames_test.cpp's "each shade and shape moved into the theme".
TEST_CASE("the keys moved into the theme: both painters read them, no painter keeps the literal") {
  const std::filesystem::path web = broadcast::default_theme_path("/nonexistent/bin/facedown-overlay").parent_path();
  const std::filesystem::path src = web.parent_path().parent_path();
  std::string cpp, page;
  for (const char* f : {"overlay/overlay_draw.cpp", "broadcast/on_air_analysis.cpp"}) cpp += file_text(src / f);
  const std::string css = file_text(web / "overlay.css");
  page = css;
  for (const char* f : {"scene.js", "analysis_paint.js"}) page += file_text(web / f);
  const std::vector<std::string> keys = {
      "alpha.clock_glow", "alpha.territory", "alpha.palace_fill", "alpha.palace_line", "alpha.last_from",
      "alpha.glow", "alpha.tray", "alpha.back_mark", "tile.back_mark_fraction", "tile.back_dot_fraction",
      "footer.tick_elbow_x_fraction", "footer.tick_elbow_y_fraction", "analysis.line_factor", "tag.pad_y",
      "panel.chip_name_fraction"};
  for (const std::string& key : keys) {
    INFO(key);
    CHECK(broadcast::built_in_theme().metrics.count(key) == 1);
    const std::string group = key.substr(0, key.find('.')), name = key.substr(key.find('.') + 1);
    // Or by name through its group's lookup (on_air_analysis.cpp metric("line_factor"), draw_tag T("pad_y")).
    CHECK((cpp.find('"' + key + '"') != std::string::npos || cpp.find("(\"" + name + "\")") != std::string::npos));
    std::string var = "--m-" + key;
    std::replace(var.begin(), var.end(), '.', '-');
    std::replace(var.begin(), var.end(), '_', '-');
    CHECK((page.find(var) != std::string::npos || page.find("m." + name) != std::string::npos ||
           page.find("metric('" + name + "')") != std::string::npos));
  }
  for (const char* literal : {" 15%", " 16%", " 50%, transparent", " 55%", " 90%", "opacity: 0.18", "opacity: 0.9",
                              "width: 31%", "width: 45%", " 80%"}) {
    INFO(literal);
    CHECK(css.find(literal) == std::string::npos);
  }
  // The analysis line: a theme's factor makes the win bar's lines taller in the frame's parts.
  broadcast::Theme tall = broadcast::built_in_theme();
  tall.metrics["analysis.line_factor"] = 2;
  const broadcast::ThemeRect place{518, 170, 884, 60};
  const auto before = broadcast::win_bar_parts(broadcast::built_in_theme(), place);
  const auto after = broadcast::win_bar_parts(tall, place);
  CHECK(before.name[0].h == Approx(before.name_size * 1.4f));
  CHECK(after.name[0].h == Approx(after.name_size * 2));
}

// The seal's hash as shown is the frame's (both painters paint seals[].hash_text), cut once.
TEST_CASE("the seal hash shown is cut by the frame, not by a painter") {
  CHECK(broadcast::seal_hash_text(std::string(64, 'a')) == std::string(12, 'a') + "\xE2\x80\xA6");
  CHECK(broadcast::seal_hash_text("9f2c1d7be0a4") == "9f2c1d7be0a4");
  const auto rows = public_rows(script_match(kBlindBattle), 1000, 1);
  OnAirModel m = derive_model(rows, rows.size(), engine::all_games());
  m.commitments[0] = SetupCommitment{1, std::string(64, 'c'), std::nullopt, std::nullopt, std::nullopt};
  const nlohmann::json j = broadcast::on_air_json(m, m.row_wall_time + 1, {});
  REQUIRE(j["seals"].size() == 1);
  CHECK(j["seals"][0]["hash_text"] == std::string(12, 'c') + "\xE2\x80\xA6");
  CHECK(j["seals"][0]["hash"] == std::string(64, 'c'));
}

// Portrait is a vertical picture: its own 1080x1920 canvas, its placements
// inside it, its scorebug on three rows by metrics of its own over the shared
// ones; a bad canvas or a layout metric the schema does not name is refused.
TEST_CASE("a layout's own canvas and metrics: portrait is a 1080x1920 picture") {
  const auto good = nlohmann::json::parse(theme_text());
  const Theme t = parsed(good);
  const broadcast::ThemeRect portrait = t.canvas("portrait"), landscape = t.canvas("landscape");
  CHECK(portrait.w == 1080);
  CHECK(portrait.h == 1920);
  CHECK(landscape.w == 1920);
  CHECK(landscape.h == 1080);
  CHECK(t.canvas("faces").w == 1920);
  CHECK(t.canvas("no-such-layout").w == 1920);
  const broadcast::ThemeRect safe = t.safe_area("portrait");
  CHECK(safe.x == Approx(54));
  CHECK(safe.y == Approx(96));
  CHECK(safe.w == Approx(972));
  CHECK(safe.h == Approx(1728));
  // Every placement of every layout inside its own canvas's safe area (the waiting card and the like too).
  for (std::string_view layout : broadcast::kThemeLayouts)
    for (std::string_view e : broadcast::kThemeElements) {
      INFO(layout << " " << e);
      const broadcast::ThemeRect r = t.element(layout, e), s = t.safe_area(layout);
      CHECK(r.x >= s.x - 0.5f);
      CHECK(r.y >= s.y - 0.5f);
      CHECK(r.x + r.w <= s.x + s.w + 0.5f);
      CHECK(r.y + r.h <= s.y + s.h + 0.5f);
    }
  // The layout's metrics over the shared ones; the other layouts read the shared ones.
  const Theme& p = t.in_layout("portrait");
  CHECK(p.metric("scorebug.clock_y") == good["layouts"]["portrait"]["metrics"]["scorebug"]["clock_y"].get<float>());
  CHECK(p.metric("scorebug.clock_y") != t.metric("scorebug.clock_y"));
  CHECK(p.metric("scorebug.pad_x") == t.metric("scorebug.pad_x"));
  CHECK(&t.in_layout("landscape") == &t);
  CHECK(&p.in_layout("portrait") == &p);
  // A copy of the theme shares its layouts' themes.
  const Theme copy = t;
  CHECK(copy.in_layout("portrait").metric("scorebug.clock_y") == p.metric("scorebug.clock_y"));

  auto j = good;
  j["layouts"]["landscape"]["elements"]["board"]["y"] = 1200;  // inside portrait's canvas, not landscape's
  CHECK(refused(j).find("layouts.landscape.elements.board lies outside the 1920x1080 canvas") != std::string::npos);
  j = good;
  j["layouts"]["portrait"]["elements"]["panel1"]["y"] = 1900;
  CHECK(refused(j).find("layouts.portrait.elements.panel1 lies outside the 1080x1920 canvas") != std::string::npos);
  for (const auto& bad : {nlohmann::json{{"width", 0}, {"height", 1920}}, nlohmann::json{{"width", "1080"}, {"height", 1920}},
                          nlohmann::json{{"width", 1080}}, nlohmann::json(7), nlohmann::json{{"width", 1e9}, {"height", 1920}}}) {
    j = good;
    j["layouts"]["portrait"]["canvas"] = bad;
    CHECK(refused(j).find("layouts.portrait.canvas") != std::string::npos);
  }
  j = good;
  j["layouts"]["portrait"]["metrics"]["scorebug"]["no_such"] = 3;
  CHECK(refused(j).find("layouts.portrait.metrics.scorebug.no_such is not a metric") != std::string::npos);
  j = good;
  j["layouts"]["portrait"]["metrics"]["scorebug"]["clock_y"] = -4;
  CHECK(refused(j).find("layouts.portrait.metrics.scorebug.clock_y must be a number from 0 to 1080") != std::string::npos);
  j = good;
  j["layouts"]["portrait"]["metrics"]["scorebug"] = 5;
  CHECK(refused(j).find("layouts.portrait.metrics.scorebug is not an object") != std::string::npos);
}
