// The overlay's one window. It stands on ui::GlWindow as the console's
// ui::Platform does (GLFW, OpenGL 3.3 core loaded with glad, one ImGui
// context, PNG capture through ui/image.h) and adds what a broadcast window
// needs: a chosen clear colour with a transparent framebuffer where GLFW
// supports it, sleeping until an event or a
// deadline (glfwWaitEventsTimeout) instead of spinning, and broadcast-size fonts
// (overlay_fonts.h) rebuilt when new characters (a Hangul name) must be drawn.
// Frames are rendered into an offscreen framebuffer that keeps the last
// picture, and only the rectangle FrameDamage finds changed is rendered again
// (the clock's digits each second), then the whole is copied to the window:
// the window's own back buffer is not trusted to survive a swap.
#pragma once
#include <array>
#include <memory>
#include <optional>
#include <string>
#include <unordered_set>
#include <variant>
#include <vector>

#include "overlay/frame_damage.h"
#include "overlay/overlay_fonts.h"
#include "ui/gl_window.h"
#include "ui/image.h"

struct GLFWwindow;

namespace facedown::overlay {

// The window (ui/gl_window.h; `transparent` asks for an alpha framebuffer) and
// how frames are drawn.
struct OverlayWindowSpec : ui::GlWindowSpec {
  OverlayWindowSpec() {
    title = "Facedown overlay";
    width = 1920;
    height = 1080;
  }
  // false: every frame rendered whole straight into the back buffer, as before
  // the offscreen picture (measurements compare the two).
  bool partial_redraw = true;
};

class OverlayWindow {
 public:
  static std::variant<std::unique_ptr<OverlayWindow>, std::string> open(const OverlayWindowSpec& spec);
  ~OverlayWindow();
  OverlayWindow(const OverlayWindow&) = delete;
  OverlayWindow& operator=(const OverlayWindow&) = delete;

  bool running() const;
  // Keys pressed (GLFW key codes) and whether anything (input, resize, expose)
  // asked for a new frame since the last call.
  std::vector<int> take_keys();
  bool take_redraw_request();
  // Whether the framebuffer really has alpha (GLFW_TRANSPARENT_FRAMEBUFFER honoured).
  bool transparent() const;
  // Sleeps until an input event or `timeout` seconds (0: just poll).
  void wait(double timeout);
  // (Re)builds the fonts so they hold every character of `text`; no-op when they already do.
  std::optional<std::string> ensure_glyphs(const std::string& text);
  const OverlayFonts& fonts() const { return fonts_; }

  void begin_frame();
  // Clears to `clear` (RGBA 0-1), renders ImGui, optionally captures, swaps.
  std::optional<std::string> end_frame(const std::array<float, 4>& clear,
                                       const std::string& capture_png = {});
  // The last rendered frame, read back (RGB).
  ui::Image read_pixels() const;
  // The next end_frame renders everything (tests compare it with a partial one).
  void redraw_all() { damage_.invalidate(); }
  // What the last end_frame rendered: nullopt for the whole frame.
  const std::optional<PixelRect>& last_damage() const { return last_damage_; }

  GLFWwindow* window() const { return window_; }
  int width() const;
  int height() const;

 private:
  OverlayWindow() = default;
  static void on_key(GLFWwindow* w, int key, int scancode, int action, int mods);
  static void on_refresh(GLFWwindow* w);
  static void on_size(GLFWwindow* w, int width, int height);
  std::optional<std::string> ensure_target(int width, int height);
  void release_target();

  std::unique_ptr<ui::GlWindow> gl_;  // first in, last out: the GL objects below need its context
  GLFWwindow* window_ = nullptr;      // gl_'s
  OverlayFonts fonts_;
  std::string glyphs_;                  // characters the current atlas was built for
  std::unordered_set<unsigned> asked_;  // their code points (some may be missing from the font)
  std::vector<int> keys_;
  bool redraw_ = true;
  bool partial_ = true;
  // The offscreen picture (RGBA8 texture in a framebuffer object) and its size.
  unsigned fbo_ = 0, colour_ = 0;
  int target_w_ = 0, target_h_ = 0;
  std::array<float, 4> drawn_clear_{-1, -1, -1, -1};
  FrameDamage damage_;
  std::optional<PixelRect> last_damage_;
};

}  // namespace facedown::overlay
