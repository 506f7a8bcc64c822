// Piece labels that fit (broadcast/piece_labels.h): for every game and preset,
// both languages, two types never share a label, and every label measured in
// the ImGui overlay's font at the minimum type size fits the room the rule
// gives it on the game's smallest board piece (the page's font is measured by
// tests/browser/overlay_test.mjs from the fixture this test keeps up to date:
// tests/browser/fixtures/piece-labels.json, FACEDOWN_UPDATE_GOLDEN=1 rewrites it).
#include <catch2/catch.hpp>
#include <cfloat>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "broadcast/explainer.h"
#include "broadcast/piece_labels.h"
#include "engine/registry.h"
#include "imgui_frame.h"
#include "overlay/overlay_draw.h"

using namespace facedown;
using namespace facedown::overlay;
using namespace facedown::overlay::testing;

namespace {

// Every game and preset with its made game (a preset may change the board: Hidden Hasami's size).
struct GamePreset {
  std::string name;
  std::shared_ptr<const engine::Game> game;
};

std::vector<GamePreset> every_game_preset() {
  std::vector<GamePreset> out;
  for (const auto& info : engine::all_games())
    for (const auto& preset : info.presets) {
      const auto resolved = engine::resolve_options(info, preset.id, {});
      REQUIRE_FALSE(resolved.error);
      out.push_back({info.id + "/" + preset.id, std::shared_ptr<const engine::Game>(info.make(resolved.options))});
    }
  return out;
}

}  // namespace

TEST_CASE("piece labels are unique per roster and fit the smallest board piece in ImGui's font", "[labels]") {
  std::string glyphs;
  const auto games = every_game_preset();
  for (const auto& g : games)
    for (const auto& l : broadcast::piece_labels(*g.game, broadcast::built_in_theme())) glyphs += l.en + l.ko;
  ImGuiFrame frame(glyphs);
  ImFont& font = *frame.fonts().small;  // the pen's font at 24 px (canvas_pen.cpp font_for)
  nlohmann::json fixture = nlohmann::json::array();
  int shortened = 0;
  for (const auto& g : games) {
    INFO(g.name);
    OnAirModel m;
    m.game = g.game;
    const float room = broadcast::piece_label_room(*g.game, broadcast::built_in_theme());
    CHECK(room >= 24);
    nlohmann::json labels = nlohmann::json::array();
    for (Lang lang : {Lang::kEn, Lang::kKo}) {
      std::set<std::string> seen;
      for (const auto& spec : g.game->roster()) {
        const std::string label = piece_label(m, spec.token, lang);
        INFO(spec.token << " " << label);
        CHECK_FALSE(label.empty());
        CHECK(seen.insert(label).second);  // no two types share a label
        const float w = font.CalcTextSizeA(kMinTextSize, FLT_MAX, 0, label.c_str()).x;
        CHECK(w <= room);
        CHECK(w <= broadcast::label_width_bound(label, kMinTextSize));  // the rule's bound holds for this font
        if (lang == Lang::kKo && label != spec.name_ko && label != spec.token) ++shortened;
        if (lang == Lang::kKo) labels.push_back({{"token", spec.token}, {"en", piece_label(m, spec.token, Lang::kEn)}, {"ko", label}});
      }
    }
    fixture.push_back({{"game", g.name}, {"room", room}, {"labels", labels}});
  }
  CHECK(shortened >= 10);  // Gwangsanghui's two-syllable names at least
  // The same labels and rooms for the page's measure (tests/browser/overlay_test.mjs).
  const std::string file = std::string(FACEDOWN_SOURCE_DIR) + "/tests/browser/fixtures/piece-labels.json";
  const char* update = std::getenv("FACEDOWN_UPDATE_GOLDEN");
  if (update && std::string(update) == "1") {
    std::ofstream(file) << fixture.dump(1) << "\n";
    WARN("fixture rewritten: " << file);
    return;
  }
  std::ifstream in(file);
  REQUIRE(in);
  std::stringstream text;
  text << in.rdbuf();
  CHECK(nlohmann::json::parse(text.str()) == fixture);
}

