#include "clip/draw_list_raster.h"

#include <algorithm>
#include <cmath>
#include <thread>

namespace facedown::clip {

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
    const unsigned char* p =
        t.rgba + 4 * (static_cast<std::size_t>(j) * static_cast<std::size_t>(t.width) + static_cast<std::size_t>(i));
    return Rgba{p[0] / 255.0f, p[1] / 255.0f, p[2] / 255.0f, p[3] / 255.0f};
  };
  const int i = static_cast<int>(fx), j = static_cast<int>(fy);
  const Rgba a = texel(i, j), b = texel(i + 1, j), c = texel(i, j + 1), d = texel(i + 1, j + 1);
  auto mix = [&](float p, float q, float r, float s) {
    return (p * (1 - ax) + q * ax) * (1 - ay) + (r * (1 - ax) + s * ax) * ay;
  };
  return {mix(a.r, b.r, c.r, d.r), mix(a.g, b.g, c.g, d.g), mix(a.b, b.b, c.b, d.b), mix(a.a, b.a, c.a, d.a)};
}

std::uint8_t to_byte(float v) { return static_cast<std::uint8_t>(std::clamp(v, 0.0f, 1.0f) * 255.0f + 0.5f); }

}  // namespace

Canvas::Canvas(int width, int height)
    : width_(std::max(0, width)), height_(std::max(0, height)),
      px_(static_cast<std::size_t>(width_) * static_cast<std::size_t>(height_) * 4, 0.0f) {}

void Canvas::clear(std::array<unsigned char, 4> background) {
  const float a = background[3] / 255.0f;
  // Premultiplied, as the blending below keeps it.
  const float c[4] = {background[0] / 255.0f * a, background[1] / 255.0f * a, background[2] / 255.0f * a, a};
  for (std::size_t i = 0; i < px_.size(); i += 4) std::copy(c, c + 4, &px_[i]);
}

void Canvas::paint(const ImDrawList& list, const AtlasPixels& atlas, int threads) {
  threads = std::clamp(threads, 1, std::max(1, height_));
  if (threads == 1) return paint_rows(list, atlas, 0, height_);
  std::vector<std::thread> workers;
  for (int t = 0; t < threads; ++t)
    workers.emplace_back([&, t] { paint_rows(list, atlas, height_ * t / threads, height_ * (t + 1) / threads); });
  for (auto& w : workers) w.join();
}

