// Drawing the overlay: free functions over a const model and options, writing
// into an ImGui draw list. No window, no GL: they run headless in tests (an
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

#include <optional>
#include <string>
#include <vector>

#include "overlay/layout.h"
#include "overlay/broadcast_names.h"
#include "broadcast/director.h"

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
  Orientation orientation = Orientation::kLandscape;
  Lang lang = Lang::kEn;
  double now_wall = 0;          // seconds since the epoch (replay: the replayed moment)
  double battle_elapsed = -1;   // seconds into the battle animation; <0: none (or done)
  BattleTiming timing;          // how long the explainer shows before the losers fade
  CanvasTransform transform;    // canvas -> window pixels
  ImFont* small_font = nullptr; // rasterised for text up to ~36 canvas px; nullptr: ImGui's
  ImFont* large_font = nullptr;
  std::string message;          // what the feed waits for (logs only; the card on air says "Waiting for the match")
  std::optional<ReplayInfo> replay;
  // The director's cues folded: which elements are on air (broadcast/elements.h
  // decides; nullopt: every element, as before any cue).
  std::optional<broadcast::DirectorState> director;
  bool explainer = true;        // draw_battle: the explainer's lines too (off: the fighters only)
  // The look (feed/web/theme.json, loaded at start); nullptr: the build's copy of it.
  const broadcast::Theme* theme = nullptr;
  std::vector<std::string>* text_log = nullptr;  // receives every string drawn
  std::vector<Rect>* text_boxes = nullptr;       // and where (canvas pixels)
  std::vector<float>* text_sizes = nullptr;      // and at what size (canvas pixels), beside text_boxes
};

// Whether the picture changes with time alone (animation, a running clock, a toast):
// the window loop sleeps until the next event when it does not.
bool needs_animation_frames(const OnAirModel& m, const DrawOptions& o);

void draw_overlay(ImDrawList& dl, const OnAirModel& m, const DrawOptions& o);

// The parts, for tests and for other layouts.
void draw_top_bar(ImDrawList& dl, const OnAirModel& m, const OverlayLayout& l, const DrawOptions& o);
void draw_board(ImDrawList& dl, const OnAirModel& m, const OverlayLayout& l, const DrawOptions& o);
void draw_battle(ImDrawList& dl, const OnAirModel& m, const OverlayLayout& l, const DrawOptions& o);
void draw_player_panel(ImDrawList& dl, const OnAirModel& m, int player, const OverlayLayout& l,
                       const DrawOptions& o);
void draw_banner(ImDrawList& dl, const OnAirModel& m, const OverlayLayout& l, const DrawOptions& o);
void draw_footer(ImDrawList& dl, const OnAirModel& m, const OverlayLayout& l, const DrawOptions& o);

// Every character the overlay may draw for this model (to build the font atlas).
std::string glyphs_needed(const OnAirModel& m, Lang lang);

}  // namespace facedown::overlay
