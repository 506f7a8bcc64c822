// The clip benchmark (docs/performance.md, "Clips"): renders real-length
// matches as facedown-clip does (the command's own path: the store's public
// reader, the overlay's replay session and painter, the software rasteriser,
// libx264) and reports the work as a ratio to the video's length (below 1:
// faster than real time).
//   - the demo final (assets/matches/demo-genius.txt, closed: its reveal airs);
//   - a long Gunjin Shogi match (random play, --commands commands of --think-ms
//     each, resigned and closed; of seeds 1-40 the one whose match lasts longest).
// Each: the full replay as aired and the highlight reel, at --size (1920x1080)
// and 30 fps. --tiny: 320x180 and a short Gunjin match, for CI.
#include <CLI/CLI.hpp>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <sstream>

#include "clip/render_clip.h"
#include "tests/clip/recorded_match.h"

namespace fs = std::filesystem;
using namespace facedown;

namespace {

int run(const std::string& label, clip::ClipArgs a) {
  std::ostringstream out, err;
  const auto t0 = std::chrono::steady_clock::now();
  const int status = clip::clip(a, out, err);
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("%-34s %s", label.c_str(), out.str().c_str());
  std::printf("%-34s command took %.1f s in all (status %d)\n", "", s, status);
  if (status != 0) std::fprintf(stderr, "%s", err.str().c_str());
  return status;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Clip rendering speed: full replays and reels of real-length matches"};
  std::string dir, size = "1920x1080";
  int commands = 150, think_ms = 6000;
  bool tiny = false, keep = false;
  std::string preset = "veryfast";
  app.add_option("--dir", dir, "where the stores and videos go (default: a temporary folder, removed)");
  app.add_option("--size", size, "video size (default 1920x1080)");
  app.add_option("--commands", commands, "the Gunjin Shogi match's commands (default 150)");
  app.add_option("--think-ms", think_ms, "match time per command (default 6000)");
  app.add_flag("--tiny", tiny, "CI: 320x180, a 30-command Gunjin match");
  app.add_flag("--keep", keep, "keep the folder");
  app.add_option("--preset", preset, "libx264's speed preset (default veryfast, as facedown-clip)");
  CLI11_PARSE(app, argc, argv);
  if (tiny) {
    size = "320x180";
    commands = 30;
    think_ms = 2000;
  }
  const bool temp = dir.empty();
  if (temp) dir = (fs::temp_directory_path() / ("facedown-clip-bench-" + std::to_string(::getpid()))).string();
  fs::create_directories(dir);
  const std::string demo_db = dir + "/demo.db", long_db = dir + "/gunjin.db";
  fs::remove(demo_db);
  fs::remove(long_db);
  // The demo final with its public analysis beside it, as a broadcast leaves it (the reel's win graph).
  auto demo = clip::testing::record_script(demo_db, clip::testing::demo_script() + "\n@96 close\n",
                                           clip::testing::kWall0Ms, !tiny);
  if (auto* e = std::get_if<std::string>(&demo)) return std::fprintf(stderr, "demo final: %s\n", e->c_str()), 1;
  const std::uint64_t seed = clip::testing::longest_seed("gunjin-shogi", "standard", commands);
  auto gunjin = clip::testing::record_random(long_db, "gunjin-shogi", "standard", seed, commands, think_ms);
  if (auto* e = std::get_if<std::string>(&gunjin)) return std::fprintf(stderr, "gunjin: %s\n", e->c_str()), 1;
  int failures = 0;
  for (auto [name, db, id] : {std::tuple{"demo final", demo_db, std::get<std::int64_t>(demo)},
                              std::tuple{"gunjin shogi", long_db, std::get<std::int64_t>(gunjin)}}) {
    clip::ClipArgs a;
    a.db = db;
    a.match = id;
    a.size = size;
    a.progress = false;
    a.preset = preset;
    // The render alone: the win graph comes from the analysis file or not at all
    // (working it out is the analysis's cost, docs/performance.md).
    a.compute_win_graph = false;
    a.executable = argv[0];
    a.out = dir + "/" + std::string(name == std::string("demo final") ? "demo" : "gunjin") + "-full.mp4";
    failures += run(std::string(name) + ", full replay", a) != 0;
    a.highlights = true;
    a.out = dir + "/" + std::string(name == std::string("demo final") ? "demo" : "gunjin") + "-reel.mp4";
    failures += run(std::string(name) + ", reel", a) != 0;
  }
  if (temp && !keep) fs::remove_all(dir);
  else std::printf("files in %s\n", dir.c_str());
  return failures ? 1 : 0;
}
