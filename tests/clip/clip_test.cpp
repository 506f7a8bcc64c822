// facedown-clip end to end: stores recorded as they would have aired (the demo
// final; tests/clip/recorded_match.h), rendered small and short (CI time), and
// every output read back by ffprobe: codec, size, frame rate, frames and
// duration as planned, chapters. Frames decoded from the MP4 equal the
// overlay's picture of the same moment within the encoder's loss; the
// renderer's picture equals the painter's own over the same model. Errors (a
// bad match id, an unwritable path, a full disk) leave no file under the
// final name, nor a temporary one.
#include <catch2/catch.hpp>

#include <imgui.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <filesystem>
#include <fstream>

#include "broadcast/model.h"
#include "broadcast/public_feed.h"
#include "clip/draw_list_raster.h"
#include "clip/frame_renderer.h"
#include "clip/loaded_rows.h"
#include "clip/paint_moment.h"
#include "engine/registry.h"
#include "overlay/overlay_fonts.h"
#include "tests/clip/clip_support.h"
#include "tests/clip/recorded_match.h"
#include "tests/overlay/temp_file.h"

using namespace facedown;
using namespace facedown::clip;
using namespace facedown::clip::testing;
namespace fs = std::filesystem;

namespace {

// The demo final recorded into a fresh store (closed when asked: its reveal airs).
std::int64_t record_demo(const std::string& db, bool closed) {
  auto id = record_script(db, demo_script() + (closed ? "\n@96 close\n" : ""));
  if (auto* e = std::get_if<std::string>(&id)) FAIL(*e);
  return std::get<std::int64_t>(id);
}

std::vector<std::string> files_in(const std::string& dir) {
  std::vector<std::string> out;
  for (const auto& e : fs::directory_iterator(dir)) out.push_back(e.path().filename().string());
  return out;
}

bool any_partial(const std::string& dir) {
  for (const auto& f : files_in(dir))
    if (f.find(".partial") != std::string::npos) return true;
  return false;
}

std::vector<broadcast::PublicRow> stored_rows(const std::string& db, std::int64_t id) {
  broadcast::PublicFeed feed(db, id);
  while (feed.poll()) {
  }
  return feed.rows();
}

// The match as the command reads it: rows and the sealed setups (opened after `close`).
std::unique_ptr<LoadedRows> stored_source(const std::string& db, std::int64_t id) {
  broadcast::PublicFeed feed(db, id);
  while (feed.poll()) {
  }
  return std::make_unique<LoadedRows>(feed.rows(), feed.commitments(), feed.cues(), id);
}

// The demo final's public rows, recorded (not closed) into a store of its own.
std::vector<broadcast::PublicRow> demo_rows() {
  overlay::testing::TempDir dir;
  const auto id = record_demo(dir.file("d.db"), false);
  return stored_rows(dir.file("d.db"), id);
}

}  // namespace

TEST_CASE("the whole demo final as aired reads back in ffprobe as planned", "[clip]") {
  overlay::testing::TempDir dir;
  const std::string db = dir.file("demo.db");
  const auto id = record_demo(db, true);
  ClipArgs a;
  a.db = db;
  a.match = id;
  a.out = dir.file("demo.mp4");
  a.size = "320x180";
  const Ran r = run_clip(a);
  INFO(r.err);
  REQUIRE(r.status == 0);
  // Planned: from the first row to the last (the close at 96 s of match time), plus the tail and the reveal.
  const auto rows = stored_rows(db, id);
  const ClipPlan plan = aired_plan(rows, broadcast::BattleTiming{}, true, 30);
  REQUIRE(plan.duration() == Approx(96 + kTailSeconds + kRevealSeconds));
  const auto p = probe(a.out);
  INFO(p.at("text"));
  CHECK(p.at("codec_name") == "h264");
  CHECK(p.at("width") == "320");
  CHECK(p.at("height") == "180");
  CHECK(p.at("r_frame_rate") == "30/1");
  CHECK(p.at("nb_read_frames") == std::to_string(plan.frames()));
  CHECK(std::stod(p.at("duration")) == Approx(plan.duration()).margin(0.05));
  CHECK(files_in(dir.file("")) == files_in(dir.file("")));  // listing works
  CHECK_FALSE(any_partial(dir.file("")));
}

