// facedown-console: the operator's desk in one window.
//   facedown-console [--db FILE] [--control-listen HOST:PORT|off]
//                                         run a live desk on the event store, with
//                                         its control API (docs/control.md)
//   facedown-console --demo DIR [--script FILE]
//                                         play the bundled demo final through the
//                                         console and save screenshots into DIR
#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <GLFW/glfw3.h>
#include <imgui.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "analysis/heap_keep.h"
#include "console/console.h"
#include "console/control_api.h"
#include "console/control_token.h"
#include "console/script_driver.h"
#include "ui/platform.h"
#include "ui/theme.h"
#ifdef FACEDOWN_CONSOLE_HAS_STORE
#include "console/store_library.h"
#endif

using namespace facedown;

namespace {

engine::Millis monotonic_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

// $XDG_DATA_HOME/facedown/facedown.db, else ~/.local/share/facedown/facedown.db.
std::string default_db_path() {
  std::filesystem::path base;
  if (const char* xdg = std::getenv("XDG_DATA_HOME"); xdg && *xdg) {
    base = xdg;
  } else if (const char* home = std::getenv("HOME"); home && *home) {
    base = std::filesystem::path(home) / ".local" / "share";
  } else {
    base = ".";
  }
  return (base / "facedown" / "facedown.db").string();
}

std::variant<std::unique_ptr<console::MatchLibrary>, std::string> open_library(const std::string& db) {
  if (db == ":memory:") return console::memory_library();
#ifdef FACEDOWN_CONSOLE_HAS_STORE
  std::error_code ec;
  std::filesystem::create_directories(std::filesystem::path(db).parent_path(), ec);
  return console::store_library(db);
#else
  return "this build has no event store (db/); run with --db :memory:";
#endif
}

std::optional<std::string> read_file(const std::string& path, std::string& out) {
  std::ifstream in(path);
  if (!in) return "cannot read " + path;
  std::stringstream ss;
  ss << in.rdbuf();
  out = ss.str();
  return std::nullopt;
}

// One rendered frame of the console, optionally saved.
void render(ui::Platform& p, console::Console& c, engine::Millis mono, const std::string& png = {}) {
  p.begin_frame();
  c.frame(mono);
  if (png.empty()) {
    p.end_frame();
  } else if (auto e = p.end_frame_and_capture(png)) {
    fmt::print(stderr, "facedown-console: {}\n", *e);
  }
}

int run_demo(ui::Platform& p, console::Console& c, const std::string& script_path, const std::string& dir) {
  std::string text;
  if (auto e = read_file(script_path, text)) {
    fmt::print(stderr, "facedown-console: {}\n", *e);
    return 1;
  }
  auto loaded = console::ScriptDriver::load(text);
  if (auto* e = std::get_if<std::string>(&loaded)) {
    fmt::print(stderr, "facedown-console: {}: {}\n", script_path, *e);
    return 1;
  }
  auto& driver = std::get<console::ScriptDriver>(loaded);
  std::filesystem::create_directories(dir);
  int shot = 0;
  engine::Millis mono = 1000;
  auto capture = [&](const std::string& name) {
    for (ui::Lang lang : {ui::Lang::kEnglish, ui::Lang::kKorean}) {
      c.ui().lang = lang;
      for (int i = 0; i < 2; ++i) render(p, c, mono);  // let layouts settle
      const std::string file = fmt::format("{}/{:02}-{}-{}.png", dir, ++shot, name,
                                           lang == ui::Lang::kKorean ? "ko" : "en");
      render(p, c, mono, file);
      fmt::print("facedown-console: wrote {}\n", file);
    }
    c.ui().lang = ui::Lang::kEnglish;
  };
  capture("start");
  if (auto e = driver.create(c, mono)) {
    fmt::print(stderr, "facedown-console: {}\n", *e);
    return 1;
  }
  bool setup_shot = false, items_shot = false;
  for (std::size_t i = 0; i < driver.size(); ++i) {
    const auto& st = c.session()->match().state();
    if (!setup_shot && st.setup_locked[0] && !st.setup_locked[1]) {
      capture("setup");
      setup_shot = true;
    }
    if (auto e = driver.play(c, i, mono)) fmt::print(stderr, "facedown-console: {}: {}\n", driver.line(i), *e);
    render(p, c, mono);
    if (!items_shot && c.session()->match().state().phase == engine::Phase::kDeciding &&
        c.session()->match().state().pending.player == 0) {
      capture("items");
      items_shot = true;
    }
  }
  capture(c.session()->match().state().result ? "result" : "play");
  c.dispatch(console::ReplayCurrent{}, mono);
  c.ui().replay.cursor = c.ui().replay.cursor / 2;
  capture("replay");
  return 0;
}

// The desk's named widgets as the last frame drew them ("NAME X Y" at their
// centres, window pixels), written to `path` at most five times a second (and
// renamed into place whole) so a real-window test clicks what is there, not a
// guessed coordinate.
struct HitsFile {
  std::string path;
  engine::Millis last = -1000;
};
void write_hits(const console::Console& c, HitsFile& file, engine::Millis mono) {
  const std::string& path = file.path;
  if (path.empty() || mono - file.last < 200) return;
  file.last = mono;
  std::ofstream out(path + ".tmp");
  for (const auto& [name, r] : c.ui().hits.all())
    out << name << ' ' << static_cast<int>((r.first.x + r.second.x) / 2) << ' '
        << static_cast<int>((r.first.y + r.second.y) / 2) << '\n';
  out.close();
  std::error_code ec;
  std::filesystem::rename(path + ".tmp", path, ec);
}

}  // namespace

