// A software rasteriser of one ImGui draw list: the overlay's picture without a
// window or GL. Clips render with it (clip/frame_renderer.h) and the
// cross-output test compares it with the browser's screenshot. Triangles are
// filled at pixel centres, colours and texture coordinates interpolated across
// them, the font atlas sampled bilinearly and blended as ImGui's OpenGL backend
// does (colour: source over; alpha: one, one minus source alpha), clipped to
// each command's clip rectangle.
//
// Invariant: it reads the draw list and the atlas only; the picture is `width`
// x `height` window pixels over the background it was cleared to. Rows are
// split between `threads` workers, each owning its rows, so the picture does
// not depend on how many there are.
#pragma once
#include <imgui.h>

#include <array>
#include <cstdint>
#include <vector>

#include "ui/image.h"

namespace facedown::clip {

// The atlas as ImGui built it (ImFontAtlas::GetTexDataAsRGBA32).
struct AtlasPixels {
  const unsigned char* rgba = nullptr;
  int width = 0, height = 0;
};

// A picture being painted: linear 0-1 floats, RGBA, colour premultiplied by
// coverage (as a GL framebuffer cleared to a transparent colour holds it).
class Canvas {
 public:
  Canvas(int width, int height);
  int width() const { return width_; }
  int height() const { return height_; }
  // RGBA 0-255 (alpha 255: opaque).
  void clear(std::array<unsigned char, 4> background);
  void paint(const ImDrawList& list, const AtlasPixels& atlas, int threads = 1);
  // 8-bit RGB rows, top down.
  ui::Image rgb() const;
  // 8-bit RGBA rows, top down, colour not premultiplied (what a video with an
  // alpha channel stores). `out` is resized to width * height * 4.
  void rgba(std::vector<std::uint8_t>& out) const;

 private:
  void paint_rows(const ImDrawList& list, const AtlasPixels& atlas, int row0, int row1);
  int width_ = 0, height_ = 0;
  std::vector<float> px_;
};

// The RGB picture of one draw list over an opaque background (the tests' form).
ui::Image rasterise(const ImDrawList& list, const AtlasPixels& atlas, int width, int height,
                    std::array<unsigned char, 3> background);

}  // namespace facedown::clip
