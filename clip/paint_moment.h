// The one door from a clip to the overlay's painter: a moment of the replayed
// match (the on-air model as the overlay's replay session holds it, with the
// analysis as it aired) painted into an ImGui draw list by the overlay's own
// draw_overlay, with the draw options the session gives for that moment.
// Nothing else in clip/ names the painter or its options, so when the frame
// becomes a type of its own (broadcast's OnAirFrame built by frame_at), only
// this file changes.
#pragma once
#include <imgui.h>

#include <optional>
#include <string>
#include <vector>

#include "broadcast/director.h"
#include "broadcast/model.h"
#include "broadcast/theme.h"
#include "overlay/overlay_draw.h"
#include "overlay/overlay_session.h"

namespace facedown::clip {

struct PaintSettings {
  const broadcast::Theme* theme = nullptr;  // nullptr: the build's
  int width = 1920, height = 1080;          // output pixels; the canvas is fitted into them
  ImFont* small_font = nullptr;             // the atlas's (overlay/overlay_fonts.h)
  ImFont* large_font = nullptr;
  // A placement set chosen for the clip: painted as if the director had cued
  // it wherever the aired layout differs. nullopt: as aired.
  std::optional<broadcast::Layout> layout;
  std::vector<std::string>* text_log = nullptr;  // receives every text painted
};

// Paints the session's moment (`steady`: the session's clock; `wall`: the
// replayed wall time) with `model` (the session's, the analysis attached).
// The replay's own controls (its position bar) are not on air and are left out.
void paint_moment(ImDrawList& dl, const broadcast::OnAirModel& model, const overlay::OverlaySession& session,
                  double steady, double wall, const PaintSettings& settings);

// The painter over a model with options made by the caller (tests compare the
// renderer's pictures with it): draw_overlay of that model.
void paint_model(ImDrawList& dl, const broadcast::OnAirModel& model, const overlay::DrawOptions& options);

// Every character the painter may draw for this model (the font atlas holds them).
std::string glyphs_for_moment(const broadcast::OnAirModel& model, overlay::Lang lang);

}  // namespace facedown::clip
