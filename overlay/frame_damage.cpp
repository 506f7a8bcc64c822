#include "overlay/frame_damage.h"

#include <algorithm>
#include <cmath>

namespace facedown::overlay {

namespace {

bool same_vert(const ImDrawVert& a, const ImDrawVert& b) {
  return a.pos.x == b.pos.x && a.pos.y == b.pos.y && a.uv.x == b.uv.x && a.uv.y == b.uv.y && a.col == b.col;
}

// The scissor box the OpenGL3 backend derives from a clip rect (its own
// truncations), bottom-up GL rows: x0, y0, x1, y1.
struct GlBox {
  int x0, y0, x1, y1;
};
GlBox backend_scissor(const ImVec4& clip, int height) {
  const int x = static_cast<int>(clip.x), y = static_cast<int>(static_cast<float>(height) - clip.w);
  const int w = static_cast<int>(clip.z - clip.x), h = static_cast<int>(clip.w - clip.y);
  return {x, y, x + w, y + h};
}

}  // namespace

bool FrameDamage::same(const Tri& a, const Tri& b) {
  return a.texture == b.texture && a.clip.x == b.clip.x && a.clip.y == b.clip.y && a.clip.z == b.clip.z &&
         a.clip.w == b.clip.w && same_vert(a.v[0], b.v[0]) && same_vert(a.v[1], b.v[1]) &&
         same_vert(a.v[2], b.v[2]);
}

bool FrameDamage::flatten(const ImDrawData& data, std::vector<Tri>& out) {
  out.clear();
  for (int l = 0; l < data.CmdListsCount; ++l) {
    const ImDrawList& list = *data.CmdLists[l];
    for (const ImDrawCmd& cmd : list.CmdBuffer) {
      if (cmd.UserCallback) return false;  // unknown drawing: not tracked
      for (unsigned e = 0; e + 2 < cmd.ElemCount; e += 3) {
        Tri t{};
        for (unsigned k = 0; k < 3; ++k) {
          const auto i = static_cast<int>(cmd.VtxOffset + list.IdxBuffer[static_cast<int>(cmd.IdxOffset + e + k)]);
          t.v[k] = list.VtxBuffer[i];
        }
        t.texture = cmd.GetTexID();
        t.clip = cmd.ClipRect;
        out.push_back(t);
      }
    }
  }
  return true;
}

std::optional<PixelRect> FrameDamage::update(const ImDrawData& data, int width, int height) {
  const bool was_valid = valid_ && width == width_ && height == height_;
  width_ = width;
  height_ = height;
  // Positions are pixels only at scale 1 with no offset (one window, no HiDPI).
  valid_ = data.DisplayPos.x == 0 && data.DisplayPos.y == 0 && data.FramebufferScale.x == 1 &&
           data.FramebufferScale.y == 1 && flatten(data, next_);
  std::swap(last_, next_);  // last_: this frame; next_: the previous one
  if (!valid_ || !was_valid) return std::nullopt;
  const std::vector<Tri>&now = last_, &before = next_;
  // Common prefix and suffix: the triangles between them changed.
  std::size_t p = 0;
  while (p < now.size() && p < before.size() && same(now[p], before[p])) ++p;
  std::size_t s = 0;
  while (s < now.size() - p && s < before.size() - p && same(now[now.size() - 1 - s], before[before.size() - 1 - s]))
    ++s;
  float x0 = INFINITY, y0 = INFINITY, x1 = -INFINITY, y1 = -INFINITY;
  auto cover = [&](const std::vector<Tri>& tris, std::size_t end) {
    for (std::size_t i = p; i < end; ++i)
      for (const ImDrawVert& v : tris[i].v) {
        x0 = std::min(x0, v.pos.x);
        y0 = std::min(y0, v.pos.y);
        x1 = std::max(x1, v.pos.x);
        y1 = std::max(y1, v.pos.y);
      }
  };
  cover(now, now.size() - s);
  cover(before, before.size() - s);
  if (p + s == now.size() && p + s == before.size()) return PixelRect{};  // nothing changed
  // A NaN position (std::min ignores it one way) or an unbounded box: draw it all.
  if (!(x0 <= x1 && y0 <= y1) || !std::isfinite(x0) || !std::isfinite(y0) || !std::isfinite(x1) ||
      !std::isfinite(y1))
    return std::nullopt;
  // A triangle lights the pixels whose centres it covers; one pixel of margin
  // more than that, against rounding in the rasteriser.
  auto clamp = [](double v, int hi) { return static_cast<int>(std::clamp(v, 0.0, static_cast<double>(hi))); };
  PixelRect r{clamp(std::floor(x0) - 1, width), clamp(std::floor(y0) - 1, height), clamp(std::ceil(x1) + 1, width),
              clamp(std::ceil(y1) + 1, height)};
  if (r.empty()) return PixelRect{};
  return r;
}

void FrameDamage::clip_to(ImDrawData& data, const PixelRect& rect, int height) {
  const GlBox d{rect.x0, height - rect.y1, rect.x1, height - rect.y0};
  for (int l = 0; l < data.CmdListsCount; ++l)
    for (ImDrawCmd& cmd : data.CmdLists[l]->CmdBuffer) {
      const GlBox b = backend_scissor(cmd.ClipRect, height);
      const int x0 = std::max(b.x0, d.x0), y0 = std::max(b.y0, d.y0);
      const int x1 = std::min(b.x1, d.x1), y1 = std::min(b.y1, d.y1);
      if (x1 <= x0 || y1 <= y0) {
        cmd.ClipRect = ImVec4(0, 0, 0, 0);  // the backend skips an empty clip
        continue;
      }
      // Whole pixels, so the backend's truncations give back exactly this box.
      cmd.ClipRect = ImVec4(static_cast<float>(x0), static_cast<float>(height - y1), static_cast<float>(x1),
                            static_cast<float>(height - y0));
    }
}

}  // namespace facedown::overlay
