#include "clip/paint_moment.h"

namespace facedown::clip {

void paint_moment(ImDrawList& dl, const broadcast::OnAirModel& model, overlay::DrawOptions options) {
  options.replay.reset();
  overlay::draw_overlay(dl, model, options);
}

std::string glyphs_for_moment(const broadcast::OnAirModel& model, overlay::Lang lang) {
  return overlay::glyphs_needed(model, lang);
}

}  // namespace facedown::clip
