// The final reveal in the ImGui overlay: the director's `reveal` element, both
// players' setups once the referee has confirmed the result (`close`). A card in
// the theme's `reveal` placement: the title, each finalist's name in their
// colour and whether their seal checks out, and the board with every piece of
// both setups face up on its starting square. What there is to reveal, and where
// each part of the card goes, is the frame's (broadcast/on_air_frame.h:
// nothing before close); whether the element is on is the frame's too. The same picture, at the same canvas
// pixels, as feed/web/reveal_paint.js.
#pragma once
#include <imgui.h>

#include "overlay/overlay_draw.h"

namespace facedown::overlay {

// The frame's reveal (its parts: broadcast::reveal_parts) in the placements' `reveal`.
void draw_reveal(ImDrawList& dl, const OnAirFrame& f, const OverlayLayout& l, const DrawOptions& o);

}  // namespace facedown::overlay