void Canvas::paint_rows(const ImDrawList& list, const AtlasPixels& atlas, int row0, int row1) {
  const float fw = static_cast<float>(width_);
  for (const ImDrawCmd& cmd : list.CmdBuffer) {
    if (cmd.UserCallback || cmd.ElemCount == 0) continue;
    const float cx0 = std::max(0.0f, cmd.ClipRect.x), cy0 = std::max(static_cast<float>(row0), cmd.ClipRect.y);
    const float cx1 = std::min(fw, cmd.ClipRect.z), cy1 = std::min(static_cast<float>(row1), cmd.ClipRect.w);
    if (cx0 >= cx1 || cy0 >= cy1) continue;
    for (unsigned e = 0; e + 2 < cmd.ElemCount; e += 3) {
      const ImDrawVert* v[3];
      for (int k = 0; k < 3; ++k)
        v[k] = &list.VtxBuffer[static_cast<int>(cmd.VtxOffset + list.IdxBuffer[static_cast<int>(cmd.IdxOffset + e) + k])];
      const float area = (v[1]->pos.x - v[0]->pos.x) * (v[2]->pos.y - v[0]->pos.y) -
                         (v[2]->pos.x - v[0]->pos.x) * (v[1]->pos.y - v[0]->pos.y);
      if (std::fabs(area) < 1e-6f) continue;
      const float ty0 = std::max(cy0, std::min({v[0]->pos.y, v[1]->pos.y, v[2]->pos.y}));
      const float ty1 = std::min(cy1, std::max({v[0]->pos.y, v[1]->pos.y, v[2]->pos.y}));
      const float tx0 = std::max(cx0, std::min({v[0]->pos.x, v[1]->pos.x, v[2]->pos.x}));
      const float tx1 = std::min(cx1, std::max({v[0]->pos.x, v[1]->pos.x, v[2]->pos.x}));
      if (tx0 >= tx1 || ty0 >= ty1) continue;
      const Rgba c[3] = {unpack(v[0]->col), unpack(v[1]->col), unpack(v[2]->col)};
      // Most of the overlay is flat: one colour and ImGui's white texel per triangle.
      const bool flat_uv = v[0]->uv.x == v[1]->uv.x && v[0]->uv.x == v[2]->uv.x && v[0]->uv.y == v[1]->uv.y &&
                           v[0]->uv.y == v[2]->uv.y;
      const bool flat_col = v[0]->col == v[1]->col && v[0]->col == v[2]->col;
      const Rgba flat_tex = flat_uv ? sample(atlas, v[0]->uv.x, v[0]->uv.y) : Rgba{1, 1, 1, 1};
      const float x0 = v[0]->pos.x, y0 = v[0]->pos.y, x1 = v[1]->pos.x, y1 = v[1]->pos.y, x2 = v[2]->pos.x,
                  y2 = v[2]->pos.y;
      // Barycentric weights are linear in x along a row: w = r + d * x.
      const float d0 = (y1 - y2) / area, d1 = (y2 - y0) / area;
      const int ya = static_cast<int>(std::floor(ty0)), yb = static_cast<int>(std::ceil(ty1));
      for (int y = std::max(row0, ya); y < std::min(row1, yb); ++y) {
        const float py = static_cast<float>(y) + 0.5f;
        if (py < cy0 || py >= cy1) continue;
        const float r0 = (x1 * (y2 - py) - x2 * (y1 - py)) / area;
        const float r1 = (x2 * (y0 - py) - x0 * (y2 - py)) / area;
        // The row's span where all three weights can be >= 0 (one pixel of slack each side).
        float lo = tx0, hi = tx1;
        const float r2 = 1.0f - r0 - r1, d2 = -d0 - d1;
        bool empty = false;
        for (auto [r, d] : {std::pair{r0, d0}, std::pair{r1, d1}, std::pair{r2, d2}}) {
          if (std::fabs(d) < 1e-12f) {
            if (r < -1e-4f) empty = true;
          } else if (d > 0) {
            lo = std::max(lo, -r / d - 1.0f);
          } else {
            hi = std::min(hi, -r / d + 1.0f);
          }
        }
        if (empty || lo >= hi) continue;
        const int xa = std::max(0, static_cast<int>(std::floor(lo)));
        const int xb = std::min(width_, static_cast<int>(std::ceil(hi)));
        float* row = &px_[4 * static_cast<std::size_t>(y) * static_cast<std::size_t>(width_)];
        for (int x = xa; x < xb; ++x) {
          const float pxc = static_cast<float>(x) + 0.5f;
          if (pxc < cx0 || pxc >= cx1) continue;
          // The weights exactly as ever (the span above only skips pixels): a
          // centre on an edge goes to the same side as in the tests' goldens.
          const float w0 = ((x1 - pxc) * (y2 - py) - (x2 - pxc) * (y1 - py)) / area;
          const float w1 = ((x2 - pxc) * (y0 - py) - (x0 - pxc) * (y2 - py)) / area;
          const float w2 = 1.0f - w0 - w1;
          // A pixel centre on a shared edge belongs to one side only.
          if (w0 < 0 || w1 < 0 || w2 < 0 || (w0 == 0 && w1 == 0)) continue;
          const Rgba tex = flat_uv ? flat_tex
                                   : sample(atlas, w0 * v[0]->uv.x + w1 * v[1]->uv.x + w2 * v[2]->uv.x,
                                            w0 * v[0]->uv.y + w1 * v[1]->uv.y + w2 * v[2]->uv.y);
          const Rgba col = flat_col ? c[0]
                                    : Rgba{w0 * c[0].r + w1 * c[1].r + w2 * c[2].r, w0 * c[0].g + w1 * c[1].g + w2 * c[2].g,
                                           w0 * c[0].b + w1 * c[1].b + w2 * c[2].b, w0 * c[0].a + w1 * c[1].a + w2 * c[2].a};
          const float a = col.a * tex.a;
          if (a <= 0) continue;
          float* d = row + 4 * x;
          d[0] = col.r * tex.r * a + d[0] * (1 - a);
          d[1] = col.g * tex.g * a + d[1] * (1 - a);
          d[2] = col.b * tex.b * a + d[2] * (1 - a);
          d[3] = a + d[3] * (1 - a);
        }
      }
    }
  }
}

ui::Image Canvas::rgb() const {
  ui::Image out;
  out.width = width_;
  out.height = height_;
  out.pixels.resize(static_cast<std::size_t>(width_) * static_cast<std::size_t>(height_) * 3);
  for (std::size_t i = 0, j = 0; i < px_.size(); i += 4, j += 3)
    for (int k = 0; k < 3; ++k) out.pixels[j + static_cast<std::size_t>(k)] = to_byte(px_[i + static_cast<std::size_t>(k)]);
  return out;
}

void Canvas::rgba(std::vector<std::uint8_t>& out) const {
  out.resize(px_.size());
  for (std::size_t i = 0; i < px_.size(); i += 4) {
    const float a = px_[i + 3];
    const float un = a > 0 ? 1.0f / a : 0.0f;
    for (std::size_t k = 0; k < 3; ++k) out[i + k] = to_byte(px_[i + k] * un);
    out[i + 3] = to_byte(a);
  }
}

ui::Image rasterise(const ImDrawList& list, const AtlasPixels& atlas, int width, int height,
                    std::array<unsigned char, 3> background) {
  Canvas canvas(width, height);
  canvas.clear({background[0], background[1], background[2], 255});
  canvas.paint(list, atlas);
  return canvas.rgb();
}

}  // namespace facedown::clip
