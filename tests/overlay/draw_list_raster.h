// A software rasteriser of one ImGui draw list, for tests: the overlay's
// picture without a window or GL (the cross-output test compares it with the
// browser's screenshot). Triangles are filled at pixel centres, colours and
// texture coordinates interpolated across them, the font atlas sampled
// bilinearly and blended "source over" as ImGui's OpenGL backend does, clipped
// to each command's clip rectangle. Invariant: it reads the draw list and the
// atlas only; the image is `width` x `height` window pixels over `background`.
#pragma once
#include <imgui.h>

#include <array>

#include "ui/image.h"

namespace facedown::overlay::testing {

// The atlas as ImGui built it (ImFontAtlas::GetTexDataAsRGBA32).
struct AtlasPixels {
  const unsigned char* rgba = nullptr;
  int width = 0, height = 0;
};

ui::Image rasterise(const ImDrawList& list, const AtlasPixels& atlas, int width, int height,
                    std::array<unsigned char, 3> background);

}  // namespace facedown::overlay::testing
