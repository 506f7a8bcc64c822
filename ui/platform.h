// Platform: the one window of a Facedown GUI process (console or overlay). It owns
// GLFW, the OpenGL 3.3 core context (loaded with glad), the one ImGui context and
// its GLFW/OpenGL3 backends, and the fonts (ui/fonts.h). One Platform per process:
// ImGui 1.86's GLFW backend is not safe with two contexts.
//
// A frame is begin_frame() ... ImGui calls ... end_frame() (or
// end_frame_and_capture(), which also saves what was drawn as a PNG).
#pragma once
#include <memory>
#include <optional>
#include <string>
#include <variant>

#include "ui/fonts.h"

struct GLFWwindow;

namespace facedown::ui {

struct WindowSpec {
  std::string title = "Facedown";
  int width = 1280;
  int height = 800;
  bool vsync = true;
  bool visible = true;  // false: an offscreen-sized window that is never shown
  FontSpec fonts;
};

class Platform {
 public:
  // Creates the window, GL context, ImGui context, backends and fonts. The error
  // says which step failed (e.g. no display).
  static std::variant<std::unique_ptr<Platform>, std::string> open(const WindowSpec& spec);
  ~Platform();
  Platform(const Platform&) = delete;
  Platform& operator=(const Platform&) = delete;

  // True while the user has not asked to close the window.
  bool running() const;
  // Polls events and starts an ImGui frame. Sets io.DisplaySize from the window.
  // with_input=false ignores the real mouse for this frame (screenshots must not
  // depend on where the pointer happens to be).
  void begin_frame(bool with_input = true);
  // Renders the ImGui frame, then swaps buffers.
  void end_frame();
  // Like end_frame(), but first saves the rendered framebuffer as an RGB PNG.
  // Returns the error when the file could not be written.
  std::optional<std::string> end_frame_and_capture(const std::string& png_path);

  const Fonts& fonts() const { return fonts_; }
  GLFWwindow* window() const { return window_; }
  // Framebuffer size in pixels.
  int width() const;
  int height() const;

 private:
  Platform() = default;
  void render();

  GLFWwindow* window_ = nullptr;
  Fonts fonts_;
  bool imgui_ready_ = false;
  bool glfw_backend_ = false;
  bool gl_backend_ = false;
};

}  // namespace facedown::ui
