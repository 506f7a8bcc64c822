#include "draw_list_raster.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace facedown::overlay::testing {

namespace {

struct Rgba {
  float r, g, b, a;
};

Rgba unpack(ImU32 c) {
  return {static_cast<float>((c >> IM_COL32_R_SHIFT) & 0xFF) / 255.0f,
          static_cast<float>((c >> IM_COL32_G_SHIFT) & 0xFF) / 255.0f,
          static_cast<float>((c >> IM_COL32_B_SHIFT) & 0xFF) / 255.0f,
          static_cast<float>((c >> IM_COL32_A_SHIFT) & 0xFF) / 255.0f};
}

// Bilinear, clamped to the edge (GL_LINEAR, GL_CLAMP_TO_EDGE as ImGui's backend sets them).
Rgba sample(const AtlasPixels& t, float u, float v) {
  if (!t.rgba || t.width <= 0 || t.height <= 0) return {1, 1, 1, 1};
  const float x = u * static_cast<float>(t.width) - 0.5f, y = v * static_cast<float>(t.height) - 0.5f;
  const float fx = std::floor(x), fy = std::floor(y);
  const float ax = x - fx, ay = y - fy;
  auto texel = [&](int i, int j) {
    i = std::clamp(i, 0, t.width - 1);
    j = std::clamp(j, 0, t.height - 1);
    const unsigned char* p = t.rgba + 4 * (static_cast<std::size_t>(j) * static_cast<std::size_t>(t.width) + static_cast<std::size_t>(i));
    return Rgba{p[0] / 255.0f, p[1] / 255.0f, p[2] / 255.0f, p[3] / 255.0f};
  };
  const int i = static_cast<int>(fx), j = static_cast<int>(fy);
  const Rgba a = texel(i, j), b = texel(i + 1, j), c = texel(i, j + 1), d = texel(i + 1, j + 1);
  auto mix = [&](float p, float q, float r, float s) {
    return (p * (1 - ax) + q * ax) * (1 - ay) + (r * (1 - ax) + s * ax) * ay;
  };
  return {mix(a.r, b.r, c.r, d.r), mix(a.g, b.g, c.g, d.g), mix(a.b, b.b, c.b, d.b), mix(a.a, b.a, c.a, d.a)};
}

}  // namespace

ui::Image rasterise(const ImDrawList& list, const AtlasPixels& atlas, int width, int height,
                    std::array<unsigned char, 3> background) {
  std::vector<float> px(static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 3);
  for (std::size_t i = 0; i < px.size(); ++i) px[i] = static_cast<float>(background[i % 3]) / 255.0f;
  for (const ImDrawCmd& cmd : list.CmdBuffer) {
    if (cmd.UserCallback || cmd.ElemCount == 0) continue;
    const float cx0 = std::max(0.0f, cmd.ClipRect.x), cy0 = std::max(0.0f, cmd.ClipRect.y);
    const float cx1 = std::min(static_cast<float>(width), cmd.ClipRect.z);
    const float cy1 = std::min(static_cast<float>(height), cmd.ClipRect.w);
    for (unsigned e = 0; e + 2 < cmd.ElemCount; e += 3) {
      const ImDrawVert* v[3];
      for (int k = 0; k < 3; ++k)
        v[k] = &list.VtxBuffer[static_cast<int>(cmd.VtxOffset + list.IdxBuffer[static_cast<int>(cmd.IdxOffset + e) + k])];
      const float area = (v[1]->pos.x - v[0]->pos.x) * (v[2]->pos.y - v[0]->pos.y) -
                         (v[2]->pos.x - v[0]->pos.x) * (v[1]->pos.y - v[0]->pos.y);
      if (std::fabs(area) < 1e-6f) continue;
      const Rgba c[3] = {unpack(v[0]->col), unpack(v[1]->col), unpack(v[2]->col)};
      const int x0 = static_cast<int>(std::floor(std::max(cx0, std::min({v[0]->pos.x, v[1]->pos.x, v[2]->pos.x}))));
      const int x1 = static_cast<int>(std::ceil(std::min(cx1, std::max({v[0]->pos.x, v[1]->pos.x, v[2]->pos.x}))));
      const int y0 = static_cast<int>(std::floor(std::max(cy0, std::min({v[0]->pos.y, v[1]->pos.y, v[2]->pos.y}))));
      const int y1 = static_cast<int>(std::ceil(std::min(cy1, std::max({v[0]->pos.y, v[1]->pos.y, v[2]->pos.y}))));
      for (int y = std::max(0, y0); y < std::min(height, y1); ++y) {
        const float py = static_cast<float>(y) + 0.5f;
        if (py < cy0 || py >= cy1) continue;
        for (int x = std::max(0, x0); x < std::min(width, x1); ++x) {
          const float pxc = static_cast<float>(x) + 0.5f;
          if (pxc < cx0 || pxc >= cx1) continue;
          // Barycentric weights; a pixel centre on a shared edge belongs to one side only.
          const float w0 = ((v[1]->pos.x - pxc) * (v[2]->pos.y - py) - (v[2]->pos.x - pxc) * (v[1]->pos.y - py)) / area;
          const float w1 = ((v[2]->pos.x - pxc) * (v[0]->pos.y - py) - (v[0]->pos.x - pxc) * (v[2]->pos.y - py)) / area;
          const float w2 = 1.0f - w0 - w1;
          if (w0 < 0 || w1 < 0 || w2 < 0 || (w0 == 0 && w1 == 0)) continue;
          const float u = w0 * v[0]->uv.x + w1 * v[1]->uv.x + w2 * v[2]->uv.x;
          const float t = w0 * v[0]->uv.y + w1 * v[1]->uv.y + w2 * v[2]->uv.y;
          const Rgba tex = sample(atlas, u, t);
          const float a = (w0 * c[0].a + w1 * c[1].a + w2 * c[2].a) * tex.a;
          if (a <= 0) continue;
          float* d = &px[3 * (static_cast<std::size_t>(y) * static_cast<std::size_t>(width) + static_cast<std::size_t>(x))];
          d[0] = (w0 * c[0].r + w1 * c[1].r + w2 * c[2].r) * tex.r * a + d[0] * (1 - a);
          d[1] = (w0 * c[0].g + w1 * c[1].g + w2 * c[2].g) * tex.g * a + d[1] * (1 - a);
          d[2] = (w0 * c[0].b + w1 * c[1].b + w2 * c[2].b) * tex.b * a + d[2] * (1 - a);
        }
      }
    }
  }
  ui::Image out;
  out.width = width;
  out.height = height;
  out.pixels.resize(px.size());
  for (std::size_t i = 0; i < px.size(); ++i)
    out.pixels[i] = static_cast<unsigned char>(std::lround(std::clamp(px[i], 0.0f, 1.0f) * 255.0f));
  return out;
}

}  // namespace facedown::overlay::testing
