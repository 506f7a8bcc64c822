#include "overlay/overlay_window.h"

// glad must come before GLFW so GLFW does not pull in the system GL header.
#include <glad/gl.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>

#include <utility>

namespace facedown::overlay {

std::variant<std::unique_ptr<OverlayWindow>, std::string> OverlayWindow::open(const OverlayWindowSpec& spec) {
  std::unique_ptr<OverlayWindow> w(new OverlayWindow());
  // Installed before ImGui's backend, which chains to them.
  auto opened = ui::GlWindow::open(spec, [&](GLFWwindow* window) {
    glfwSetWindowUserPointer(window, w.get());
    glfwSetKeyCallback(window, &OverlayWindow::on_key);
    glfwSetWindowRefreshCallback(window, &OverlayWindow::on_refresh);
    glfwSetFramebufferSizeCallback(window, &OverlayWindow::on_size);
  });
  if (auto* e = std::get_if<std::string>(&opened)) return *e;
  w->gl_ = std::move(std::get<std::unique_ptr<ui::GlWindow>>(opened));
  w->window_ = w->gl_->window();
  w->partial_ = spec.partial_redraw;
  if (auto err = w->ensure_glyphs(" ")) return *err;
  return w;
}

OverlayWindow::~OverlayWindow() { release_target(); }

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

bool OverlayWindow::running() const { return gl_->running(); }

bool OverlayWindow::transparent() const { return gl_->transparent(); }

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
  if (gl_) ImGui_ImplOpenGL3_DestroyFontsTexture();
  OverlayFonts load = load_overlay_fonts(*io.Fonts, glyphs_);
  if (!load.error.empty()) return load.error;
  fonts_ = load;
  if (gl_) ImGui_ImplOpenGL3_CreateFontsTexture();
  damage_.invalidate();  // the same triangles now sample another atlas
  return std::nullopt;
}

void OverlayWindow::release_target() {
  if (fbo_) glDeleteFramebuffers(1, &fbo_);
  if (colour_) glDeleteTextures(1, &colour_);
  fbo_ = colour_ = 0;
  target_w_ = target_h_ = 0;
}

std::optional<std::string> OverlayWindow::ensure_target(int width, int height) {
  if (fbo_ && width == target_w_ && height == target_h_) return std::nullopt;
  release_target();
  damage_.invalidate();
  glGenTextures(1, &colour_);
  glBindTexture(GL_TEXTURE_2D, colour_);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glBindTexture(GL_TEXTURE_2D, 0);
  glGenFramebuffers(1, &fbo_);
  glBindFramebuffer(GL_FRAMEBUFFER, fbo_);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, colour_, 0);
  const GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
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
  glBindFramebuffer(GL_FRAMEBUFFER, fbo_);
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
  glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo_);
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
  glBlitFramebuffer(0, 0, fw, fh, 0, 0, fw, fh, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  std::optional<std::string> err;
  if (!capture_png.empty()) err = ui::write_png(read_pixels(), capture_png);
  glfwSwapBuffers(window_);
  return err;
}

ui::Image OverlayWindow::read_pixels() const {
  // The offscreen picture is what the window shows and, unlike the back
  // buffer, still holds it after the swap.
  const bool offscreen = fbo_ && width() == target_w_ && height() == target_h_;
  if (offscreen) {
    glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo_);
    glReadBuffer(GL_COLOR_ATTACHMENT0);
  } else {
    glReadBuffer(GL_BACK);
  }
  ui::Image img = gl_->read_rgb();
  if (fbo_) glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
  return img;
}

int OverlayWindow::width() const { return gl_->width(); }

int OverlayWindow::height() const { return gl_->height(); }

}  // namespace facedown::overlay
