// The clip verb (`facedown-clip`): a stored match rendered as it aired to a
// video file, a single battle to an animated GIF or WebP, or the match's
// highlight reel with its chapter list. Read through the store's public reader
// only: a match in play renders what the public has seen so far, and the final
// reveal exists only once the match is closed.
//
// render() is the loop every form shares (tests and the benchmark call it with
// rows from memory); clip() is the command: it checks what the user typed,
// opens the store, plans, renders and reports.
#pragma once
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <variant>

#include "clip/clip_plan.h"
#include "clip/frame_renderer.h"
#include "clip/video_writer.h"

namespace facedown::clip {

struct RenderProgress {
  std::int64_t frame = 0, frames = 0;
  double elapsed = 0;  // seconds of work so far
};
using ProgressSink = std::function<void(const RenderProgress&)>;

struct RenderStats {
  std::int64_t frames = 0;      // written
  std::int64_t rasterised = 0;  // painted in software (the rest repeated the picture before)
  double seconds = 0;           // of work
  double paint_seconds = 0;     // of it: replaying and painting draw lists
  double raster_seconds = 0;    // rasterising them
  double encode_seconds = 0;    // converting, encoding and writing
  double video_seconds = 0;     // of video
};

// Renders every frame of the plan through `renderer` into `spec` (its size and
// frame rate are the renderer's and the plan's). On error no file exists under
// spec.path.
std::variant<RenderStats, std::string> render(FrameRenderer& renderer, const ClipPlan& plan, VideoSpec spec,
                                              const ProgressSink& progress = {});

struct ClipArgs {
  std::string db;
  std::int64_t match = 0;
  std::string out;                  // .mp4, .gif or .webp
  std::string layout;                // landscape | portrait | faces; empty: as the director cued (landscape)
  std::string lang = "en";           // en | ko
  std::string size;                  // WxH; empty: the layout's (1920x1080; portrait 1080x1920)
  int fps = 0;                       // 0: 30 (MP4, WebP), 25 (GIF)
  bool highlights = false;
  // The reel's win graph: the analysis file's as it aired; when it holds none,
  // worked out here from the public rows (public_win_shares), unless this is off.
  bool compute_win_graph = true;
  double max_seconds = 60;           // the reel's length at most
  std::optional<int> battle;         // one battle: its event number (seq)
  std::string background = "solid";  // solid | chroma | transparent (GIF, WebP)
  std::string theme_file;            // empty: the feed's theme.json, else the build's
  std::string chapters;              // the chapter list's file; empty: OUT.chapters.txt (reels)
  double battle_seconds = 0;         // 0: as the overlay's default
  std::string preset = "veryfast";   // libx264's speed preset (ultrafast ... placebo)
  int crf = 20;                      // libx264's quality (0-51; lower: better, larger)
  bool progress = true;
  std::string executable;            // argv[0], to find the theme beside an installed build
};

// The public win graph worked out from the public rows alone (the replay
// graph's public view: broadcast::StreamAnalysis at every move step), for a
// store whose analysis file holds none. Player 1's share after each row where
// a step ends; nullopt elsewhere. `progress` gets (steps done, steps).
std::vector<std::optional<double>> public_win_shares(const std::vector<broadcast::PublicRow>& rows,
                                                     const std::function<void(std::size_t, std::size_t)>& progress = {});

// Exit status 0: written; 1: the render failed (no file left); 2: bad input
// (an unknown match, a path that cannot be written, options that do not fit).
int clip(const ClipArgs& args, std::ostream& out, std::ostream& err);

}  // namespace facedown::clip
