#include "overlay/overlay_window.h"

#include <GL/gl.h>
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>

#include <utility>

namespace facedown::overlay {

std::variant<std::unique_ptr<OverlayWindow>, std::string> OverlayWindow::open(const OverlayWindowSpec& spec) {
  if (!glfwInit()) return std::string("cannot initialise GLFW (is there a display? try xvfb-run)");
  std::unique_ptr<OverlayWindow> w(new OverlayWindow());
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_VISIBLE, spec.visible ? GLFW_TRUE : GLFW_FALSE);
  glfwWindowHint(GLFW_TRANSPARENT_FRAMEBUFFER, spec.transparent ? GLFW_TRUE : GLFW_FALSE);
  w->window_ = glfwCreateWindow(spec.width, spec.height, spec.title.c_str(), nullptr, nullptr);
  if (!w->window_) return std::string("cannot create an OpenGL 3.3 window");
  w->transparent_ = spec.transparent && glfwGetWindowAttrib(w->window_, GLFW_TRANSPARENT_FRAMEBUFFER) == GLFW_TRUE;
  glfwMakeContextCurrent(w->window_);
  // Installed before ImGui's backend, which chains to them.
  glfwSetWindowUserPointer(w->window_, w.get());
  glfwSetKeyCallback(w->window_, &OverlayWindow::on_key);
  glfwSetWindowRefreshCallback(w->window_, &OverlayWindow::on_refresh);
  glfwSetFramebufferSizeCallback(w->window_, &OverlayWindow::on_size);
  glfwSwapInterval(spec.vsync ? 1 : 0);
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  w->imgui_ = true;
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // nothing to remember between runs
  io.LogFilename = nullptr;
  if (!ImGui_ImplGlfw_InitForOpenGL(w->window_, true)) return std::string("ImGui GLFW backend failed");
  w->glfw_backend_ = true;
  if (!ImGui_ImplOpenGL3_Init("#version 330 core")) return std::string("ImGui OpenGL3 backend failed");
  w->gl_backend_ = true;
  if (auto err = w->ensure_glyphs(" ")) return *err;
  return w;
}

OverlayWindow::~OverlayWindow() {
  if (gl_backend_) ImGui_ImplOpenGL3_Shutdown();
  if (glfw_backend_) ImGui_ImplGlfw_Shutdown();
  if (imgui_) ImGui::DestroyContext();
  if (window_) glfwDestroyWindow(window_);
  glfwTerminate();
}

void OverlayWindow::on_key(GLFWwindow* w, int key, int, int action, int) {
  auto* self = static_cast<OverlayWindow*>(glfwGetWindowUserPointer(w));
  if (!self) return;
  if (action == GLFW_PRESS || action == GLFW_REPEAT) self->keys_.push_back(key);
  self->redraw_ = true;
}

void OverlayWindow::on_refresh(GLFWwindow* w) {
  if (auto* self = static_cast<OverlayWindow*>(glfwGetWindowUserPointer(w))) self->redraw_ = true;
}

void OverlayWindow::on_size(GLFWwindow* w, int, int) { on_refresh(w); }

std::vector<int> OverlayWindow::take_keys() { return std::exchange(keys_, {}); }

bool OverlayWindow::take_redraw_request() { return std::exchange(redraw_, false); }

bool OverlayWindow::running() const { return !glfwWindowShouldClose(window_); }

void OverlayWindow::wait(double timeout) {
  if (timeout <= 0) glfwPollEvents();
  else glfwWaitEventsTimeout(timeout);
}

std::optional<std::string> OverlayWindow::ensure_glyphs(const std::string& text) {
  // Compared with what was asked for, not with the font: a character the font
  // lacks must not rebuild the atlas every frame.
  bool known = fonts_.large != nullptr;
  for (unsigned cp : codepoints(text))
    if (asked_.insert(cp).second) known = false;
  if (known) return std::nullopt;
  glyphs_ += text;
  ImGuiIO& io = ImGui::GetIO();
  if (gl_backend_) ImGui_ImplOpenGL3_DestroyFontsTexture();
  OverlayFonts load = load_overlay_fonts(*io.Fonts, glyphs_);
  if (!load.error.empty()) return load.error;
  fonts_ = load;
  if (gl_backend_) ImGui_ImplOpenGL3_CreateFontsTexture();
  return std::nullopt;
}

void OverlayWindow::begin_frame() {
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();
  ImGui::NewFrame();
}

std::optional<std::string> OverlayWindow::end_frame(const std::array<float, 4>& clear, const std::string& capture_png) {
  ImGui::Render();
  int fw = 0, fh = 0;
  glfwGetFramebufferSize(window_, &fw, &fh);
  glViewport(0, 0, fw, fh);
  glClearColor(clear[0], clear[1], clear[2], clear[3]);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  std::optional<std::string> err;
  if (!capture_png.empty()) err = ui::write_png(read_pixels(), capture_png);
  glfwSwapBuffers(window_);
  return err;
}

ui::Image OverlayWindow::read_pixels() const {
  ui::Image img;
  glfwGetFramebufferSize(window_, &img.width, &img.height);
  img.pixels.resize(static_cast<std::size_t>(img.width) * static_cast<std::size_t>(img.height) * 3);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadBuffer(GL_BACK);
  glReadPixels(0, 0, img.width, img.height, GL_RGB, GL_UNSIGNED_BYTE, img.pixels.data());
  ui::flip_rows(img);
  return img;
}

int OverlayWindow::width() const {
  int w = 0, h = 0;
  glfwGetFramebufferSize(window_, &w, &h);
  return w;
}

int OverlayWindow::height() const {
  int w = 0, h = 0;
  glfwGetFramebufferSize(window_, &w, &h);
  return h;
}

}  // namespace facedown::overlay
