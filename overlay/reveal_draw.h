// The final reveal in the ImGui overlay: the director's `reveal` element, both
// players' setups once the referee has confirmed the result (`close`). A card in
// the theme's `reveal` placement: the title, each finalist's name in their
// colour and whether their seal checks out, and the board with every piece of
// both setups face up on its starting square. What there is to reveal is
// broadcast/reveal.h's call (nothing before close); whether the element is on
// is broadcast/elements.h's, passed in. The same picture, at the same canvas
// pixels, as feed/web/reveal_paint.js.
#pragma once
#include <imgui.h>

#include "overlay/overlay_draw.h"

namespace facedown::overlay {

// Where the parts of the card go, from the placement `r` (reveal_paint.js's revealParts).
struct RevealParts {
  Rect title;
  std::array<Rect, 2> bar, name, check;
  Rect board;  // the space the board's drawing is fitted into
};
// Where the card's parts go inside its placement `r` (the theme's metrics.reveal).
RevealParts reveal_parts(const Rect& r, const broadcast::Theme& theme);

void draw_reveal(ImDrawList& dl, const OnAirModel& m, const OverlayLayout& l, const DrawOptions& o);

}  // namespace facedown::overlay
