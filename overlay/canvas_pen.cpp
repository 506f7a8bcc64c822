#include "overlay/canvas_pen.h"

#include <algorithm>
#include <cfloat>

namespace facedown::overlay {

ImU32 colour(broadcast::Rgba c, float alpha) {
  return IM_COL32(c.r, c.g, c.b, static_cast<int>(std::clamp(alpha, 0.0f, 1.0f) * static_cast<float>(c.a)));
}

std::string cut_last_character(const std::string& s) {
  std::size_t n = s.size();
  while (n > 0 && (static_cast<unsigned char>(s[n - 1]) & 0xC0) == 0x80) --n;
  return s.substr(0, n > 0 ? n - 1 : 0);
}

Rect inset(const Rect& r, float d) { return {r.x + d, r.y + d, r.w - 2 * d, r.h - 2 * d}; }

const broadcast::Theme& theme_of(const DrawOptions& o) { return o.theme ? *o.theme : broadcast::built_in_theme(); }

ImVec2 CanvasPen::at(Point p) const {
  const Point q = o.transform.apply(p);
  return {q.x, q.y};
}

ImFont* CanvasPen::font_for(float size) const {
  ImFont* f = size <= 36 ? o.small_font : o.large_font;
  if (!f) f = size <= 36 ? o.large_font : o.small_font;
  return f ? f : ImGui::GetFont();
}

Point CanvasPen::measure(const std::string& s, float size) const {
  const ImVec2 v = font_for(size)->CalcTextSizeA(size, FLT_MAX, 0, s.c_str());
  return {v.x, v.y};
}

void CanvasPen::rect(const Rect& r, ImU32 fill, float rounding) const {
  dl.AddRectFilled(at({r.x, r.y}), at({r.right(), r.bottom()}), fill, px(rounding));
}

void CanvasPen::frame(const Rect& r, ImU32 col, float thickness, float rounding) const {
  dl.AddRect(at({r.x, r.y}), at({r.right(), r.bottom()}), col, px(rounding), 0, px(thickness));
}

void CanvasPen::line(Point a, Point b, ImU32 col, float thickness) const {
  dl.AddLine(at(a), at(b), col, px(thickness));
}

float CanvasPen::text(const std::string& text_in_full, Point p, float size, ImU32 col, float align, float max_width,
                      ImU32 shadow, float shadow_offset) const {
  if (text_in_full.empty()) return size;
  std::string s = text_in_full;
  size = std::max(size, kMinTextSize);
  Point m = measure(s, size);
  float dy = 0;
  if (max_width > 0 && m.x > max_width) {
    const float full_height = m.y;
    size = std::max(kMinTextSize, size * max_width / m.x);
    m = measure(s, size);
    // Cut only at the floor: above it the shrink fits (up to the font's rounding).
    while (size <= kMinTextSize && m.x > max_width + 0.5f && !s.empty()) {
      s = cut_last_character(s);
      m = measure(s + "\xE2\x80\xA6", size);
    }
    if (s != text_in_full) s += "\xE2\x80\xA6";
    dy = (full_height - m.y) / 2;  // shrunk text keeps its line's middle
  }
  if (o.text_log) o.text_log->push_back(s);
  const Point tl{p.x - m.x * align, p.y + dy};
  if (o.text_boxes) o.text_boxes->push_back({tl.x, tl.y, m.x, m.y});
  if (o.text_sizes) o.text_sizes->push_back(size);
  if (shadow) dl.AddText(font_for(size), px(size), at({tl.x + shadow_offset, tl.y + shadow_offset}), shadow, s.c_str());
  dl.AddText(font_for(size), px(size), at(tl), col, s.c_str());
  return size;
}

}  // namespace facedown::overlay
