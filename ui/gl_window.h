// GlWindow: what both GUI processes' windows stand on (the console's
// ui::Platform and the overlay's OverlayWindow): GLFW, one window with an
// OpenGL 3.3 core context whose functions glad has loaded, and the process's
// one ImGui context with its GLFW and OpenGL3 backends. Each window adds its
// own frame pacing, input and fonts on top.
//
// Invariants: one GlWindow per process (ImGui 1.86's GLFW backend is not safe
// with two contexts); everything open() made is undone by the destructor, in
// reverse order, also when open() failed half way.
#pragma once
#include <functional>
#include <memory>
#include <string>
#include <variant>

#include "ui/image.h"

struct GLFWwindow;

namespace facedown::ui {

struct GlWindowSpec {
  std::string title = "Facedown";
  int width = 1280;
  int height = 800;
  bool visible = true;       // false: a window that is never shown (tests, captures)
  bool vsync = true;
  bool transparent = false;  // ask for an alpha framebuffer
};

class GlWindow {
 public:
  // `before_imgui` runs with the context current and GL loaded, before
  // ImGui's GLFW backend starts: GLFW callbacks set there are chained by the
  // backend (ImGui sees the events too); callbacks set after open() replace
  // the backend's. The error says which step failed (e.g. no display).
  static std::variant<std::unique_ptr<GlWindow>, std::string> open(
      const GlWindowSpec& spec, const std::function<void(GLFWwindow*)>& before_imgui = {});
  ~GlWindow();
  GlWindow(const GlWindow&) = delete;
  GlWindow& operator=(const GlWindow&) = delete;

  GLFWwindow* window() const { return window_; }
  // True while the user has not asked to close the window.
  bool running() const;
  // Whether the framebuffer really has alpha (GLFW honoured the request).
  bool transparent() const { return transparent_; }
  // Framebuffer size in pixels.
  int width() const;
  int height() const;
  // The framebuffer bound for reading, whole, as RGB rows top down.
  Image read_rgb() const;

 private:
  GlWindow() = default;
  GLFWwindow* window_ = nullptr;
  bool transparent_ = false;
  bool imgui_ = false, glfw_backend_ = false, gl_backend_ = false;
};

}  // namespace facedown::ui
