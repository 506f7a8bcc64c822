#include "ui/gl_window.h"

// glad must come before GLFW so GLFW does not pull in the system GL header.
#include <glad/gl.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>

namespace facedown::ui {

std::variant<std::unique_ptr<GlWindow>, std::string> GlWindow::open(
    const GlWindowSpec& spec, const std::function<void(GLFWwindow*)>& before_imgui) {
  std::unique_ptr<GlWindow> w(new GlWindow());
  if (!glfwInit())
    return std::string("cannot start GLFW (is there a display? DISPLAY is unset or the X server refused the "
                       "connection; without one, try xvfb-run)");
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_VISIBLE, spec.visible ? GLFW_TRUE : GLFW_FALSE);
  glfwWindowHint(GLFW_TRANSPARENT_FRAMEBUFFER, spec.transparent ? GLFW_TRUE : GLFW_FALSE);
  w->window_ = glfwCreateWindow(spec.width, spec.height, spec.title.c_str(), nullptr, nullptr);
  if (!w->window_) return std::string("cannot create a window with an OpenGL 3.3 core context");
  w->transparent_ = spec.transparent && glfwGetWindowAttrib(w->window_, GLFW_TRANSPARENT_FRAMEBUFFER) == GLFW_TRUE;
  glfwMakeContextCurrent(w->window_);
  glfwSwapInterval(spec.vsync ? 1 : 0);
  if (gladLoadGL(glfwGetProcAddress) == 0) return std::string("cannot load OpenGL functions");
  if (before_imgui) before_imgui(w->window_);

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  w->imgui_ = true;
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // layouts come from code, never from a stray file
  io.LogFilename = nullptr;
  w->glfw_backend_ = ImGui_ImplGlfw_InitForOpenGL(w->window_, true);
  if (!w->glfw_backend_) return std::string("ImGui GLFW backend failed to start");
  w->gl_backend_ = ImGui_ImplOpenGL3_Init("#version 330 core");
  if (!w->gl_backend_) return std::string("ImGui OpenGL3 backend failed to start");
  return w;
}

GlWindow::~GlWindow() {
  if (gl_backend_) ImGui_ImplOpenGL3_Shutdown();
  if (glfw_backend_) ImGui_ImplGlfw_Shutdown();
  if (imgui_) ImGui::DestroyContext();
  if (window_) glfwDestroyWindow(window_);
  glfwTerminate();
}

bool GlWindow::running() const { return !glfwWindowShouldClose(window_); }

int GlWindow::width() const {
  int w = 0, h = 0;
  glfwGetFramebufferSize(window_, &w, &h);
  return w;
}

int GlWindow::height() const {
  int w = 0, h = 0;
  glfwGetFramebufferSize(window_, &w, &h);
  return h;
}

Image GlWindow::read_rgb() const {
  Image img;
  glfwGetFramebufferSize(window_, &img.width, &img.height);
  img.pixels.resize(static_cast<std::size_t>(img.width) * static_cast<std::size_t>(img.height) * 3);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, img.width, img.height, GL_RGB, GL_UNSIGNED_BYTE, img.pixels.data());
  flip_rows(img);  // GL's origin is bottom-left; image rows go top down
  return img;
}

}  // namespace facedown::ui