TEST_CASE("a frame decoded from the video is the overlay's picture of that moment", "[clip]") {
  overlay::testing::TempDir dir;
  const std::string db = dir.file("demo.db");
  const auto id = record_demo(db, true);
  ClipArgs a;
  a.db = db;
  a.match = id;
  a.out = dir.file("demo.mp4");
  a.size = "480x270";
  REQUIRE(run_clip(a).status == 0);
  const auto rows = stored_rows(db, id);
  FrameRenderer renderer(stored_source(db, id), small_look(overlay::Lang::kEn, 480, 270));
  // A still moment, the middle of the Blind battle, its explainer, and the final reveal.
  std::optional<ui::Image> first;
  for (double t : {2.0, 31.4, 32.5, 100.0}) {
    const long n = std::lround(t * 30);
    const auto& rgba = renderer.picture_at(rows.front().wall_time + static_cast<double>(n) / 30);
    ui::Image expected;
    expected.width = 480;
    expected.height = 270;
    for (std::size_t i = 0; i < rgba.size(); i += 4) expected.pixels.insert(expected.pixels.end(), {rgba[i], rgba[i + 1], rgba[i + 2]});
    const ui::Image got = decoded_frame(a.out, n, 480, 270);
    REQUIRE(got.pixels.size() == expected.pixels.size());
    const ui::ImageDiff d = ui::compare(got, expected);
    INFO("t " << t << " mean " << d.mean_abs << " differing " << d.differing_share);
    // H.264 at 4:2:0 blurs the colour of small text's edges: the tolerance of a
    // lossy copy, far below a moved element or a missing text.
    CHECK(d.mean_abs < 5.0);
    CHECK(d.differing_share < 0.03);
    if (!first) first = expected;
  }
  // The tolerance tells moments apart: the reveal's frame is not the opening's picture.
  const ui::ImageDiff other = ui::compare(decoded_frame(a.out, 3000, 480, 270), *first);
  CHECK((other.mean_abs >= 5.0 || other.differing_share >= 0.03));
}

TEST_CASE("the renderer's picture is the overlay painter's over the same model", "[clip]") {
  const auto match = [] {
    overlay::testing::TempDir dir;
    const auto id = record_demo(dir.file("d.db"), false);
    return stored_rows(dir.file("d.db"), id);
  }();
  FrameRenderer renderer(std::make_unique<LoadedRows>(match), small_look(overlay::Lang::kKo, 640, 360));
  // 20 s after the start: no battle on air, the model is derive_model's of the rows by then.
  const double wall = match.front().wall_time + 20;
  const auto& picture = renderer.picture_at(wall);
  std::size_t shown = 0;
  while (shown < match.size() && match[shown].wall_time <= wall) ++shown;
  const auto games = engine::all_games();
  broadcast::OnAirModel m = broadcast::derive_model(match, shown, games);
  CHECK(renderer.model().last_seq == m.last_seq);

  ImGuiContext* ctx = ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;
  io.DisplaySize = ImVec2(640, 360);
  io.DeltaTime = 1.0f / 30;
  io.BackendFlags |= ImGuiBackendFlags_RendererHasVtxOffset;
  const auto fonts = overlay::load_overlay_fonts(*io.Fonts, glyphs_for_moment(m, overlay::Lang::kKo));
  REQUIRE(fonts.error.empty());
  ImGui::NewFrame();
  overlay::DrawOptions o;
  o.lang = overlay::Lang::kKo;
  o.now_wall = wall;
  o.transform = overlay::fit_canvas(640, 360);
  o.small_font = fonts.small;
  o.large_font = fonts.large;
  std::vector<std::string> texts;
  o.text_log = &texts;
  paint_model(*ImGui::GetBackgroundDrawList(), m, o);
  AtlasPixels atlas;
  unsigned char* px = nullptr;
  io.Fonts->GetTexDataAsRGBA32(&px, &atlas.width, &atlas.height);
  atlas.rgba = px;
  const auto bg = overlay::background_colour(overlay::Background::kSolid);
  auto byte = [](float v) { return static_cast<unsigned char>(std::clamp(v, 0.0f, 1.0f) * 255.0f + 0.5f); };
  const ui::Image painted = rasterise(*ImGui::GetBackgroundDrawList(), atlas, 640, 360, {byte(bg[0]), byte(bg[1]), byte(bg[2])});
  CHECK(texts == renderer.texts());
  // The rasteriser's rows split between threads change nothing.
  {
    Canvas one(640, 360), three(640, 360);
    one.clear({10, 20, 30, 255});
    three.clear({10, 20, 30, 255});
    one.paint(*ImGui::GetBackgroundDrawList(), atlas, 1);
    three.paint(*ImGui::GetBackgroundDrawList(), atlas, 3);
    CHECK(one.rgb().pixels == three.rgb().pixels);
  }
  ImGui::EndFrame();
  ImGui::DestroyContext(ctx);
  ui::Image mine;
  mine.width = 640;
  mine.height = 360;
  for (std::size_t i = 0; i < picture.size(); i += 4) mine.pixels.insert(mine.pixels.end(), {picture[i], picture[i + 1], picture[i + 2]});
  const ui::ImageDiff d = ui::compare(mine, painted);
  INFO("mean " << d.mean_abs << " differing " << d.differing_share);
  CHECK(d.mean_abs < 0.5);
  CHECK(d.differing_share < 0.001);
}

