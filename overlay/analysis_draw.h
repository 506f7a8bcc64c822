// The analysis on air in the ImGui overlay: the director's `deduction` element
// (each side's objective piece as a heat map over the board, each face-down
// piece's most likely identity under its tile) and `win-bar` (both names and
// the public win probability with its interval note), from the model's last finished analysis
// (broadcast/on_air_analysis.h). The same picture as feed/web/analysis_paint.js;
// which element is on is broadcast/elements.h's call, passed in.
#pragma once
#include <imgui.h>

#include "overlay/overlay_draw.h"

namespace facedown::overlay {

void draw_analysis(ImDrawList& dl, const OnAirModel& m, const OverlayLayout& l, const DrawOptions& o, bool deduction,
                   bool win_bar);

}  // namespace facedown::overlay
