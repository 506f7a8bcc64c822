// Pictures of every game in every layout, for a person to look at (issue 32:
// where the elements sit and how they come and go). Hidden ("[.placement-shots]"):
//   FACEDOWN_PLACEMENT_SHOTS=DIR overlay_tests "[.placement-shots]"
// writes, for every game's mid-match frame (overlay_support.h every_game_frame)
// in landscape, portrait and faces, at two moments (its battle explained, 1.5 s
// in, with a caption; and a warning's toast with the pause's card's place
// empty), the ImGui overlay's picture (software raster, 960x540 over chroma
// green) as DIR/NAME.png and the on-air JSON of the same frame as DIR/NAME.json,
// which tests/browser/placement_shots.mjs paints in Chromium beside it.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "broadcast/director.h"
#include "broadcast/elements.h"
#include "broadcast/on_air_json.h"
#include "draw_list_raster.h"
#include "imgui_frame.h"
#include "overlay/overlay_draw.h"
#include "overlay_support.h"
#include "ui/image.h"

using namespace facedown;
using namespace facedown::overlay;
using namespace facedown::overlay::testing;

TEST_CASE("placement pictures of every game in every layout", "[.placement-shots]") {
  const char* dir = std::getenv("FACEDOWN_PLACEMENT_SHOTS");
  if (!dir) return;
  std::filesystem::create_directories(dir);
  int written = 0;
  for (const GameFrame& g : every_game_frame()) {
    for (const char* layout : {"landscape", "portrait", "faces"}) {
      broadcast::DirectorState d;
      d = broadcast::apply_cue(d, std::get<broadcast::Cue>(broadcast::parse_cue(std::string("layout ") + layout)), 0, 0);
      // In faces the board is cued over the camera shot, so the explainer has a battle to explain there too.
      if (std::string(layout) == "faces") d = broadcast::apply_cue(d, std::get<broadcast::Cue>(broadcast::parse_cue("show board")), 0, 0);
      struct Moment {
        std::string name;
        OnAirModel m;
        double now;
      };
      std::vector<Moment> moments;
      OnAirModel battle = g.model;
      battle.caption = "Final round";
      battle.caption_wall = battle.row_wall_time;
      if (battle.battle) moments.push_back({"battle", battle, battle.battle->wall_time + 1.5});
      OnAirModel toast = g.model;
      toast.battle.reset();
      toast.last_warning = broadcast::WarningShown{toast.last_seq, 1, "manual", "", 1, toast.row_wall_time + 1, {}};
      moments.push_back({"toast", toast, toast.row_wall_time + 2});
      for (const Moment& mo : moments) {
        const std::string name = g.name + "-" + layout + "-" + mo.name;
        ImGuiFrame frame(glyphs_needed(mo.m, Lang::kEn) + "Final round");
        DrawOptions o;
        o.lang = Lang::kEn;
        o.now_wall = mo.now;
        o.director = d;
        o.orientation = std::string(layout) == "portrait" ? Orientation::kPortrait : Orientation::kLandscape;
        o.timing = broadcast::director_timing(d, o.timing);
        const BattleMoment b = battle_moment(mo.m, mo.now, o.timing);
        o.battle_elapsed = b.animating() ? b.elapsed : -1;
        o.small_font = frame.fonts().small;
        o.large_font = frame.fonts().large;
        o.transform = fit_canvas(960, 540);
        const broadcast::OnAirFrame f = frame_for(mo.m, o);
        draw_overlay(frame.draw_list(), f, o);
        AtlasPixels atlas;
        unsigned char* pixels = nullptr;
        ImGui::GetIO().Fonts->GetTexDataAsRGBA32(&pixels, &atlas.width, &atlas.height);
        atlas.rgba = pixels;
        const ui::Image image = rasterise(frame.draw_list(), atlas, 960, 540, {0, 177, 64});
        REQUIRE_FALSE(ui::write_png(image, std::string(dir) + "/" + name + "-imgui.png"));
        std::ofstream(std::string(dir) + "/" + name + ".json") << broadcast::on_air_json(f).dump();
        ++written;
      }
    }
  }
  CHECK(written > 40);
}
