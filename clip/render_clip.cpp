#include "clip/render_clip.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <ostream>

#include "broadcast/analysis_records.h"
#include "broadcast/public_feed.h"
#include "broadcast/replay_steps.h"
#include "broadcast/stream_analysis.h"
#include "broadcast/theme.h"
#include "clip/highlights.h"
#include "clip/loaded_rows.h"
#include "db/public_reader.h"
#include "engine/registry.h"

namespace facedown::clip {

namespace fs = std::filesystem;

namespace {

double now_seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

std::optional<std::pair<int, int>> parse_size(const std::string& s) {
  int w = 0, h = 0;
  char x = 0, extra = 0;
  if (std::sscanf(s.c_str(), "%d%c%d%c", &w, &x, &h, &extra) != 3 || (x != 'x' && x != 'X')) return std::nullopt;
  if (w < 16 || h < 16 || w > 7680 || h > 7680) return std::nullopt;
  return std::pair{w, h};
}

}  // namespace

std::vector<std::optional<double>> public_win_shares(const std::vector<broadcast::PublicRow>& rows,
                                                     const std::function<void(std::size_t, std::size_t)>& progress) {
  std::vector<std::optional<double>> shares(rows.size());
  if (rows.empty()) return shares;
  const auto games = engine::all_games();
  broadcast::StreamAnalysis stream(engine::kPublic, broadcast::live_analysis_options(), games);
  const engine::ReplaySteps steps = broadcast::replay_steps(rows);
  std::size_t fed = 0, done = 0;
  for (int position : steps.moves) {
    for (; fed < static_cast<std::size_t>(position) && fed < rows.size(); ++fed) {
      const auto& r = rows[fed];
      stream.push(r.seq, r.event, r.state.is_object() ? r.state.value("ply", 0) : 0);
    }
    if (stream.error()) break;
    auto w = stream.win();
    if (auto* ok = std::get_if<broadcast::AnalysisWin>(&w)) shares[static_cast<std::size_t>(position - 1)] = ok->win[0].p;
    if (progress) progress(++done, steps.moves.size());
  }
  return shares;
}

std::variant<RenderStats, std::string> render(FrameRenderer& renderer, const ClipPlan& plan, VideoSpec spec,
                                              const ProgressSink& progress) {
  spec.fps = plan.fps;
  spec.chapters = plan.chapters;
  spec.duration = plan.duration();
  auto opened = VideoWriter::open(spec);
  if (auto* err = std::get_if<std::string>(&opened)) return *err;
  auto& writer = *std::get<std::unique_ptr<VideoWriter>>(opened);
  const double start = now_seconds();
  const std::int64_t total = plan.frames();
  const std::int64_t rasterised_before = renderer.rasterised();
  const double paint_before = renderer.paint_seconds(), raster_before = renderer.raster_seconds();
  double encode = 0;
  std::optional<std::string> failed;
  double next_report = start;
  for_each_frame(plan, [&](std::int64_t n, double wall) {
    if (failed) return;
    bool changed = true;
    const auto& picture = renderer.picture_at(wall, &changed);
    const double e0 = now_seconds();
    if (auto err = writer.write(picture, !changed)) failed = std::move(err);
    const double t = now_seconds();
    encode += t - e0;
    if (progress && (t >= next_report || n + 1 == total)) {
      progress({n + 1, total, t - start});
      next_report = t + 0.5;
    }
  });
  if (failed) return *failed;  // the writer, dropped, removes its temporary file
  const double f0 = now_seconds();
  if (auto err = writer.finish()) return *err;
  encode += now_seconds() - f0;
  RenderStats stats;
  stats.paint_seconds = renderer.paint_seconds() - paint_before;
  stats.raster_seconds = renderer.raster_seconds() - raster_before;
  stats.encode_seconds = encode;
  stats.frames = writer.frames();
  stats.rasterised = renderer.rasterised() - rasterised_before;
  stats.seconds = now_seconds() - start;
  stats.video_seconds = plan.duration();
  return stats;
}

int clip(const ClipArgs& args, std::ostream& out, std::ostream& err) {
  auto fail = [&](int status, const std::string& why) {
    err << "facedown-clip: " << why << "\n";
    return status;
  };
  // What the user typed, before anything is opened.
  const auto container = container_for(args.out);
  if (!container) return fail(2, "the output must end in .mp4, .gif or .webp (got " + args.out + ")");
  if (args.battle && args.highlights)
    return fail(2, "--battle and --highlights do not go together");
  if (!args.battle && *container != Container::kMp4)
    return fail(2, "an animated GIF or WebP holds one battle: add --battle SEQ (or write .mp4)");
  if (args.highlights && args.max_seconds < 1) return fail(2, "--max-seconds must be at least 1");
  overlay::Orientation orientation = overlay::Orientation::kLandscape;
  if (args.layout.empty() || args.layout == "landscape") orientation = overlay::Orientation::kLandscape;
  else if (args.layout == "portrait") orientation = overlay::Orientation::kPortrait;
  else if (args.layout == "faces") orientation = overlay::Orientation::kFaces;
  else return fail(2, "unknown layout '" + args.layout + "' (landscape, portrait, faces)");
  if (args.lang != "en" && args.lang != "ko") return fail(2, "unknown language '" + args.lang + "' (en, ko)");
  const bool transparent = args.background == "transparent";
  if (!transparent && args.background != "solid" && args.background != "chroma")
    return fail(2, "unknown background '" + args.background + "' (solid, chroma, transparent)");
  if (transparent && !container_has_alpha(*container))
    return fail(2, "an MP4 (H.264) has no transparency: write .webp or .gif for --background transparent");
  std::pair<int, int> size = orientation == overlay::Orientation::kPortrait ? std::pair{1080, 1920} : std::pair{1920, 1080};
  if (!args.size.empty()) {
    auto s = parse_size(args.size);
    if (!s) return fail(2, "--size must be WIDTHxHEIGHT, 16 to 7680 each (got " + args.size + ")");
    size = *s;
  }
  if (*container == Container::kMp4 && (size.first % 2 || size.second % 2))
    return fail(2, fmt::format("H.264 needs an even width and height (got {}x{})", size.first, size.second));
  const int fps = args.fps > 0 ? args.fps : (*container == Container::kGif ? 25 : 30);
  if (fps > 120) return fail(2, "--fps must be 1 to 120");
  if (args.crf < 0 || args.crf > 51) return fail(2, "--crf must be 0 to 51");
  static const char* const kPresets[] = {"ultrafast", "superfast", "veryfast", "faster", "fast",
                                         "medium", "slow", "slower", "veryslow", "placebo"};
  if (std::find(std::begin(kPresets), std::end(kPresets), args.preset) == std::end(kPresets))
    return fail(2, "unknown --preset '" + args.preset + "' (ultrafast, superfast, veryfast, faster, fast, medium, slow, slower, veryslow, placebo)");
  broadcast::BattleTiming timing;
  if (args.battle_seconds > 0) {
    if (auto why = broadcast::check_explain_seconds(args.battle_seconds)) return fail(2, *why);
    timing.explain_seconds = args.battle_seconds;
  }
  {
    const fs::path target(args.out);
    const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) return fail(2, "cannot write " + args.out + ": the folder " + dir.string() + " does not exist");
    if (fs::is_directory(target, ec)) return fail(2, "cannot write " + args.out + ": it is a folder");
  }