TEST_CASE("a Korean name gives way to a unique short form only where it does not fit", "[labels]") {
  const auto& theme = broadcast::built_in_theme();
  for (const auto& g : every_game_preset()) {
    INFO(g.name);
    const float room = broadcast::piece_label_room(*g.game, theme);
    const auto labels = broadcast::piece_labels(*g.game, theme);
    for (std::size_t i = 0; i < labels.size(); ++i) {
      const auto& spec = g.game->roster()[i];
      const bool fits = broadcast::label_width_bound(spec.name_ko, kMinTextSize) <= room;
      if (broadcast::is_number_token(spec.token)) CHECK(labels[i].ko == spec.token);
      else if (fits) CHECK(labels[i].ko == spec.name_ko);
      else CHECK(labels[i].ko != spec.name_ko);
      CHECK(labels[i].en == spec.token);
    }
  }
  // Gwangsanghui's discs: "기병" and "보병" are too wide, their first syllables unique.
  const auto all = engine::all_games();
  const auto* info = engine::find_game(all, "gwangsanghui");
  REQUIRE(info);
  const auto game = info->make(engine::resolve_options(*info, info->default_preset, {}).options);
  const auto labels = broadcast::piece_labels(*game, theme);
  std::map<std::string, std::string> ko;
  for (std::size_t i = 0; i < labels.size(); ++i) ko[game->roster()[i].token] = labels[i].ko;
  CHECK(ko["K"] == "기");
  CHECK(ko["I"] == "보");
  CHECK(ko["A"] == "사");  // one syllable already
  // A larger board (a theme whose placements are twice as large) keeps the full names.
  broadcast::Theme big = theme;
  for (auto& [name, layout] : big.layouts)
    for (auto& [e, r] : layout.elements) r.w *= 2, r.h *= 2;
  const auto roomy = broadcast::piece_labels(*game, big);
  for (std::size_t i = 0; i < roomy.size(); ++i) CHECK(roomy[i].ko == game->roster()[i].name_ko);
}

// The trays fit their labels (broadcast/piece_labels.h tray_tile_floor): for every game and
// preset, in both languages and every layout, a tray holding every piece of a side (the most it
// can hold), under the rows of its panel (with the item chips where the game has items), has tiles no narrower than
// the roster's widest label needs at 24 px, all of them fit, and every label measured in ImGui's
// font fits its tile's face.
TEST_CASE("the trays' tiles hold every label of every roster in both languages", "[labels]") {
  const auto& theme = broadcast::built_in_theme();
  const auto M = [&](const char* k) { return theme.metric(k); };
  const float rows = M("panel.head_h") + M("panel.head_gap") + M("panel.to_move_row") + M("panel.warnings_row") +
                     M("panel.removed_row");
  const float items = M("panel.items_row") + 3 * M("panel.chip_step") + M("panel.chips_gap");
  std::string glyphs;
  const auto games = every_game_preset();
  for (const auto& g : games)
    for (const auto& l : broadcast::piece_labels(*g.game, theme)) glyphs += l.en + l.ko;
  ImGuiFrame frame(glyphs);
  ImFont& font = *frame.fonts().small;
  int raised = 0;
  for (const auto& g : games) {
    std::size_t pieces = 0;
    for (const auto& spec : g.game->roster()) pieces += static_cast<std::size_t>(spec.count);
    const auto labels = broadcast::piece_labels(*g.game, theme);
    for (bool korean : {false, true}) {
      const float floor = broadcast::tray_tile_floor(*g.game, theme, korean);
      if (floor > M("tray.tile_max")) ++raised;
      for (std::string_view layout : broadcast::kThemeLayouts) {
        INFO(g.name << " " << (korean ? "ko" : "en") << " " << layout);
        const broadcast::ThemeRect panel = theme.element(layout, "panel1");
        const float w = panel.w - 2 * M("panel.pad_x");
        const float h = panel.h - M("tray.bottom") - rows - (!g.game->counters().names.empty() ? items : 0);
        const float tile = broadcast::tray_tile(theme, floor, w, h, pieces);
        CHECK(tile >= floor);
        CHECK(static_cast<std::size_t>(w / tile) * static_cast<std::size_t>(h / tile) >= pieces);
        const float room = tile * (1 - 2 * M("tile.inset_fraction")) * broadcast::kLabelRoomFraction;
        for (const auto& l : labels) {
          const std::string& s = korean ? l.ko : l.en;
          INFO(s);
          if (korean) CHECK(broadcast::label_width_bound(s, kMinTextSize) <= room + 0.01f);  // chosen by the bound
          CHECK(font.CalcTextSizeA(kMinTextSize, FLT_MAX, 0, s.c_str()).x <= room);
        }
      }
    }
  }
  CHECK(raised > 0);  // the old tile_max (58 px) was too narrow for some labels ("지뢰", "MAJ")
  // A tray with more pieces than fit at the floor still gives the floor (labels win; the last rows are cut).
  CHECK(broadcast::tray_tile(theme, 70, 100, 100, 50) == Approx(70));
  CHECK(broadcast::tray_tile(theme, 0, 346, 300, 200) == Approx(M("tray.tile_min")));
}
