// The moments the element goldens show, in each layout and either language:
// both painters paint the same frames (tests/overlay/screenshot_test.cpp
// elements-*.png from these models; tests/browser/elements_test.mjs from
// tests/browser/fixtures/elements-LANG.json, the on-air JSON of the same
// moments, written by tests/overlay/elements_fixture_test.cpp).
//   - mid: a battle being explained (1.5 s in) with a caption on: the board,
//     the scorebug, the players, the explainer and the caption (faces: its
//     own set, the scorebug and the caption);
//   - result: the match resigned, the result banner (faces: cued over its set);
//   - standby: the desk quiet mid-match, the standby banner (faces: cued over its
//     set, over the scorebug with its clock frozen at the last heartbeat).
//   - mid-split-landscape: the mid battle given four lines, its two squares
//     moved where the whole explainer has no room off the panels, so it splits
//     around them (broadcast/explainer_place.h).
// Korean moments carry Korean names and a Korean caption.
#pragma once
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "broadcast/director.h"
#include "broadcast/elements.h"
#include "broadcast/explainer.h"
#include "broadcast/explainer_place.h"
#include "broadcast/on_air_text.h"
#include "engine/registry.h"
#include "overlay_support.h"
#include "scripts.h"

namespace facedown::overlay::testing {

struct ElementMoment {
  std::string name;  // "mid-landscape", "result-faces", "standby-portrait"
  OnAirModel model;
  double now_wall = 0;
  broadcast::DirectorState director;
  std::string orientation;  // the output's hint ("landscape" | "portrait"), as the director's layout draws the board
};

inline OnAirModel element_model(broadcast::Lang lang, const std::string& before_battle, const std::string& tail) {
  std::string script = kOpenBattle;
  if (lang == broadcast::Lang::kKo) {
    script.replace(script.find("\"Jang Dong-min\""), 15, "\"장동민\"");
    script.replace(script.find("\"Kim Kyung-hoon\""), 16, "\"김경훈\"");
  }
  // The battle is the items row's (@20): a caption set before it stays on air through it.
  script.replace(script.find("@20 items"), 9, before_battle + "@20 items");
  const auto rows = public_rows(script_match(script + tail), 1.7e9, 1);
  return derive_model(rows, rows.size(), engine::all_games());
}

// Whether `lines` (explainer_lines) is split: not one block of lines line_gap apart.
inline bool explainer_split(const std::vector<broadcast::ThemeRect>& lines) {
  const broadcast::Theme& theme = broadcast::built_in_theme();
  const float step = theme.metric("explainer.line_h") + theme.metric("explainer.line_gap");
  for (std::size_t i = 1; i < lines.size(); ++i)
    if (lines[i].x != lines[i - 1].x || lines[i].y != Approx(lines[i - 1].y + step)) return true;
  return false;
}

// `m`'s battle with four lines (its pair four times) and its two fighters (the
// move's from and to) on the first two squares whose explainer splits in the
// theme's `layout`: two squares far apart in one column of the drawn board.
inline OnAirModel split_explainer_model(OnAirModel m, std::string_view layout) {
  REQUIRE(m.battle);
  REQUIRE(m.battle->fighters.size() == 2);
  m.battle->pairs.assign(4, m.battle->pairs.front());
  const engine::Geometry& g = m.game->geometry();
  const auto drawing = broadcast::board_drawing(g, broadcast::theme_layout_portrait(layout));
  // As the frame places them (on_air_frame.cpp): off the pieces on the board, each line as wide as its text.
  const broadcast::Theme& theme = broadcast::built_in_theme();
  const auto pieces = broadcast::occupied_squares(m);
  const auto widths = broadcast::explainer_line_widths(
      theme, layout, {broadcast::battle_explainer(m, broadcast::Lang::kEn), broadcast::battle_explainer(m, broadcast::Lang::kKo)});
  for (int a = 0; a < g.files() * g.ranks(); ++a)
    for (int b = a + 1; b < g.files() * g.ranks(); ++b)
      if (explainer_split(broadcast::explainer_lines(theme, layout, drawing, {a, b}, 4, pieces, widths))) {
        m.battle->fighters[0].square = a, m.battle->fighters[1].square = b;
        m.last_from = a, m.last_to = b;
        return m;
      }
  FAIL("no two squares split the explainer in " << layout);
  return m;
}

inline std::vector<ElementMoment> element_moments(broadcast::Lang lang) {
  const bool ko = lang == broadcast::Lang::kKo;
  const OnAirModel mid = element_model(lang, ko ? "@15 caption \"결승전 · 2수\"\n" : "@15 caption \"Final round, move 2\"\n", "");
  const OnAirModel result = element_model(lang, "", "@30 resign 1\n");
  OnAirModel standby = element_model(lang, "", "");
  standby.heartbeat = DeskHeartbeat{standby.match_time + 1, standby.row_wall_time + 1};
  std::vector<ElementMoment> out;
  for (const char* layout : {"landscape", "portrait", "faces"}) {
    const std::string l = layout;
    // faces shows only the scorebug and the caption: the result and standby are cued over it.
    const auto director = [&](const char* show) {
      broadcast::DirectorState d;
      d = broadcast::apply_cue(d, std::get<broadcast::Cue>(broadcast::parse_cue("layout " + l)), 0, 0);
      if (l == "faces" && show)
        d = broadcast::apply_cue(d, std::get<broadcast::Cue>(broadcast::parse_cue(std::string("show ") + show)), 0, 0);
      return d;
    };
    const std::string orientation = l == "portrait" ? "portrait" : "landscape";
    out.push_back({"mid-" + l, mid, mid.row_wall_time + 1.5, director(nullptr), orientation});
    out.push_back({"result-" + l, result, result.row_wall_time + 10, director("result"), orientation});
    out.push_back({"standby-" + l, standby, standby.row_wall_time + 10, director("standby"), orientation});
    if (l == "landscape")
      out.push_back({"mid-split-" + l, split_explainer_model(mid, l), mid.row_wall_time + 1.5, director(nullptr), orientation});
  }
  return out;
}

}  // namespace facedown::overlay::testing
