// The one door from a clip to the overlay's painter: a moment of the replayed
// match (the on-air model as the overlay's replay session holds it, and the
// draw options it gives for that moment) painted into an ImGui draw list by
// the overlay's own draw_overlay. Nothing else in clip/ names the painter, so
// when the frame becomes a type of its own (broadcast's OnAirFrame built by
// frame_at), only this file changes.
#pragma once
#include <imgui.h>

#include <string>

#include "broadcast/model.h"
#include "overlay/overlay_draw.h"

namespace facedown::clip {

// Paints the moment as it aired: the replay's own controls (its position
// bar) are not on air and are left out.
void paint_moment(ImDrawList& dl, const broadcast::OnAirModel& model, overlay::DrawOptions options);

// Every character the painter may draw for this model (the font atlas holds them).
std::string glyphs_for_moment(const broadcast::OnAirModel& model, overlay::Lang lang);

}  // namespace facedown::clip
