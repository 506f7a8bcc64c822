// The ImGui painters decide nothing: what is on air is the frame's
// (broadcast/on_air_frame.h, frame_at). Two checks: the painters' sources call
// none of broadcast's deciders, and a painter paints what a frame says even
// where its model would say otherwise (so it reads the frame, not the model).
#include <algorithm>
#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>

#include "broadcast/on_air_json.h"
#include "engine/registry.h"
#include "imgui_frame.h"
#include "overlay/overlay_draw.h"
#include "overlay_support.h"
#include "scripts.h"

using namespace facedown;
using namespace facedown::overlay;
using namespace facedown::overlay::testing;

namespace {

std::string read(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

OnAirModel model_of(const std::string& script) {
  const auto rows = public_rows(script_match(script), 1000, 1);
  return derive_model(rows, rows.size(), engine::all_games());
}

std::vector<std::string> painted(const OnAirFrame& f, DrawOptions o = {}) {
  ImGuiFrame frame(glyphs_needed(*f.model, o.lang));
  std::vector<std::string> text;
  o.text_log = &text;
  o.small_font = frame.fonts().small;
  o.large_font = frame.fonts().large;
  draw_overlay(frame.draw_list(), f, o);
  return text;
}

bool has(const std::vector<std::string>& v, const std::string& s) { return std::find(v.begin(), v.end(), s) != v.end(); }

}  // namespace

TEST_CASE("the painters call no decider of broadcast/") {
  // Who decides what is on air (on_air_rules.h, elements.h, battle_timing.h,
  // model.h's clock and standby, reveal.h, explainer_place.h, the words of a
  // result or a warning): frame_at, once.
  const std::vector<std::string> deciders = {
      "banner_on_air(", "banner_owner(", "elements_on_air(", "deduction_placement(", "battle_moment(",
      "tray_count(", "turn_clock(", "desk_standby(", "warning_toast(", "warning_toast_until(",
      "analysis_shown(", "reveal_on_air(", "reveal_board(", "explainer_lines(", "involved_squares(",
      "battle_explainer(", "result_headline(", "result_sentence(", "result_colour(", "warning_line(",
      "warning_text(", "status_caption(", "item_text(", "piece_label(", "tray_tile_floor(", "director_timing(",
      "theme_layout(", "format_clock(", "frame_at(", "win_bar_parts(", "tray_tile(", "reveal_parts(", "tray_box(",
      "piece_is_news(", "piece_odds_label(", "label_min_cell(", "heat_strength(", "hidden_tag("};
  for (const char* file : {"overlay/overlay_draw.cpp", "overlay/analysis_draw.cpp", "overlay/reveal_draw.cpp",
                           "overlay/canvas_pen.cpp"}) {
    const std::string text = read(std::string(FACEDOWN_SOURCE_DIR) + "/" + file);
    REQUIRE(text.size() > 100);
    for (const auto& d : deciders) {
      INFO(file << " calls " << d);
      CHECK(text.find(d) == std::string::npos);
    }
  }
}

TEST_CASE("the overlay paints the frame, not the model") {
  const OnAirModel m = model_of(std::string(kOpenBattle) + "@30 resign 1\n");
  DrawOptions o;
  o.battle_elapsed = -1;
  const OnAirFrame f = frame_for(m, o);
  REQUIRE(f.banner == broadcast::Banner::kResult);
  REQUIRE(has(painted(f), "Jang Dong-min resigned: Kim Kyung-hoon wins"));

  SECTION("a frame with no banner paints none, though its model has a result") {
    OnAirFrame quiet = f;
    quiet.banner = broadcast::Banner::kNone;
    quiet.banner_element.reset();
    CHECK_FALSE(has(painted(quiet), "Jang Dong-min resigned: Kim Kyung-hoon wins"));
  }
  SECTION("the frame's words are the ones painted") {
    OnAirFrame worded = f;
    worded.result->sentence.en = "the frame's own sentence";
    worded.clock.text = "9:99";
    worded.clock.shown.visible = true;
    worded.clock.to_move = 1;
    const auto text = painted(worded);
    CHECK(has(text, "the frame's own sentence"));
    CHECK(has(text, "9:99"));
  }
  SECTION("the frame's tray count and labels are the tray's") {
    OnAirFrame trays = f;
    const auto before = painted(trays);
    const long threes = std::count(before.begin(), before.end(), "3");
    REQUIRE(trays.players[0].tray_shown == 1);
    trays.players[0].tray_shown = 0;  // as while the battle still animates
    const auto after = painted(trays);
    CHECK(std::count(after.begin(), after.end(), "3") == threes - 1);
  }
  SECTION("an element the frame has off is not painted") {
    OnAirFrame off = f;
    off.elements.element[static_cast<std::size_t>(broadcast::Element::kScorebug)].on = false;
    const std::string ply = "Move " + std::to_string(m.ply);
    CHECK(has(painted(f), ply));
    CHECK_FALSE(has(painted(off), ply));
  }
}

TEST_CASE("the JSON is the frame's serialisation: the same frame, the same document") {
  const OnAirModel m = model_of(std::string(kOpenBattle) + "@30 resign 1\n");
  broadcast::OnAirOptions o;
  for (double now : {m.row_wall_time, m.row_wall_time + 1.0, m.row_wall_time + 100.0}) {
    const OnAirFrame f = broadcast::frame_at(m, now, o);
    CHECK(broadcast::on_air_json(f) == broadcast::on_air_json(m, now, o));
    // The document says what the frame decided.
    const auto j = broadcast::on_air_json(f);
    CHECK(j["banner"] == (f.banner == broadcast::Banner::kNone ? nlohmann::json(nullptr)
                                                               : nlohmann::json(broadcast::banner_name(f.banner))));
    CHECK(j["clock"]["text"] == f.clock.text);
    CHECK(j["players"][0]["removed"].size() == f.players[0].tray_shown);
  }
}
