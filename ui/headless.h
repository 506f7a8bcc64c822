// HeadlessContext: an ImGui context with no window and no GL, for tests and
// benchmarks. It builds the real fonts (so text sizes match the screen), maps
// keys like the GLFW backend does (ui/keys.h), and feeds input the ImGui 1.86
// way: io.MousePos, io.MouseDown[], io.KeysDown[], io.AddInputCharactersUTF8.
// One HeadlessContext at a time (ImGui has one current context).
#pragma once
#include <imgui.h>

#include <string>

#include "ui/fonts.h"

namespace facedown::ui {

class HeadlessContext {
 public:
  explicit HeadlessContext(ImVec2 display = ImVec2(1280, 800), const FontSpec& fonts = {});
  ~HeadlessContext();
  HeadlessContext(const HeadlessContext&) = delete;
  HeadlessContext& operator=(const HeadlessContext&) = delete;

  const Fonts& fonts() const { return fonts_; }
  const std::string& font_error() const { return font_error_; }

  // Input state for the following frames.
  void mouse_to(ImVec2 p);
  void mouse_down(bool down);
  void key(int code, bool down);
  void type(const std::string& utf8);  // characters for the next frame

  void begin_frame(float dt = 1.0f / 60.0f);
  // Ends the frame (ImGui::Render); draw data stays available until the next frame.
  void end_frame();

 private:
  ImGuiContext* context_ = nullptr;
  Fonts fonts_;
  std::string font_error_;
};

}  // namespace facedown::ui
