// CPU milliseconds per frame of the console's play screen, headless (ImGui
// NewFrame .. Render, no GL): a mid-game Number Janggi position with a piece
// selected and its battle previewed, a log of about N events, both boards, the
// clocks and the public preview. Prints mean, median, p99 and max, and the cost
// of the battle preview a click on a destination computes once.
//   console_frame_bench [frames=2000] [extra pause/resume pairs=250]
#include <fmt/format.h>
#include <imgui.h>

#include <algorithm>
#include <ctime>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "console/console.h"
#include "console/move_preview.h"
#include "console/script_driver.h"
#include "ui/headless.h"

using namespace facedown;

namespace {

double cpu_ms() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) / 1e6;
}

}  // namespace

int main(int argc, char** argv) {
  const int frames = argc > 1 ? std::stoi(argv[1]) : 2000;
  const int pairs = argc > 2 ? std::stoi(argv[2]) : 250;
  std::ifstream in(FACEDOWN_SOURCE_DIR "/tests/console/scripts/full-match.txt");
  std::stringstream ss;
  ss << in.rdbuf();
  auto loaded = console::ScriptDriver::load(ss.str());
  if (auto* e = std::get_if<std::string>(&loaded)) {
    fmt::print(stderr, "{}\n", *e);
    return 1;
  }
  auto& driver = std::get<console::ScriptDriver>(loaded);

  ui::HeadlessContext ctx(ImVec2(1920, 1080));
  console::Console c(console::memory_library(), &ctx.fonts());
  engine::Millis mono = 1000;
  if (auto e = driver.create(c, mono)) {
    fmt::print(stderr, "{}\n", *e);
    return 1;
  }
  // Up to player 1's move a5-a7, then a long stretch of pauses (a long final's log).
  for (std::size_t i = 0; i < driver.size(); ++i) {
    if (driver.line(i).find("a5-a7") != std::string::npos) break;
    if (auto e = driver.play(c, i, mono)) fmt::print(stderr, "{}: {}\n", driver.line(i), *e);
  }
  for (int i = 0; i < pairs; ++i) {
    c.dispatch(console::SubmitCommand{engine::PauseCmd{"bench"}}, mono);
    c.dispatch(console::SubmitCommand{engine::ResumeCmd{}}, mono);
  }
  const auto& m = c.session()->match();
  const auto& g = m.game().geometry();
  c.ui().play.selected = *g.parse("a5");
  c.ui().play.preview = console::preview_move(m, {*g.parse("a5"), *g.parse("a7")}, 0);

  std::vector<double> times;
  times.reserve(static_cast<std::size_t>(frames));
  for (int f = 0; f < frames + 50; ++f) {
    ctx.mouse_to(ImVec2(static_cast<float>(200 + f % 300), 400.0f));  // hover moves
    const double t0 = cpu_ms();
    ctx.begin_frame();
    c.frame(mono);
    ctx.end_frame();
    const double t1 = cpu_ms();
    if (f >= 50) times.push_back(t1 - t0);  // after the warm-up
  }
  std::sort(times.begin(), times.end());
  double sum = 0;
  for (double t : times) sum += t;
  const auto at = [&](double q) { return times[static_cast<std::size_t>(q * static_cast<double>(times.size() - 1))]; };
  const ImDrawData* dd = ImGui::GetDrawData();
  fmt::print("console play screen, 1920x1080, {} events in the log, {} frames\n", m.log().size(), frames);
  fmt::print("cpu ms/frame: mean {:.3f}  median {:.3f}  p99 {:.3f}  max {:.3f}\n", sum / static_cast<double>(times.size()),
             at(0.5), at(0.99), times.back());
  fmt::print("draw data: {} vertices, {} indices\n", dd ? dd->TotalVtxCount : 0, dd ? dd->TotalIdxCount : 0);
  // The one-off cost of a click on a destination: the battle preview folds the
  // whole log into a copy of the match and plays the move there.
  const int previews = 200;
  const double p0 = cpu_ms();
  for (int i = 0; i < previews; ++i) console::preview_move(m, {*g.parse("a5"), *g.parse("a7")}, 0);
  fmt::print("battle preview (on click): {:.3f} cpu ms\n", (cpu_ms() - p0) / previews);
  return 0;
}
