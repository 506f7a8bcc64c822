// Platform: the console's one window. It stands on ui::GlWindow (GLFW, the
// OpenGL 3.3 core context loaded with glad, the one ImGui context and its
// GLFW/OpenGL3 backends; the overlay's window stands on it too) and adds the
// desk's fonts (ui/fonts.h), its input queue and its frame pacing. One
// Platform per process: ImGui 1.86's GLFW backend is not safe with two contexts.
//
// A frame is begin_frame() ... ImGui calls ... end_frame() (or
// end_frame_and_capture(), which also saves what was drawn as a PNG).
//
// Keys and characters reach ImGui through an InputQueue (ui/input_queue.h), so a
// press shorter than a frame is still seen. Frames are paced: max_fps for a second
// after input, idle_fps otherwise (a tenths clock needs no more); the wait between
// them ends at once on input. The desk no longer spins: it took 160 % of a 2-core
// machine on llvmpipe, starving the overlay beside it.
#pragma once
#include <memory>
#include <optional>
#include <string>
#include <variant>

#include "ui/fonts.h"
#include "ui/gl_window.h"
#include "ui/input_queue.h"

struct GLFWwindow;


namespace facedown::ui {

// The window (ui/gl_window.h) and the desk's pacing and fonts.
struct WindowSpec : GlWindowSpec {
  WindowSpec() {
    title = "Facedown";
    width = 1280;
    height = 800;
  }
  int max_fps = 60;     // frames a second at most; 0: as fast as the machine goes
  int idle_fps = 20;    // after a second without keys or mouse (0: max_fps always)
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
  // Waits for the frame's moment (or input), hands ImGui this frame's share of
  // the queued keys, and starts an ImGui frame. Sets io.DisplaySize from the window.
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
  static void on_key(GLFWwindow* w, int key, int scancode, int action, int mods);
  static void on_char(GLFWwindow* w, unsigned codepoint);

  std::unique_ptr<GlWindow> gl_;
  GLFWwindow* window_ = nullptr;  // gl_'s
  Fonts fonts_;
  InputQueue input_;
  int max_fps_ = 60;
  int idle_fps_ = 20;
  double last_frame_ = 0.0;  // glfwGetTime() at the previous frame's start
  double last_input_ = 0.0;  // glfwGetTime() when keys or the mouse last did something
  double cursor_x_ = 0.0, cursor_y_ = 0.0;
};

}  // namespace facedown::ui
