// Screenshots of every console screen in English and Korean, in a real window
// (run under xvfb-run with Mesa's llvmpipe), compared with small golden PNGs
// (half size, grey) with a tolerance. Missing goldens are written (and the test says
// so); FACEDOWN_UPDATE_GOLDEN=1 rewrites them. Actual images land in
// build/.../console-screenshots/ for a person to look at.
#include <catch2/catch.hpp>
#include <fmt/format.h>
#include <imgui.h>

#include <chrono>
#include <cstdlib>
#include <thread>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "console/console.h"
#include "console/match_library.h"
#include "console/move_preview.h"
#include "console/script_driver.h"
#include "engine/registry.h"
#include "ui/image.h"
#include "ui/platform.h"
#include "ui/theme.h"

using namespace facedown;

namespace {

std::string read(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

struct Shooter {
  ui::Platform* platform;
  console::Console* console;
  engine::Millis mono = 1000;
  std::optional<ui::Image> previous;  // the last screen shot, English

  void frames(int n) {
    for (int i = 0; i < n; ++i) {
      platform->begin_frame(false);
      console->frame(mono);
      platform->end_frame();
    }
  }

  void shoot(const std::string& name, bool english_only = false) {
    const std::string out_dir = FACEDOWN_BINARY_DIR "/console-screenshots";
    const std::string golden_dir = FACEDOWN_SOURCE_DIR "/tests/console/golden";
    std::filesystem::create_directories(out_dir);
    for (ui::Lang lang : {ui::Lang::kEnglish, ui::Lang::kKorean}) {
      if (english_only && lang == ui::Lang::kKorean) continue;
      console->ui().lang = lang;
      frames(3);
      const std::string file = fmt::format("{}-{}.png", name, lang == ui::Lang::kKorean ? "ko" : "en");
      platform->begin_frame(false);
      console->frame(mono);
      const auto err = platform->end_frame_and_capture(out_dir + "/" + file);
      REQUIRE(!err);
      const auto actual = ui::read_png(out_dir + "/" + file);
      REQUIRE(actual);
      const ui::Image small = ui::to_grey(ui::downscale2(*actual));
      // The tolerance must tell screens apart: each differs from the one before.
      if (previous && lang == ui::Lang::kEnglish) {
        const auto apart = ui::compare(small, *previous);
        INFO(file << " against the previous screen: mean " << apart.mean_abs);
        CHECK((apart.mean_abs >= 3.0 || apart.differing_share >= 0.02));
      }
      if (lang == ui::Lang::kEnglish) previous = small;
      const std::string golden_path = golden_dir + "/" + file;
      const char* update = std::getenv("FACEDOWN_UPDATE_GOLDEN");
      const auto golden = ui::read_png(golden_path);
      if (!golden || (update && std::string(update) == "1")) {
        std::filesystem::create_directories(golden_dir);
        REQUIRE(!ui::write_png_grey(small, golden_path));
        WARN("wrote golden " << golden_path);
        continue;
      }
      const auto diff = ui::compare(small, *golden);
      INFO(file << ": mean " << diff.mean_abs << ", differing " << diff.differing_share);
      CHECK(diff.same_size);
      CHECK(diff.mean_abs < 3.0);
      CHECK(diff.differing_share < 0.02);
    }
    console->ui().lang = ui::Lang::kEnglish;
  }
};

}  // namespace

TEST_CASE("every console screen in English and Korean matches its golden image") {
  ui::WindowSpec spec;
  spec.width = 1280;
  spec.height = 800;
  spec.vsync = false;
  spec.max_fps = 0;  // screenshots as fast as they render
  spec.fonts.large_text = console::large_font_text();
  auto opened = ui::Platform::open(spec);
  if (auto* e = std::get_if<std::string>(&opened)) FAIL("no window: " << *e);
  auto& platform = *std::get<std::unique_ptr<ui::Platform>>(opened);
  ui::apply_theme(ImGui::GetStyle());
  console::Console c(console::memory_library(), &platform.fonts());
  Shooter s{&platform, &c, 1000, std::nullopt};

  auto loaded = console::ScriptDriver::load(read(FACEDOWN_SOURCE_DIR "/tests/console/scripts/full-match.txt"));
  REQUIRE(std::holds_alternative<console::ScriptDriver>(loaded));
  auto& driver = std::get<console::ScriptDriver>(loaded);

  s.shoot("start");
  REQUIRE(!driver.create(c, s.mono));
  // Setup: player 1 locked, player 2 half placed (masked on screen).
  std::size_t i = 0;
  for (; i < 2; ++i) REQUIRE(!driver.play(c, i, s.mono));
  const auto& game = c.session()->match().game();
  c.ui().setup.player = 2;
  c.ui().setup.draft[1] = game.random_setup(2, 7);
  c.ui().setup.draft[1].resize(9);
  s.shoot("setup");
  c.ui().setup.draft[1].clear();

  // Play: up to the multi-battle, with c5-c4 chosen and previewed.
  auto play_until = [&](const std::string& line) {
    for (; i < driver.size() && driver.line(i).find(line) == std::string::npos; ++i)
      REQUIRE(!driver.play(c, i, s.mono));
  };
  play_until("move c5-c4");
  const auto& g = game.geometry();
  c.ui().play.selected = *g.parse("c5");
  c.ui().play.preview = console::preview_move(c.session()->match(), {*g.parse("c5"), *g.parse("c4")}, 0);
  s.shoot("play");
  c.ui().play.preview.reset();
  c.ui().play.selected = engine::kNoSquare;
  // The void dialog: what it undoes with the log's times, restore on by default.
  c.ui().play.dialog = console::PlayUi::Dialog::kVoid;
  c.ui().play.dialog_opened = false;
  c.ui().play.void_count = 1;
  c.ui().play.void_restore = true;
  c.ui().play.reason = "wrong square recorded";
  // The modal's dimmed background fades in over real time: let it finish.
  for (int k = 0; k < 20; ++k) {
    s.frames(1);
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  s.shoot("void");
  c.ui().play.dialog = console::PlayUi::Dialog::kNone;
  c.ui().play.dialog_opened = false;
  REQUIRE(!driver.play(c, i++, s.mono));  // the move: items awaited
  s.shoot("items");
  play_until("revive");
  s.shoot("revival");
  REQUIRE(!driver.play(c, i++, s.mono));
  s.mono += 70000;  // player 2 runs out of time
  s.frames(2);
  REQUIRE(c.session()->match().state().result);
  s.shoot("result");

  // The replay's graph is worked out beside the UI: few playouts (it is
  // deterministic by seed), and the shot once it is complete.
  {
    auto light = console::replay_graph_options();
    light.win.max_playouts = light.win.min_playouts = 24;
    light.win.positions = 4;
    c.set_replay_graph_options(light);
  }
  c.dispatch(console::ReplayCurrent{}, s.mono);
  c.ui().replay.cursor = 17;
  c.ui().replay.viewer = engine::kPublic;
  for (int k = 0; k < 3000 && !(c.ui().replay.graph && c.ui().replay.graph->complete); ++k) {
    s.frames(1);
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  REQUIRE(c.ui().replay.graph);
  REQUIRE(c.ui().replay.graph->complete);
  s.shoot("replay");

  // Paused with a caption on air: both lines in the strip reserved under the
  // clocks (the board where it always is), a long caption elided.
  {
    console::Console other(console::memory_library(), &platform.fonts());
    s.console = &other;
    other.dispatch(console::CreateMatch{"number-janggi", "genius-2015", {}, {"Ann", "Bo"}, 1, std::nullopt}, s.mono);
    REQUIRE(other.session());
    const auto& other_game = other.session()->match().game();
    for (int p = 1; p <= 2; ++p)
      other.dispatch(console::SubmitCommand{engine::SetupCmd{p, other_game.random_setup(p, 3)}}, s.mono);
    other.dispatch(console::SubmitCommand{engine::StartCmd{}}, s.mono);
    other.dispatch(console::SubmitCommand{engine::CaptionCmd{
                       "Final, game 3: Ann leads 2-0 after a long review of the second battle on c4"}},
                   s.mono);
    other.dispatch(console::SubmitCommand{engine::PauseCmd{console::kResumeReason}}, s.mono);
    REQUIRE(other.session()->match().state().paused);
    s.shoot("status");
    // The store error: over the top of the desk, the board where it was.
    other.ui().banner = "disk I/O error (SQLITE_FULL): database or disk is full";
    s.shoot("store-error", true);
  }

  // Every other game: its own board, terrain and pieces, two plies in.
  for (const auto& info : engine::all_games()) {
    if (info.id == "number-janggi") continue;
    console::Console other(console::memory_library(), &platform.fonts());
    s.console = &other;
    other.dispatch(console::CreateMatch{info.id, info.default_preset, {}, {"Ann", "Bo"}, 1, std::nullopt}, s.mono);
    REQUIRE(other.session());
    const auto& other_game = other.session()->match().game();
    for (int p = 1; p <= 2 && !other_game.has_fixed_placement(); ++p)
      other.dispatch(console::SubmitCommand{engine::SetupCmd{p, other_game.random_setup(p, 3)}}, s.mono);
    other.dispatch(console::SubmitCommand{engine::StartCmd{}}, s.mono);
    for (int ply = 0; ply < 2; ++ply) {
      const auto moves = other.session()->match().legal_moves();
      REQUIRE(!moves.empty());
      s.mono += 1000;
      other.dispatch(console::SubmitCommand{engine::MoveCmd{moves.back()}}, s.mono);
    }
    REQUIRE(other.session()->match().state().ply == 2);
    s.shoot("game-" + info.id, true);
  }
}
