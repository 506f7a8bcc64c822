#include "clip/paint_moment.h"

namespace facedown::clip {

namespace {

const char* layout_word(broadcast::Layout l) {
  switch (l) {
    case broadcast::Layout::kFaces: return "faces";
    case broadcast::Layout::kPortrait: return "portrait";
    case broadcast::Layout::kLandscape: break;
  }
  return "landscape";
}

}  // namespace

void paint_moment(ImDrawList& dl, const broadcast::OnAirModel& model, const overlay::OverlaySession& session,
                  double steady, double wall, const PaintSettings& settings) {
  overlay::DrawOptions o = session.draw_options(steady, wall);
  o.replay.reset();
  if (settings.layout) {
    broadcast::DirectorState d = o.director.value_or(broadcast::DirectorState{});
    if (d.layout != *settings.layout) {
      const auto cue = broadcast::parse_cue(std::string("layout ") + layout_word(*settings.layout));
      if (const auto* c = std::get_if<broadcast::Cue>(&cue)) d = broadcast::apply_cue(d, *c, model.last_seq, wall);
    }
    o.director = d;
  }
  o.theme = settings.theme;
  o.transform = overlay::fit_canvas(static_cast<float>(settings.width), static_cast<float>(settings.height));
  o.small_font = settings.small_font;
  o.large_font = settings.large_font;
  o.text_log = settings.text_log;
  paint_model(dl, model, o);
}

void paint_model(ImDrawList& dl, const broadcast::OnAirModel& model, const overlay::DrawOptions& options) {
  // The frame the options describe (the session's battle moment, the director's cues), painted as the overlay paints it.
  overlay::draw_overlay(dl, overlay::frame_for(model, options), options);
}

std::string glyphs_for_moment(const broadcast::OnAirModel& model, overlay::Lang lang) {
  return overlay::glyphs_needed(model, lang);
}

}  // namespace facedown::clip
