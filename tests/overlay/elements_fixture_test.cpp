// The browser's element goldens (tests/browser/elements_test.mjs elements-*.png)
// paint tests/browser/fixtures/elements-LANG.json: the on-air JSON broadcast/
// makes of the moments the ImGui goldens draw (element_moments.h), one per
// moment and layout. They must stay what broadcast/ makes of them;
// FACEDOWN_UPDATE_GOLDEN=1 rewrites them.
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>

#include "broadcast/on_air_json.h"
#include "element_moments.h"
#include "imgui_frame.h"
#include "overlay/layout.h"
#include "overlay/overlay_draw.h"

using namespace facedown;
using namespace facedown::overlay;
using namespace facedown::overlay::testing;

// The ImGui goldens' moments (screenshot_test.cpp elements-*.png) drawn
// headless: every text whole (no ellipsis), at 24 px or
// more, inside title safe, in each layout and both languages.
TEST_CASE("the element moments: every text whole, legible and inside title safe", "[legibility]") {
  for (broadcast::Lang lang : {broadcast::Lang::kEn, broadcast::Lang::kKo})
    for (const ElementMoment& e : element_moments(lang)) {
      INFO(e.name << " " << (lang == broadcast::Lang::kEn ? "en" : "ko"));
      ImGuiFrame frame(glyphs_needed(e.model, lang));
      std::vector<std::string> text;
      std::vector<Rect> boxes;
      std::vector<float> sizes;
      DrawOptions o;
      o.lang = lang;
      o.now_wall = e.now_wall;
      o.director = e.director;
      o.orientation = e.orientation == "portrait" ? Orientation::kPortrait : Orientation::kLandscape;
      if (e.name.rfind("mid-", 0) == 0) o.battle_elapsed = e.now_wall - e.model.row_wall_time;
      o.text_log = &text;
      o.text_boxes = &boxes;
      o.text_sizes = &sizes;
      o.small_font = frame.fonts().small;
      o.large_font = frame.fonts().large;
      const broadcast::OnAirFrame f = frame_for(e.model, o);
      draw_overlay(frame.draw_list(), f, o);
      const Rect safe = safe_area(broadcast::built_in_theme(), f.placements);  // the layout's canvas (portrait's is 9:16)
      REQUIRE(text.size() > 3);
      REQUIRE(boxes.size() == text.size());
      for (std::size_t i = 0; i < text.size(); ++i) {
        INFO(text[i]);
        CHECK(sizes[i] >= 24.0f);
        CHECK(text[i].find("\xE2\x80\xA6") == std::string::npos);  // not cut with an ellipsis
        const Rect& b = boxes[i];
        CHECK((b.x >= safe.x - 0.5f && b.y >= safe.y - 0.5f && b.right() <= safe.right() + 0.5f &&
               b.bottom() <= safe.bottom() + 0.5f));
      }
    }
}

TEST_CASE("browser fixtures of the element moments are broadcast's on-air JSON") {
  for (broadcast::Lang lang : {broadcast::Lang::kEn, broadcast::Lang::kKo}) {
    nlohmann::json all = nlohmann::json::object();
    for (const ElementMoment& e : element_moments(lang)) {
      OnAirOptions o;
      o.director = e.director;
      o.orientation = e.orientation;
      all[e.name] = broadcast::on_air_json(e.model, e.now_wall, o);
      INFO(e.name);
      // What each moment is for: its elements on air.
      const auto& on = all[e.name]["elements"];
      const bool faces = e.name.find("faces") != std::string::npos;
      if (e.name.rfind("mid-", 0) == 0) {
        CHECK(on["scorebug"]["on"] == true);
        CHECK(on["caption"]["on"] == true);
        CHECK(on["board"]["on"] == !faces);
        CHECK(on["players"]["on"] == !faces);
        CHECK(on["explainer"]["on"] == !faces);
      } else if (e.name.rfind("result-", 0) == 0) {
        CHECK(on["result"]["on"] == true);
        CHECK(all[e.name]["banner"] == "result");
      } else {
        CHECK(on["standby"]["on"] == true);
        CHECK(all[e.name]["banner"] == "standby");
      }
    }
    const std::string file = std::string(FACEDOWN_SOURCE_DIR) + "/tests/browser/fixtures/elements-" +
                             (lang == broadcast::Lang::kEn ? "en" : "ko") + ".json";
    const char* update = std::getenv("FACEDOWN_UPDATE_GOLDEN");
    if (update && std::string(update) == "1") {
      std::ofstream(file) << all.dump(1) << "\n";
      WARN("fixture rewritten: " << file);
      continue;
    }
    std::ifstream in(file);
    REQUIRE(in);
    std::stringstream text;
    text << in.rdbuf();
    CHECK(nlohmann::json::parse(text.str()) == all);
  }
}
