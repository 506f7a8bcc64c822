// FrameDamage: which pixels a new ImGui frame can change relative to the one
// drawn before it, so the window re-renders only that rectangle (a turn clock
// ticking redraws its digits, not the whole 1080p board on a software GPU).
// Invariant: every pixel outside the rectangle is covered by the same ordered
// triangles (same vertices, texture, clip) in both frames, so it comes out the same.
#pragma once
#include <optional>
#include <vector>

#include <imgui.h>

namespace facedown::overlay {

// Pixels [x0, x1) x [y0, y1), rows counted from the top.
struct PixelRect {
  int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  bool empty() const { return x1 <= x0 || y1 <= y0; }
  long area() const { return empty() ? 0 : static_cast<long>(x1 - x0) * (y1 - y0); }
};

class FrameDamage {
 public:
  // Records `data` as the frame now drawn into a `width` x `height` target and
  // returns what differs from the previous one: an empty rect when nothing
  // does, nullopt when all of it must be drawn (first frame, size change,
  // callbacks or a scaled/offset display that this does not track).
  std::optional<PixelRect> update(const ImDrawData& data, int width, int height);
  // The next frame is drawn whole (new font atlas, another clear colour, lost target).
  void invalidate() { valid_ = false; }

  // Narrows every command's clip rect of `data` to `rect`, in the pixels the
  // OpenGL3 backend's glScissor would use, so it draws only inside `rect`.
  static void clip_to(ImDrawData& data, const PixelRect& rect, int height);

 private:
  struct Tri {
    ImDrawVert v[3];
    ImTextureID texture;
    ImVec4 clip;
  };
  static bool same(const Tri& a, const Tri& b);
  static bool flatten(const ImDrawData& data, std::vector<Tri>& out);

  std::vector<Tri> last_, next_;
  int width_ = 0, height_ = 0;
  bool valid_ = false;
};

}  // namespace facedown::overlay
