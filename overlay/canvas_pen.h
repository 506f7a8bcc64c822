// CanvasPen: the ImGui overlay's drawing in canvas pixels (1920x1080), shared by
// every painter of overlay/ (overlay_draw.cpp, analysis_draw.cpp,
// reveal_draw.cpp): the transform to the window, the theme's colours, the
// overlay's two fonts, and its one text rule.
// Invariants: every position and size given is in canvas pixels (the transform
// scales it); text is never drawn under kMinTextSize (legible at 1080p): it
// shrinks to its width down to that floor, then is cut with an ellipsis; every
// text drawn is reported to DrawOptions' text log, boxes and sizes (the tests'
// and the cross-output check's view of what was painted).
#pragma once
#include <imgui.h>

#include <string>
#include <string_view>

#include "broadcast/theme.h"
#include "overlay/overlay_draw.h"

namespace facedown::overlay {

ImU32 colour(broadcast::Rgba c, float alpha = 1.0f);
// The string without its last UTF-8 character.
std::string cut_last_character(const std::string& s);
Rect inset(const Rect& r, float d);
// The theme a painter uses: the one in the options, or the build's copy.
const broadcast::Theme& theme_of(const DrawOptions& o);

struct CanvasPen {
  ImDrawList& dl;
  const DrawOptions& o;
  const broadcast::Theme& theme;
  CanvasPen(ImDrawList& d, const DrawOptions& opts) : dl(d), o(opts), theme(theme_of(opts)) {}

  ImVec2 at(Point p) const;
  float px(float v) const { return v * o.transform.scale; }
  ImU32 c(std::string_view name, float alpha = 1.0f) const { return colour(theme.colour(name), alpha); }
  ImFont* font_for(float size) const;
  Point measure(const std::string& s, float size) const;
  void rect(const Rect& r, ImU32 fill, float rounding = 0) const;
  void frame(const Rect& r, ImU32 col, float thickness, float rounding = 0) const;
  void line(Point a, Point b, ImU32 col, float thickness) const;
  // Text with its top-left at p, or aligned on p.x: align 0 left, 0.5 centre,
  // 1 right. Shrinks to max_width when given (the floor and ellipsis above);
  // a shrunk line keeps its middle. A shadow colour (not 0) draws the text's
  // drop shadow under it (a label over the board's squares), `shadow_offset` px down and
  // right (the theme's metrics.analysis.label_shadow, as the page's text-shadow). Returns the size used.
  float text(const std::string& text_in_full, Point p, float size, ImU32 col, float align = 0, float max_width = 0,
             ImU32 shadow = 0, float shadow_offset = 1.5f) const;
};

}  // namespace facedown::overlay
