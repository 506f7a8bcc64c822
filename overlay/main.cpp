// facedown-overlay: the audience overlay, its own process and one window. It
// reads the store only through the public reader and draws what the public may
// see; see overlay/overlay_session.h for live and replay behaviour.
#include <GLFW/glfw3.h>
#include <imgui.h>

#include <CLI/CLI.hpp>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fmt/format.h>

#include "broadcast/analysis_runner.h"
#include "broadcast/theme.h"
#include "overlay/overlay_draw.h"
#include "overlay/overlay_session.h"
#include "overlay/overlay_window.h"
#include "broadcast/public_feed.h"

using namespace facedown::overlay;
using facedown::broadcast::PublicFeed;

namespace {

double steady_seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}
double wall_seconds() {
  return std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
}

// The arrows step by move; with Shift, by event (as the console's replay).
std::optional<ReplayAction> replay_key(int key, bool shift) {
  switch (key) {
    case GLFW_KEY_RIGHT: return shift ? ReplayAction::kEventForward : ReplayAction::kStepForward;
    case GLFW_KEY_LEFT: return shift ? ReplayAction::kEventBack : ReplayAction::kStepBack;
    case GLFW_KEY_PAGE_DOWN: return ReplayAction::kJumpForward;
    case GLFW_KEY_PAGE_UP: return ReplayAction::kJumpBack;
    case GLFW_KEY_HOME: return ReplayAction::kStart;
    case GLFW_KEY_END: return ReplayAction::kEnd;
    case GLFW_KEY_SPACE: return ReplayAction::kPlayPause;
    case GLFW_KEY_EQUAL:
    case GLFW_KEY_KP_ADD: return ReplayAction::kFaster;
    case GLFW_KEY_MINUS:
    case GLFW_KEY_KP_SUBTRACT: return ReplayAction::kSlower;
    default: return std::nullopt;
  }
}