TEST_CASE("a single battle as an animated GIF and WebP, in both languages", "[clip]") {
  overlay::testing::TempDir dir;
  const std::string db = dir.file("demo.db");
  const auto id = record_demo(db, true);
  const auto rows = stored_rows(db, id);
  ClipArgs a;
  a.db = db;
  a.match = id;
  a.battle = 30;  // the simultaneous double battle decided by a +1
  a.size = "320x180";
  a.lang = "ko";
  a.out = dir.file("battle.gif");
  Ran r = run_clip(a);
  INFO(r.err);
  REQUIRE(r.status == 0);
  const auto planned = battle_plan(rows, {30}, 30, broadcast::BattleTiming{}, 25);
  REQUIRE(std::holds_alternative<ClipPlan>(planned));
  const ClipPlan& plan = std::get<ClipPlan>(planned);
  auto p = probe(a.out);
  INFO(p.at("text"));
  CHECK(p.at("codec_name") == "gif");
  CHECK(p.at("width") == "320");
  CHECK(p.at("height") == "180");
  CHECK(p.at("r_frame_rate") == "25/1");
  CHECK(p.at("nb_read_frames") == std::to_string(plan.frames()));
  CHECK(std::stod(p.at("duration")) == Approx(plan.duration()).margin(0.05));

  // Debian 12's ffprobe (FFmpeg 5.1) cannot decode animated WebP; its chunks
  // say the same: the canvas, the loop, one ANMF chunk per frame, the alpha flag.
  a.lang = "en";
  a.layout = "faces";
  a.background = "transparent";
  a.out = dir.file("battle.webp");
  r = run_clip(a);
  INFO(r.err);
  REQUIRE(r.status == 0);
  std::ifstream f(a.out, std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  REQUIRE(bytes.size() > 30);
  CHECK(bytes.substr(0, 4) == "RIFF");
  CHECK(bytes.substr(8, 4) == "WEBP");
  CHECK(bytes.substr(12, 4) == "VP8X");
  auto u24 = [&](std::size_t at) {
    return static_cast<int>(static_cast<unsigned char>(bytes[at]) | static_cast<unsigned char>(bytes[at + 1]) << 8 |
                            static_cast<unsigned char>(bytes[at + 2]) << 16);
  };
  const auto flags = static_cast<unsigned char>(bytes[20]);
  CHECK((flags & 0x02) != 0);  // animation
  CHECK((flags & 0x10) != 0);  // alpha
  CHECK(u24(24) + 1 == 320);
  CHECK(u24(27) + 1 == 180);
  std::size_t frames = 0, at = 12;
  int total_ms = 0;
  while (at + 8 <= bytes.size()) {
    const std::string tag = bytes.substr(at, 4);
    const std::size_t size = static_cast<unsigned char>(bytes[at + 4]) | static_cast<unsigned char>(bytes[at + 5]) << 8 |
                             static_cast<unsigned char>(bytes[at + 6]) << 16 |
                             static_cast<std::size_t>(static_cast<unsigned char>(bytes[at + 7])) << 24;
    if (tag == "ANMF") {
      ++frames;
      total_ms += u24(at + 8 + 12);
    }
    at += 8 + size + (size & 1);
  }
  const ClipPlan plan30 = std::get<ClipPlan>(battle_plan(rows, {30}, 30, broadcast::BattleTiming{}, 30));
  // libwebp merges identical frames into one longer frame: the time is what must add up.
  CHECK(frames >= 2);
  CHECK(frames <= static_cast<std::size_t>(plan30.frames()));
  CHECK(total_ms == Approx(plan30.duration() * 1000).margin(40));
}

TEST_CASE("libwebp reads the animated WebP back as the renderer's pictures, alpha included", "[clip]") {
  overlay::testing::TempDir dir;
  const std::string db = dir.file("demo.db");
  const auto id = record_demo(db, true);
  const auto rows = stored_rows(db, id);
  const ClipPlan plan = std::get<ClipPlan>(battle_plan(rows, {30}, 30, broadcast::BattleTiming{}, 30));
  std::vector<double> walls;
  for_each_frame(plan, [&](std::int64_t, double wall) { walls.push_back(wall); });
  REQUIRE(walls.size() > 60);
  for (const bool transparent : {false, true}) {
    ClipArgs a;
    a.db = db;
    a.match = id;
    a.battle = 30;
    a.size = "320x180";
    if (transparent) {
      a.layout = "faces";
      a.background = "transparent";
    }
    a.out = dir.file(transparent ? "faces.webp" : "battle.webp");
    const Ran r = run_clip(a);
    INFO(r.err);
    REQUIRE(r.status == 0);
    Look look = small_look(overlay::Lang::kEn, 320, 180);
    if (transparent) {
      look.layout = broadcast::Layout::kFaces;
      look.transparent = true;
    }
    FrameRenderer renderer(stored_source(db, id), look);
    // The first frame, the battle's flip, its fade and the last frame: each in
    // the middle of its frame's time (libwebp keeps milliseconds).
    std::optional<ui::Image> first;
    for (std::size_t n : {std::size_t{0}, std::size_t{40}, std::size_t{100}, walls.size() - 1}) {
      const auto canvas = webp_canvas_at(a.out, (static_cast<double>(n) + 0.5) * 1000.0 / 30, dir.file(""));
      REQUIRE(canvas.size() == 320u * 180u * 4u);
      const std::vector<std::uint8_t> want = renderer.picture_at(walls[n]);
      const ui::ImageDiff d = ui::compare(over_black(canvas, 320, 180), over_black(want, 320, 180));
      std::size_t alpha_off = 0;
      for (std::size_t i = 3; i < want.size(); i += 4) alpha_off += std::abs(int{want[i]} - int{canvas[i]}) > 64;
      INFO((transparent ? "faces, transparent" : "landscape") << ", frame " << n << ": mean " << d.mean_abs
                                                              << " differing " << d.differing_share << " alpha off "
                                                              << alpha_off);
      // VP8 is lossy at 4:2:0, as H.264 is: the same tolerance.
      CHECK(d.mean_abs < 5.0);
      CHECK(d.differing_share < 0.03);
      CHECK(alpha_off < want.size() / 4 / 100);
      if (!first) first = over_black(want, 320, 180);
      else if (!transparent && n == 40) {
        // The tolerance tells the battle from the opening picture.
        const ui::ImageDiff other = ui::compare(over_black(canvas, 320, 180), *first);
        CHECK((other.mean_abs >= 5.0 || other.differing_share >= 0.03));
      }
    }
  }
}

TEST_CASE("a transparent GIF is clear exactly where the renderer painted nothing", "[clip]") {
  // GIF has one transparent palette entry and no partial alpha: a pixel under
  // half opaque in the renderer's picture must be clear in every decoded frame,
  // every other pixel opaque (faces over a camera: the players' shots show
  // through, the graphics do not).
  overlay::testing::TempDir dir;
  const std::string db = dir.file("demo.db");
  const auto id = record_demo(db, true);
  const auto rows = stored_rows(db, id);
  ClipArgs a;
  a.db = db;
  a.match = id;
  a.battle = 30;
  a.size = "320x180";
  a.layout = "faces";
  a.background = "transparent";
  a.out = dir.file("battle.gif");
  Ran r = run_clip(a);
  INFO(r.err);
  REQUIRE(r.status == 0);
  const ClipPlan plan = std::get<ClipPlan>(battle_plan(rows, {30}, 30, broadcast::BattleTiming{}, 25));
  Look look = small_look(overlay::Lang::kEn, 320, 180);
  look.layout = broadcast::Layout::kFaces;
  look.transparent = true;
  FrameRenderer renderer(stored_source(db, id), look);
  std::vector<std::pair<std::int64_t, double>> frames;
  for_each_frame(plan, [&](std::int64_t n, double wall) { frames.emplace_back(n, wall); });
  REQUIRE(frames.size() > 10);
  int clear_frames = 0;
  for (std::size_t k : {std::size_t{0}, frames.size() / 3, frames.size() - 1}) {
    const auto [n, wall] = frames[k];
    const std::vector<std::uint8_t> want = renderer.picture_at(wall);
    const std::string raw = run_command(std::string(FFMPEG) + " -v error -i '" + a.out + "' -vf 'select=eq(n\\," +
                                        std::to_string(n) + ")' -frames:v 1 -f rawvideo -pix_fmt rgba - 2>/dev/null");
    REQUIRE(raw.size() == want.size());
    std::size_t clear = 0, mismatched = 0;
    for (std::size_t i = 3; i < want.size(); i += 4) {
      const bool want_clear = want[i] < 128;
      const bool got_clear = static_cast<unsigned char>(raw[i]) == 0;
      clear += got_clear;
      mismatched += want_clear != got_clear;
      if (!got_clear) CHECK(static_cast<unsigned char>(raw[i]) == 255);  // no partial alpha in a GIF
    }
    INFO("frame " << n << ": " << clear << " clear pixels, " << mismatched << " differ from the renderer's alpha");
    CHECK(mismatched == 0);
    // Faces leaves the players' shots to the cameras: a good part of the picture is clear, not all of it.
    CHECK(clear > want.size() / 4 / 5);
    CHECK(clear < want.size() / 4);
    clear_frames += clear > 0;
  }
  CHECK(clear_frames == 3);

  // The same battle without --background transparent has no clear pixel.
  a.background = "solid";
  a.out = dir.file("solid.gif");
  r = run_clip(a);
  REQUIRE(r.status == 0);
  const std::string raw = run_command(std::string(FFMPEG) + " -v error -i '" + a.out +
                                      "' -frames:v 1 -f rawvideo -pix_fmt rgba - 2>/dev/null");
  REQUIRE(raw.size() == 320u * 180u * 4u);
  std::size_t clear = 0;
  for (std::size_t i = 3; i < raw.size(); i += 4) clear += static_cast<unsigned char>(raw[i]) != 255;
  CHECK(clear == 0);
}

TEST_CASE("a highlight reel with its chapters stays under its length", "[clip]") {
  overlay::testing::TempDir dir;
  const std::string db = dir.file("demo.db");
  const auto id = record_demo(db, true);
  ClipArgs a;
  a.db = db;
  a.match = id;
  a.highlights = true;
  a.max_seconds = 20;
  a.size = "320x180";
  a.out = dir.file("reel.mp4");
  const Ran r = run_clip(a);
  INFO(r.err);
  REQUIRE(r.status == 0);
  const auto p = probe(a.out);
  INFO(p.at("text"));
  CHECK(p.at("codec_name") == "h264");
  CHECK(std::stod(p.at("duration")) <= 20.0);
  std::ifstream chapters(a.out + ".chapters.txt");
  std::vector<std::string> lines;
  for (std::string l; std::getline(chapters, l);) lines.push_back(l);
  REQUIRE(lines.size() >= 2);
  CHECK(lines.size() % 2 == 0);  // each chapter in English, then Korean
  CHECK(p.at("chapters") == std::to_string(lines.size() / 2));
  CHECK(r.out.find("Final reveal") != std::string::npos);
  CHECK(r.out.find("최종 공개") != std::string::npos);
}

TEST_CASE("a bad match id, a path that cannot be written and a full disk leave no file", "[clip]") {
  overlay::testing::TempDir dir;
  const std::string db = dir.file("demo.db");
  const auto id = record_demo(db, false);
  ClipArgs a;
  a.db = db;
  a.match = id + 41;
  a.size = "320x180";
  a.out = dir.file("x.mp4");
  Ran r = run_clip(a);
  CHECK(r.status == 2);
  CHECK(r.err.find("no match " + std::to_string(id + 41)) != std::string::npos);
  CHECK(r.err.find("its matches: " + std::to_string(id)) != std::string::npos);

  a.match = id;
  a.db = dir.file("missing.db");
  r = run_clip(a);
  CHECK(r.status == 2);
  CHECK(r.err.find("no store at") != std::string::npos);
  CHECK_FALSE(fs::exists(dir.file("missing.db")));

  a.db = db;
  a.out = dir.file("no-such-folder/x.mp4");
  r = run_clip(a);
  CHECK(r.status == 2);
  CHECK(r.err.find("does not exist") != std::string::npos);

  // A folder that refuses new files even to root.
  a.out = "/proc/facedown-clip-test.mp4";
  r = run_clip(a);
  CHECK(r.status == 1);
  CHECK(r.err.find("cannot write /proc/facedown-clip-test.mp4") != std::string::npos);
  CHECK_FALSE(fs::exists(a.out));

  a.out = dir.file("x.avi");
  r = run_clip(a);
  CHECK(r.status == 2);
  CHECK(r.err.find(".mp4, .gif or .webp") != std::string::npos);

  a.out = dir.file("x.gif");  // a GIF holds one battle
  r = run_clip(a);
  CHECK(r.status == 2);
  CHECK(r.err.find("--battle SEQ") != std::string::npos);
  a.battle = 1;  // the opening is no battle: the error lists the battles
  r = run_clip(a);
  CHECK(r.status == 2);
  CHECK(r.err.find("is not a battle (opened); the match's battles are at events: 18, 30, 41") != std::string::npos);
  a.highlights = true;
  a.out = dir.file("x.mp4");
  r = run_clip(a);
  CHECK(r.status == 2);
  CHECK(r.err.find("do not go together") != std::string::npos);
  a.highlights = false;
  a.battle.reset();
  CHECK_FALSE(fs::exists(dir.file("x.gif")));
  CHECK_FALSE(fs::exists(dir.file("x.mp4")));

  // A full disk, as a file size limit in a child process: the write fails
  // part-way, the command says so, and neither the video nor its temporary file remains.
  a.out = dir.file("full.mp4");
  // Room for the store's files to be read (the reader may create its -shm), not for the video (~650 kB).
  std::uintmax_t room = 64 * 1024;
  for (const auto& e : fs::directory_iterator(dir.file(""))) room = std::max(room, e.file_size() + 16 * 1024);
  REQUIRE(room < 500 * 1024);
  const pid_t child = ::fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    std::signal(SIGXFSZ, SIG_IGN);
    rlimit limit{room, room};
    ::setrlimit(RLIMIT_FSIZE, &limit);
    const Ran c = run_clip(a);
    const bool said = c.err.find("cannot write") != std::string::npos || c.err.find("File too large") != std::string::npos;
    if (c.status != 1 || !said) std::fprintf(stderr, "full disk: status %d: %s\n", c.status, c.err.c_str());
    ::_exit(c.status == 1 && said ? 0 : 3);
  }
  int status = 0;
  ::waitpid(child, &status, 0);
  CHECK(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
  CHECK_FALSE(fs::exists(a.out));
  CHECK_FALSE(any_partial(dir.file("")));
}

TEST_CASE("an unfinished match renders what aired so far, and the reveal waits for close", "[clip]") {
  overlay::testing::TempDir dir;
  // The demo final cut before its last battle: in play.
  std::string script = demo_script();
  script = script.substr(0, script.find("@84 move f4-f6"));
  auto in_play = record_script(dir.file("a.db"), script);
  REQUIRE(std::holds_alternative<std::int64_t>(in_play));
  const auto ended = record_demo(dir.file("b.db"), false);
  const auto closed = record_demo(dir.file("c.db"), true);
  auto texts_of = [](std::unique_ptr<LoadedRows> source) {
    const auto rows = source->rows();
    FrameRenderer renderer(std::move(source), small_look(overlay::Lang::kEn, 320, 180));
    const ClipPlan plan = aired_plan(rows, broadcast::BattleTiming{}, true, 2);
    std::string all;
    for_each_frame(plan, [&](std::int64_t, double wall) {
      renderer.picture_at(wall);
      for (const auto& t : renderer.texts()) all += t + "\n";
    });
    return all;
  };
  const std::string a = texts_of(stored_source(dir.file("a.db"), std::get<std::int64_t>(in_play)));
  const std::string b = texts_of(stored_source(dir.file("b.db"), ended));
  const std::string c = texts_of(stored_source(dir.file("c.db"), closed));
  CHECK(a.find("SETUPS REVEALED") == std::string::npos);
  CHECK(b.find("SETUPS REVEALED") == std::string::npos);
  CHECK(c.find("SETUPS REVEALED") != std::string::npos);
  // The command says the match is not closed, and renders it all the same.
  ClipArgs args;
  args.db = dir.file("a.db");
  args.match = std::get<std::int64_t>(in_play);
  args.size = "160x90";
  args.out = dir.file("a.mp4");
  const Ran r = run_clip(args);
  CHECK(r.status == 0);
  CHECK(r.err.find("is not closed") != std::string::npos);
  CHECK(fs::exists(args.out));
}

TEST_CASE("a layout chosen for the clip is painted as if the director had cued it", "[clip]") {
  const auto rows = demo_rows();
  const double wall = rows.front().wall_time + 20;
  Look landscape = small_look(overlay::Lang::kEn, 320, 180), faces = landscape;
  faces.layout = broadcast::Layout::kFaces;
  faces.transparent = true;
  FrameRenderer a(std::make_unique<LoadedRows>(rows), landscape), b(std::make_unique<LoadedRows>(rows), faces);
  a.picture_at(wall);
  const auto& picture = b.picture_at(wall);
  // Faces: the scorebug over the camera, no board and no player panels.
  CHECK(b.texts().size() < a.texts().size());
  CHECK(std::find(b.texts().begin(), b.texts().end(), "Number Janggi") != b.texts().end());
  CHECK(std::find(a.texts().begin(), a.texts().end(), "Warnings") != a.texts().end());
  CHECK(std::find(b.texts().begin(), b.texts().end(), "Warnings") == b.texts().end());
  // Transparent where nothing is painted (the bottom right corner), opaque in the scorebug.
  CHECK(picture[(179 * 320 + 319) * 4 + 3] == 0);
  CHECK(picture[(12 * 320 + 160) * 4 + 3] == 255);
}

// Portrait is a vertical picture of its own (the theme's 1080x1920 canvas), not
// the landscape picture letterboxed: its scorebug sits at the top of the frame
// and the players' panels low in it, where a letterboxed 16:9 picture has only background.
TEST_CASE("a portrait clip is the vertical layout filling its frame", "[clip]") {
  const auto rows = demo_rows();
  const double wall = rows.front().wall_time + 20;
  Look portrait = small_look(overlay::Lang::kEn, 270, 480), boxed = portrait;
  portrait.layout = broadcast::Layout::kPortrait;
  FrameRenderer p(std::make_unique<LoadedRows>(rows), portrait), l(std::make_unique<LoadedRows>(rows), boxed);
  const std::vector<unsigned char> vertical = p.picture_at(wall), letterboxed = l.picture_at(wall);
  const auto px = [](const std::vector<unsigned char>& rgba, int x, int y) {
    const auto i = static_cast<std::size_t>((y * 270 + x) * 4);
    return std::array<unsigned char, 3>{rgba[i], rgba[i + 1], rgba[i + 2]};
  };
  const auto background = px(vertical, 2, 2);  // outside the safe area: nothing painted
  CHECK(px(letterboxed, 2, 2) == background);
  // The scorebug (canvas y 96-256, a quarter here) and both players' panels low in the frame (canvas y 1042-1726).
  for (const auto& [x, y] : {std::pair{20, 40}, std::pair{250, 60}, std::pair{20, 400}, std::pair{250, 400}}) {
    INFO(x << "," << y);
    CHECK(px(vertical, x, y) != background);
    CHECK(px(letterboxed, x, y) == background);
  }
  CHECK(std::find(p.texts().begin(), p.texts().end(), "Number Janggi") != p.texts().end());
  CHECK(std::find(p.texts().begin(), p.texts().end(), "Warnings") != p.texts().end());
}
