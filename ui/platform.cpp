#include "ui/platform.h"

// glad must come before GLFW so GLFW does not pull in the system GL header.
#include <glad/gl.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>

#include <cfloat>

#include "ui/image.h"

namespace facedown::ui {

std::variant<std::unique_ptr<Platform>, std::string> Platform::open(const WindowSpec& spec) {
  std::unique_ptr<Platform> p(new Platform());
  if (!glfwInit()) return std::string("cannot start GLFW (is there a display? DISPLAY is unset "
                                      "or the X server refused the connection)");
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_VISIBLE, spec.visible ? GLFW_TRUE : GLFW_FALSE);
  p->window_ = glfwCreateWindow(spec.width, spec.height, spec.title.c_str(), nullptr, nullptr);
  if (!p->window_) return std::string("cannot create a window with an OpenGL 3.3 core context");
  glfwMakeContextCurrent(p->window_);
  glfwSwapInterval(spec.vsync ? 1 : 0);
  if (gladLoadGL(glfwGetProcAddress) == 0) return std::string("cannot load OpenGL functions");

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  p->imgui_ready_ = true;
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // layouts come from code, never from a stray file
  const FontLoad fonts = load_fonts(*io.Fonts, spec.fonts);
  if (!fonts.error.empty()) return fonts.error;
  p->fonts_ = fonts.fonts;
  p->glfw_backend_ = ImGui_ImplGlfw_InitForOpenGL(p->window_, true);
  if (!p->glfw_backend_) return std::string("ImGui GLFW backend failed to start");
  p->gl_backend_ = ImGui_ImplOpenGL3_Init("#version 330 core");
  if (!p->gl_backend_) return std::string("ImGui OpenGL3 backend failed to start");
  return p;
}

Platform::~Platform() {
  if (gl_backend_) ImGui_ImplOpenGL3_Shutdown();
  if (glfw_backend_) ImGui_ImplGlfw_Shutdown();
  if (imgui_ready_) ImGui::DestroyContext();
  if (window_) glfwDestroyWindow(window_);
  glfwTerminate();
}

bool Platform::running() const { return !glfwWindowShouldClose(window_); }

int Platform::width() const {
  int w = 0, h = 0;
  glfwGetFramebufferSize(window_, &w, &h);
  return w;
}

int Platform::height() const {
  int w = 0, h = 0;
  glfwGetFramebufferSize(window_, &w, &h);
  return h;
}

void Platform::begin_frame(bool with_input) {
  glfwPollEvents();
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
  const int w = width(), h = height();
  Image image{w, h, std::vector<unsigned char>(static_cast<std::size_t>(w * h * 3))};
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadBuffer(GL_BACK);
  glReadPixels(0, 0, w, h, GL_RGB, GL_UNSIGNED_BYTE, image.pixels.data());
  flip_rows(image);  // GL's origin is bottom-left; PNG rows go top down
  glfwSwapBuffers(window_);
  return write_png(image, png_path);
}

}  // namespace facedown::ui