bool shift_held(GLFWwindow* w) {
  return glfwGetKey(w, GLFW_KEY_LEFT_SHIFT) == GLFW_PRESS || glfwGetKey(w, GLFW_KEY_RIGHT_SHIFT) == GLFW_PRESS;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Facedown audience overlay: the public board, live or in replay"};
  std::string db_path, layout = "landscape", background = "chroma", lang = "en", capture, theme_file;
  std::optional<std::int64_t> match;
  bool latest = false, replay = false, stats = false, no_vsync = false, full_frames = false;
  int width = 1920, height = 1080, frames = 0;
  double battle_seconds = kDefaultExplainSeconds;
  app.add_option("--db", db_path, "the match store (SQLite file); waited for when missing")->required();
  auto* m = app.add_option("--match", match, "the match id to show");
  app.add_flag("--latest", latest, "follow the newest match (default)")->excludes(m);
  app.add_option("--layout", layout, "board orientation")->check(CLI::IsMember({"landscape", "portrait"}));
  app.add_option("--background", background, "chroma green, transparent framebuffer, or solid")
      ->check(CLI::IsMember({"chroma", "transparent", "solid"}));
  app.add_option("--lang", lang, "caption language")->check(CLI::IsMember({"en", "ko"}));
  app.add_flag("--replay", replay, "replay: arrows step by move (Shift: by event), PgUp/PgDn jump 10 moves, Home/End, Space plays, +/- speed");
  auto* size = app.add_option("--size", width, "window width (the height follows the layout: 16:9; portrait 9:16, default 1080x1920)");
  app.add_option("--capture", capture, "save the frame as PNG after --frames frames and quit (tests)");
  app.add_option("--frames", frames, "with --capture: frames to run first");
  bool no_analysis = false;
  app.add_flag("--no-analysis", no_analysis,
               "live: run no analysis beside the match (the deduction and win-bar elements then show nothing)");
  app.add_flag("--no-vsync", no_vsync, "swap without waiting for the display (measurements)");
  app.add_option("--battle-seconds", battle_seconds,
                 "how long a battle's pieces stay lit and face up with the explainer, before the losers fade "
                 "(default 3, at least 1.5)")
      ->check([](const std::string& v) {
        try {
          std::size_t used = 0;
          const double s = std::stod(v, &used);
          if (used != v.size()) return std::string("not a number of seconds: ") + v;
          auto why = facedown::broadcast::check_explain_seconds(s);
          return why ? *why : std::string();
        } catch (...) {
          return std::string("not a number of seconds: ") + v;
        }
      });
  app.add_flag("--full-frames", full_frames,
               "render every frame whole, not just what changed (measurements: the cost without it)");
  app.add_option("--theme", theme_file,
                 "the look (layout, palette, type sizes) as JSON; default: the feed's theme.json (share/facedown/web, "
                 "else the source tree's feed/web)");
  app.add_flag("--stats", stats, "print frames drawn and wake-ups every 10 s (stderr)");
  app.footer(
      "Keys on the overlay window:\n"
      "  H            hold the picture on air (a battle stays explained, a result stays) / release it;\n"
      "               the console's \"Hold on air\" button does the same through the store\n"
      "  Esc, Enter   skip the battle animation (Space too, live)\n"
      "  Q            quit\n"
      "  replay: Left/Right step by move, Shift+Left/Right by event, PgUp/PgDn 10 moves, Home/End,\n"
      "          Space play/pause, +/- speed");
  CLI11_PARSE(app, argc, argv);
  // Portrait is a vertical picture (the theme's 1080x1920 canvas); a later cue of
  // another layout is fitted into the same window.
  if (layout == "portrait") {
    if (size->count() == 0) width = 1080;
    height = width * 16 / 9;
  } else {
    height = width * 9 / 16;
  }

  // The theme both overlays read (broadcast/theme.h): a file named here must be
  // good; the default one, when absent or damaged, gives way to the build's copy.
  facedown::broadcast::Theme theme = facedown::broadcast::built_in_theme();
  {
    const auto path = theme_file.empty() ? facedown::broadcast::default_theme_path(std::filesystem::absolute(argv[0]))
                                         : std::filesystem::path(theme_file);
    auto loaded = facedown::broadcast::load_theme(path);
    if (auto* t = std::get_if<facedown::broadcast::Theme>(&loaded)) {
      theme = std::move(*t);
    } else if (!theme_file.empty()) {
      std::fprintf(stderr, "facedown-overlay: %s\n", std::get<std::string>(loaded).c_str());
      return 2;
    } else {
      std::fprintf(stderr, "facedown-overlay: %s; using the built-in theme\n", std::get<std::string>(loaded).c_str());
    }
  }

  SessionConfig config;
  config.orientation = layout == "portrait" ? Orientation::kPortrait : Orientation::kLandscape;
  config.lang = lang == "ko" ? Lang::kKo : Lang::kEn;
  config.replay = replay;
  config.timing.explain_seconds = battle_seconds;
  const Background bg = background == "transparent" ? Background::kTransparent
                        : background == "solid"     ? Background::kSolid
                                                    : Background::kChroma;

  OverlayWindowSpec spec;
  spec.width = width;
  spec.height = height;
  spec.transparent = bg == Background::kTransparent;
  spec.vsync = !no_vsync;
  spec.partial_redraw = !full_frames;
  auto opened = OverlayWindow::open(spec);
  if (auto* err = std::get_if<std::string>(&opened)) {
    std::fprintf(stderr, "facedown-overlay: %s\n", err->c_str());
    return 1;
  }
  auto& window = *std::get<std::unique_ptr<OverlayWindow>>(opened);
  if (bg == Background::kTransparent && !window.transparent())
    std::fprintf(stderr, "facedown-overlay: no transparent framebuffer here; drawing on black\n");

  OverlaySession session(std::make_unique<PublicFeed>(db_path, match), config);
  // The public analysis beside the live picture (broadcast/analysis_runner.h):
  // computed once on this machine by whichever output follows the match first,
  // read back from the analysis file; the picture shows its row's record only.
  // A replay shows the analysis as it aired: what the analysis file holds.
  std::optional<facedown::broadcast::AnalysisRecords> aired;
  if (!no_analysis) aired.emplace(db_path);
  std::unique_ptr<facedown::broadcast::AnalysisRunner> runner;
  if (!replay && !no_analysis) {
    facedown::broadcast::RunnerOptions ro;
    ro.db_path = db_path;
    if (match) ro.match = [id = *match] { return static_cast<facedown::db::MatchId>(id); };
    auto started = facedown::broadcast::AnalysisRunner::start(std::move(ro));
    if (auto* r = std::get_if<std::unique_ptr<facedown::broadcast::AnalysisRunner>>(&started)) runner = std::move(*r);
    else std::fprintf(stderr, "facedown-overlay: no analysis: %s\n", std::get<facedown::db::StoreError>(started).message.c_str());
  }
  std::uint64_t analyses_drawn = 0;
  int drawn = 0;
  std::string logged_message;
  std::pair<std::size_t, int> glyphs_for{static_cast<std::size_t>(-1), -1};
  long frames_drawn = 0, wakeups = 0;
  double frame_seconds = 0;
  double stats_from = steady_seconds();
  while (window.running()) {
    const double steady = steady_seconds(), wall = wall_seconds();
    ++wakeups;
    if (stats && steady - stats_from >= 10) {
      std::fprintf(stderr, "facedown-overlay: %.1f frames/s (%.1f ms each), %.1f wake-ups/s\n",
                   static_cast<double>(frames_drawn) / (steady - stats_from),
                   frames_drawn ? 1000 * frame_seconds / static_cast<double>(frames_drawn) : 0.0,
                   static_cast<double>(wakeups) / (steady - stats_from));
      frames_drawn = wakeups = 0;
      frame_seconds = 0;
      stats_from = steady;
    }
    session.update(steady);
    // What the feed waits for (it may name the file) goes to the log, never on air.
    if (const std::string said = session.source_message(); said != logged_message) {
      if (!said.empty()) std::fprintf(stderr, "facedown-overlay: %s\n", said.c_str());
      logged_message = said;
    }
    for (int key : window.take_keys()) {
      if (key == GLFW_KEY_ESCAPE || key == GLFW_KEY_ENTER || (!replay && key == GLFW_KEY_SPACE)) session.skip_animation();
      else if (auto a = replay_key(key, shift_held(window.window()))) session.replay_action(*a, steady);
      else if (key == GLFW_KEY_H) session.toggle_local_hold(wall);
      else if (key == GLFW_KEY_Q) glfwSetWindowShouldClose(window.window(), GLFW_TRUE);
    }
    bool asked = window.take_redraw_request();
    if (runner && runner->version() != analyses_drawn) {  // the analysis file changed: draw what it holds
      analyses_drawn = runner->version();
      asked = true;
    }
    if (session.needs_frame(steady, wall) || asked || !capture.empty()) {
      // The glyphs a model may need change only with its rows: not rebuilt per frame.
      if (const auto key = std::make_pair(session.model().rows, session.model().last_seq); key != glyphs_for) {
        glyphs_for = key;
        if (auto err = window.ensure_glyphs(glyphs_needed(session.model(), config.lang)))
          std::fprintf(stderr, "facedown-overlay: %s\n", err->c_str());
      }
      ++frames_drawn;
      window.begin_frame();
      DrawOptions o = session.draw_options(steady, wall);
      o.theme = &theme;
      o.transform = fit_canvas(static_cast<float>(window.width()), static_cast<float>(window.height()));
      o.small_font = window.fonts().small;
      o.large_font = window.fonts().large;
      const OnAirModel* shown = &session.model();
      OnAirModel with_analysis;
      if (aired) {
        if (auto a = aired->at(shown->match, shown->last_seq)) {
          with_analysis = *shown;
          with_analysis.analysis = std::move(a);
          shown = &with_analysis;
        }
      }
      // Each element fades in and out (0.3 s) with its content, as the page's.
      session.draw(*ImGui::GetBackgroundDrawList(), *shown, steady, wall, &theme, o);
      const bool last = !capture.empty() && ++drawn >= frames;
      auto clear = background_colour(bg);
      if (bg == Background::kTransparent && !window.transparent()) clear = {0, 0, 0, 1};
      if (auto err = window.end_frame(clear, last ? capture : std::string{})) {
        std::fprintf(stderr, "facedown-overlay: %s\n", err->c_str());
        return 1;
      }
      frame_seconds += steady_seconds() - steady;
      if (last) break;
    }
    window.wait(session.idle_timeout(steady, wall));
  }
  return 0;
}
