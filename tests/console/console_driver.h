// ConsoleDriver: a Console in a headless ImGui context, driven like an operator
// drives it — the mouse moves to a named widget (HitMap) or a board square and
// clicks, keys are pressed, text is typed — on a fake monotonic clock.
#pragma once
#include <catch2/catch.hpp>

#include <string>

#include "console/console.h"
#include "ui/headless.h"

namespace facedown::console::testing {

class ConsoleDriver {
 public:
  explicit ConsoleDriver(std::unique_ptr<MatchLibrary> library, ImVec2 size = ImVec2(1280, 800))
      : ctx_(size), console_(std::move(library), &ctx_.fonts()) {}

  Console& console() { return console_; }
  UiState& ui() { return console_.ui(); }
  engine::Millis mono = 1000;

  void frame(int n = 1) {
    for (int i = 0; i < n; ++i) {
      ctx_.begin_frame();
      console_.frame(mono);
      ctx_.end_frame();
    }
  }
  void click_at(ImVec2 p) {
    ctx_.mouse_to(p);
    frame();
    ctx_.mouse_down(true);
    frame();
    ctx_.mouse_down(false);
    frame();
  }
  // Clicks the widget recorded under this name in the last frame.
  void click(const std::string& hit) {
    frame();
    const auto c = ui().hits.centre(hit);
    INFO("widget " << hit);
    REQUIRE(c.has_value());
    click_at(*c);
  }
  void click_square(const std::string& name) {
    frame();
    REQUIRE(console_.session() != nullptr);
    const auto sq = console_.session()->match().game().geometry().parse(name);
    REQUIRE(sq.has_value());
    click_at(ui().board.centre(*sq));
  }
  void press(int key, bool ctrl = false) {
    if (ctrl) ctx_.key(341, true);
    ctx_.key(key, true);
    frame();
    ctx_.key(key, false);
    if (ctrl) ctx_.key(341, false);
    frame();
  }
  void type(const std::string& text) {
    ctx_.type(text);
    frame();
  }
  // Seals the setup on screen as an operator must: Lock, then (the dialog's
  // button armed after a moment) a click on Seal.
  void seal_setup() {
    click("setup.lock");
    mono += 800;
    click("setup.lock.confirm");
  }
  ui::HeadlessContext& context() { return ctx_; }

 private:
  ui::HeadlessContext ctx_;
  Console console_;
};

}  // namespace facedown::console::testing
