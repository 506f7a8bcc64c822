// frame_for: the on-air frame a set of draw options describes, for callers
// that hold a model rather than a frame (the tests, tools). Kept apart from the
// painters (overlay_draw.cpp, analysis_draw.cpp, reveal_draw.cpp), which decide
// nothing: tests/overlay/no_decider_test.cpp reads them.
#include <algorithm>

#include "broadcast/elements.h"
#include "overlay/canvas_pen.h"
#include "overlay/overlay_draw.h"

namespace facedown::overlay {

broadcast::OnAirFrame frame_for(const OnAirModel& m, const DrawOptions& o) {
  broadcast::OnAirOptions opts;
  opts.timing = o.timing;
  if (o.director) opts.director = *o.director;
  opts.orientation = o.orientation == Orientation::kPortrait ? "portrait" : "landscape";
  if (o.orientation == Orientation::kFaces && !o.director) opts.director.layout = broadcast::Layout::kFaces;
  opts.replay = o.replay.has_value();
  opts.theme = &theme_of(o);
  // The output's own moment of the battle (a local skip, a replay's animation).
  BattleMoment b;
  if (m.battle) {
    b.elapsed = std::max(0.0, o.battle_elapsed);
    b.phase = broadcast::phase_at(o.battle_elapsed, broadcast::director_timing(opts.director, o.timing));
  }
  opts.moment = b;
  return broadcast::frame_at(m, o.now_wall, opts);
}

}  // namespace facedown::overlay
