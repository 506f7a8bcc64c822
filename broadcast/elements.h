// Which of the director's elements are on air at one moment, and how: the cues
// (director.h) say what the director shows and holds, the model what there is
// to show. Decided here once; the on-air JSON carries it ("elements") and every
// output only paints it.
//
// Invariants: the analysis (deduction, win bar) gives way to the story: it is
// off while a battle is explained, the result, a warning's toast, the pause's
// card or standby is up, or the final reveal is on (never painted over them, never ahead of the picture).
// An element with nothing to show is off whatever the cues say; the
// scorebug (the live clock) is never held; a caption set before the result
// leaves at it unless kept (caption-keep on) or held; a cleared or timed-out
// caption is off unless held; a new caption after a clear shows.
#pragma once
#include <array>
#include <optional>
#include <string>
#include <vector>

#include "broadcast/battle_timing.h"
#include "broadcast/director.h"
#include "broadcast/model.h"
#include "broadcast/on_air_rules.h"

namespace facedown::broadcast {

struct ElementState {
  bool cued = false;  // the director shows it
  bool on = false;    // on air now: cued, and there is something to show
  bool held = false;  // its content stands at held_seq
  int held_seq = 0;
  // Why a cued element is off ("no battle", "caption timed out"), in English,
  // for the director's page; empty when on or not cued.
  std::string idle;
};

struct ElementsShown {
  Layout layout = Layout::kLandscape;
  std::array<ElementState, kElementCount> element{};
  // Seconds until time alone changes what is here (a caption timing out); 0: none.
  double next_change_in = 0;
  const ElementState& operator[](Element e) const { return element[static_cast<std::size_t>(e)]; }
};

// `m`: the model on air (the held picture while the picture is held: see
// picture_presentation); `b`: the battle's moment in it at `now_wall`.
ElementsShown elements_on_air(const OnAirModel& m, const DirectorState& d, double now_wall, const BattleMoment& b);

// The picture's hold as the model takes it (model.h's Presentation): the
// console's hold of the whole picture (the presentation table) or the cues'
// picture hold, whichever began first; nullopt when neither holds.
std::optional<Presentation> picture_presentation(const std::optional<Presentation>& desk_hold, const DirectorState& d);

// The theme's set of placements (theme.json's layouts) for the director's
// layout: "faces" and "portrait" are their own; "landscape" follows the
// output's board orientation (`portrait_hint`: an overlay started --layout portrait).
std::string_view theme_layout(Layout director, bool portrait_hint);
// Whether that placement set draws the board upright (board_drawing's portrait).
bool theme_layout_portrait(std::string_view theme_layout);

// The board the `deduction` element's heat map lies on, as the theme's placement
// name: the full board ("board") when it is on air, else the small board
// ("board_compact") when that is, else the layout's own "deduction" placement
// (a board's). So in faces, with the full board cued, the heat map lands on the
// full board's squares, not where the small board would sit.
std::string_view deduction_placement(const ElementsShown& e);

// What taking layout `l` now would drop: the elements cued in `d` that the
// layout neither shows nor keeps (director.h kept_by_layout), in the order of
// the element list. The desk (the director's panel, its page and JSON) says it
// beside each layout, so no cued element leaves air unannounced.
std::vector<Element> layout_drops(const DirectorState& d, Layout l);

// Whether the scorebug paints each player's name strap (the theme's "strap1",
// "strap2"): the scorebug is on and no player panel names the players in a
// layout that shows none when taken (faces, over a camera shot).
bool name_straps_on(const ElementsShown& e);

// The element a banner belongs to, for both painters and the frame's
// `banner_element`: the result's and standby's their own, a pause's card and a
// warning's toast the scorebug's (nullopt: no banner).
std::optional<Element> banner_owner(Banner b);

// The battle timing the director set (battle-seconds), else `fallback` (the
// output's own: the overlay's --battle-seconds), for battle_moment.
BattleTiming director_timing(const DirectorState& d, BattleTiming fallback = {});

}  // namespace facedown::broadcast
