#include "overlay/overlay_window.h"

#include <GL/gl.h>
#include <GL/glext.h>
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>

#include <utility>

namespace facedown::overlay {

// The few GL 3.0 entry points the offscreen picture needs; <GL/gl.h> declares
// only 1.x, so they are looked up through GLFW once the context is current.
struct OverlayWindow::FboGl {
  PFNGLGENFRAMEBUFFERSPROC gen_framebuffers = nullptr;
  PFNGLDELETEFRAMEBUFFERSPROC delete_framebuffers = nullptr;
  PFNGLBINDFRAMEBUFFERPROC bind_framebuffer = nullptr;
  PFNGLFRAMEBUFFERTEXTURE2DPROC framebuffer_texture_2d = nullptr;
  PFNGLCHECKFRAMEBUFFERSTATUSPROC check_framebuffer_status = nullptr;
  PFNGLBLITFRAMEBUFFERPROC blit_framebuffer = nullptr;
  bool ok() const {
    return gen_framebuffers && delete_framebuffers && bind_framebuffer && framebuffer_texture_2d &&
           check_framebuffer_status && blit_framebuffer;
  }
};

namespace {

OverlayWindow::FboGl load_fbo_gl() {
  OverlayWindow::FboGl g;
  g.gen_framebuffers = reinterpret_cast<PFNGLGENFRAMEBUFFERSPROC>(glfwGetProcAddress("glGenFramebuffers"));
  g.delete_framebuffers = reinterpret_cast<PFNGLDELETEFRAMEBUFFERSPROC>(glfwGetProcAddress("glDeleteFramebuffers"));
  g.bind_framebuffer = reinterpret_cast<PFNGLBINDFRAMEBUFFERPROC>(glfwGetProcAddress("glBindFramebuffer"));
  g.framebuffer_texture_2d =
      reinterpret_cast<PFNGLFRAMEBUFFERTEXTURE2DPROC>(glfwGetProcAddress("glFramebufferTexture2D"));
  g.check_framebuffer_status =
      reinterpret_cast<PFNGLCHECKFRAMEBUFFERSTATUSPROC>(glfwGetProcAddress("glCheckFramebufferStatus"));
  g.blit_framebuffer = reinterpret_cast<PFNGLBLITFRAMEBUFFERPROC>(glfwGetProcAddress("glBlitFramebuffer"));
  return g;
}

}  // namespace

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
  w->partial_ = spec.partial_redraw;
  w->gl_ = std::make_unique<FboGl>(load_fbo_gl());
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
  release_target();
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
  damage_.invalidate();  // the same triangles now sample another atlas
  return std::nullopt;
}

void OverlayWindow::release_target() {
  if (fbo_) gl_->delete_framebuffers(1, &fbo_);
  if (colour_) glDeleteTextures(1, &colour_);
  fbo_ = colour_ = 0;
  target_w_ = target_h_ = 0;
}

std::optional<std::string> OverlayWindow::ensure_target(int width, int height) {
  if (fbo_ && width == target_w_ && height == target_h_) return std::nullopt;
  release_target();
  damage_.invalidate();
  const FboGl& gl = *gl_;
  if (!gl.ok()) return std::string("OpenGL framebuffer objects are missing");
  glGenTextures(1, &colour_);
  glBindTexture(GL_TEXTURE_2D, colour_);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glBindTexture(GL_TEXTURE_2D, 0);
  gl.gen_framebuffers(1, &fbo_);
  gl.bind_framebuffer(GL_FRAMEBUFFER, fbo_);
  gl.framebuffer_texture_2d(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, colour_, 0);
  const GLenum status = gl.check_framebuffer_status(GL_FRAMEBUFFER);
  gl.bind_framebuffer(GL_FRAMEBUFFER, 0);
  if (status != GL_FRAMEBUFFER_COMPLETE) {
    release_target();
    return std::string("cannot make an offscreen framebuffer");
  }
  target_w_ = width;
  target_h_ = height;
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
  if (!partial_) {
    glViewport(0, 0, fw, fh);
    glClearColor(clear[0], clear[1], clear[2], clear[3]);
    glClear(GL_COLOR_BUFFER_BIT);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
    last_damage_.reset();
    std::optional<std::string> err;
    if (!capture_png.empty()) err = ui::write_png(read_pixels(), capture_png);
    glfwSwapBuffers(window_);
    return err;
  }
  if (fw <= 0 || fh <= 0) return std::nullopt;  // minimised: nothing to show
  if (auto err = ensure_target(fw, fh)) return err;
  if (clear != drawn_clear_) damage_.invalidate();
  drawn_clear_ = clear;
  ImDrawData& data = *ImGui::GetDrawData();
  last_damage_ = damage_.update(data, fw, fh);
  const FboGl& gl = *gl_;
  gl.bind_framebuffer(GL_FRAMEBUFFER, fbo_);
  glViewport(0, 0, fw, fh);
  if (!last_damage_ || !last_damage_->empty()) {
    // The clear is scissored to what is redrawn; the backend sets its own
    // scissor per command, so its clip rects are narrowed to the same box.
    if (last_damage_) {
      const PixelRect& r = *last_damage_;
      FrameDamage::clip_to(data, r, fh);
      glEnable(GL_SCISSOR_TEST);
      glScissor(r.x0, fh - r.y1, r.x1 - r.x0, r.y1 - r.y0);
    }
    glClearColor(clear[0], clear[1], clear[2], clear[3]);
    glClear(GL_COLOR_BUFFER_BIT);
    glDisable(GL_SCISSOR_TEST);
    ImGui_ImplOpenGL3_RenderDrawData(&data);
    glDisable(GL_SCISSOR_TEST);
  }
  // The whole picture to the window, whatever its back buffer held.
  gl.bind_framebuffer(GL_READ_FRAMEBUFFER, fbo_);
  gl.bind_framebuffer(GL_DRAW_FRAMEBUFFER, 0);
  gl.blit_framebuffer(0, 0, fw, fh, 0, 0, fw, fh, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  gl.bind_framebuffer(GL_FRAMEBUFFER, 0);
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
  // The offscreen picture is what the window shows and, unlike the back
  // buffer, still holds it after the swap.
  if (fbo_ && img.width == target_w_ && img.height == target_h_) {
    gl_->bind_framebuffer(GL_READ_FRAMEBUFFER, fbo_);
    glReadBuffer(GL_COLOR_ATTACHMENT0);
  } else {
    glReadBuffer(GL_BACK);
  }
  glReadPixels(0, 0, img.width, img.height, GL_RGB, GL_UNSIGNED_BYTE, img.pixels.data());
  if (fbo_) gl_->bind_framebuffer(GL_READ_FRAMEBUFFER, 0);
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