  // The theme both overlays read.
  broadcast::Theme theme = broadcast::built_in_theme();
  {
    const auto path = args.theme_file.empty()
                          ? broadcast::default_theme_path(fs::absolute(args.executable.empty() ? "facedown-clip" : args.executable))
                          : fs::path(args.theme_file);
    auto loaded = broadcast::load_theme(path);
    if (auto* t = std::get_if<broadcast::Theme>(&loaded)) theme = std::move(*t);
    else if (!args.theme_file.empty()) return fail(2, std::get<std::string>(loaded));
  }

  // The match, through the public reader only.
  {
    std::error_code ec;
    if (!fs::exists(args.db, ec)) return fail(2, "no store at " + args.db);
    auto reader = db::PublicReader::open(args.db);
    if (auto* e = std::get_if<db::StoreError>(&reader)) return fail(2, "cannot read the store " + args.db + ": " + e->message);
    auto summary = std::get<db::PublicReader>(reader).match(args.match);
    if (std::holds_alternative<db::StoreError>(summary)) {
      std::string ids;
      if (auto all = std::get<db::PublicReader>(reader).matches(); auto* list = std::get_if<std::vector<db::MatchSummary>>(&all))
        for (const auto& m : *list) ids += (ids.empty() ? "" : ", ") + std::to_string(m.id);
      return fail(2, fmt::format("no match {} in {} (its matches: {})", args.match, args.db, ids.empty() ? "none" : ids));
    }
  }
  broadcast::PublicFeed feed(args.db, args.match);
  for (int i = 0; i < 100000 && feed.poll(); ++i) {
  }
  if (feed.rows().empty()) return fail(2, fmt::format("match {} has no rows to show yet", args.match));
  auto rows = std::make_unique<LoadedRows>(feed.rows(), feed.commitments(), feed.cues(), args.match);
  const std::vector<broadcast::PublicRow>& all_rows = rows->rows();

  // The analysis as it aired, for the win bar and the reel's swings.
  auto records = std::make_shared<broadcast::AnalysisRecords>(args.db);
  AiredShares shares;
  for (const auto& r : all_rows) {
    auto a = records->at(args.match, r.seq);
    shares.push_back(a && a->win ? std::optional<double>(a->win->win[0].p) : std::nullopt);
  }
  if (args.highlights && args.compute_win_graph &&
      std::none_of(shares.begin(), shares.end(), [](const auto& v) { return v.has_value(); })) {
    err << "facedown-clip: no win probability in the analysis file beside the store: working out the public win "
           "graph from the public rows\n";
    shares = public_win_shares(all_rows, [&](std::size_t done, std::size_t steps) {
      if (args.progress) {
        err << fmt::format("\rfacedown-clip: win graph, step {}/{}   ", done, steps);
        if (done == steps) err << "\n";
        err.flush();
      }
    });
  }
  const std::vector<engine::GameInfo> games = engine::all_games();
  const MatchStory story = match_story(all_rows, games, shares, timing);