int main(int argc, char** argv) {
  facedown::analysis::keep_freed_heap();  // the live analysis's replays: freed heap kept, not faulted in again
  CLI::App app{"Facedown operator console"};
  std::string db = default_db_path();
  std::string demo_dir;
  std::string script;
  std::string control_listen = console::kDefaultControlListen;
  int width = 1280, height = 800;
  double result_grace_s = static_cast<double>(console::kDefaultResultGraceMs) / 1000.0;
  app.add_option("--db", db, "the event store (default: in the user's data directory; :memory: for none)");
  app.add_option("--demo", demo_dir, "play the demo match and save screenshots into this folder");
  app.add_option("--script", script, "the match script for --demo (default: the bundled demo final)");
  app.add_option("--size", width, "window width")->check(CLI::Range(640, 7680));
  app.add_option("--control-listen", control_listen,
                 "the control API's address, HOST:PORT (default 127.0.0.1:8089), or off")
      ->check([](const std::string& v) {
        auto parsed = console::parse_control_listen(v);
        auto* e = std::get_if<std::string>(&parsed);
        return e ? *e : std::string();
      });
  HitsFile hits;
  app.add_option("--hits", hits.path, "write the named widgets' centres to this file (real-window tests)");
  app.add_option("--result-grace", result_grace_s,
                 "seconds a result the clock decided (a timeout) waits before it airs, while the desk offers "
                 "Reinstate and Air now (default 5; 0: at once)")
      ->check(CLI::Range(0.0, 120.0));
  CLI11_PARSE(app, argc, argv);
  if (!demo_dir.empty() && script.empty()) script = console::demo_script_path(FACEDOWN_SOURCE_DIR);
  // The demo keeps away from the operator's real database unless given one.
  if (!demo_dir.empty() && db == default_db_path()) db = ":memory:";
  height = width * 5 / 8;

  auto library = open_library(db);
  if (auto* e = std::get_if<std::string>(&library)) {
    fmt::print(stderr, "facedown-console: {}\n", *e);
    return 1;
  }
  ui::WindowSpec spec;
  spec.title = "Facedown — console";
  spec.width = width;
  spec.height = height;
  spec.vsync = demo_dir.empty();
  spec.max_fps = demo_dir.empty() ? 60 : 0;  // a demo renders its frames as fast as it can
  spec.fonts.large_text = console::large_font_text();
  auto opened = ui::Platform::open(spec);
  if (auto* e = std::get_if<std::string>(&opened)) {
    fmt::print(stderr, "facedown-console: {}\n", *e);
    return 1;
  }
  auto& platform = *std::get<std::unique_ptr<ui::Platform>>(opened);
  ui::apply_theme(ImGui::GetStyle());
  console::Console c(std::move(std::get<std::unique_ptr<console::MatchLibrary>>(library)), &platform.fonts());
  c.set_result_grace(static_cast<engine::Millis>(result_grace_s * 1000.0));
  if (!demo_dir.empty()) return run_demo(platform, c, script, demo_dir);
  // The server hands commands over; the desk carries them out below, between
  // frames, so this loop stays the only writer.
  auto control = console::start_desk_control(control_listen, console::default_control_token_path(), c);
  if (c.control() && !c.control()->url.empty()) {
    fmt::print("facedown-console: control API on {} (token in {})\n", c.control()->url,
               console::default_control_token_path());
    std::fflush(stdout);  // a launcher reading the log sees the address at once
  } else if (c.control() && !c.control()->error.empty()) {
    fmt::print(stderr, "facedown-console: control API off: {}\n", c.control()->error);
  }
  // Closing the window mid-match asks first (Console::request_close); a confirmed
  // close pauses the match, committed, and only then does the program exit.
  while (!c.exit_ready()) {
    if (!platform.running()) {
      glfwSetWindowShouldClose(platform.window(), GLFW_FALSE);
      if (c.request_close(monotonic_ms())) break;
    }
    render(platform, c, monotonic_ms());
    write_hits(c, hits, monotonic_ms());
    if (control) control->serve(c, monotonic_ms());
  }
  return 0;
}
