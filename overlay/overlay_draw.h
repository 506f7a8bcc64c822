// Drawing the overlay: free functions over a const on-air frame
// (broadcast/on_air_frame.h: everything on air, decided once by frame_at) and
// options (language, fonts, the canvas transform), writing into an ImGui draw
// list. They decide nothing of what is on air: no element, banner, clock,
// toast, tray count, explainer place or analysis is chosen here
// (tests/overlay/no_decider_test.cpp reads this folder to keep it so). No window, no GL: they run headless in tests (an
// ImGui context with a built font atlas is enough). Every string drawn can be
// logged (DrawOptions::text_log) so tests check what is on air.
//
// Battle timeline (broadcast/battle_timing.h decides it; the caller passes the
// moment): 0-0.35 s the fighters light up; 0.35-0.75 s they flip face up (a
// blinded piece stays a back with a BLIND tag); then the explainer states the
// arithmetic ("1 + 9 = 10: the 9 wins") until explain_seconds; then the losers
// fade out. The removed trays and a result banner wait for the end.
#pragma once
#include <imgui.h>

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "overlay/layout.h"
#include "overlay/broadcast_names.h"
#include "broadcast/director.h"
#include "broadcast/on_air_frame.h"

namespace facedown::overlay {

// No word on air is drawn smaller (canvas pixels at 1920x1080): a text too
// long for its box at this size is cut with an ellipsis. A piece's label is
// sized by its square, and floored here too (the tray's small tiles included:
// there a label may be wider than its tile).
inline constexpr float kMinTextSize = 24;

enum class Background { kChroma, kTransparent, kSolid };
// RGBA, 0-1, the framebuffer is cleared to (alpha 0 for transparent).
std::array<float, 4> background_colour(Background b);

struct ReplayInfo {
  std::size_t position = 0;  // rows shown
  std::size_t total = 0;
  bool playing = false;
  double speed = 1;
};

struct DrawOptions {
  // The frame's inputs (frame_for reads them; the painters read the frame):
  Orientation orientation = Orientation::kLandscape;
  double now_wall = 0;          // seconds since the epoch (replay: the replayed moment)
  double battle_elapsed = -1;   // seconds into the battle animation; <0: none (or done)
  BattleTiming timing;          // how long the explainer shows before the losers fade
  // The director's cues folded: which elements are on air (broadcast/elements.h
  // decides; nullopt: every element, as before any cue).
  std::optional<broadcast::DirectorState> director;
  // How to paint:
  Lang lang = Lang::kEn;
  CanvasTransform transform;    // canvas -> window pixels
  ImFont* small_font = nullptr; // rasterised for text up to ~36 canvas px; nullptr: ImGui's
  ImFont* large_font = nullptr;
  std::string message;          // what the feed waits for (logs only; the card on air says "Waiting for the match")
  std::optional<ReplayInfo> replay;
  bool explainer = true;        // draw_battle: the explainer's lines too (off: the fighters only)
  // The look (feed/web/theme.json, loaded at start); nullptr: the build's copy of
  // it. draw_overlay paints with the frame's theme (frame_for passes this one on).
  const broadcast::Theme* theme = nullptr;
  // Only these elements (nullopt: every element the frame has on): the
  // session's fades draw an element on its own (overlay_session.h draw).
  std::optional<std::array<bool, broadcast::kElementCount>> only;
  std::vector<std::string>* text_log = nullptr;  // receives every string drawn
  std::vector<Rect>* text_boxes = nullptr;       // and where (canvas pixels)
  std::vector<float>* text_sizes = nullptr;      // and at what size (canvas pixels), beside text_boxes
};

// The frame the options describe (their now_wall, battle_elapsed, timing,
// director, orientation and theme) over `m`: broadcast::frame_at, for callers
// that hold a model (the window loop and the tests).
broadcast::OnAirFrame frame_for(const OnAirModel& m, const DrawOptions& o);

// Whether the picture changes with time alone (animation, a running clock, a toast):
// the window loop sleeps until the next event when it does not.
bool needs_animation_frames(const broadcast::OnAirFrame& f, const DrawOptions& o);

using broadcast::OnAirFrame;
void draw_overlay(ImDrawList& dl, const OnAirFrame& f, const DrawOptions& o);

// The parts, for tests and for other layouts (the layout is the frame's placements').
OverlayLayout frame_layout(const OnAirFrame& f);
void draw_top_bar(ImDrawList& dl, const OnAirFrame& f, const OverlayLayout& l, const DrawOptions& o);
void draw_board(ImDrawList& dl, const OnAirFrame& f, const OverlayLayout& l, const DrawOptions& o);
void draw_battle(ImDrawList& dl, const OnAirFrame& f, const OverlayLayout& l, const DrawOptions& o);
void draw_player_panel(ImDrawList& dl, const OnAirFrame& f, int player, const OverlayLayout& l, const DrawOptions& o);
void draw_banner(ImDrawList& dl, const OnAirFrame& f, const OverlayLayout& l, const DrawOptions& o);
void draw_footer(ImDrawList& dl, const OnAirFrame& f, const OverlayLayout& l, const DrawOptions& o);
// A board's squares and pieces: `labels` by square (a face-up piece's), a
// piece whose `in_battle` is set (may be empty) is left to the battle.
void paint_board(ImDrawList& dl, const OnAirModel& m, const std::vector<std::optional<broadcast::Both>>& labels,
                 const std::vector<char>& in_battle, const OverlayLayout& l, const DrawOptions& o);

// Every character the overlay may draw for this model (to build the font atlas).
std::string glyphs_needed(const OnAirModel& m, Lang lang);

}  // namespace facedown::overlay