  ClipPlan plan;
  if (args.battle) {
    auto planned = battle_plan(all_rows, story.battle_seqs, *args.battle, timing, fps);
    if (auto* e = std::get_if<std::string>(&planned)) return fail(2, fmt::format("match {}: {}", args.match, *e));
    plan = std::get<ClipPlan>(planned);
  } else if (args.highlights) {
    plan = highlight_plan(story, args.max_seconds, fps);
    if (plan.segments.empty())
      return fail(2, fmt::format("match {} has nothing to cut yet: no battle that took an objective or decided it, "
                                 "no swing of the win graph, no result, no reveal",
                                 args.match));
  } else {
    plan = aired_plan(all_rows, timing, story.closed, fps);
  }
  const bool shares_known = std::any_of(shares.begin(), shares.end(), [](const auto& s) { return s.has_value(); });
  if (args.highlights && !shares_known)
    err << "facedown-clip: no win probability for this match: the reel has no swings\n";
  if (!story.closed)
    err << fmt::format("facedown-clip: match {} is not closed: the video shows what aired up to event {}, no final reveal\n",
                       args.match, all_rows.back().seq);

  Look look;
  look.orientation = orientation;
  if (!args.layout.empty())
    look.layout = orientation == overlay::Orientation::kFaces      ? broadcast::Layout::kFaces
                  : orientation == overlay::Orientation::kPortrait ? broadcast::Layout::kPortrait
                                                                   : broadcast::Layout::kLandscape;
  look.lang = args.lang == "ko" ? overlay::Lang::kKo : overlay::Lang::kEn;
  look.width = size.first;
  look.height = size.second;
  look.transparent = transparent;
  look.background = args.background == "chroma" ? overlay::Background::kChroma : overlay::Background::kSolid;
  look.theme = &theme;
  look.timing = timing;
  FrameRenderer renderer(std::move(rows), look,
                         [records](std::int64_t m, int seq) { return records->at(m, seq); });

  VideoSpec spec;
  spec.path = args.out;
  spec.container = *container;
  spec.width = size.first;
  spec.height = size.second;
  spec.alpha = transparent;
  spec.preset = args.preset;
  spec.crf = args.crf;
  spec.title = fmt::format("Facedown match {}", args.match);
  ProgressSink progress;
  if (args.progress)
    progress = [&](const RenderProgress& p) {
      const double share = p.frames ? static_cast<double>(p.frame) / static_cast<double>(p.frames) : 1.0;
      const double left = share > 0 ? p.elapsed * (1 - share) / share : 0;
      err << fmt::format("\rfacedown-clip: {:3.0f}%  frame {}/{}  {:.0f} s left   ", 100 * share, p.frame, p.frames, left);
      if (p.frame == p.frames) err << "\n";
      err.flush();
    };
  auto done = render(renderer, plan, spec, progress);
  if (auto* e = std::get_if<std::string>(&done)) return fail(1, *e);
  if (!renderer.font_error().empty()) err << "facedown-clip: " << renderer.font_error() << "\n";
  const auto& stats = std::get<RenderStats>(done);
  out << fmt::format("{}: {} frames, {}x{} at {} fps, {:.2f} s; rendered in {:.1f} s: {:.2f}x the video's length "
                     "(replay and paint {:.1f} s, {} pictures rasterised in {:.1f} s, encoding {:.1f} s)\n",
                     args.out, stats.frames, size.first, size.second, fps, stats.video_seconds, stats.seconds,
                     stats.video_seconds > 0 ? stats.seconds / stats.video_seconds : 0.0, stats.paint_seconds,
                     stats.rasterised, stats.raster_seconds, stats.encode_seconds);
  if (args.highlights) {
    const std::string path = args.chapters.empty() ? args.out + ".chapters.txt" : args.chapters;
    const std::string temp = path + ".partial";
    {
      std::ofstream f(temp);
      for (const auto& c : plan.chapters) f << timestamp(c.start) << "  " << c.en << "\n" << timestamp(c.start) << "  " << c.ko << "\n";
      f.flush();
      if (!f) {
        std::error_code ec;
        fs::remove(temp, ec);
        return fail(1, "cannot write the chapter list " + path);
      }
    }
    std::error_code ec;
    fs::rename(temp, path, ec);
    if (ec) return fail(1, "cannot write the chapter list " + path + ": " + ec.message());
    out << "chapters (" << path << "):\n";
    for (const auto& c : plan.chapters) out << "  " << timestamp(c.start) << "  " << c.en << "  |  " << c.ko << "\n";
  }
  return 0;
}

}  // namespace facedown::clip
