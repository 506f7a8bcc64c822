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
// Korean moments carry Korean names and a Korean caption.
#pragma once
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "broadcast/director.h"
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
  }
  return out;
}

}  // namespace facedown::overlay::testing
