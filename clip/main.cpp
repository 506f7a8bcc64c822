// facedown-clip: a stored match as a video file (clip/render_clip.h).
#include <CLI/CLI.hpp>
#include <iostream>

#include "clip/render_clip.h"

int main(int argc, char** argv) {
  CLI::App app{"Render a stored match as it aired: the whole match or its highlights to MP4 (H.264), one battle to GIF or WebP"};
  facedown::clip::ClipArgs a;
  a.executable = argv[0];
  bool quiet = false;
  app.add_option("--db", a.db, "the match store (SQLite file), read through the public reader")->required();
  app.add_option("--match", a.match, "the match id (facedown matches lists them)")->required();
  app.add_option("-o,--out", a.out, "the file to write: .mp4, or .gif / .webp with --battle")->required();
  app.add_flag("--highlights", a.highlights,
               "cut the reel: the win graph's largest swings, battles that took an objective or decided the match, "
               "the final reveal; writes OUT.chapters.txt beside it");
  bool no_win_graph = false;
  app.add_flag("--no-win-graph", no_win_graph,
               "with --highlights and no win probability in the analysis file: cut without the win graph's swings "
               "instead of working it out from the public rows");
  app.add_option("--max-seconds", a.max_seconds, "the reel's length at most (default 60)");
  app.add_option("--battle", a.battle, "one battle only: its event number (seq)");
  app.add_option("--layout", a.layout,
                 "landscape (1920x1080), portrait (1080x1920) or faces, as if the director had cued it throughout "
                 "(default: the layouts the director cued, landscape before any)");
  app.add_option("--lang", a.lang, "en or ko");
  app.add_option("--size", a.size, "WIDTHxHEIGHT instead of the layout's size");
  app.add_option("--fps", a.fps, "frames per second (default 30; GIF 25)");
  app.add_option("--background", a.background, "solid, chroma or transparent (GIF and WebP only)");
  app.add_option("--battle-seconds", a.battle_seconds, "the battle explainer's time, as it aired (default 3)");
  app.add_option("--chapters", a.chapters, "where the reel's chapter list goes (default OUT.chapters.txt)");
  app.add_option("--preset", a.preset, "libx264's speed preset (default veryfast)");
  app.add_option("--crf", a.crf, "libx264's quality, 0-51 (default 20; lower: better, larger)");
  app.add_option("--theme", a.theme_file, "the look as JSON (default: the feed's theme.json)");
  app.add_flag("-q,--quiet", quiet, "no progress line");
  CLI11_PARSE(app, argc, argv);
  a.progress = !quiet;
  a.compute_win_graph = !no_win_graph;
  return facedown::clip::clip(a, std::cout, std::cerr);
}
