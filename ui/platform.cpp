#include "ui/platform.h"

// glad must come before GLFW so GLFW does not pull in the system GL header.
#include <glad/gl.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>

#include <algorithm>
#include <cfloat>

#include "ui/gl_window.h"
#include "ui/image.h"

namespace facedown::ui {

std::variant<std::unique_ptr<Platform>, std::string> Platform::open(const WindowSpec& spec) {
  std::unique_ptr<Platform> p(new Platform());
  auto opened = GlWindow::open(spec);
  if (auto* e = std::get_if<std::string>(&opened)) return *e;
  p->gl_ = std::move(std::get<std::unique_ptr<GlWindow>>(opened));
  p->window_ = p->gl_->window();
  const FontLoad fonts = load_fonts(*ImGui::GetIO().Fonts, spec.fonts);
  if (!fonts.error.empty()) return fonts.error;
  p->fonts_ = fonts.fonts;
  // Keys and characters go through the queue; ImGui's own callbacks are called
  // from it, one frame's share at a time (begin_frame), so these replace the
  // backend's. Mouse and scroll stay ImGui's: 1.86 already keeps a click
  // shorter than a frame.
  p->max_fps_ = spec.max_fps;
  p->idle_fps_ = spec.idle_fps;
  glfwSetWindowUserPointer(p->window_, p.get());
  glfwSetKeyCallback(p->window_, &Platform::on_key);
  glfwSetCharCallback(p->window_, &Platform::on_char);
  return p;
}

Platform::~Platform() = default;

bool Platform::running() const { return gl_->running(); }

int Platform::width() const { return gl_->width(); }

int Platform::height() const { return gl_->height(); }

void Platform::on_key(GLFWwindow* w, int key, int scancode, int action, int mods) {
  auto* self = static_cast<Platform*>(glfwGetWindowUserPointer(w));
  if (self) self->input_.push({InputEvent::Kind::kKey, key, scancode, action, mods, 0});
}

void Platform::on_char(GLFWwindow* w, unsigned codepoint) {
  auto* self = static_cast<Platform*>(glfwGetWindowUserPointer(w));
  if (self) self->input_.push({InputEvent::Kind::kChar, 0, 0, 0, 0, codepoint});
}

void Platform::begin_frame(bool with_input) {
  // Paced: wait out the rest of the frame's time unless input is already waiting;
  // an event ends the wait at once, so a key is answered in the frame it came.
  const bool idle = idle_fps_ > 0 && glfwGetTime() - last_input_ > 1.0;
  const int fps = max_fps_ > 0 && idle ? std::min(idle_fps_, max_fps_) : max_fps_;
  const double left = (fps > 0 ? 1.0 / fps : 0.0) - (glfwGetTime() - last_frame_);
  if (left > 0.0 && !input_.pending()) glfwWaitEventsTimeout(left);
  else glfwPollEvents();
  last_frame_ = glfwGetTime();
  const std::size_t taken = input_.take([this](const InputEvent& e) {
    if (e.kind == InputEvent::Kind::kKey) ImGui_ImplGlfw_KeyCallback(window_, e.key, e.scancode, e.action, e.mods);
    else ImGui_ImplGlfw_CharCallback(window_, e.codepoint);
  });
  double x = 0.0, y = 0.0;
  glfwGetCursorPos(window_, &x, &y);
  const bool button = glfwGetMouseButton(window_, GLFW_MOUSE_BUTTON_LEFT) == GLFW_PRESS ||
                      glfwGetMouseButton(window_, GLFW_MOUSE_BUTTON_RIGHT) == GLFW_PRESS;
  if (taken > 0 || button || x != cursor_x_ || y != cursor_y_) last_input_ = last_frame_;
  cursor_x_ = x;
  cursor_y_ = y;
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();
  if (!with_input) {
    ImGuiIO& io = ImGui::GetIO();
    io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
    for (bool& down : io.MouseDown) down = false;
  }
  ImGui::NewFrame();
}

void Platform::render() {
  ImGui::Render();
  glViewport(0, 0, width(), height());
  glClearColor(0.08f, 0.09f, 0.11f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}

void Platform::end_frame() {
  render();
  glfwSwapBuffers(window_);
}

std::optional<std::string> Platform::end_frame_and_capture(const std::string& png_path) {
  render();
  glReadBuffer(GL_BACK);
  const Image image = gl_->read_rgb();
  glfwSwapBuffers(window_);
  return write_png(image, png_path);
}

}  // namespace facedown::ui
