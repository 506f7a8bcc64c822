// FrameRenderer: the overlay's picture of a stored match at any replayed
// moment, with no window and no GPU. It drives the overlay's own replay session
// (overlay/overlay_session.h: the playhead, the battle animation, the director's
// cues as they aired) on a replayed clock, paints each moment through
// clip/paint_moment.h into a headless ImGui frame and rasterises the draw list
// in software (clip/draw_list_raster.h).
//
// Invariants: moments are asked in non-decreasing replayed time (a clip plays
// forward; a highlight reel jumps forward); the picture depends only on the
// public rows, the cues, the analysis records and the look, never on the host's
// clock; a moment whose draw list equals the previous one's is not rasterised
// again (most of a replay is a still picture between rows).
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "broadcast/director.h"
#include "broadcast/on_air_analysis.h"
#include "broadcast/public_row.h"
#include "broadcast/theme.h"
#include "overlay/overlay_draw.h"

struct ImGuiContext;
struct ImFont;

namespace facedown::overlay {
class OverlaySession;
}

namespace facedown::clip {

class Canvas;

// The public analysis of a row as it aired (broadcast::AnalysisRecords::at), or null.
using AnalysisLookup = std::function<std::shared_ptr<const broadcast::OnAirAnalysis>(std::int64_t match, int seq)>;

struct Look {
  overlay::Orientation orientation = overlay::Orientation::kLandscape;
  // A placement set chosen for the clip: as if the director had cued this
  // layout (broadcast/director.h) wherever the aired one differs. nullopt: the
  // director's layouts as they aired.
  std::optional<broadcast::Layout> layout;
  overlay::Lang lang = overlay::Lang::kEn;
  int width = 1920, height = 1080;  // output pixels; the 1920x1080 canvas is fitted into them
  bool transparent = false;         // alpha 0 where nothing is painted (faces over a camera)
  overlay::Background background = overlay::Background::kSolid;  // when not transparent
  const broadcast::Theme* theme = nullptr;  // nullptr: the build's theme
  broadcast::BattleTiming timing;           // --battle-seconds as it aired
  int threads = 2;                          // rasteriser rows split between this many threads
};

class FrameRenderer {
 public:
  // `rows` must hold the whole match already (they are read once here).
  FrameRenderer(std::unique_ptr<broadcast::RowSource> rows, Look look, AnalysisLookup analysis = {});
  ~FrameRenderer();
  FrameRenderer(const FrameRenderer&) = delete;
  FrameRenderer& operator=(const FrameRenderer&) = delete;

  // The first row's wall time (the replay starts there); 0 with no rows.
  double first_wall() const;
  const std::vector<broadcast::PublicRow>& rows() const;

  // The picture at replayed wall time `wall` (RGBA, width*height*4, colour not
  // premultiplied). `changed`: whether it differs from the previous picture.
  const std::vector<std::uint8_t>& picture_at(double wall, bool* changed = nullptr);
  // The on-air model shown by the last picture, and every text it painted.
  const broadcast::OnAirModel& model() const;
  const std::vector<std::string>& texts() const { return texts_; }
  // Pictures actually rasterised (the rest were the same draw list again).
  std::int64_t rasterised() const { return rasterised_; }
  // Seconds spent replaying and painting draw lists, and rasterising them.
  double paint_seconds() const { return paint_seconds_; }
  double raster_seconds() const { return raster_seconds_; }
  // Why the fonts could not be built, if they could not (the picture then has no text).
  const std::string& font_error() const { return font_error_; }

 private:
  void ensure_glyphs(const broadcast::OnAirModel& m);

  Look look_;
  AnalysisLookup analysis_;
  broadcast::RowSource* source_ = nullptr;  // owned by the session
  std::unique_ptr<overlay::OverlaySession> session_;
  std::unique_ptr<Canvas> canvas_;
  ImFont* small_font_ = nullptr;
  ImFont* large_font_ = nullptr;
  ImGuiContext* imgui_ = nullptr;
  std::string glyphs_;
  std::vector<unsigned> asked_;  // sorted code points in the atlas
  std::uint64_t atlas_generation_ = 0;
  double steady0_ = 1000;  // the replay's steady clock when it began playing
  double wall0_ = 0;
  broadcast::OnAirModel shown_;
  std::vector<std::string> texts_;
  std::vector<std::uint8_t> picture_;
  std::optional<std::uint64_t> picture_key_;
  std::int64_t rasterised_ = 0;
  double paint_seconds_ = 0, raster_seconds_ = 0;
  std::string font_error_;
};

}  // namespace facedown::clip
