// The analysis on air in the ImGui overlay: the director's `deduction` element
// (each side's objective piece as a heat map over the board, the headline and
// legend under it, the labels of the pieces whose deduction is news),
// `piece-odds` (every face-down piece's label) and `win-bar` (both names and
// the public win probability with its interval note), from the frame's
// analysis, its own row's (broadcast/on_air_analysis.h, deduction_view.h). The same picture as feed/web/analysis_paint.js;
// which element is on is broadcast/elements.h's call, passed in.
#pragma once
#include <imgui.h>

#include "overlay/overlay_draw.h"

namespace facedown::overlay {

// Paints the frame's analysis (nothing when the frame shows none: frame_at decides).
void draw_analysis(ImDrawList& dl, const OnAirFrame& f, const OverlayLayout& l, const DrawOptions& o, bool deduction,
                   bool win_bar, bool piece_odds);

}  // namespace facedown::overlay
