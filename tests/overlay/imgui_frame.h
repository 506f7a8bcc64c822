// A headless ImGui frame for draw tests: a context with the overlay's fonts
// built (no window, no GL) and one frame begun, so draw functions can write into
// the background draw list.
#pragma once
#include <imgui.h>

#include <catch2/catch.hpp>

#include "overlay/overlay_fonts.h"

namespace facedown::overlay::testing {

class ImGuiFrame {
 public:
  explicit ImGuiFrame(const std::string& glyphs, ImVec2 display = ImVec2(1920, 1080)) {
    context_ = ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    io.DisplaySize = display;
    io.DeltaTime = 1.0f / 60.0f;
    fonts_ = load_overlay_fonts(*io.Fonts, glyphs);
    REQUIRE(fonts_.error.empty());
    unsigned char* pixels = nullptr;
    int w = 0, h = 0;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
    ImGui::NewFrame();
  }
  ~ImGuiFrame() {
    ImGui::EndFrame();
    ImGui::DestroyContext(context_);
  }
  ImGuiFrame(const ImGuiFrame&) = delete;
  ImGuiFrame& operator=(const ImGuiFrame&) = delete;

  ImDrawList& draw_list() { return *ImGui::GetBackgroundDrawList(); }
  const OverlayFonts& fonts() const { return fonts_; }

 private:
  ImGuiContext* context_ = nullptr;
  OverlayFonts fonts_;
};

}  // namespace facedown::overlay::testing
